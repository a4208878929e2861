// @vitest-environment jsdom
/**
 * A project's clients and directors: "hxhx" (a client's pinyin initials) then Enter ticks the first
 * match, as the single selects (the department: "ssz" + Enter) take theirs; ↓ is not needed.
 */
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import { RefMultiField, type Ref } from './ref-multi-field';

beforeAll(() => {
  installDomShims();
});
afterEach(() => {
  cleanup();
});

const CLIENTS: Ref[] = [
  { id: 1, code: 'C0001', name: '华夏华夏科技有限公司', nameInitials: 'hxhxkjyxgs' },
  { id: 2, code: 'C0002', name: '东方华夏贸易有限公司', nameInitials: 'dfhxmyyxgs' },
];

function Field({ onChange }: { onChange: (v: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MantineProvider>
      <RefMultiField label="Clients" known={CLIENTS.filter((c) => value.includes(String(c.id)))} rows={CLIENTS} onSearch={() => {}} testId="project-clients"
        value={value} onChange={(v) => { setValue(v); onChange(v); }} picker={() => null} />
    </MantineProvider>
  );
}

describe('RefMultiField', () => {
  it('Enter after the initials ticks the first match, without ↓', () => {
    const chosen = vi.fn();
    render(<Field onChange={chosen} />);
    const input = screen.getByTestId('project-clients') as HTMLInputElement;
    act(() => input.focus());
    for (const [i] of [...'hxhx'].entries()) fireEvent.input(input, { target: { value: 'hxhx'.slice(0, i + 1) } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['C0001 华夏华夏科技有限公司']);
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(chosen).toHaveBeenLastCalledWith(['1']);
    expect(input.value).toBe('');
  });
});
