// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSpotlightStore } from '@mantine/spotlight';
import { selectFirstEntry, useFirstEntrySelected } from './palette-selection';

const list = (ids: string[]) => {
  const el = document.getElementById('pl') ?? document.body.appendChild(Object.assign(document.createElement('div'), { id: 'pl' }));
  el.innerHTML = ids.map((id) => `<button data-action="true" data-entry="${id}"></button>`).join('');
  return el;
};
const chosen = () => [...document.querySelectorAll('[data-selected]')].map((el) => el.getAttribute('data-entry'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the palette chooses its first entry', () => {
  it('moves the mark to the first entry and the index to 0', () => {
    const store = createSpotlightStore();
    const el = list(['a', 'b', 'c']);
    el.children[2]!.setAttribute('data-selected', 'true');
    store.updateState((s) => ({ ...s, selected: 2 }));
    selectFirstEntry(el, store);
    expect(chosen()).toEqual(['a']);
    expect(store.getState().selected).toBe(0);
  });

  it('does nothing without a list or entries', () => {
    const store = createSpotlightStore();
    selectFirstEntry(null, store);
    selectFirstEntry(list([]), store);
    expect(chosen()).toEqual([]);
    expect(store.getState().selected).toBe(-1);
  });

  it('after the hits are drawn, also when an earlier mark went with the entries it was on', () => {
    const store = createSpotlightStore();
    list(['screen:a', 'screen:b']);
    const { rerender } = renderHook(({ q, hits }) => useFirstEntrySelected('pl', store, q, hits), { initialProps: { q: 'r', hits: 'screen:a|screen:b' } });
    expect(chosen()).toEqual(['screen:a']);
    // The query narrows to one hit: the old entries (and their mark) are gone, a new one is drawn.
    list(['screen:role']);
    rerender({ q: 'roles', hits: 'screen:role' });
    expect(chosen()).toEqual(['screen:role']);
  });
});
