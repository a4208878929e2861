import { describe, expect, it } from 'vitest';
import type { PeriodDto } from '../../../contract/account';
import { generalLedgerRows } from '../../../domain/general-ledger-rows';
import { emptySubjectLedgerFilter, readSavedLedgerFilter, readSubLedgerSearch, subLedgerHref, toSubjectDetailFilter } from './subject-ledgers-model';

const periods: PeriodDto[] = Array.from({ length: 12 }, (_, i) => {
  const m = String(i + 1).padStart(2, '0');
  return { id: 100 + i, accountYearId: 7, startAt: `2026-${m}-01`, endAt: `2026-${m}-28`, rolled: false, version: 0, name: `2026-${m}` };
});

describe('subject ledgers filter', () => {
  it('asks the sub-ledger only once a subject is chosen', () => {
    expect(toSubjectDetailFilter(emptySubjectLedgerFilter(), 1, 7, periods, '2026-04-02')).toBeNull();
    expect(toSubjectDetailFilter({ ...emptySubjectLedgerFilter(), subjectId: 9, includeUnbooked: false }, 1, 7, periods, '2026-04-02'))
      .toEqual({ accountId: 1, accountYearId: 7, startPeriodId: 103, endPeriodId: 103, subjectId: 9, includeUnbooked: false });
  });

  it('a drill-down link carries the subject, the range and the bookkeeping choice, and reads back', () => {
    const href = subLedgerHref({ subjectId: 9, startPeriodId: 101, endPeriodId: 104, includeUnbooked: false });
    expect(href).toBe('/voucher/business/subLedgerBySubject?subjectId=9&start=101&end=104&unbooked=0');
    const search = Object.fromEntries(new URL(href, 'http://x').searchParams);
    expect(readSubLedgerSearch(search)).toEqual({ subjectId: 9, startPeriodId: 101, endPeriodId: 104, includeUnbooked: false });
    expect(readSubLedgerSearch({})).toBeNull();
    expect(readSubLedgerSearch({ subjectId: 'x' })).toBeNull();
  });

  it('reads a saved filter defensively', () => {
    expect(readSavedLedgerFilter(null)).toEqual(emptySubjectLedgerFilter());
    expect(readSavedLedgerFilter({ startPeriodId: 101, codeFrom: '10a01', level: 2, showZero: true, includeUnbooked: 'no', subjectId: -1 }))
      .toEqual({ ...emptySubjectLedgerFilter(), startPeriodId: 101, codeFrom: '1001', level: 2, showZero: true });
  });

  it('lays the general ledger out: opening, then each period total and year to date', () => {
    const rows = generalLedgerRows({
      periods: [{ id: 1, name: '2026-01' }, { id: 2, name: '2026-02' }],
      subjects: [{
        subjectId: 5, code: '1001', name: '库存现金', nameEn: null, level: 1, leaf: true, openingSide: 'DEBIT', openingCents: '100',
        periods: [
          { periodId: 1, debit: '10', credit: '0', ytdDebit: '10', ytdCredit: '0', side: 'DEBIT', balanceCents: '110' },
          { periodId: 2, debit: '0', credit: '200', ytdDebit: '10', ytdCredit: '200', side: 'CREDIT', balanceCents: '90' },
        ],
      }],
    });
    expect(rows.map((r) => [r.key, r.first, r.periodName, r.debit, r.credit, r.side, r.balanceCents])).toEqual([
      ['5:OPENING', true, '2026-01', '0', '0', 'DEBIT', '100'],
      ['5:PERIOD:1', false, '2026-01', '10', '0', 'DEBIT', '110'],
      ['5:YTD:1', false, '2026-01', '10', '0', 'DEBIT', '110'],
      ['5:PERIOD:2', false, '2026-02', '0', '200', 'CREDIT', '90'],
      ['5:YTD:2', false, '2026-02', '10', '200', 'CREDIT', '90'],
    ]);
  });
});
