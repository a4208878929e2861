/**
 * Totals of an entry sheet for the pinned totals row: the sum of every amount column, and on a
 * debit/credit sheet the difference (debit − credit) and the total in Chinese uppercase.
 */
import { subtractCents, sumCents, toChineseUppercase } from '../src/domain/money';
import { cellValue, dataColumns, type SheetRow, type SheetSchema } from './sheet-schema';

export interface SheetTotals {
  /** Sum per amount field, in cents. */
  byField: Readonly<Record<string, number>>;
  /** Debit total, credit total and debit − credit on a debit/credit sheet; null otherwise. */
  debitCents: number | null;
  creditCents: number | null;
  differenceCents: number | null;
  /** Total shown in uppercase: the debit total on a balanced pair, else the first amount column's total. */
  totalCents: number;
}

export const TOTALS_ROW_ID = '__totals';

/** Totals of a rows array, per schema: rows are immutable, so an array's totals never change. */
const cache = new WeakMap<readonly SheetRow[], { schema: SheetSchema<SheetRow>; totals: SheetTotals }>();

export function sheetTotals<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[]): SheetTotals {
  const hit = cache.get(rows);
  if (hit && hit.schema === (schema as unknown as SheetSchema<SheetRow>)) return hit.totals;
  const totals = computeTotals(schema, rows);
  cache.set(rows, { schema: schema as unknown as SheetSchema<SheetRow>, totals });
  return totals;
}

/** Same figures (the totals row and the uppercase need no refresh when they are). */
export function sameTotals(a: SheetTotals, b: SheetTotals): boolean {
  if (a === b) return true;
  const fields = Object.keys(a.byField);
  return (
    a.totalCents === b.totalCents &&
    a.differenceCents === b.differenceCents &&
    a.debitCents === b.debitCents &&
    a.creditCents === b.creditCents &&
    fields.length === Object.keys(b.byField).length &&
    fields.every((f) => a.byField[f] === b.byField[f])
  );
}

function computeTotals<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[]): SheetTotals {
  const byField: Record<string, number> = {};
  for (const column of dataColumns(schema)) {
    if (column.kind === 'amount' && !column.computed) byField[column.field] = sumCents(rows.map((r) => cellValue(r, column.field) as number | null));
  }
  const pair = schema.amountPair;
  const debitCents = pair ? byField[pair.debit] : null;
  const creditCents = pair ? byField[pair.credit] : null;
  const differenceCents = pair ? subtractCents(debitCents ?? 0, creditCents ?? 0) : null;
  const firstAmount = dataColumns(schema).find((c) => c.kind === 'amount');
  const totalCents = pair ? (debitCents ?? 0) : firstAmount ? byField[firstAmount.field] : 0;
  return { byField, debitCents, creditCents, differenceCents, totalCents };
}

/** The total in Chinese uppercase, or null when it is outside the uppercase range. */
export function totalInUppercase(totals: SheetTotals): string | null {
  try {
    return toChineseUppercase(totals.totalCents);
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}
