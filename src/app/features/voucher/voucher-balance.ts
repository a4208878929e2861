/**
 * The live subject balance of the voucher editor, pure: the movement of the voucher's own lines
 * (unsaved, as typed) on a subject, the balance after them, and on which side a balance lies.
 * The stored figures come from GET /subject/balance with the edited voucher left out, so the
 * voucher's lines are counted once, as they are on screen.
 */
import type { VoucherKitRow } from '../../../../grids/voucher-kit.columns';

export interface Movement {
  debitCents: number;
  creditCents: number;
}

/** The debit and credit of the rows booked on `subjectId` (empty cells count as 0). */
export function movementOf(rows: readonly Pick<VoucherKitRow, 'subjectId' | 'debit' | 'credit'>[], subjectId: string | null): Movement {
  let debitCents = 0;
  let creditCents = 0;
  if (subjectId === null || subjectId === '') return { debitCents, creditCents };
  for (const r of rows) {
    if (r.subjectId !== subjectId) continue;
    debitCents += r.debit ?? 0;
    creditCents += r.credit ?? 0;
  }
  return { debitCents, creditCents };
}

/** A balance on the subject's own side (direction true = debit) after a movement. */
export function balanceAfter(direction: boolean, balanceCents: number, m: Movement): number {
  return balanceCents + (direction ? m.debitCents - m.creditCents : m.creditCents - m.debitCents);
}

export type BalanceSide = 'debit' | 'credit' | 'flat';

/** Where a balance on the subject's own side lies: its side when positive, the other when negative (借 / 贷 / 平). */
export function sideOfBalance(direction: boolean, balanceCents: number): BalanceSide {
  if (balanceCents === 0) return 'flat';
  return balanceCents > 0 === direction ? 'debit' : 'credit';
}
