/**
 * 凭证整理 (arrangeCode, spec 01 §7): closing the gaps in a period's numbering of one voucher kind
 * (docs/decisions/023). Only vouchers that may still change (unlocked: not audited, signed,
 * bookkept or invalid) are renumbered; the others keep their codes and the movable ones fill the
 * free codes around them, lowest first, in their present order (code, then date, then id).
 *
 * Because the movable vouchers take the lowest free codes in their own order, a voucher's new code
 * is never above its old one (among codes 1…old there are at least as many free ones as movable
 * vouchers up to it), so applying the changes in ascending order of code never meets a code still
 * held by another voucher: the unique index (period, kind, code) holds at every statement, no
 * parking codes are needed.
 */
export interface ArrangeCandidate {
  id: number;
  code: number;
  markDate: string;
  /** The voucher may be renumbered (unlocked). */
  movable: boolean;
}

export interface ArrangeChange {
  id: number;
  from: number;
  to: number;
}

const byOrder = (a: ArrangeCandidate, b: ArrangeCandidate) => a.code - b.code || a.markDate.localeCompare(b.markDate) || a.id - b.id;

/** The renumbering of one period and kind: only the vouchers whose code changes, in the order to apply them. */
export function planArrange(vouchers: readonly ArrangeCandidate[]): ArrangeChange[] {
  const fixed = new Set(vouchers.filter((v) => !v.movable).map((v) => v.code));
  const movable = vouchers.filter((v) => v.movable).sort(byOrder);
  const changes: ArrangeChange[] = [];
  let next = 1;
  for (const v of movable) {
    while (fixed.has(next)) next++;
    if (next !== v.code) changes.push({ id: v.id, from: v.code, to: next });
    next++;
  }
  return changes;
}

/** The gaps a period and kind would still show after arranging (codes below the highest that nobody holds). */
export function codeGaps(codes: readonly number[]): number[] {
  const held = new Set(codes);
  const max = codes.reduce((m, c) => Math.max(m, c), 0);
  const gaps: number[] = [];
  for (let c = 1; c < max; c++) if (!held.has(c)) gaps.push(c);
  return gaps;
}
