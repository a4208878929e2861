import { describe, expect, it } from 'vitest';
import { copyFromRowKey, editorKeyAction, pickerQuery, readEditorText, startingText } from './editor-input';
import type { KeyLike } from './key-bindings';
import { findDataColumn } from './sheet-schema';
import { testSchema } from './voucher-kit.fixtures';
import type { VoucherKitRow } from './voucher-kit.columns';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...mods });

describe('keys an open editor handles itself (hotkeys-js ignores inputs)', () => {
  it.each<[KeyLike, string | null]>([
    [key('Enter'), 'commitNext'],
    [key('Enter', { shiftKey: true }), 'commitPrevious'],
    [key('Tab'), 'tabNext'],
    [key('Tab', { shiftKey: true }), 'tabPrevious'],
    [key('F7'), 'openPicker'],
    [key('F7', { ctrlKey: true }), null],
    [key('Enter', { ctrlKey: true }), null],
    [key('a'), null],
    [key('Escape'), null],
  ])('%o → %s', (event, action) => {
    expect(editorKeyAction(event)).toBe(action);
  });
});

describe('reading editor text (Enter, Tab and a click elsewhere alike)', () => {
  const schema = testSchema();
  const subject = findDataColumn(schema, 'subjectId');
  const summary = findDataColumn(schema, 'summary');
  const row: VoucherKitRow = { id: 'r', summary: '', subjectId: 's1001', auxId: null, debit: null, credit: null };

  it('takes text cells as typed', () => {
    expect(readEditorText(summary, ' Rent ', '', '', row)).toEqual({ ok: true, value: ' Rent ' });
  });

  it('keeps a lookup value whose text is unchanged, empties it on empty text, resolves typed codes', () => {
    expect(readEditorText(subject, '1001 Cash', '1001 Cash', 's1001', row)).toEqual({ ok: true, value: 's1001' });
    expect(readEditorText(subject, '  ', '1001 Cash', 's1001', row)).toEqual({ ok: true, value: null });
    expect(readEditorText(subject, '2221', '1001 Cash', 's1001', row)).toEqual({ ok: true, value: 's2221' });
  });

  it('says why lookup text does not read, instead of dropping it', () => {
    expect(readEditorText(subject, '9999', '', null, row)).toEqual({ ok: false, code: 'LOOKUP_NOT_FOUND' });
    expect(readEditorText(subject, '6', '', null, row)).toEqual({ ok: false, code: 'LOOKUP_AMBIGUOUS' });
  });

  it('gives the picker what was typed, not the cell’s own text', () => {
    expect(pickerQuery(' 66 ', '')).toBe('66');
    expect(pickerQuery('1001 Cash', '1001 Cash')).toBe('');
  });
});

describe('`..` and `//`, also from a Chinese input method', () => {
  it.each<[string, 'previous' | 'first' | null]>([
    ['..', 'previous'],
    ['。。', 'previous'],
    ['．．', 'previous'],
    ['.。', 'previous'],
    ['//', 'first'],
    ['、、', 'first'],
    ['／／', 'first'],
    ['.', null],
    ['。', null],
    ['./', null],
    ['...', null],
    ['a..', null],
  ])('%j → %s', (text, from) => {
    expect(copyFromRowKey(text)).toBe(from);
  });
});

describe('the text an editor starts with', () => {
  it.each<[string | null, string]>([
    ['a', 'a'],
    ['Backspace', ''],
    ['Delete', ''],
    // An input method's first key: its composition lands in an empty editor, as a typed character would.
    ['Process', ''],
    [null, 'shown'],
    ['F2', 'shown'],
  ])('%j → %j', (key, text) => {
    expect(startingText(key, 'shown')).toBe(text);
  });
});
