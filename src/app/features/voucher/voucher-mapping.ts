/**
 * Between the editor's grid rows (the kit's VoucherKitRow) and the voucher contract: a stored
 * voucher's items as rows, rows as the save rules' line inputs (src/domain/voucher-rules.ts),
 * and the complete lines as the create/update body's items. Pure.
 */
import type { VoucherKitRow } from '../../../../grids/voucher-kit.columns';
import type { VoucherDto } from '../../../contract/voucher';
import { validateVoucherLines, type VoucherLineField, type VoucherLineInput, type VoucherLinesResult, type VoucherRuleError } from '../../../domain/voucher-rules';
import { decodeAux, encodeAux } from './voucher-catalog';
import { localVoucherLabel } from '../../../domain/names';

export interface VoucherItemBody {
  summary: string;
  subjectId: number;
  direction: boolean;
  /** Cents as a string (spec 01 §7). */
  amount: string;
  auxes: { auxTypeId: number; auxId: number }[];
}

/** A stored voucher's lines as grid rows, in line order (the grid pads them to 20 rows). */
export function rowsOfVoucher(items: VoucherDto['items']): VoucherKitRow[] {
  return [...items]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((item) => {
      const cents = Number(item.amount);
      return {
        id: `voucher-line-${item.id}`,
        summary: item.summary,
        subjectId: String(item.subjectId),
        auxId: encodeAux(Object.fromEntries(item.auxes.map((a) => [a.auxTypeId, a.auxId]))),
        debit: item.direction ? cents : null,
        credit: item.direction ? null : cents,
      };
    });
}

/** Labels of the auxiliary values a stored voucher names ("1:12" → "财务部/会计组"), for the catalogue. */
export function auxLabelsOfVoucher(items: VoucherDto['items']): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of items) {
    for (const a of item.auxes) {
      const path = a.auxData.path?.map((p) => p.name) ?? [];
      out.set(`${a.auxTypeId}:${a.auxId}`, [...path, a.auxData.name].join('/'));
    }
  }
  return out;
}

/** A grid row as the save rules read it. */
export function lineInputOf(row: VoucherKitRow, auxTypesOf: (subjectId: string | null) => readonly number[]): VoucherLineInput {
  const chosen = decodeAux(row.auxId);
  return {
    summary: row.summary,
    subjectId: row.subjectId === null || row.subjectId === '' ? null : Number(row.subjectId),
    requiredAuxTypeIds: auxTypesOf(row.subjectId),
    chosenAuxTypeIds: Object.keys(chosen).map(Number),
    debitCents: row.debit,
    creditCents: row.credit,
  };
}

export type VoucherRowsCheck =
  | { ok: true; items: VoucherItemBody[]; debitCentsTotal: number; creditCentsTotal: number }
  | Extract<VoucherLinesResult, { ok: false }>;

/** The save rules over the grid rows; when they pass, the body's items (blank rows dropped, grid order kept). */
export function checkVoucherRows(rows: readonly VoucherKitRow[], auxTypesOf: (subjectId: string | null) => readonly number[]): VoucherRowsCheck {
  const result = validateVoucherLines(rows.map((r) => lineInputOf(r, auxTypesOf)));
  if (!result.ok) return result;
  const items = result.lines.map((line) => {
    const row = rows[line.row];
    const required = auxTypesOf(row.subjectId);
    const chosen = decodeAux(row.auxId);
    return {
      summary: line.summary,
      subjectId: line.subjectId,
      direction: line.direction,
      amount: String(line.amountCents),
      // Only the types the subject takes now (a value left from an earlier subject is not sent).
      auxes: required.filter((t) => chosen[t] !== undefined).map((t) => ({ auxTypeId: t, auxId: chosen[t] })),
    };
  });
  return { ok: true, items, debitCentsTotal: result.debitCentsTotal, creditCentsTotal: result.creditCentsTotal };
}

/** A grid cell a refused save is about. */
export interface FlaggedCell {
  rowId: string;
  /** The row's index in the grid (0-based). */
  row: number;
  field: 'summary' | 'subjectId' | 'auxId' | 'debit' | 'credit';
  code: VoucherRuleError['code'];
}

/** The grid cells of a row refusal's parts (an amount: the side that holds one, else the debit). */
function cellsOf(row: VoucherKitRow, fields: readonly VoucherLineField[]): Array<FlaggedCell['field']> {
  return fields.flatMap((f): Array<FlaggedCell['field']> => {
    if (f === 'summary') return ['summary'];
    if (f === 'subject') return ['subjectId'];
    if (f === 'aux') return ['auxId'];
    const sides: Array<FlaggedCell['field']> = [];
    if (row.debit !== null) sides.push('debit');
    if (row.credit !== null) sides.push('credit');
    return sides.length ? sides : ['debit'];
  });
}

/** The cells of the rules' refusals, row by row in entry order (the first is where the caret goes). */
export function refusedCells(rows: readonly VoucherKitRow[], errors: readonly VoucherRuleError[]): FlaggedCell[] {
  return errors.flatMap((e) => (e.row === null || !e.fields ? [] : cellsOf(rows[e.row], e.fields).map((field) => ({ rowId: rows[e.row!].id, row: e.row!, field, code: e.code }))));
}

/** The cells the save rules refuse in these rows. */
export function flaggedCells(rows: readonly VoucherKitRow[], auxTypesOf: (subjectId: string | null) => readonly number[]): FlaggedCell[] {
  const result = validateVoucherLines(rows.map((r) => lineInputOf(r, auxTypesOf)));
  return result.ok ? [] : refusedCells(rows, result.errors);
}

/** The voucher's display label, "记-0007". */
export function voucherLabel(kindName: string, codeText: string): string {
  return `${kindName}-${codeText}`;
}

/** Pads a code to the code rule's length ("7" → "0007"); text that is not digits stays as typed. */
export function padCode(text: string, length: number): string {
  const s = text.trim();
  if (!/^\d+$/.test(s)) return s;
  const digits = s.replace(/^0+/, '') || '0';
  return digits.length >= length ? digits : digits.padStart(length, '0');
}

/**
 * A voucher's label as the voucher list shows it, in the reader's language: the server's "记-0013"
 * with the kind's English name in English ("General-0013"; localVoucherLabel, domain/names.ts: the server's too). A kind the
 * ledger set no longer names keeps the server's word.
 */
export function voucherLabelIn(code: string, kinds: readonly { name: string; nameEn?: string | null }[], language: string | boolean): string {
  // The number is digits: the kind's name is everything before the last dash.
  const dash = code.lastIndexOf('-');
  if (dash <= 0) return code;
  const word = code.slice(0, dash);
  const kind = kinds.find((k) => k.name === word);
  return localVoucherLabel(language, kind ?? { name: word }, code.slice(dash + 1));
}

/**
 * A voucher's label in the reader's language from its kind (by id, else by the server's Chinese
 * name): "General-0007" in English for a 记 voucher (localVoucherLabel). A kind the list
 * does not hold (another ledger set's, not read) keeps the server's word.
 */
export function voucherLabelOf(
  v: { kindId?: number | null; kindName: string; codeText: string },
  kinds: readonly { id?: number; name: string; nameEn?: string | null }[],
  language: string | boolean,
): string {
  const kind = (v.kindId != null ? kinds.find((k) => k.id === v.kindId) : undefined) ?? kinds.find((k) => k.name === v.kindName);
  return localVoucherLabel(language, kind ?? { name: v.kindName }, v.codeText);
}
