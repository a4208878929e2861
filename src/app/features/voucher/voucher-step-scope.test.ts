import { describe, expect, it } from 'vitest';
import { editorHref, noteStepScope, stepScopeOf } from './voucher-step-scope';

describe('the editor\'s stepping scope (opened from the voucher list)', () => {
  const filter = { accountId: 1, accountYearId: 2, listState: 'TO_AUDIT' as const };
  it('names the list\'s filter and sort by a key the editor\'s address carries', () => {
    const key = noteStepScope({ filter, sort: { code: 'desc' } });
    expect(stepScopeOf(key)?.scope).toEqual({ filter, sort: { code: 'desc' } });
    expect(editorHref(12, key)).toBe(`/newVoucher/12?within=${key}`);
    // The same filter and sort again: the same key (a list opening voucher after voucher).
    expect(noteStepScope({ filter: { ...filter }, sort: { code: 'desc' } })).toBe(key);
    expect(noteStepScope({ filter, sort: {} })).not.toBe(key);
  });
  it('steps through the year without one: no key, an unknown key, a new voucher', () => {
    expect(stepScopeOf(undefined)).toBeNull();
    expect(stepScopeOf('l999999')).toBeNull();
    expect(editorHref(12)).toBe('/newVoucher/12');
    expect(editorHref('new', 'l1')).toBe('/newVoucher/new');
  });
  it('keeps its own copy: the list changing its filter afterwards does not move the editor\'s set', () => {
    const mine = { accountId: 1, accountYearId: 2, listState: 'ALL' as const };
    const key = noteStepScope({ filter: mine, sort: {} });
    mine.listState = 'TO_BOOK' as never;
    expect(stepScopeOf(key)?.scope.filter.listState).toBe('ALL');
  });
});
