/**
 * What the cell editors make of the keys they handle themselves and of the text typed into them.
 * Pure, so the rules (Enter, Tab and a click elsewhere read the text the same way; F7 opens the
 * picker even while editing) are unit-tested without a browser.
 *
 * hotkeys-js ignores keys typed into inputs, so an open editor handles Enter, Tab and F7 itself;
 * everything else (Esc, arrows inside the text) is AG Grid's or the input's.
 */
import type { KeyLike } from './key-bindings';
import type { MoveAfterEdit } from './kit-context';
import type { CellValue, DataColumn, SheetRow } from './sheet-schema';

export type EditorKeyAction = 'commitNext' | 'commitPrevious' | 'tabNext' | 'tabPrevious' | 'openPicker';

/**
 * The editor's own keys: Enter / Shift+Enter commit and move in the entry order, Tab / Shift+Tab
 * commit and move to the next / previous cell that takes a value — in both cases the caret lands
 * on the cell ready for typing, as in a spreadsheet (not in another open editor) — and F7 opens
 * the picker.
 */
export function editorKeyAction(event: KeyLike): EditorKeyAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.key === 'Enter') return event.shiftKey ? 'commitPrevious' : 'commitNext';
  if (event.key === 'Tab') return event.shiftKey ? 'tabPrevious' : 'tabNext';
  if (event.key === 'F7' && !event.shiftKey) return 'openPicker';
  return null;
}

/** Where each committing key sends the caret. */
export const EDITOR_MOVES: Record<Exclude<EditorKeyAction, 'openPicker'>, MoveAfterEdit> = {
  commitNext: 'next',
  commitPrevious: 'previous',
  tabNext: 'tabNext',
  tabPrevious: 'tabPrevious',
};

/** A refusal's `message` is the column's own reason (LookupResolution), said instead of the code's text. */
export type LookupReading = { ok: true; value: CellValue } | { ok: false; code: 'LOOKUP_NOT_FOUND' | 'LOOKUP_AMBIGUOUS'; message?: string };

/**
 * Reads the text of a text or lookup editor into the cell's value: text cells take it as typed; a
 * lookup cell keeps its value when the text is still what it showed, is emptied by empty text,
 * and otherwise takes what `lookup.resolve` finds — or says why nothing was found.
 */
export function readEditorText<R extends SheetRow>(column: DataColumn<R> | undefined, text: string, shown: string, initialValue: CellValue, row: R): LookupReading {
  if (!column || column.kind !== 'lookup') return { ok: true, value: text };
  const trimmed = text.trim();
  if (trimmed === shown.trim()) return { ok: true, value: initialValue };
  if (trimmed === '') return { ok: true, value: null };
  const resolved = column.lookup?.resolve(trimmed, row);
  if (resolved?.ok) return { ok: true, value: resolved.value };
  const code = resolved?.reason === 'ambiguous' ? 'LOOKUP_AMBIGUOUS' : 'LOOKUP_NOT_FOUND';
  return resolved?.message ? { ok: false, code, message: resolved.message } : { ok: false, code };
}

/** The picker's initial query from the editor: what was typed, or nothing when the editor still shows the cell's own value. */
export function pickerQuery(text: string, shown: string): string {
  const trimmed = text.trim();
  return trimmed === shown.trim() ? '' : trimmed;
}

/**
 * `..` (copy the cell of the previous row) and `//` (of the first row) as typed in a text or
 * lookup cell — also as a Chinese input method types them: `。。` and `、、` in pinyin mode,
 * `．．` and `／／` in full-width mode (any mix of the forms of one key).
 */
export function copyFromRowKey(text: string): 'previous' | 'first' | null {
  const s = text.replace(/[。．｡]/g, '.').replace(/[、／]/g, '/');
  if (s === '..') return 'previous';
  if (s === '//') return 'first';
  return null;
}

/**
 * The text an editor starts with: empty for Backspace / Delete and for an input method's first
 * key (its composition lands in the empty editor, as a typed character replaces the cell), the
 * typed character, or the cell's own text (F2, double click).
 */
export function startingText(eventKey: string | null | undefined, shown: string): string {
  if (eventKey === 'Backspace' || eventKey === 'Delete' || eventKey === 'Process') return '';
  if (eventKey && eventKey.length === 1) return eventKey;
  return shown;
}
