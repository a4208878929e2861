import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COST_CENTS, VOUCHER_LINE_MAX_CENTS } from '../src/domain/constants';
import { balancePlan, balancingAmount, canRedo, canUndo, copyFromRowValue, createSheetState, reduceSheet, type SheetEvent, type SheetState } from './sheet';
import { isBlankRow, type SheetSchema } from './sheet-schema';
import { sheetTotals, totalInUppercase } from './totals';
import { testSchema } from './voucher-kit.fixtures';
import type { VoucherKitRow } from './voucher-kit.columns';

type Row = VoucherKitRow;
type Event = SheetEvent<Row>;

const schema = testSchema();

function run(events: Event[], s: SheetSchema<Row> = schema, start: SheetState<Row> = createSheetState(s)): SheetState<Row> {
  return events.reduce((state, e) => reduceSheet(s, state, e), start);
}

const id = (n: number) => `voucher-kit-${n}`;
const set = (row: number, field: keyof Row, value: string | number | null): Event => ({ type: 'sheet.setCell', rowId: id(row), field, value });

describe('a new sheet', () => {
  it('starts with the screen’s rows, all blank, nothing to undo', () => {
    const s = createSheetState(schema);
    expect(s.rows).toHaveLength(20);
    expect(s.rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => id(i + 1)));
    expect(s.rows.every((r) => isBlankRow(schema, r))).toBe(true);
    expect(canUndo(s)).toBe(false);
    expect(canRedo(s)).toBe(false);
  });

  it('keeps loaded rows and pads them', () => {
    const loaded: Row[] = [{ id: 'item-9', summary: 'x', subjectId: 's1001', auxId: null, debit: 100, credit: null }];
    const s = reduceSheet(schema, createSheetState(schema), { type: 'sheet.load', rows: loaded });
    expect(s.rows).toHaveLength(20);
    expect(s.rows[0]).toBe(loaded[0]);
    expect(new Set(s.rows.map((r) => r.id)).size).toBe(20);
  });
});

describe('cell edits', () => {
  it('never mutates rows and records one undo step per change', () => {
    const s0 = createSheetState(schema);
    const frozen = s0.rows.map((r) => Object.freeze({ ...r }));
    const start = { ...s0, rows: frozen };
    const s1 = reduceSheet(schema, start, set(1, 'summary', 'Office rent'));
    expect(s1.rows[0].summary).toBe('Office rent');
    expect(frozen[0].summary).toBe('');
    expect(s1.rows[1]).toBe(frozen[1]);
    expect(s1.history.past).toHaveLength(1);
    expect(reduceSheet(schema, s1, set(1, 'summary', 'Office rent'))).toBe(s1);
  });

  it('stores zero amounts as empty and keeps one side per line', () => {
    const s = run([set(1, 'debit', 0), set(2, 'debit', 500), set(2, 'credit', 700)]);
    expect(s.rows[0].debit).toBeNull();
    expect(s.history.past).toHaveLength(2);
    expect(s.rows[1]).toMatchObject({ debit: null, credit: 700 });
    expect(run([set(1, 'credit', 5), set(1, 'debit', 9)]).rows[0]).toMatchObject({ debit: 9, credit: null });
  });

  it('refuses what the cell cannot hold', () => {
    const s = run([
      set(1, 'debit', VOUCHER_LINE_MAX_CENTS + 1),
      set(1, 'debit', 1.5),
      set(1, 'debit', '12'),
      set(1, 'summary', 'x'.repeat(51)),
      set(1, 'auxId', 'd1'),
      { type: 'sheet.setCell', rowId: 'nope', field: 'summary', value: 'x' },
      { type: 'sheet.setCell', rowId: id(1), field: 'unknown', value: 'x' },
    ]);
    expect(s.rows[0]).toEqual(createSheetState(schema).rows[0]);
    expect(s.history.past).toHaveLength(0);
    expect(run([set(1, 'debit', -VOUCHER_LINE_MAX_CENTS)]).rows[0].debit).toBe(-VOUCHER_LINE_MAX_CENTS);
  });

  it('lets the auxiliary cell hold a value only under a subject with auxiliary types, and clears it when the subject changes', () => {
    const s1 = run([set(1, 'subjectId', 's6602'), set(1, 'auxId', 'd1')]);
    expect(s1.rows[0]).toMatchObject({ subjectId: 's6602', auxId: 'd1' });
    expect(reduceSheet(schema, s1, set(1, 'subjectId', 's6601')).rows[0].auxId).toBeNull();
    expect(reduceSheet(schema, s1, set(1, 'subjectId', 's1001')).rows[0].auxId).toBeNull();
    expect(reduceSheet(schema, s1, set(1, 'subjectId', null)).rows[0]).toMatchObject({ subjectId: null, auxId: null });
  });
});

describe('amount commands', () => {
  const base: Event[] = [set(1, 'debit', 10000), set(2, 'debit', 5050), set(3, 'credit', 2000)];

  it('= fills the amount that balances the sheet', () => {
    expect(balancingAmount(schema, run(base).rows, id(4), 'credit')).toBe(13050);
    expect(balancingAmount(schema, run(base).rows, id(4), 'debit')).toBe(-13050);
    expect(balancingAmount(schema, run(base).rows, id(4), 'summary')).toBeNull();
    const s = run([...base, { type: 'sheet.balance', rowId: id(4), field: 'credit' }]);
    expect(s.rows[3].credit).toBe(13050);
    const totals = sheetTotals(schema, s.rows);
    expect(totals).toMatchObject({ debitCents: 15050, creditCents: 15050, differenceCents: 0, totalCents: 15050 });
    expect(totalInUppercase(totals)).toBe('壹佰伍拾元零伍角整');
  });

  it('= on a line that already holds the balance leaves it, and ignores the line’s own other side', () => {
    const s = run([...base, set(4, 'debit', 999), { type: 'sheet.balance', rowId: id(4), field: 'credit' }]);
    expect(s.rows[3]).toMatchObject({ debit: null, credit: 13050 });
    expect(run([{ type: 'sheet.balance', rowId: id(1), field: 'debit' }]).history.past).toHaveLength(0);
  });

  it('= that would give a negative amount on this side fills the other side with the positive amount', () => {
    // Debits 150.50, credits 20.00: a balancing debit would be -130.50, so the credit takes 130.50.
    expect(balancePlan(schema, run(base).rows, id(4), 'debit')).toEqual({ field: 'credit', cents: 13050 });
    expect(balancePlan(schema, run(base).rows, id(4), 'credit')).toEqual({ field: 'credit', cents: 13050 });
    const s = run([...base, set(4, 'debit', 1), { type: 'sheet.balance', rowId: id(4), field: 'debit' }]);
    expect(s.rows[3]).toMatchObject({ debit: null, credit: 13050 });
    expect(s.focus).toEqual({ rowId: id(4), field: 'credit' });
    expect(sheetTotals(schema, s.rows).differenceCents).toBe(0);
    // One undo step brings back the debit that was there.
    expect(reduceSheet(schema, s, { type: 'sheet.undo' }).rows[3]).toMatchObject({ debit: 1, credit: null });
    // A positive balance stays on the side asked for.
    const credits = run([set(1, 'credit', 500), { type: 'sheet.balance', rowId: id(2), field: 'debit' }]);
    expect(credits.rows[1]).toMatchObject({ debit: 500, credit: null });
  });

  it('space moves the amount to the other side, typed or stored', () => {
    const s1 = run([set(1, 'debit', 300), { type: 'sheet.moveToOtherSide', rowId: id(1), field: 'debit' }]);
    expect(s1.rows[0]).toMatchObject({ debit: null, credit: 300 });
    expect(s1.focus).toEqual({ rowId: id(1), field: 'credit' });
    const s2 = run([set(1, 'debit', 300), { type: 'sheet.moveToOtherSide', rowId: id(1), field: 'debit', value: 4500 }]);
    expect(s2.rows[0]).toMatchObject({ debit: null, credit: 4500 });
    expect(run([{ type: 'sheet.moveToOtherSide', rowId: id(1), field: 'debit' }]).history.past).toHaveLength(0);
    expect(run([set(1, 'debit', 300), { type: 'sheet.moveToOtherSide', rowId: id(1), field: 'summary' }]).rows[0].debit).toBe(300);
  });

  it('- flips the sign', () => {
    const s = run([set(1, 'credit', 300), { type: 'sheet.negate', rowId: id(1), field: 'credit' }]);
    expect(s.rows[0].credit).toBe(-300);
    expect(reduceSheet(schema, s, { type: 'sheet.negate', rowId: id(1), field: 'credit' }).rows[0].credit).toBe(300);
    expect(run([{ type: 'sheet.negate', rowId: id(1), field: 'credit' }]).history.past).toHaveLength(0);
  });
});

describe('.. and //', () => {
  it('copy the same cell of the previous or the first row', () => {
    const s = run([
      set(1, 'summary', 'Rent'),
      set(2, 'summary', 'Power'),
      { type: 'sheet.copyFromRow', rowId: id(3), field: 'summary', from: 'previous' },
      { type: 'sheet.copyFromRow', rowId: id(4), field: 'summary', from: 'first' },
      set(1, 'subjectId', 's6602'),
      set(1, 'auxId', 'd2'),
      { type: 'sheet.copyFromRow', rowId: id(2), field: 'subjectId', from: 'previous' },
      { type: 'sheet.copyFromRow', rowId: id(2), field: 'auxId', from: 'previous' },
    ]);
    expect(s.rows.slice(0, 4).map((r) => r.summary)).toEqual(['Rent', 'Power', 'Power', 'Rent']);
    expect(s.rows[1]).toMatchObject({ subjectId: 's6602', auxId: 'd2' });
  });

  it('read a lookup value again for the target row: an auxiliary item of another kind is refused, not copied', () => {
    // Row 1: a department under an admin expense; row 2: a receivable, which takes a customer.
    const s = run([set(1, 'subjectId', 's6602'), set(1, 'auxId', 'd2'), set(2, 'subjectId', 's1122'), set(3, 'subjectId', 's6601')]);
    expect(copyFromRowValue(schema, s.rows, id(2), 'auxId', 'first')).toEqual({ ok: false, reason: 'doesNotFit', sourceIndex: 0, text: 'Sales' });
    const refused = reduceSheet(schema, s, { type: 'sheet.copyFromRow', rowId: id(2), field: 'auxId', from: 'first' });
    expect(refused).toBe(s);
    expect(refused.rows[1].auxId).toBeNull();
    // A row whose subject also takes a department gets the department.
    expect(copyFromRowValue(schema, s.rows, id(3), 'auxId', 'first')).toEqual({ ok: true, value: 'd2', sourceIndex: 0 });
    expect(reduceSheet(schema, s, { type: 'sheet.copyFromRow', rowId: id(3), field: 'auxId', from: 'first' }).rows[2].auxId).toBe('d2');
    // A row without auxiliary items cannot take one at all.
    const plain = run([set(2, 'subjectId', 's1001')], schema, s);
    expect(copyFromRowValue(schema, plain.rows, id(2), 'auxId', 'previous')).toMatchObject({ ok: false, reason: 'notApplicable' });
    // Subjects copy as they are; the auxiliary cell they clear stays empty.
    expect(copyFromRowValue(schema, s.rows, id(2), 'subjectId', 'first')).toEqual({ ok: true, value: 's6602', sourceIndex: 0 });
  });

  it('re-resolve a lookup value by its text when the stored value differs between kinds', () => {
    // Same name, different ids per subject: the copy takes the target row's own item.
    const byName: SheetSchema<Row> = {
      ...schema,
      columns: schema.columns.map((c) =>
        c.kind === 'lookup' && c.field === 'auxId'
          ? {
              ...c,
              lookup: {
                // Items are per subject ('<subject>:<n>'): a foreign id shows as nothing.
                format: (v, row) => (typeof v === 'string' && v.startsWith(`${row.subjectId}:`) ? `Item ${v.slice(-1)}` : ''),
                resolve: (text, row) => ({ ok: true, value: `${row.subjectId}:${text.slice(-1)}` }),
              },
            }
          : c,
      ),
    };
    const s = run([set(1, 'subjectId', 's6602'), set(1, 'auxId', 's6602:1'), set(2, 'subjectId', 's6601')], byName, createSheetState(byName));
    expect(copyFromRowValue(byName, s.rows, id(2), 'auxId', 'previous')).toEqual({ ok: true, value: 's6601:1', sourceIndex: 0 });
    expect(reduceSheet(byName, s, { type: 'sheet.copyFromRow', rowId: id(2), field: 'auxId', from: 'previous' }).rows[1].auxId).toBe('s6601:1');
  });

  it('do nothing on the first row', () => {
    const s = run([set(1, 'summary', 'Rent'), { type: 'sheet.copyFromRow', rowId: id(1), field: 'summary', from: 'first' }, { type: 'sheet.copyFromRow', rowId: id(1), field: 'summary', from: 'previous' }]);
    expect(s.history.past).toHaveLength(1);
  });
});

describe('row operations', () => {
  it('add at the end by the screen’s step', () => {
    const s = run([{ type: 'sheet.appendRows' }]);
    expect(s.rows).toHaveLength(21);
    expect(s.rows[20].id).toBe(id(21));
    expect(s.focus).toEqual({ rowId: id(21), field: 'summary' });
    expect(run([{ type: 'sheet.appendRows' }], testSchema({ rowStep: 5 }), createSheetState(testSchema({ rowStep: 5 }))).rows).toHaveLength(25);
    expect(run([{ type: 'sheet.appendRows', count: 3 }]).rows).toHaveLength(23);
  });

  it('insert above, copy and delete', () => {
    const s1 = run([set(1, 'summary', 'A'), set(2, 'summary', 'B'), { type: 'sheet.insertRowAbove', rowId: id(2), field: 'debit' }]);
    expect(s1.rows.map((r) => r.summary).slice(0, 3)).toEqual(['A', '', 'B']);
    expect(s1.rows).toHaveLength(21);
    expect(s1.focus).toEqual({ rowId: id(21), field: 'debit' });

    const s2 = reduceSheet(schema, s1, { type: 'sheet.copyRow', rowId: id(1) });
    expect(s2.rows.map((r) => r.summary).slice(0, 4)).toEqual(['A', 'A', '', 'B']);
    expect(s2.rows[1].id).toBe(id(22));

    const s3 = reduceSheet(schema, s2, { type: 'sheet.deleteRow', rowId: id(1) });
    expect(s3.rows.map((r) => r.summary).slice(0, 3)).toEqual(['A', '', 'B']);
    expect(s3.rows[0].id).toBe(id(22));
    expect(s3.focus).toEqual({ rowId: id(22), field: 'summary' });
  });

  it('deleting never leaves fewer than the minimum rows', () => {
    const s = run(Array.from({ length: 25 }, (_, i) => ({ type: 'sheet.deleteRow', rowId: id(i + 1) }) as Event));
    expect(s.rows).toHaveLength(20);
    expect(new Set(s.rows.map((r) => r.id)).size).toBe(20);
  });

  it('a sheet that grows when filled keeps a blank last row (reimbursement: 20, +5)', () => {
    const grow: SheetSchema<Row> = { ...schema, growWhenFilled: true, rowStep: 5 };
    const s = run([set(19, 'summary', 'x')], grow, createSheetState(grow));
    expect(s.rows).toHaveLength(20);
    const s2 = run([{ type: 'sheet.setCell', rowId: id(20), field: 'summary', value: 'y' }], grow, s);
    expect(s2.rows).toHaveLength(25);
    expect(isBlankRow(grow, s2.rows[24])).toBe(true);
  });
});

describe('paste event', () => {
  it('writes a block into consecutive rows, adding rows past the end', () => {
    const s = run([
      {
        type: 'sheet.paste',
        anchorRowId: id(19),
        fields: ['summary', 'subjectId', 'auxId', 'debit'],
        values: [
          ['one', 's1001', undefined, 100],
          ['two', 's6602', 'd1', 200],
          ['three', undefined, undefined, 300],
        ],
      },
    ]);
    expect(s.rows).toHaveLength(21);
    expect(s.rows.slice(18).map((r) => [r.summary, r.subjectId, r.auxId, r.debit])).toEqual([
      ['one', 's1001', null, 100],
      ['two', 's6602', 'd1', 200],
      ['three', null, null, 300],
    ]);
    expect(s.history.past).toHaveLength(1);
    expect(reduceSheet(schema, s, { type: 'sheet.undo' }).rows).toHaveLength(20);
  });
});

describe('undo and redo', () => {
  it('step back and forth through cell edits and row operations, putting the caret where the change was', () => {
    const s1 = run([set(1, 'summary', 'A'), set(2, 'debit', 100), { type: 'sheet.deleteRow', rowId: id(1) }]);
    expect(s1.rows[0].debit).toBe(100);
    const u1 = reduceSheet(schema, s1, { type: 'sheet.undo' });
    expect(u1.rows[0].summary).toBe('A');
    expect(u1.focus).toEqual({ rowId: id(1), field: 'summary' });
    const u2 = reduceSheet(schema, u1, { type: 'sheet.undo' });
    expect(u2.rows[1].debit).toBeNull();
    expect(u2.focus).toEqual({ rowId: id(2), field: 'debit' });
    const r1 = reduceSheet(schema, u2, { type: 'sheet.redo' });
    expect(r1.rows[1].debit).toBe(100);
    expect(canRedo(r1)).toBe(true);
    const r2 = reduceSheet(schema, r1, { type: 'sheet.redo' });
    expect(r2.rows).toEqual(s1.rows);
    expect(r2.focus).toEqual({ rowId: id(2), field: 'summary' });
    expect(reduceSheet(schema, r2, { type: 'sheet.redo' })).toBe(r2);
  });

  it('a new change clears what could be redone', () => {
    const s = run([set(1, 'summary', 'A'), { type: 'sheet.undo' }, set(1, 'summary', 'B')]);
    expect(canRedo(s)).toBe(false);
    expect(s.history.past).toHaveLength(1);
  });

  it('keeps at most the history limit', () => {
    const limited: SheetSchema<Row> = { ...schema, historyLimit: 3 };
    const s = run(
      Array.from({ length: 6 }, (_, i) => set(1, 'summary', `v${i}`)),
      limited,
      createSheetState(limited),
    );
    const undone = run(Array.from({ length: 6 }, () => ({ type: 'sheet.undo' }) as Event), limited, s);
    expect(undone.rows[0].summary).toBe('v2');
  });
});

describe('locked sheet', () => {
  it('refuses every edit, undo included, until unlocked', () => {
    const s = run([set(1, 'summary', 'A'), { type: 'sheet.lock', locked: true }]);
    const events: Event[] = [
      set(1, 'summary', 'B'),
      { type: 'sheet.appendRows' },
      { type: 'sheet.deleteRow', rowId: id(1) },
      { type: 'sheet.undo' },
      { type: 'sheet.paste', anchorRowId: id(1), fields: ['summary'], values: [['x']] },
    ];
    for (const e of events) expect(reduceSheet(schema, s, e)).toBe(s);
    expect(canUndo(s)).toBe(false);
    expect(reduceSheet(schema, s, { type: 'sheet.load', rows: [] }).locked).toBe(true);
    expect(run([{ type: 'sheet.lock', locked: false }, set(1, 'summary', 'B')], schema, s).rows[0].summary).toBe('B');
  });
});

describe('invariants under any sequence of events', () => {
  const rowRef = fc.integer({ min: 1, max: 30 }).map(id);
  const field = fc.constantFrom('summary', 'subjectId', 'auxId', 'debit', 'credit');
  const value = fc.oneof(fc.constant(null), fc.constant(''), fc.string({ maxLength: 4 }), fc.constantFrom('s1001', 's6602', 'd1'), fc.integer({ min: -MAX_COST_CENTS, max: MAX_COST_CENTS }), fc.integer());
  const event: fc.Arbitrary<Event> = fc.oneof(
    fc.record({ type: fc.constant('sheet.setCell' as const), rowId: rowRef, field, value }),
    fc.record({ type: fc.constant('sheet.balance' as const), rowId: rowRef, field }),
    fc.record({ type: fc.constant('sheet.moveToOtherSide' as const), rowId: rowRef, field }),
    fc.record({ type: fc.constant('sheet.negate' as const), rowId: rowRef, field }),
    fc.record({ type: fc.constant('sheet.copyFromRow' as const), rowId: rowRef, field, from: fc.constantFrom('previous' as const, 'first' as const) }),
    fc.record({ type: fc.constant('sheet.appendRows' as const) }),
    fc.record({ type: fc.constant('sheet.insertRowAbove' as const), rowId: rowRef }),
    fc.record({ type: fc.constant('sheet.copyRow' as const), rowId: rowRef }),
    fc.record({ type: fc.constant('sheet.deleteRow' as const), rowId: rowRef }),
    fc.constant({ type: 'sheet.undo' as const }),
    fc.constant({ type: 'sheet.redo' as const }),
  );

  it('rows stay unique, at least 20, one side per line, no zero amounts, auxiliary only where it applies; undoing everything restores the start', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const start = createSheetState(schema);
        let s = start;
        for (const e of events) {
          s = reduceSheet(schema, s, e);
          const broken: string[] = [];
          if (s.rows.length < 20) broken.push('fewer than 20 rows');
          if (new Set(s.rows.map((r) => r.id)).size !== s.rows.length) broken.push('duplicate ids');
          for (const r of s.rows) {
            if (r.debit !== null && r.credit !== null) broken.push(`${r.id} has both sides`);
            if (r.debit === 0 || r.credit === 0) broken.push(`${r.id} holds a zero amount`);
            if (r.auxId !== null && r.subjectId !== 's6602') broken.push(`${r.id} has an auxiliary item without a subject that takes one`);
            for (const v of [r.debit, r.credit]) if (v !== null && Math.abs(v) > VOUCHER_LINE_MAX_CENTS) broken.push(`${r.id} is above the maximum`);
          }
          expect(broken, JSON.stringify(e)).toEqual([]);
        }
        while (canUndo(s)) s = reduceSheet(schema, s, { type: 'sheet.undo' });
        expect(s.rows).toEqual(start.rows);
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});
