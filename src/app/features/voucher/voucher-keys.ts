/**
 * The voucher editor's own keys (on top of the grid kit's, grids/key-bindings.ts, and the
 * shell's, shell/key-map.ts): save, save-and-new (F12, as Kingdee clerks expect), new, and the
 * stepping through the year's vouchers. Chosen not to clash: the shell takes Alt+PageUp/PageDown
 * and Alt+M, the grid Alt+A/Insert/Delete and Ctrl+Home/End, Chromium Ctrl+N/T/W/PageUp/PageDown
 * and Alt+←/→; Ctrl+S and F12 are page-cancellable.
 *
 * The auditor's keys (spec 01 §8 "the auditor's flow"): F9 examines the voucher and shows the next
 * one; Shift+F9 asks for the reason, marks it as an error and shows the next one. F9 is free in
 * Chromium, the shell (F1, Ctrl+K, Alt+M …) and the grid kit (F7, Shift+F10); Firefox's F9 (reader
 * view) is page-cancellable.
 */
import { keyNameOf, parseChords, type KeyLike } from '../../../../grids/key-bindings';

export type VoucherCommand = 'save' | 'saveAndNew' | 'new' | 'previous' | 'next' | 'first' | 'last' | 'auditAndNext' | 'auditErrorAndNext';

export interface VoucherKeyBinding {
  command: VoucherCommand;
  keys: string;
  /** Shown in tooltips and the key list. */
  label: string;
  /** i18n key (namespace voucher). */
  helpKey: string;
}

export const VOUCHER_KEY_BINDINGS: readonly VoucherKeyBinding[] = [
  { command: 'save', keys: 'ctrl+s,command+s', label: 'Ctrl+S', helpKey: 'keys.save' },
  { command: 'saveAndNew', keys: 'f12', label: 'F12', helpKey: 'keys.saveAndNew' },
  { command: 'new', keys: 'alt+n', label: 'Alt+N', helpKey: 'keys.new' },
  { command: 'previous', keys: 'pageup,alt+up', label: 'PageUp / Alt+↑', helpKey: 'keys.previous' },
  { command: 'next', keys: 'pagedown,alt+down', label: 'PageDown / Alt+↓', helpKey: 'keys.next' },
  { command: 'first', keys: 'alt+shift+up,ctrl+shift+pageup', label: 'Alt+Shift+↑', helpKey: 'keys.first' },
  { command: 'last', keys: 'alt+shift+down,ctrl+shift+pagedown', label: 'Alt+Shift+↓', helpKey: 'keys.last' },
  { command: 'auditAndNext', keys: 'f9', label: 'F9', helpKey: 'keys.auditAndNext' },
  { command: 'auditErrorAndNext', keys: 'shift+f9', label: 'Shift+F9', helpKey: 'keys.auditErrorAndNext' },
];

/** The editor's commands (a held command comes back by its name). */
export const VOUCHER_COMMANDS: ReadonlySet<string> = new Set(VOUCHER_KEY_BINDINGS.map((b) => b.command));

const PARSED = VOUCHER_KEY_BINDINGS.map((b) => ({ binding: b, chords: parseChords(b.keys) }));

export function matchVoucherKey(event: KeyLike): VoucherKeyBinding | undefined {
  const name = keyNameOf(event);
  return PARSED.find(({ chords }) => chords.some((c) => c.key === name && c.ctrl === event.ctrlKey && c.alt === event.altKey && c.meta === event.metaKey && c.shift === event.shiftKey))?.binding;
}

export const voucherKeyLabel = (command: VoucherCommand): string => VOUCHER_KEY_BINDINGS.find((b) => b.command === command)?.label ?? '';

/** Ctrl+P prints the voucher (the print drawer), taken from the browser's own print. */
export const PRINT_KEY_LABEL = 'Ctrl+P';

/**
 * The voucher list's keys (the auditor's flow from the list): F8 examines the focused voucher and
 * moves on, Shift+F8 asks the reason and marks an error. Kept here, with the editor's, so the
 * shell's key list can show both without loading the list.
 */
export type VoucherListCommand = 'auditNext' | 'auditErrorNext';
export const VOUCHER_LIST_KEY_BINDINGS: ReadonlyArray<{ command: VoucherListCommand; keys: string; label: string; helpKey: string }> = [
  { command: 'auditNext', keys: 'f8', label: 'F8', helpKey: 'list.keys.auditNext' },
  { command: 'auditErrorNext', keys: 'shift+f8', label: 'Shift+F8', helpKey: 'list.keys.auditErrorNext' },
];
const LIST_PARSED = VOUCHER_LIST_KEY_BINDINGS.map((b) => ({ b, chords: parseChords(b.keys) }));

export function matchVoucherListKey(e: KeyLike): VoucherListCommand | undefined {
  const name = keyNameOf(e);
  return LIST_PARSED.find(({ chords }) => chords.some((c) => c.key === name && c.ctrl === e.ctrlKey && c.alt === e.altKey && c.meta === e.metaKey && c.shift === e.shiftKey))?.b.command;
}
