/**
 * 总账 as printed: per subject an opening row (期初余额), then for every period of the range its
 * movements (本期合计) and its year to date (本年累计), each with the balance at the period's end.
 * The screen and the workbook both lay the general ledger out with this function.
 */
export type GeneralLedgerRowKind = 'OPENING' | 'PERIOD' | 'YTD';

interface Side { side: 'DEBIT' | 'CREDIT' | 'FLAT' }

export interface GeneralLedgerSource {
  periods: ReadonlyArray<{ id: number; name: string }>;
  subjects: ReadonlyArray<{
    subjectId: number; code: string; name: string; nameEn: string | null; level: number; leaf: boolean;
    openingSide: Side['side']; openingCents: string;
    periods: ReadonlyArray<{ periodId: number; debit: string; credit: string; ytdDebit: string; ytdCredit: string; side: Side['side']; balanceCents: string }>;
  }>;
}

export interface GeneralLedgerRow {
  /** `${subjectId}:${kind}:${periodId}`: stable row id. */
  key: string;
  subjectId: number;
  code: string;
  name: string;
  nameEn: string | null;
  level: number;
  leaf: boolean;
  /** The subject's first row carries its code and name; the rest leave them blank when printed. */
  first: boolean;
  kind: GeneralLedgerRowKind;
  periodId: number | null;
  periodName: string;
  debit: string;
  credit: string;
  side: Side['side'];
  balanceCents: string;
}

export function generalLedgerRows(src: GeneralLedgerSource): GeneralLedgerRow[] {
  const names = new Map(src.periods.map((p) => [p.id, p.name]));
  const out: GeneralLedgerRow[] = [];
  for (const s of src.subjects) {
    const base = { subjectId: s.subjectId, code: s.code, name: s.name, nameEn: s.nameEn, level: s.level, leaf: s.leaf };
    const firstPeriod = s.periods[0]?.periodId ?? null;
    out.push({ ...base, key: `${s.subjectId}:OPENING`, first: true, kind: 'OPENING', periodId: firstPeriod, periodName: firstPeriod === null ? '' : names.get(firstPeriod) ?? '', debit: '0', credit: '0', side: s.openingSide, balanceCents: s.openingCents });
    for (const p of s.periods) {
      const periodName = names.get(p.periodId) ?? '';
      out.push({ ...base, key: `${s.subjectId}:PERIOD:${p.periodId}`, first: false, kind: 'PERIOD', periodId: p.periodId, periodName, debit: p.debit, credit: p.credit, side: p.side, balanceCents: p.balanceCents });
      out.push({ ...base, key: `${s.subjectId}:YTD:${p.periodId}`, first: false, kind: 'YTD', periodId: p.periodId, periodName, debit: p.ytdDebit, credit: p.ytdCredit, side: p.side, balanceCents: p.balanceCents });
    }
  }
  return out;
}
