import { describe, expect, it } from 'vitest';
import { RIGHTS } from '../../../domain/rights';
import {
  actionableCount, amountFilterCents, batchRefusal, filterProblems, pageTotals, batchReport, emptyVoucherListFilter, firstSummary, focusAfterAudit, readSavedVoucherFilter, rowTags, toApiFilter, withLinkIds,
} from './voucher-list-model';
import { SHELL_KEY_BINDINGS } from '../../shell/key-map';
import { GRID_KEY_BINDINGS, parseChords } from '../../../../grids/key-bindings';
import { VOUCHER_KEY_BINDINGS } from './voucher-keys';
import { matchVoucherListKey, VOUCHER_LIST_KEY_BINDINGS } from './voucher-keys';

const periods = [
  { id: 11, startAt: '2026-01-01' }, { id: 12, startAt: '2026-02-01' }, { id: 13, startAt: '2026-03-01' }, { id: 14, startAt: '2026-04-01' },
];
const scope = { accountId: 1, accountYearId: 2 };

const draft = { id: 1, state: 'NORMAL' as const, auditAt: null, auditPass: null, bookKeepAt: null, cashierAt: null, createdBy: 7, periodId: 11 };
const audited = { ...draft, id: 2, auditAt: '2026-01-05T00:00:00Z', auditPass: true };
const invalid = { ...draft, id: 3, state: 'INVALID' as const };
const auditor = { id: 8, kind: 'OTHER' as const, rightIds: [RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP] };

describe('withLinkIds', () => {
  it("names the linked vouchers in any year of the ledger set (the top bar's year drops out)", () => {
    const f = { accountId: 1, accountYearId: 2, listState: 'ALL' as const, kindId: 3 };
    expect(withLinkIds(f, [7, 9])).toEqual({ accountId: 1, listState: 'ALL', kindId: 3, id: [7, 9] });
    expect(withLinkIds(f, [])).toBe(f);
  });
});

describe('toApiFilter', () => {
  it('sends only what is set, scoped to the ledger set and year', () => {
    expect(toApiFilter(emptyVoucherListFilter(), scope, periods, '')).toEqual({ accountId: 1, accountYearId: 2, listState: 'ALL' });
  });

  it('sends the period range as chosen (never swapped: a reversed one is flagged, not asked), an open end open', () => {
    const f = { ...emptyVoucherListFilter(), periodFrom: 12, periodTo: 14 };
    expect(toApiFilter(f, scope, periods, '')).toMatchObject({ periodFrom: 12, periodTo: 14 });
    expect(toApiFilter(f, scope, periods, '').periodId).toBeUndefined();
    expect(toApiFilter({ ...f, periodFrom: 14, periodTo: 12 }, scope, periods, '')).toMatchObject({ periodFrom: 14, periodTo: 12 });
    expect(toApiFilter({ ...f, periodTo: null }, scope, periods, '')).not.toHaveProperty('periodTo');
    // A period no longer in the year (a filter saved in another year) leaves that end open.
    expect(toApiFilter({ ...f, periodFrom: 99 }, scope, periods, '')).not.toHaveProperty('periodFrom');
  });

  it('sends an auxiliary value with its type, and a type alone not at all; a saved one is read back only whole', () => {
    const f = { ...emptyVoucherListFilter(), auxTypeId: 3, auxId: 42 };
    expect(toApiFilter(f, scope, periods, '')).toMatchObject({ auxTypeId: 3, auxId: 42 });
    const typeOnly = toApiFilter({ ...f, auxId: null }, scope, periods, '');
    expect(typeOnly).not.toHaveProperty('auxTypeId');
    expect(typeOnly).not.toHaveProperty('auxId');
    expect(readSavedVoucherFilter({ auxTypeId: 3, auxId: 42 })).toMatchObject({ auxTypeId: 3, auxId: 42 });
    expect(readSavedVoucherFilter({ auxTypeId: 9, auxId: 42 })).toMatchObject({ auxTypeId: null, auxId: null });
    expect(readSavedVoucherFilter({ auxTypeId: 3 })).toMatchObject({ auxTypeId: null, auxId: null });
    expect(readSavedVoucherFilter({})).toMatchObject({ auxTypeId: null, auxId: null });
  });

  it('reads codes, amounts in yuan, subject, summary, state and the search box', () => {
    const f = { ...emptyVoucherListFilter(), kindId: 5, codeFrom: '0003', codeTo: 'x', listState: 'TO_AUDIT' as const, subjectCode: '1002', summary: ' 房租 ', amountFrom: '1,200.5', amountTo: 'abc' };
    expect(toApiFilter(f, scope, periods, ' 12 ')).toEqual({
      accountId: 1, accountYearId: 2, listState: 'TO_AUDIT', kindId: 5, codeFrom: 3, subjectCode: '1002', summary: '房租', amountFrom: 120_050, keyword: '12',
    });
  });

  it('amountFilterCents ignores what is not an amount', () => {
    expect(amountFilterCents('')).toBeUndefined();
    expect(amountFilterCents('12.345')).toBeUndefined();
    expect(amountFilterCents('-3')).toBe(-300);
    expect(amountFilterCents('-1,200.5')).toBe(-120_050);
    expect(amountFilterCents('12,5')).toBeUndefined();
  });
});

describe('filterProblems (said under the field; the list is not asked)', () => {
  const invalid = { key: 'voucher:list.filters.amountInvalid' };
  // The message the server answers a reversed range with (the contract's rangeOrder).
  const reversed = expect.objectContaining({ key: 'errors:RANGE_END_BEFORE_START' });
  const f = (p: Partial<Parameters<typeof filterProblems>[0]>) => ({ codeFrom: '', codeTo: '', amountFrom: '', amountTo: '', ...p });
  it('says an amount it cannot read, which the filter used to drop (the list showed everything)', () => {
    expect(filterProblems(f({ amountFrom: 'abc' }))).toEqual({ amountFrom: invalid });
    expect(filterProblems(f({ amountTo: '1.2.3' }))).toEqual({ amountTo: invalid });
    expect(filterProblems(f({ amountFrom: '1,200.50', amountTo: '-3' }))).toEqual({ amountTo: reversed });
  });
  it('says a range ending below its start (the list was empty without a word)', () => {
    expect(filterProblems(f({ codeFrom: '10', codeTo: '5' }))).toEqual({ codeTo: reversed });
    expect(filterProblems(f({ amountFrom: '500', amountTo: '100' }))).toEqual({ amountTo: reversed });
  });
  it('says a period range that ends before it starts (it used to be swapped silently), by the periods\' places in the year', () => {
    const period = expect.objectContaining({ key: 'errors:PERIOD_END_BEFORE_START' });
    expect(filterProblems(f({ periodFrom: 13, periodTo: 11 }), periods)).toEqual({ periodTo: period });
    // Ids are no order: period 14 starts after 13 whatever their ids.
    const shuffled = [{ id: 30, startAt: '2026-03-01' }, { id: 5, startAt: '2026-05-01' }];
    expect(filterProblems(f({ periodFrom: 30, periodTo: 5 }), shuffled)).toEqual({});
    expect(filterProblems(f({ periodFrom: 5, periodTo: 30 }), shuffled)).toEqual({ periodTo: period });
    expect(filterProblems(f({ periodFrom: 12, periodTo: 12 }), periods)).toEqual({});
    expect(filterProblems(f({ periodFrom: 13, periodTo: null }), periods)).toEqual({});
  });
  it('finds nothing in empty, open, equal or ordered ranges', () => {
    expect(filterProblems(f({}))).toEqual({});
    expect(filterProblems(f({ codeFrom: '5' }))).toEqual({});
    expect(filterProblems(f({ codeFrom: '5', codeTo: '5', amountFrom: '-2,000', amountTo: '500' }))).toEqual({});
  });
  it('reads an amount as a Chinese keyboard types it', () => {
    expect(amountFilterCents('１２３。４５')).toBe(12345);
    expect(filterProblems(f({ amountFrom: '１２３。４５' }))).toEqual({});
  });
});

describe('readSavedVoucherFilter', () => {
  it('keeps what fits and drops the rest', () => {
    expect(readSavedVoucherFilter({ periodFrom: 12, listState: 'NOPE', subjectCode: 'x1', summary: 3, kindId: -1, amountTo: '5' })).toEqual({ ...emptyVoucherListFilter(), periodFrom: 12, amountTo: '5' });
    expect(readSavedVoucherFilter(null)).toEqual(emptyVoucherListFilter());
    expect(readSavedVoucherFilter({ makerId: 4 }).makerId).toBe(4);
    expect(readSavedVoucherFilter({ makerId: 'x' }).makerId).toBeNull();
  });
});

describe('the maker filter (制单人)', () => {
  it('asks filter.makerId when a maker is chosen', () => {
    expect(toApiFilter({ ...emptyVoucherListFilter(), makerId: 4 }, scope, periods, '').makerId).toBe(4);
    expect(toApiFilter(emptyVoucherListFilter(), scope, periods, '')).not.toHaveProperty('makerId');
  });
});

describe('batchRefusal (why a batch item is disabled, as the editor says it)', () => {
  const bookkept = { ...audited, id: 4, bookKeepAt: '2026-01-06' };
  it('says the settled period for the reverse actions of a settled period, not nothing', () => {
    const settled = new Set([11]);
    for (const action of ['reverseAudit', 'reverseBookkeep'] as const) expect(batchRefusal(action, [audited, bookkept], auditor, settled)).toBe('PERIOD_SETTLED');
    expect(batchRefusal('reverseAuditError', [{ ...audited, auditPass: false }], auditor, settled)).toBe('PERIOD_SETTLED');
    // A bookkept voucher there: its period, not "reverse the bookkeeping first" (which the period refuses too).
    for (const action of ['reverseAudit', 'reverseAuditError', 'reverseBookkeep'] as const) expect(batchRefusal(action, [bookkept], auditor, settled)).toBe('PERIOD_SETTLED');
    // Without the right, that is the reason.
    expect(batchRefusal('reverseInvalid', [invalid], auditor, settled)).toBe('NO_PERMISSION');
  });
  it('is null when one of them can, or nothing is selected; else the reason most share', () => {
    expect(batchRefusal('audit', [draft, audited], auditor, new Set())).toBeNull();
    expect(batchRefusal('audit', [], auditor, new Set())).toBeNull();
    expect(batchRefusal('audit', [audited, { ...audited, id: 5 }, { ...draft, createdBy: 8 }], auditor, new Set())).toBe('VOUCHER_ALREADY_AUDITED');
    expect(batchRefusal('audit', [{ ...audited, auditPass: false }], auditor, new Set())).toBe('VOUCHER_AUDIT_ERROR');
  });
});

describe('actionableCount (the editor toolbar’s machine per selected voucher)', () => {
  it('counts the vouchers the user may take the action on', () => {
    expect(actionableCount('audit', [draft, audited, invalid], auditor, new Set())).toBe(1);
    expect(actionableCount('bookkeep', [draft, audited, invalid], auditor, new Set())).toBe(1);
    expect(actionableCount('reverseInvalid', [draft, audited, invalid], auditor, new Set())).toBe(0);
    expect(actionableCount('reverseInvalid', [invalid], { id: 9, kind: 'OTHER', rightIds: [RIGHTS.VOUCHER_INVALIDATE] }, new Set())).toBe(1);
  });

  it('refuses the maker’s own voucher and a settled period', () => {
    expect(actionableCount('audit', [draft], { ...auditor, id: 7 }, new Set())).toBe(0);
    expect(actionableCount('audit', [draft], auditor, new Set([11]))).toBe(0);
    expect(actionableCount('audit', [draft], null, new Set())).toBe(0);
  });
});

describe('rows', () => {
  it('shows the first line’s summary and the tags', () => {
    expect(firstSummary({ items: [{ lineNo: 2, summary: 'b' }, { lineNo: 1, summary: 'a' }] as never })).toBe('a');
    expect(firstSummary({ items: [] })).toBe('');
    expect(rowTags({ ...audited, bookKeepAt: 'x', cashierAt: 'y' })).toEqual(['auditSuccess', 'bookkept', 'cashier']);
    expect(rowTags({ ...audited, auditPass: false })).toEqual(['auditError']);
    expect(rowTags(invalid)).toEqual(['invalid']);
    // A voucher of a settled period says so (期间已结账), whatever else it shows.
    expect(rowTags(audited, true)).toEqual(['auditSuccess', 'settled']);
  });
});

describe('focusAfterAudit', () => {
  it('goes to the voucher that followed, wherever it is after the refresh', () => {
    expect(focusAfterAudit([1, 2, 3], 1, [1, 2, 3])).toEqual({ index: 1, id: 2 });
    // A "to be audited" list drops the audited one: the next is now at the same index.
    expect(focusAfterAudit([1, 2, 3], 1, [2, 3])).toEqual({ index: 0, id: 2 });
  });

  it('stays at the end of the page, and gives up on an empty list', () => {
    expect(focusAfterAudit([1, 2, 3], 3, [1, 2, 3])).toEqual({ index: 2, id: 3 });
    expect(focusAfterAudit([1, 2, 3], 3, [1, 2])).toEqual({ index: 1, id: 2 });
    expect(focusAfterAudit([1], 1, [])).toBeNull();
  });
});

describe('batchReport', () => {
  it('names each voucher in the order asked, with the refusal reason', () => {
    const rows = [{ id: 1, kindName: '记', codeText: '0001', markTime: '2026-01-05' }, { id: 2, kindName: '记', codeText: '0002', markTime: '2026-01-06' }];
    expect(batchReport([{ id: 2, ok: false, msg: '已审核' }, { id: 1, ok: true, msg: null }], rows)).toEqual({
      lines: [
        { id: 2, label: '记-0002', markTime: '2026-01-06', ok: false, message: '已审核' },
        { id: 1, label: '记-0001', markTime: '2026-01-05', ok: true, message: null },
      ],
      done: 1,
      refused: 1,
    });
  });
});

describe('the auditor’s keys', () => {
  const ev = (key: string, o: Partial<{ shiftKey: boolean; ctrlKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...o });

  it('F8 audits and goes on, Shift+F8 marks as error; nothing else matches', () => {
    expect(matchVoucherListKey(ev('F8'))).toBe('auditNext');
    expect(matchVoucherListKey(ev('F8', { shiftKey: true }))).toBe('auditErrorNext');
    expect(matchVoucherListKey(ev('F8', { ctrlKey: true }))).toBeUndefined();
    expect(matchVoucherListKey(ev('Enter'))).toBeUndefined();
  });

  it('clash with none of the shell’s, the entry grid’s or the editor’s keys', () => {
    const chord = (c: { key: string; ctrl: boolean; alt: boolean; shift: boolean; meta: boolean }) => `${c.ctrl}${c.alt}${c.shift}${c.meta}${c.key}`;
    const taken = new Set([...SHELL_KEY_BINDINGS, ...GRID_KEY_BINDINGS, ...VOUCHER_KEY_BINDINGS].flatMap((b) => parseChords(b.keys).map(chord)));
    for (const b of VOUCHER_LIST_KEY_BINDINGS) for (const c of parseChords(b.keys)) expect(taken.has(chord(c)), b.keys).toBe(false);
  });
});

describe('pageTotals', () => {
  it('adds the page’s debit and credit, leaving invalid vouchers out', () => {
    expect(pageTotals([
      { debitCents: '100', creditCents: '100', state: 'NORMAL' },
      { debitCents: '250', creditCents: '250', state: 'NORMAL' },
      { debitCents: '999', creditCents: '999', state: 'INVALID' },
    ])).toEqual({ debitCents: '350', creditCents: '350', count: 2 });
    expect(pageTotals([])).toEqual({ debitCents: '0', creditCents: '0', count: 0 });
  });
});
