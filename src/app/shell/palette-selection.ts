/**
 * The palette's first entry is the chosen one after every change of the query, so Enter opens the
 * best hit at once. Mantine Spotlight means to do this itself, but it does it in a microtask after
 * the query changes, which can run before React has drawn the new entries (or before the list has
 * told the store its id): the mark then lands on an entry about to go, and Enter opens nothing while
 * the list shows a single hit. Doing it after React has drawn the list (a layout effect on the hits)
 * closes that gap.
 */
import { useLayoutEffect } from 'react';
import type { SpotlightStore } from '@mantine/spotlight';

/** Marks the first entry of the list chosen (the DOM mark Enter reads and the index the arrows step from). */
export function selectFirstEntry(list: HTMLElement | null, store: SpotlightStore): void {
  if (!list) return;
  const entries = list.querySelectorAll<HTMLElement>('[data-action]');
  for (const el of list.querySelectorAll('[data-selected]')) el.removeAttribute('data-selected');
  const first = entries[0];
  if (!first) return;
  first.setAttribute('data-selected', 'true');
  store.updateState((s) => ({ ...s, selected: 0 }));
}

/** Selects the first entry of the list with id `listId` whenever `hits` (the hits' ids, joined) or the query change. */
export function useFirstEntrySelected(listId: string, store: SpotlightStore, query: string, hits: string): void {
  useLayoutEffect(() => {
    selectFirstEntry(document.getElementById(listId), store);
  }, [listId, store, query, hits]);
}
