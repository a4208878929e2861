/** What the opening balances use: a subject with an opening is in use (no children, no deletion, aux types kept). */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/tx';
import { openingBalances } from '../../db/schema';

/** The given subjects that have an opening balance row. */
export async function subjectsWithOpenings(tx: Tx, subjectIds: number[]): Promise<number[]> {
  if (!subjectIds.length) return [];
  const rows = await tx.selectDistinct({ id: openingBalances.subjectId }).from(openingBalances).where(inArray(openingBalances.subjectId, subjectIds));
  return rows.map((r) => r.id);
}
