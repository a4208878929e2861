/**
 * The caller's common functions (/system/shortcut): read once per session, saved whole on every
 * change. The page shows a change at once (the cache is set before the call) and puts the
 * server's answer back afterwards, or refetches when the save failed.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/typed-client';
import { systemApi } from '../../contract/heads';
import type { ShortcutDto } from '../../contract/system';
import { notifyError } from './admin-common';

export const shortcutsKey = ['shortcuts'] as const;

export const shortcutsQueryOptions = () =>
  queryOptions({ queryKey: shortcutsKey, queryFn: ({ signal }) => call(systemApi.shortcut, {}, { signal }), staleTime: 60_000 });

async function settle(qc: QueryClient, request: () => Promise<ShortcutDto>): Promise<boolean> {
  try {
    qc.setQueryData(shortcutsKey, await request());
    return true;
  } catch (e) {
    notifyError(e);
    void qc.invalidateQueries({ queryKey: shortcutsKey });
    return false;
  }
}

/** Saves the list (keys in order); shown at once. */
export function saveShortcuts(qc: QueryClient, keys: string[]): Promise<boolean> {
  const before = qc.getQueryData<ShortcutDto>(shortcutsKey);
  qc.setQueryData<ShortcutDto>(shortcutsKey, { keys, saved: true, modifiedAt: before?.modifiedAt ?? null });
  return settle(qc, () => call(systemApi.saveShortcut, { body: { keys } }));
}

/** Forgets the user's list: the defaults come back. */
export function resetShortcuts(qc: QueryClient): Promise<boolean> {
  qc.setQueryData<ShortcutDto>(shortcutsKey, { keys: [], saved: false, modifiedAt: null });
  return settle(qc, () => call(systemApi.resetShortcut, {}));
}
