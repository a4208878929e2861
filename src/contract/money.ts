/**
 * Money fields of the contract: integer cents on the wire, bounded (spec 01 §5, spec 02 §5). A bound
 * lives in cents but a user types and reads currency units, so a broken bound is said in currency
 * units with thousands separators and 2 decimals ("must be at most 21,000,000.00", never
 * "2100000000"): the server's INVALID_INPUT details (http/validation.ts), the Excel imports and the
 * app's forms (features/common/form-validation.ts) all read `moneyBound` off the issue.
 *
 *   amount: moneyCents(MAX_COST_CENTS)                        0 … 21,000,000.00
 *   amount: moneyCents(VOUCHER_LINE_MAX_CENTS, { min: -VOUCHER_LINE_MAX_CENTS })
 */
import { z } from 'zod';
import { formatCents } from '../domain/money';

/** The message of a money field's bound issue (too_small / too_big); its minimum / maximum are cents. */
export const MONEY_BOUND = 'moneyBound';

/** Integer cents from `min` (default 0) to `max`, both inclusive; a broken bound carries MONEY_BOUND. */
export function moneyCents(max: number, { min = 0 }: { min?: number } = {}) {
  return z.number().int().min(min, MONEY_BOUND).max(max, MONEY_BOUND);
}

/** What an issue looks like to the readers of MONEY_BOUND (zod's own issue, or its params flattened). */
export interface MoneyBoundIssue {
  code?: string;
  message?: string;
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * The bound a money field's issue names, in currency units: { side: 'max', amount: '21,000,000.00' }
 * for "at most", { side: 'min', … } for "at least"; null for any other issue (the generic rules apply).
 */
export function moneyBound(issue: MoneyBoundIssue): { side: 'min' | 'max'; amount: string } | null {
  if (issue.message !== MONEY_BOUND) return null;
  const side = issue.code === 'too_big' ? 'max' : issue.code === 'too_small' ? 'min' : null;
  const cents = side === 'max' ? issue.maximum : issue.minimum;
  if (!side || (typeof cents !== 'number' && typeof cents !== 'bigint')) return null;
  return { side, amount: formatCents(cents) };
}
