import { describe, expect, it } from 'vitest';
import { auxPopupChanged, popupRowOfLine, sideOf, type AuxPopupRow } from './voucher-aux';

const blank = (id: string): AuxPopupRow => ({ id, aux1: null, aux2: null, aux3: null, aux4: null, aux5: null, aux6: null, direction: null, amount: null });
const first: AuxPopupRow = { ...blank('voucher-aux-0'), direction: 'debit' };

describe('whether the auxiliary popup changed (closing it then asks)', () => {
  it('not for the rows it started with, nor for blank rows the grid added or an edit put back', () => {
    expect(auxPopupChanged([first], [first, blank('b1'), blank('b2')])).toBe(false);
    expect(auxPopupChanged([first], [{ ...first, id: 'other-id' }])).toBe(false);
  });
  it('for a value, an amount or a row more, or a value cleared', () => {
    expect(auxPopupChanged([first], [{ ...first, aux1: '7' }])).toBe(true);
    expect(auxPopupChanged([first], [first, { ...blank('b1'), amount: 1200 }])).toBe(true);
    const filled: AuxPopupRow = { ...first, aux1: '7', amount: 5000 };
    expect(auxPopupChanged([filled], [{ ...filled, aux1: null }])).toBe(true);
    expect(auxPopupChanged([filled], [filled, blank('b1')])).toBe(false);
  });
});

describe('the side the auxiliary popup starts on', () => {
  const line = (debit: number | null, credit: number | null) => ({ id: 'l', summary: '', subjectId: '7', auxId: null, debit, credit }) as unknown as Parameters<typeof sideOf>[0];
  it('is where the line’s amount is, else the subject’s own direction (revenue on credit), else debit', () => {
    expect(sideOf(line(500, null), false)).toBe('debit');
    expect(sideOf(line(null, 500), true)).toBe('credit');
    expect(sideOf(line(null, null), false)).toBe('credit');
    expect(sideOf(line(null, null), true)).toBe('debit');
    expect(sideOf(line(null, null))).toBe('debit');
    expect(popupRowOfLine(line(null, null), false)).toMatchObject({ direction: 'credit', amount: null });
    expect(popupRowOfLine(line(null, 800), true)).toMatchObject({ direction: 'credit', amount: 800 });
  });
});
