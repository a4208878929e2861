// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import { DateField } from './date-field';

beforeAll(() => {
  installDomShims();
});
const i18n = createInstance();
void i18n.init({ lng: 'en_US', resources: { en_US: { common: { dateOutOfRange: '{{date}} is outside {{from}} to {{to}}', dateNotReal: '{{text}} is not a real date' } } } });
afterEach(cleanup);

function renderField(props: Partial<Parameters<typeof DateField>[0]> = {}) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DateField value="2026-11-30" onChange={onChange} min="2025-01-01" max="2026-12-31" data-testid="date" {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
  const input = screen.getByTestId('date') as HTMLInputElement;
  act(() => input.focus());
  return { input, onChange };
}

/** Types the text key by key, as a clerk at normal speed (each key one input event). */
const typeKeys = (input: HTMLInputElement, text: string) => {
  for (let i = 1; i <= text.length; i++) fireEvent.input(input, { target: { value: text.slice(0, i) } });
};

describe('the date field', () => {
  it('takes a date typed key by key only once it is whole: "2025-06-1" on the way to the 15th is not the 1st', () => {
    const { input, onChange } = renderField();
    typeKeys(input, '2025-06-15');
    expect(onChange.mock.calls).toEqual([['2025-06-15', 'typing']]);
  });

  it('its clear button takes no Tab stop (a date typed after Tab went into it)', () => {
    renderField();
    const clear = document.querySelector('.mantine-InputClearButton-root, [data-input-clear], button[aria-label]') as HTMLButtonElement | null;
    const buttons = [...document.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) expect(b.tabIndex).toBe(-1);
    expect(clear).not.toBeNull();
  });

  it('a day that does not exist, typed key by key, is never taken as another day: it is refused, and said, when the field is left', () => {
    const { input, onChange } = renderField();
    // "2026-02-3" on the way to "2026-02-30" used to be taken as the 3rd.
    typeKeys(input, '2026-02-30');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('2026-02-30 is not a real date')).toBeTruthy();
  });

  it('Enter and leaving the field take what the text names, complete or not', () => {
    const { input, onChange } = renderField();
    typeKeys(input, '2025-6-1');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(onChange.mock.calls).toEqual([['2025-06-01', 'settled']]);
    // Leaving after Enter takes it once.
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledTimes(1);
    typeKeys(input, '2025-6-2');
    fireEvent.blur(input);
    expect(onChange.mock.calls.at(-1)).toEqual(['2025-06-02', 'settled']);
  });

  it('Enter closes the calendar the field opened; typing or a click opens it again', async () => {
    const { input } = renderField();
    const calendar = () => document.querySelector('[data-dates-dropdown]');
    await vi.waitFor(() => expect(calendar()).not.toBeNull());
    typeKeys(input, '2025-6-1');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await vi.waitFor(() => expect(calendar()).toBeNull());
    typeKeys(input, '2025-6-2');
    await vi.waitFor(() => expect(calendar()).not.toBeNull());
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await vi.waitFor(() => expect(calendar()).toBeNull());
    fireEvent.click(input);
    await vi.waitFor(() => expect(calendar()).not.toBeNull());
  });

  it('a date outside min…max is not taken and says why: under the field, or to the screen', () => {
    const { input, onChange } = renderField();
    typeKeys(input, '2027-01-05');
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('2027-01-05 is outside 2025-01-01 to 2026-12-31')).toBeTruthy();
    cleanup();
    const onOutOfRange = vi.fn();
    const again = renderField({ onOutOfRange });
    typeKeys(again.input, '2024-12-31');
    fireEvent.keyDown(again.input, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(again.input);
    expect(onOutOfRange.mock.calls).toEqual([['2024-12-31']]);
    expect(again.onChange).not.toHaveBeenCalled();
  });
});
