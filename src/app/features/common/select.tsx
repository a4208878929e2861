/**
 * The app's Select: Mantine's, with type-ahead on a select that takes no typing (not searchable), as
 * a native <select> has it. Typing picks the first option whose label starts with the keys typed in
 * quick succession (spaces ignored), else the first that contains them: "12" picks
 * "第 12 期（2026-12）", "b" "Bank", "审" "已审核"; the same letter again steps to the next option
 * starting with it. The choice is made at once (the value changes, as a native select's does) and
 * an open list closes, so Enter cannot then take the option Mantine still had highlighted.
 * Without it a keyboard user reached December with eleven ↓ presses; a select that is searchable
 * already takes typing (FirstMatchSelect, form dialogs' selects).
 *
 * Every select of the app comes from here (eslint: no Select from '@mantine/core' elsewhere).
 */
import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Select as MantineSelect, type ComboboxItem, type SelectProps } from '@mantine/core';

/** How long keys typed one after another count as one word (ms), as in a native select. */
export const TYPE_AHEAD_MS = 800;

type Option = { value: string; label: string; disabled?: boolean };

/** The options of Mantine's `data` (strings, items, groups) in the order the list shows them. */
export function optionsOf(data: SelectProps['data']): Option[] {
  const out: Option[] = [];
  for (const d of data ?? []) {
    if (typeof d === 'string') out.push({ value: d, label: d });
    else if ('group' in d) out.push(...optionsOf(d.items as SelectProps['data']));
    else out.push({ value: d.value, label: d.label ?? d.value, disabled: d.disabled });
  }
  return out;
}

const norm = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, '');

/**
 * The option keys typed in a row (`typed`) pick, from `options`, with `current` the value chosen
 * now: the same letter repeated steps to the next option starting with it (after the current one,
 * round the list); else the first option starting with the keys, else the first containing them.
 * Disabled options are never picked. Null when none matches.
 */
export function typeAheadMatch(options: readonly Option[], typed: string, current: string | null): Option | null {
  const keys = norm(typed);
  if (!keys) return null;
  const open = options.filter((o) => !o.disabled);
  const repeated = keys.length > 1 && [...keys].every((c) => c === keys[0]);
  if (keys.length === 1 || repeated) {
    const starting = open.filter((o) => norm(o.label).startsWith(keys[0]!));
    if (starting.length) {
      const at = starting.findIndex((o) => o.value === current);
      // One letter: the first option starting with it, or the next one when the current starts with it too.
      return starting[at < 0 ? 0 : (at + 1) % starting.length]!;
    }
    if (repeated) return null;
  }
  return open.find((o) => norm(o.label).startsWith(keys)) ?? open.find((o) => norm(o.label).includes(keys)) ?? null;
}

/** A printable key that types a character (no Ctrl / Alt / Meta, not while composing Chinese). */
const typesCharacter = (e: KeyboardEvent<HTMLInputElement>) =>
  e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229;

export function Select(props: SelectProps & { ref?: Ref<HTMLInputElement> }) {
  const { data, value, defaultValue, onChange, onKeyDown, dropdownOpened, onDropdownOpen, onDropdownClose, searchable, readOnly, disabled } = props;
  const typed = useRef({ text: '', at: 0 });
  const [ownValue, setOwnValue] = useState<string | null>(defaultValue ?? null);
  const [ownOpened, setOwnOpened] = useState(false);
  const current = value === undefined ? ownValue : value;
  const opened = dropdownOpened ?? ownOpened;

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || searchable || readOnly || disabled || !typesCharacter(e)) return;
    const now = performance.now();
    const text = (now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text : '') + e.key;
    typed.current = { text, at: now };
    // A space starting a word is the list's own key (it opens the list); inside one it is typed.
    if (e.key === ' ' && text.trim() === '') return;
    const match = typeAheadMatch(optionsOf(data), text, current ?? null);
    // A key that picks nothing stays the page's (the key help's '?', a screen's letter).
    if (!match) return;
    e.preventDefault();
    if (match.value !== current) {
      if (value === undefined) setOwnValue(match.value);
      onChange?.(match.value, { value: match.value, label: match.label } as ComboboxItem);
    }
    if (opened) {
      if (dropdownOpened === undefined) setOwnOpened(false);
      onDropdownClose?.();
    }
  };

  if (searchable) return <MantineSelect {...props} />;
  // The value is held here (the caller's or this select's own): Mantine gets it controlled.
  const { defaultValue: _held, ...rest } = props;
  return (
    <MantineSelect
      {...rest}
      value={current}
      onChange={(v, option) => {
        if (value === undefined) setOwnValue(v);
        onChange?.(v, option);
      }}
      dropdownOpened={opened}
      onDropdownOpen={() => {
        if (dropdownOpened === undefined) setOwnOpened(true);
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        if (dropdownOpened === undefined) setOwnOpened(false);
        onDropdownClose?.();
      }}
      onKeyDown={onKey}
    />
  );
}
