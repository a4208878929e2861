/**
 * The employee box's rules for leaving it and for F7: an emptied box clears the choice only when the
 * user emptied it (a box still waiting for the chosen employee's name keeps the value when the caret
 * merely passes through); the picker opens searched by typed text, never by the chosen label.
 */
import { describe, expect, it } from 'vitest';
import { clearsOnLeave, pickerKeyword } from './employee-field';

describe('EmployeeField rules', () => {
  it('clears on leaving only a chosen value whose text the user emptied', () => {
    expect(clearsOnLeave(7, '', true)).toBe(true);
    expect(clearsOnLeave(7, '   ', true)).toBe(true);
    expect(clearsOnLeave(7, '', false)).toBe(false);
    expect(clearsOnLeave(7, 'E010 李芳静', true)).toBe(false);
    expect(clearsOnLeave(null, '', true)).toBe(false);
  });
  it('opens the picker with the typed text, not the chosen label', () => {
    expect(pickerKeyword('cfn ', 'E010 李芳静')).toBe('cfn');
    expect(pickerKeyword('E010 李芳静', 'E010 李芳静')).toBe('');
    expect(pickerKeyword('', null)).toBe('');
  });
});
