// @vitest-environment jsdom
/**
 * A choice typed into a select before its options arrive, or typed faster than Mantine's 0 ms timer
 * after the list opens, is taken by Enter (documents to vouchers: the paying account and the kinds'
 * debit subjects, typed on a fresh page; the app's other searchable selects outside form dialogs).
 */
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import { FirstMatchMultiSelect, FirstMatchSelect, optionForEnter, type FirstMatchOption } from './first-match-select';

// jsdom lays nothing out and lacks what Mantine's popups ask of the browser.
beforeAll(() => {
  installDomShims();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const BANKS: FirstMatchOption[] = [{ value: '1', label: 'B001 ICBC basic' }, { value: '2', label: 'B002 CMB general' }];

function Screen({ data, onChange }: { data: FirstMatchOption[]; onChange: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <MantineProvider>
      <FirstMatchSelect data-testid="bank" data={data} value={value} allowDeselect={false} clearable
        onChange={(v) => { setValue(v); onChange(v); }} />
    </MantineProvider>
  );
}

const typeInto = (input: HTMLElement, text: string) => {
  for (let i = 1; i <= text.length; i += 1) fireEvent.input(input, { target: { value: text.slice(0, i) } });
};
const enter = (input: HTMLElement) => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });

describe('FirstMatchSelect', () => {
  it('takes the first match of text typed before the options arrived', () => {
    const chosen = vi.fn();
    const { rerender } = render(<Screen data={[]} onChange={chosen} />);
    const input = screen.getByTestId('bank') as HTMLInputElement;
    act(() => input.focus());
    typeInto(input, 'B002');
    rerender(<Screen data={BANKS} onChange={chosen} />);
    expect(screen.getByRole('option', { name: 'B002 CMB general' })).toBeTruthy();
    enter(input);
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(chosen).toHaveBeenCalledWith('2');
    expect(input.value).toBe('B002 CMB general');
  });

  it('takes the highlighted first match when the keys ran before the timer Mantine starts as the list opens', () => {
    vi.useFakeTimers();
    const chosen = vi.fn();
    render(<Screen data={BANKS} onChange={chosen} />);
    const input = screen.getByTestId('bank') as HTMLInputElement;
    act(() => input.focus());
    // A busy browser runs the queued keys first, then the list's 0 ms timer (which registers no option).
    typeInto(input, 'B00');
    act(() => { vi.runAllTimers(); });
    expect(screen.getByRole('option', { name: 'B001 ICBC basic' }).hasAttribute('data-combobox-selected')).toBe(true);
    enter(input);
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(chosen).toHaveBeenCalledWith('1');
    expect(input.value).toBe('B001 ICBC basic');
  });

  it('keeps ↓ and Enter: the option moved to is taken', () => {
    const chosen = vi.fn();
    render(<Screen data={BANKS} onChange={chosen} />);
    const input = screen.getByTestId('bank') as HTMLInputElement;
    act(() => input.focus());
    typeInto(input, 'B');
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    enter(input);
    expect(chosen).toHaveBeenLastCalledWith('2');
  });
});

describe('FirstMatchSelect, the box\'s text or the value not held by the select', () => {
  it('a caller holding the text (a search on the server) hears the typing and the chosen label', () => {
    const heard: string[] = [];
    function Held() {
      const [search, setSearch] = useState('');
      const [value, setValue] = useState<string | null>(null);
      return (
        <MantineProvider>
          <FirstMatchSelect data-testid="project" data={BANKS} value={value} onChange={setValue} clearable
            searchValue={search} onSearchChange={(s) => { heard.push(s); setSearch(s); }} filter={({ options }) => options} />
        </MantineProvider>
      );
    }
    render(<Held />);
    const input = screen.getByTestId('project') as HTMLInputElement;
    act(() => input.focus());
    typeInto(input, 'CMB');
    enter(input);
    // The caller's filter shows every option: the first one shown is taken.
    expect(input.value).toBe('B001 ICBC basic');
    expect(heard).toContain('CMB');
    expect(heard[heard.length - 1]).toBe('B001 ICBC basic');
  });

  it('a select whose value is not held (an "add" box) takes the first match and reports it', () => {
    const chosen = vi.fn();
    render(<MantineProvider><FirstMatchSelect data-testid="add" data={BANKS} onChange={chosen} /></MantineProvider>);
    const input = screen.getByTestId('add') as HTMLInputElement;
    act(() => input.focus());
    typeInto(input, 'B002');
    enter(input);
    expect(chosen).toHaveBeenCalledWith('2', expect.objectContaining({ value: '2' }));
    expect(input.value).toBe('B002 CMB general');
  });
});

describe('optionForEnter', () => {
  const field = (attrs: Record<string, string>, value: string) => {
    const input = document.createElement('input');
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    input.value = value;
    return input;
  };
  const open = { 'aria-expanded': 'true', 'aria-controls': 'list' };
  it('the highlighted option; else, with text typed over the box, the first one the list shows; else none', () => {
    document.body.innerHTML = '<div id="list"><div data-combobox-option data-combobox-disabled id="x">B000</div><div data-combobox-option id="a">B001</div><div data-combobox-option id="b">B002</div></div>';
    expect(optionForEnter(field(open, 'B00'), undefined, true)?.id).toBe('a');
    document.getElementById('b')!.setAttribute('data-combobox-selected', 'true');
    expect(optionForEnter(field(open, 'B00'), undefined, true)?.id).toBe('b');
    document.getElementById('b')!.removeAttribute('data-combobox-selected');
    // Nothing typed, the chosen option's label in the box, or the list closed: Mantine's Enter.
    expect(optionForEnter(field(open, 'B00'), undefined, false)).toBeNull();
    expect(optionForEnter(field(open, '  '), undefined, true)).toBeNull();
    expect(optionForEnter(field(open, 'B001'), 'B001', true)).toBeNull();
    expect(optionForEnter(field({ ...open, 'aria-expanded': 'false' }, 'B00'), undefined, true)).toBeNull();
    document.body.innerHTML = '';
  });
});

describe('FirstMatchMultiSelect', () => {
  // A project's clients: found by the name or the start of its pinyin initials, as the picker filter does.
  const CLIENTS = [{ value: '1', label: 'C0001 华夏华夏科技有限公司', initials: 'hxhxkjyxgs' }, { value: '2', label: 'C0002 华夏东方贸易有限公司', initials: 'hxdfmyyxgs' }];
  const byInitials = ({ options, search }: { options: unknown[]; search: string }) =>
    (options as typeof CLIENTS).filter((o) => o.label.includes(search) || o.initials.startsWith(search.trim().toLowerCase()));

  function Clients({ onChange }: { onChange: (v: string[]) => void }) {
    const [value, setValue] = useState<string[]>([]);
    return (
      <MantineProvider>
        <FirstMatchMultiSelect data-testid="clients" data={CLIENTS} filter={byInitials as never} value={value}
          onChange={(v) => { setValue(v); onChange(v); }} />
      </MantineProvider>
    );
  }

  /** The clients box rendered and focused: its input and the spy its changes go to. */
  function focusedClients() {
    const chosen = vi.fn();
    render(<Clients onChange={chosen} />);
    const input = screen.getByTestId('clients') as HTMLInputElement;
    act(() => input.focus());
    return { input, chosen };
  }

  it('Enter after typing ticks the first match, without ↓; the search then empties and the next Enter ticks nothing', () => {
    const { input, chosen } = focusedClients();
    typeInto(input, 'hxhx');
    expect(screen.getByRole('option', { name: 'C0001 华夏华夏科技有限公司' })).toBeTruthy();
    enter(input);
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(chosen).toHaveBeenLastCalledWith(['1']);
    expect(input.value).toBe('');
    enter(input);
    expect(chosen).toHaveBeenCalledTimes(1);
  });

  it('skips the matches already ticked (Enter does not untick them)', () => {
    const { input, chosen } = focusedClients();
    typeInto(input, 'hx');
    enter(input);
    expect(chosen).toHaveBeenLastCalledWith(['1']);
    typeInto(input, 'hx');
    enter(input);
    expect(chosen).toHaveBeenLastCalledWith(['1', '2']);
    // All matches ticked: Enter ticks nothing more and unticks nothing.
    typeInto(input, 'hx');
    enter(input);
    expect(chosen).toHaveBeenCalledTimes(2);
  });

  it('keeps ↑ ↓ and Enter: the option moved to is ticked', () => {
    const { input, chosen } = focusedClients();
    typeInto(input, 'hx');
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    enter(input);
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(chosen).toHaveBeenLastCalledWith(['2']);
  });
});
