/**
 * The opening balance screen's pure part: the server's rows with the clerk's unsaved edits applied
 * (leaves edited, parents summed again), the batch to save, the live trial balance (the domain's
 * rule, the one the server checks), and the auxiliary popup's rows to and from the API.
 */
import type { OpeningAuxRowDto, OpeningRowDto } from '../../../contract/opening';
import { AUX_VALUE_FIELDS, auxValueField } from '../../../contract/opening';
import { toDebitPositive, toOwnSide, trialBalance, yearStartBalance, type TrialBalance } from '../../../domain/opening-balance';
import type { AuxEntry, AuxPopupRow } from '../voucher/voucher-aux';
import { decodeAux } from '../voucher/voucher-catalog';

/** What the clerk typed on a leaf (own direction for the amount), absent fields unchanged. */
/** The figures a clerk types into a leaf. */
export type AmountField = 'amountCents' | 'ytdDebitCents' | 'ytdCreditCents';

export interface OpeningDraft {
  amountCents?: number;
  ytdDebitCents?: number;
  ytdCreditCents?: number;
}

export interface OpeningViewRow {
  subjectId: number;
  parentId: number | null;
  code: string;
  name: string;
  nameEn: string | null;
  level: number;
  leaf: boolean;
  kind: OpeningRowDto['kind'];
  direction: boolean;
  auxTypeIds: number[];
  auxRows: number;
  /** Own direction. */
  amountCents: number;
  ytdDebitCents: number;
  ytdCreditCents: number;
  yearStartCents: number;
  /** Debit positive. */
  balanceCents: number;
  /** A leaf the clerk changed and has not saved. */
  dirty: boolean;
}

export const hasAux = (r: { auxTypeIds: readonly number[] }) => r.auxTypeIds.length > 0;
/** Whether the main grid edits the row's figures (auxiliary subjects take theirs from the breakdown). */
export const editableRow = (r: { leaf: boolean; auxTypeIds: readonly number[] }) => r.leaf && !hasAux(r);

export function applyDrafts(rows: readonly OpeningRowDto[], drafts: ReadonlyMap<number, OpeningDraft>): OpeningViewRow[] {
  const view = rows.map((r): OpeningViewRow => {
    const d = r.leaf ? drafts.get(r.subjectId) : undefined;
    const amountCents = d?.amountCents ?? Number(r.amountCents);
    return {
      subjectId: r.subjectId, parentId: r.parentId, code: r.code, name: r.name, nameEn: r.nameEn, level: r.level, leaf: r.leaf, kind: r.kind,
      direction: r.direction, auxTypeIds: r.auxTypeIds, auxRows: r.auxRows,
      amountCents, balanceCents: toDebitPositive(r.direction, amountCents),
      ytdDebitCents: d?.ytdDebitCents ?? Number(r.ytdDebitCents), ytdCreditCents: d?.ytdCreditCents ?? Number(r.ytdCreditCents), yearStartCents: 0,
      dirty: d !== undefined,
    };
  });
  const byId = new Map(view.map((r) => [r.subjectId, r]));
  for (const r of view) if (!r.leaf) Object.assign(r, { balanceCents: 0, ytdDebitCents: 0, ytdCreditCents: 0 });
  for (const leaf of view) {
    if (!leaf.leaf) continue;
    for (let p = leaf.parentId === null ? undefined : byId.get(leaf.parentId); p; p = p.parentId === null ? undefined : byId.get(p.parentId)) {
      p.balanceCents += leaf.balanceCents;
      p.ytdDebitCents += leaf.ytdDebitCents;
      p.ytdCreditCents += leaf.ytdCreditCents;
    }
  }
  for (const r of view) {
    if (!r.leaf) r.amountCents = toOwnSide(r.direction, r.balanceCents);
    r.yearStartCents = toOwnSide(r.direction, yearStartBalance(r.balanceCents, r.ytdDebitCents, r.ytdCreditCents));
  }
  return view;
}

/**
 * The drafts with `draft` put on `saved`'s leaf: a figure typed back to what is saved is no change,
 * so a leaf whose every figure equals the saved row leaves the drafts (not counted unsaved, nothing
 * to save, the auxiliary breakdown not held back by it).
 */
export function withDraft(drafts: ReadonlyMap<number, OpeningDraft>, saved: Pick<OpeningRowDto, 'subjectId' | 'amountCents' | 'ytdDebitCents' | 'ytdCreditCents'>, draft: Required<OpeningDraft>): Map<number, OpeningDraft> {
  const next = new Map(drafts);
  const same = draft.amountCents === Number(saved.amountCents) && draft.ytdDebitCents === Number(saved.ytdDebitCents) && draft.ytdCreditCents === Number(saved.ytdCreditCents);
  if (same) next.delete(saved.subjectId);
  else next.set(saved.subjectId, draft);
  return next;
}

/**
 * A leaf's amount as the clerk last committed it: its draft, else the saved figure; a parent's, the
 * view's roll-up. The grid reads its cells through this, not through the row it holds: that row is
 * replaced only when React's render reaches the grid, and an edit started before then began from the
 * stale figure, so typing the figure just replaced again ("25000" after 25000 → 20000) counted as no
 * change and was dropped.
 */
export function currentAmount(
  row: Pick<OpeningViewRow, 'subjectId' | 'leaf'> & Record<AmountField, number>,
  field: AmountField,
  drafts: ReadonlyMap<number, OpeningDraft>,
  saved: ReadonlyMap<number, Record<AmountField, number | string>>,
): number {
  if (!row.leaf) return row[field];
  const d = drafts.get(row.subjectId)?.[field];
  if (d !== undefined) return d;
  const s = saved.get(row.subjectId);
  return s ? Number(s[field]) : row[field];
}

/** The batch of changed leaves for POST /opening. */
export function rowsToSave(view: readonly OpeningViewRow[]) {
  return view.filter((r) => r.dirty && editableRow(r)).map((r) => ({ subjectId: r.subjectId, amountCents: r.amountCents, ytdDebitCents: r.ytdDebitCents, ytdCreditCents: r.ytdCreditCents }));
}

/** The trial balance of what the screen shows (saved or not), by the rule the server applies. */
export function liveTrialBalance(view: readonly OpeningViewRow[]): TrialBalance {
  const byId = new Map(view.map((r) => [r.subjectId, r]));
  const rootOf = (r: OpeningViewRow) => {
    let x = r;
    for (let guard = 0; x.parentId !== null && byId.has(x.parentId) && guard < 20; guard++) x = byId.get(x.parentId)!;
    return x.code;
  };
  return trialBalance(view.filter((r) => r.leaf).map((r) => ({ root: rootOf(r), kind: r.kind, balanceCents: r.balanceCents, ytdDebitCents: r.ytdDebitCents, ytdCreditCents: r.ytdCreditCents })));
}

/** The popup's rows from the stored breakdown: values, the side the amount stands on, the amount. */
export function auxPopupRowsOf(rows: readonly OpeningAuxRowDto[], direction: boolean): OpeningAuxPopupRow[] {
  return rows.map((r, i) => {
    const own = Number(r.amountCents);
    const value = (type: number) => (r[auxValueField(type)] === null ? null : String(r[auxValueField(type)]));
    const onOwnSide = own >= 0;
    return {
      id: `opening-aux-stored-${i}`, aux1: value(1), aux2: value(2), aux3: value(3), aux4: value(4), aux5: value(5), aux6: value(6),
      direction: (direction === onOwnSide ? 'debit' : 'credit'), amount: Math.abs(own),
      ytdDebit: Number(r.ytdDebitCents) || null, ytdCredit: Number(r.ytdCreditCents) || null,
    };
  });
}

export interface OpeningAuxPopupRow extends AuxPopupRow {
  /** Cents. */
  ytdDebit: number | null;
  ytdCredit: number | null;
}

/**
 * The body rows of POST /opening/aux from the popup's checked entries (same order as the filled
 * rows): the amount back on the subject's own side, the year-to-date figures of the same rows.
 */
export function auxBodyOf(entries: readonly AuxEntry[], filledRows: readonly OpeningAuxPopupRow[], direction: boolean) {
  return entries.map((e, i) => {
    const values = decodeAux(e.auxId);
    const fields = Object.fromEntries(AUX_VALUE_FIELDS.map((f, n) => [f, values[n + 1] ?? null])) as Record<(typeof AUX_VALUE_FIELDS)[number], number | null>;
    const debitPositive = e.side === 'debit' ? e.amount : -e.amount;
    return { ...fields, amountCents: toOwnSide(direction, debitPositive), ytdDebitCents: filledRows[i]?.ytdDebit ?? 0, ytdCreditCents: filledRows[i]?.ytdCredit ?? 0 };
  });
}

/** The rows the popup's check keeps (anything filled), in order: they pair with its entries. */
export const filledAuxRows = (rows: readonly OpeningAuxPopupRow[], types: readonly number[]) =>
  rows.filter((r) => types.some((t) => r[`aux${t}` as 'aux1'] !== null) || r.amount !== null);
