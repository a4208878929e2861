/**
 * A searchable select on which Enter takes what the user sees: the highlighted option, else (after
 * typing) the first option matching the typed text, whenever the options arrived. Every searchable
 * Select outside a form dialog is one of these (a form dialog's selects get the same from the
 * dialog: highlightedOption, DIALOG_THEME in form-dialog.tsx).
 *
 * Mantine's Select takes on Enter the option whose index it registered, not the one it shows
 * highlighted, and the two part in two ways, both dropping a choice typed early: the options
 * arrive after the typing (the bank accounts still loading on a fresh page), and no option is
 * registered as none was there when the text changed; or the list opens with the first keystroke
 * and Mantine re-reads the "active" option on a 0 ms timer that, on a busy machine, Chromium runs
 * after the queued keystrokes (input first), registering no option in an empty select. Either way
 * the first option shows highlighted, Enter takes nothing, and leaving the field empties it.
 * Here Enter is handled before Mantine's handler (capture phase) from what the list shows, as a form
 * dialog handles it (highlightedOption) with the first match added for late options, and the box
 * then shows the option's label, also when it was the option already chosen (Mantine leaves the
 * typed text there until the field is left).
 *
 * The box's text is the select's own unless the caller controls it (searchValue + onSearchChange:
 * a list searched on the server as the user types); the value may be controlled or not.
 *
 * FirstMatchMultiSelect is the same for a searchable multi-select (a project's clients and
 * directors): Mantine's MultiSelect highlights nothing as the user types, so "hxhx" + Enter ticked
 * nothing and only ↓ Enter took the match. There Enter with text typed ticks the first option the
 * list shows that is not ticked yet; the search then empties (Mantine's), so the next Enter is the
 * form's again (a dialog saves), never a second option ticked.
 */
import { useRef, useState, type FocusEvent, type InputEvent, type KeyboardEvent, type Ref } from 'react';
import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { highlightedOption } from './form-dialog';

export interface FirstMatchOption { value: string; label: string; disabled?: boolean }

export type FirstMatchSelectProps = Omit<SelectProps, 'data' | 'searchable' | 'selectFirstOptionOnChange'> & { data: FirstMatchOption[]; ref?: Ref<HTMLInputElement> };

/** The options Enter may take unhighlighted: any enabled one; in a multi-select, one not ticked yet. */
const OPTION = '[data-combobox-option]:not([data-combobox-disabled])';
const UNTICKED_OPTION = `${OPTION}:not([data-checked])`;

/**
 * The option Enter takes in the open list of `input`, or null (Enter then does what Mantine does):
 * the one the list shows highlighted (highlightedOption, as a form dialog's selects take it), else,
 * with text typed over the box, the first option the list shows for it (the options arrived after
 * the typing: nothing highlighted); `candidates` says which options count (a multi-select's
 * ticked ones do not: Enter would untick them).
 */
export function optionForEnter(input: HTMLInputElement, currentLabel: string | undefined, typed: boolean, candidates = OPTION): HTMLElement | null {
  const highlighted = highlightedOption(input);
  if (highlighted) return highlighted;
  if (!typed || !input.value.trim() || input.value === currentLabel || input.getAttribute('aria-expanded') !== 'true') return null;
  const listId = input.getAttribute('aria-controls');
  return (listId ? document.getElementById(listId) : null)?.querySelector<HTMLElement>(candidates) ?? null;
}

/** Whether a key is an Enter typed to choose (not one ending a Chinese composition). */
const choosingEnter = (e: KeyboardEvent<HTMLInputElement>) => e.key === 'Enter' && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229;

export function FirstMatchSelect({ data, value, defaultValue, onChange, searchValue, onSearchChange, onKeyDownCapture, onInput, onBlur, ...rest }: FirstMatchSelectProps) {
  /** Text typed since the list's highlight was last moved by the keyboard (↑ ↓ choose themselves). */
  const typed = useRef(false);
  /** The box's text (Mantine sets it as it would its own: typing, a chosen value's label, leaving the field), unless the caller holds it. */
  const [ownSearch, setOwnSearch] = useState('');
  const search = searchValue ?? ownSearch;
  const setSearch = (s: string) => {
    if (searchValue === undefined) setOwnSearch(s);
    onSearchChange?.(s);
  };
  /** The value chosen last, for a select whose value the caller does not hold. */
  const [ownValue, setOwnValue] = useState<string | null>(defaultValue ?? null);
  const current = value === undefined ? ownValue : value;
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDownCapture?.(e);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') typed.current = false;
    if (!choosingEnter(e)) return;
    const option = optionForEnter(e.currentTarget, data.find((o) => o.value === current)?.label, typed.current);
    if (!option) return;
    // Taken here, once: Mantine's own Enter handler (bubble phase) does not run.
    e.preventDefault();
    e.stopPropagation();
    typed.current = false;
    const label = data.find((o) => o.label === option.textContent?.trim())?.label;
    option.click();
    if (label !== undefined) setSearch(label);
  };
  return (
    <Select
      {...rest}
      data={data}
      value={value}
      defaultValue={defaultValue}
      onChange={(v, option) => { setOwnValue(v); onChange?.(v, option); }}
      searchable
      selectFirstOptionOnChange
      searchValue={search}
      onSearchChange={setSearch}
      onInput={(e: InputEvent<HTMLInputElement>) => { typed.current = true; onInput?.(e); }}
      onKeyDownCapture={onKey}
      onBlur={(e: FocusEvent<HTMLInputElement>) => { typed.current = false; onBlur?.(e); }}
    />
  );
}

export type FirstMatchMultiSelectProps = Omit<MultiSelectProps, 'searchable'> & { ref?: Ref<HTMLInputElement> };

/**
 * A searchable multi-select on which Enter, with text typed, ticks the first option the list shows
 * not ticked yet (or the highlighted one, after ↑ ↓), as FirstMatchSelect takes the first match.
 */
export function FirstMatchMultiSelect({ onKeyDownCapture, onInput, onBlur, ...rest }: FirstMatchMultiSelectProps) {
  /** Text typed since the list's highlight was last moved by the keyboard (↑ ↓ choose themselves). */
  const typed = useRef(false);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDownCapture?.(e);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') typed.current = false;
    if (!choosingEnter(e)) return;
    const option = optionForEnter(e.currentTarget, undefined, typed.current, UNTICKED_OPTION);
    if (!option) return;
    // Taken here, once: Mantine's own Enter handler (bubble phase) and a dialog's save do not run.
    e.preventDefault();
    e.stopPropagation();
    typed.current = false;
    option.click();
  };
  return (
    <MultiSelect
      {...rest}
      searchable
      onInput={(e: InputEvent<HTMLInputElement>) => { typed.current = true; onInput?.(e); }}
      onKeyDownCapture={onKey}
      onBlur={(e: FocusEvent<HTMLInputElement>) => { typed.current = false; onBlur?.(e); }}
    />
  );
}
