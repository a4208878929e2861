// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import { optionsOf, Select, typeAheadMatch } from './select';

const periods = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `第 ${i + 1} 期（2026-${String(i + 1).padStart(2, '0')}）` }));
const states = [{ value: 'a', label: 'All' }, { value: 'b', label: 'Bank' }, { value: 'c', label: 'Bookkept' }, { value: 'd', label: 'Cash', disabled: true }, { value: 'e', label: '已审核' }];

describe('type-ahead in a select', () => {
  it('picks the first option starting with the keys, else containing them (spaces ignored)', () => {
    expect(typeAheadMatch(periods, '12', null)?.value).toBe('12');
    expect(typeAheadMatch(periods, '2026-03', null)?.value).toBe('3');
    expect(typeAheadMatch(periods, '第 11', null)?.value).toBe('11');
    expect(typeAheadMatch(states, 'bo', null)?.value).toBe('c');
    expect(typeAheadMatch(states, '审', null)?.value).toBe('e');
    expect(typeAheadMatch(states, 'zz', null)).toBeNull();
  });
  it('one letter, or the same letter again, steps through the options starting with it; disabled ones never', () => {
    expect(typeAheadMatch(states, 'b', null)?.value).toBe('b');
    expect(typeAheadMatch(states, 'b', 'b')?.value).toBe('c');
    expect(typeAheadMatch(states, 'bb', 'c')?.value).toBe('b');
    expect(typeAheadMatch(states, 'c', null)).toBeNull();
    expect(typeAheadMatch(periods, '1', null)?.value).toBe('1');
  });
  it('reads strings, items and groups', () => {
    expect(optionsOf(['x', { value: '1', label: 'One' }, { group: 'G', items: [{ value: '2', label: 'Two' }] }])).toEqual([
      { value: 'x', label: 'x' }, { value: '1', label: 'One', disabled: undefined }, { value: '2', label: 'Two', disabled: undefined },
    ]);
  });
});

beforeAll(() => installDomShims());
afterEach(cleanup);

function Period({ searchable = false }: { searchable?: boolean }) {
  const [value, setValue] = useState<string | null>('1');
  return (
    <MantineProvider>
      <Select label="Period" data={periods} value={value} onChange={setValue} searchable={searchable} data-testid="period" />
      <output data-testid="chosen">{value}</output>
    </MantineProvider>
  );
}

describe('the Select of the app', () => {
  it('takes typed keys on a select that takes no typing: "12" picks December', () => {
    render(<Period />);
    const box = screen.getByTestId('period');
    box.focus();
    const clock = vi.spyOn(performance, 'now');
    try {
      clock.mockReturnValue(1000);
      fireEvent.keyDown(box, { key: '1' });
      clock.mockReturnValue(1100);
      fireEvent.keyDown(box, { key: '2' });
      expect(screen.getByTestId('chosen').textContent).toBe('12');
      // A pause starts a new word.
      clock.mockReturnValue(5000);
      fireEvent.keyDown(box, { key: '3' });
      expect(screen.getByTestId('chosen').textContent).toBe('3');
    } finally {
      clock.mockRestore();
    }
  });
  it('leaves a searchable select to its own search', () => {
    render(<Period searchable />);
    const box = screen.getByTestId('period');
    fireEvent.keyDown(box, { key: '5' });
    expect(screen.getByTestId('chosen').textContent).toBe('1');
  });
});
