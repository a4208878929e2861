import { describe, expect, it } from 'vitest';
import { LIST_KEY_HELP } from '../features/common/list-keys';
import { edgePageTurn } from '../../../grids/list/paging';
import en from '../../../locales/en_US/grid.json';
import zh from '../../../locales/zh_CN/grid.json';

const keysOf = (id: string) => LIST_KEY_HELP.find((k) => k.id === id)?.keys;

describe('the lists section of the shortcuts dialog', () => {
  it('says the keys the list takes: New is the standard action\'s key, pages turn on PageDown / PageUp at the edges', () => {
    expect(keysOf('new')).toBe('Alt+N');
    expect(keysOf('pages')).toBe('PageDown / PageUp');
    expect(edgePageTurn({ key: 'PageDown' }, 9, 10)).toBe(1);
    expect(edgePageTurn({ key: 'PageUp' }, 0, 10)).toBe(-1);
    expect(edgePageTurn({ key: 'PageDown' }, 3, 10)).toBeNull();
  });

  it('has a text for every line in both languages, and no text without a line', () => {
    const ids = LIST_KEY_HELP.map((k) => k.id).sort();
    expect(Object.keys(en.listKeys).sort()).toEqual(ids);
    expect(Object.keys(zh.listKeys).sort()).toEqual(ids);
  });
});
