/**
 * State kept per visited-page tab: what an editor page holds (a form draft, later a voucher
 * machine's context) survives switching to another tab and back, and is dropped only when the
 * tab closes, its changes are discarded, or the session ends. Pages read it like useState:
 *
 *   const [draft, setDraft] = useTabState('companyInfo:3', () => emptyDraft());
 *
 * Keys are the tab's pathname plus a slot name chosen by the page (include whatever the state
 * belongs to, e.g. the company id, so another company's draft is never shown).
 */
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation, useMatch } from '@tanstack/react-router';
import { tabsStore } from './tabs-store';

const SEP = '\u0000';
const values = new Map<string, unknown>();
const listeners = new Map<string, Set<() => void>>();

const notify = (key: string) => listeners.get(key)?.forEach((l) => l());

tabsStore.onTabsGone((paths) => {
  for (const key of [...values.keys()]) {
    const path = key.slice(0, key.indexOf(SEP));
    if (paths.includes(path)) {
      values.delete(key);
      notify(key);
    }
  }
});

function subscribe(key: string, l: () => void) {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(l);
  return () => {
    set!.delete(l);
    if (!set!.size) listeners.delete(key);
  };
}

/** Reads or writes a kept value directly (tests, and pages that keep a machine actor). */
export const tabStateStore = {
  get: (path: string, slot: string) => values.get(path + SEP + slot),
  has: (path: string, slot: string) => values.has(path + SEP + slot),
  set(path: string, slot: string, value: unknown) {
    const key = path + SEP + slot;
    values.set(key, value);
    notify(key);
  },
  size: () => values.size,
  /** Calls `l` whenever the kept value changes (for pages that read slices of it with useSyncExternalStore). */
  subscribe: (path: string, slot: string, l: () => void) => subscribe(path + SEP + slot, l),
};

/**
 * The path of the tab a component belongs to: its own route match's, not the router's location.
 * While a navigation waits for the next page's code, the page being left is still drawn (and may
 * still be typed into) with the new location; keyed by the location, what the user did there would
 * be kept under the other tab. Outside any route match (tests), the location.
 */
export function useTabPath(): string {
  const location = useLocation({ select: (l) => l.pathname });
  const own = useMatch({ strict: false, shouldThrow: false, select: (m) => m.pathname });
  return own ?? location;
}

/**
 * Like useState, but the value is kept with the current tab. With `slot` null it is plain
 * component state that goes when the page unmounts (for the same component used in a dialog).
 */
export function useTabState<T>(slot: string | null, initial: () => T): [T, (next: T | ((prev: T) => T)) => void] {
  const path = useTabPath();
  const [local, setLocal] = useState<T>(slot === null ? initial : (undefined as T));
  const key = slot === null ? null : path + SEP + slot;
  if (key !== null && !values.has(key)) values.set(key, initial());
  const value = useSyncExternalStore(
    useCallback((l: () => void) => (key === null ? () => undefined : subscribe(key, l)), [key]),
    () => (key === null ? undefined : (values.get(key) as T)),
  );
  const set = useCallback(
    (next: T | ((prev: T) => T)) => {
      if (key === null) return;
      const prev = (values.has(key) ? values.get(key) : initial()) as T;
      const v = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
      if (Object.is(v, prev)) return;
      values.set(key, v);
      notify(key);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` only seeds a missing value
    [key],
  );
  return key === null ? [local, setLocal] : [value as T, set];
}

/**
 * A value kept with the tab that nobody re-renders for: the component reads it once when it mounts
 * (`kept`) and writes it as it changes (`keep`), e.g. a list's page, sort and keyword.
 */
export function useTabKept<T>(slot: string): { kept: T | undefined; keep: (value: T) => void } {
  const path = useTabPath();
  const key = path + SEP + slot;
  return useMemo(() => ({ kept: values.get(key) as T | undefined, keep: (value: T) => void values.set(key, value) }), [key]);
}
