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
 */
import { useRef, useState, type FocusEvent, type InputEvent, type KeyboardEvent, type Ref } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { highlightedOption } from './form-dialog';

export interface FirstMatchOption { value: string; label: string; disabled?: boolean }

export type FirstMatchSelectProps = Omit<SelectProps, 'data' | 'searchable' | 'selectFirstOptionOnChange'> & { data: FirstMatchOption[]; ref?: Ref<HTMLInputElement> };

/**
 * The option Enter takes in the open list of `input`, or null (Enter then does what Mantine does):
 * the one the list shows highlighted (highlightedOption, as a form dialog's selects take it), else,
 * with text typed over the box, the first option the list shows for it (the options arrived after
 * the typing: nothing highlighted).
 */
export function optionForEnter(input: HTMLInputElement, currentLabel: string | undefined, typed: boolean): HTMLElement | null {
  const highlighted = highlightedOption(input);
  if (highlighted) return highlighted;
  if (!typed || !input.value.trim() || input.value === currentLabel || input.getAttribute('aria-expanded') !== 'true') return null;
  const listId = input.getAttribute('aria-controls');
  return (listId ? document.getElementById(listId) : null)?.querySelector<HTMLElement>('[data-combobox-option]:not([data-combobox-disabled])') ?? null;
}

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
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229) return;
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
