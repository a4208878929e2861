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

  it('keeps a box cleared back to its old value while the save is on its way, when the reload lands first', async () => {
    const { result } = renderHook(useForm);
    // The page opened with an empty address (baseline '').
    act(() => result.current.set('base', 'https://a/'));
    let answer!: (v: { base: string }) => void;
    let saving!: Promise<boolean>;
    act(() => {
      saving = result.current.saveWith(() => new Promise((r) => (answer = r)));
    });
    // Cleared again (back to the old baseline) right after Enter ...
    act(() => result.current.set('base', ''));
    // ... then the config reload the save set off lands before the save's own answer.
    act(() => result.current.load({ base: 'https://a/' }));
    expect(result.current.values).toEqual({ base: '' });
    await act(async () => {
      answer({ base: 'https://a/' });
      expect(await saving).toBe(true);
    });
    expect(result.current.values).toEqual({ base: '' });
    expect(result.current.dirty).toBe(true);
    expect(result.current.validate()).toEqual({ base: null });
  });

  it('a refused save leaves the values and forgets what it sent', async () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('base', 'https://a/'));
    await act(async () => {
      await expect(result.current.saveWith(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    });
    // A reload now compares with the baseline again: the unsaved value stays an edit.
    act(() => result.current.load({ base: 'https://b/' }));
    expect(result.current.values).toEqual({ base: 'https://a/' });
    expect(result.current.dirty).toBe(true);
  });
});

describe('a default that arrives after the form was seeded', () => {
  const two = z.object({ code: z.string(), dept: z.string().nullable() });
  const useTwo = () => useEntityForm({ schema: two, empty: () => ({ code: '', dept: null as string | null }) });

  it('fills an untouched field, not as an edit, while the user types elsewhere', () => {
    const { result } = renderHook(useTwo);
    act(() => result.current.set('code', 'E1'));
    act(() => result.current.preset('dept', '7'));
    expect(result.current.values).toEqual({ code: 'E1', dept: '7' });
    // Only the code is an edit: clearing it leaves the form clean.
    act(() => result.current.set('code', ''));
    expect(result.current.dirty).toBe(false);
  });

  it('leaves a field the user already chose', () => {
    const { result } = renderHook(useTwo);
    act(() => result.current.set('dept', '3'));
    act(() => result.current.preset('dept', '7'));
    expect(result.current.values.dept).toBe('3');
    expect(result.current.dirty).toBe(true);
  });
});
