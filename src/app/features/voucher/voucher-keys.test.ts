import { describe, expect, it } from 'vitest';
import { GRID_KEY_BINDINGS, parseChords } from '../../../../grids/key-bindings';
import { SHELL_KEY_BINDINGS } from '../../shell/key-map';
import { matchVoucherKey, VOUCHER_KEY_BINDINGS } from './voucher-keys';

const chordIds = (keys: string) => parseChords(keys).map((c) => `${c.ctrl}${c.alt}${c.meta}${c.shift}:${c.key}`);

describe('voucher editor keys', () => {
  it('F9 examines and goes on, Shift+F9 marks an error and goes on', () => {
    const k = (key: string, shiftKey = false) => matchVoucherKey({ key, ctrlKey: false, altKey: false, shiftKey, metaKey: false })?.command;
    expect(k('F9')).toBe('auditAndNext');
    expect(k('F9', true)).toBe('auditErrorAndNext');
    expect(matchVoucherKey({ key: 'F9', ctrlKey: true, altKey: false, shiftKey: false, metaKey: false })).toBeUndefined();
  });

  it('no voucher key is a chord of the grid kit or of the shell, and none is bound twice', () => {
    const taken = new Set([...GRID_KEY_BINDINGS, ...SHELL_KEY_BINDINGS].flatMap((b) => chordIds(b.keys)));
    const own = VOUCHER_KEY_BINDINGS.flatMap((b) => chordIds(b.keys));
    expect(own.filter((c) => taken.has(c))).toEqual([]);
    expect(new Set(own).size).toBe(own.length);
  });
});
