// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useEntityForm } from './use-entity-form';

// The form's state without a router: a page's tab state is plain component state here.
vi.mock('../../shell/tab-state', () => ({ useTabState: <T,>(_slot: string | null, initial: () => T) => useState<T>(initial) }));

const schema = z.object({ base: z.string().nullable() });
const useForm = () => useEntityForm({ schema, empty: () => ({ base: '' }), toInput: (v) => ({ base: v.base === '' ? null : v.base }) });

describe('a save answered while the user edits on', () => {
  it('takes the answer as values and baseline when nothing changed since it was sent', () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('base', 'https://a/'));
    const sent = result.current.values;
    act(() => result.current.saved(sent, { base: 'https://a/' }));
    expect(result.current.values).toEqual({ base: 'https://a/' });
    expect(result.current.dirty).toBe(false);
  });

  it('keeps an edit made while the save was on its way, unsaved (dirty) against the answer', () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('base', 'https://a/'));
    const sent = result.current.values;
    // The user clears the box before the answer arrives.
    act(() => result.current.set('base', ''));
    act(() => result.current.saved(sent, { base: 'https://a/' }));
    expect(result.current.values).toEqual({ base: '' });
    expect(result.current.dirty).toBe(true);
    // Saving again sends the cleared box.
    expect(result.current.validate()).toEqual({ base: null });
  });
});
