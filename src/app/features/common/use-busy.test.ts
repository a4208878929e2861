// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBusy } from './use-busy';

describe('useBusy', () => {
  it('refuses a second exclusive call made before React draws again, and frees itself after', async () => {
    const { result } = renderHook(useBusy);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let runs = 0;
    const work = async () => {
      runs += 1;
      await gate;
      return 'saved';
    };
    // Both calls from the same render's handle (a handler made before the first call was drawn).
    const { exclusive } = result.current;
    let first!: Promise<string | null>;
    let second!: Promise<string | null>;
    await act(async () => {
      first = exclusive(work, null);
      second = exclusive(work, null);
      expect(await second).toBeNull();
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.busyNow()).toBe(true);
    await act(async () => {
      release();
      expect(await first).toBe('saved');
    });
    expect(runs).toBe(1);
    expect(result.current.busy).toBe(false);
    expect(result.current.busyNow()).toBe(false);
  });

  it('frees itself when the work throws', async () => {
    const { result } = renderHook(useBusy);
    await act(async () => {
      await expect(result.current.exclusive(() => Promise.reject(new Error('refused')), null)).rejects.toThrow('refused');
    });
    expect(result.current.busyNow()).toBe(false);
    expect(await act(() => result.current.exclusive(async () => 1, 0))).toBe(1);
  });
});
