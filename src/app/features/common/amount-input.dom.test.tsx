// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import { AmountInput } from './amount-input';

beforeAll(() => installDomShims());
afterEach(cleanup);

function Field() {
  const [v, setV] = useState('81,600.47');
  return <AmountInput label="Amount" value={v} onChange={setV} onBlur={() => undefined} testId="amount" />;
}

describe('the amount field refuses a key that cannot make an amount', () => {
  it('and keeps the selection it was typed over (Ctrl+A, "-": the whole amount stays selected for the next digit)', async () => {
    render(<MantineProvider><Field /></MantineProvider>);
    const input = screen.getByTestId('amount') as HTMLInputElement;
    act(() => input.focus());
    input.setSelectionRange(0, input.value.length);
    fireEvent.keyDown(input, { key: '-' });
    fireEvent.change(input, { target: { value: '-' } });
    await act(async () => undefined);
    expect(input.value).toBe('81,600.47');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 9]);
  });
});

describe('entering the amount field', () => {
  it('selects the amount, so digits typed replace a new record\'s 0.00 (never "0.001500")', async () => {
    render(<MantineProvider><Field /></MantineProvider>);
    const input = screen.getByTestId('amount') as HTMLInputElement;
    input.setSelectionRange(input.value.length, input.value.length);
    act(() => input.focus());
    fireEvent.focus(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
  });
});
