import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeGaps, planArrange, type ArrangeCandidate } from './voucher-arrange';

const v = (id: number, code: number, movable = true, markDate = '2026-03-01'): ArrangeCandidate => ({ id, code, markDate, movable });

/** Applies the changes one by one as the service does, failing on a code still held (the unique index). */
function apply(vouchers: ArrangeCandidate[], changes: ReturnType<typeof planArrange>): Map<number, number> {
  const codes = new Map(vouchers.map((x) => [x.id, x.code]));
  for (const c of changes) {
    const holder = [...codes.entries()].find(([, code]) => code === c.to);
    if (holder && holder[0] !== c.id) throw new Error(`code ${c.to} still held by ${holder[0]}`);
    codes.set(c.id, c.to);
  }
  return codes;
}

describe('planArrange', () => {
  it('closes the gaps keeping the order', () => {
    expect(planArrange([v(1, 1), v(2, 3), v(3, 7)])).toEqual([{ id: 2, from: 3, to: 2 }, { id: 3, from: 7, to: 3 }]);
  });

  it('keeps locked vouchers where they are and fills around them', () => {
    // 2 and 5 are audited: the drafts 4, 8, 9 take 1, 3, 4.
    const list = [v(10, 2, false), v(11, 4), v(12, 5, false), v(13, 8), v(14, 9)];
    expect(planArrange(list)).toEqual([{ id: 11, from: 4, to: 1 }, { id: 13, from: 8, to: 3 }, { id: 14, from: 9, to: 4 }]);
  });

  it('changes nothing when there is no gap, or only locked vouchers', () => {
    expect(planArrange([v(1, 1), v(2, 2), v(3, 3)])).toEqual([]);
    expect(planArrange([v(1, 2, false), v(2, 9, false)])).toEqual([]);
    expect(planArrange([])).toEqual([]);
  });

  it('never raises a code, never collides on the way, and leaves no gap among movable vouchers (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ code: fc.integer({ min: 1, max: 60 }), movable: fc.boolean() }), { selector: (r) => r.code, maxLength: 40 }), (rows) => {
        const list = rows.map((r, i) => v(i + 1, r.code, r.movable));
        const changes = planArrange(list);
        for (const c of changes) expect(c.to).toBeLessThan(c.from);
        const after = apply(list, changes);
        for (const x of list.filter((y) => !y.movable)) expect(after.get(x.id)).toBe(x.code);
        // Order of the movable vouchers is kept.
        const movable = list.filter((y) => y.movable).sort((a, b) => a.code - b.code).map((y) => after.get(y.id)!);
        expect([...movable].sort((a, b) => a - b)).toEqual(movable);
        // Every gap left lies above the last movable voucher's new code (only locked vouchers can sit past gaps).
        const top = movable.length ? movable[movable.length - 1] : 0;
        for (const g of codeGaps([...after.values()])) expect(g).toBeGreaterThan(top);
      }),
    );
  });
});

describe('codeGaps', () => {
  it('lists the unheld codes below the highest', () => {
    expect(codeGaps([1, 4, 6])).toEqual([2, 3, 5]);
    expect(codeGaps([])).toEqual([]);
  });
});
