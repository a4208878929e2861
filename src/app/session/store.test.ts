import { describe, expect, it } from 'vitest';
import { nextScope, sessionStore } from './store';

const base = { ...sessionStore.getState(), companyId: 1, accountId: 10, accountYearId: 100, scopeVersion: 3 };

describe('scope changes', () => {
  it('a new company clears ledger set and year and bumps the version', () => {
    expect(nextScope(base, { companyId: 2 })).toMatchObject({ companyId: 2, accountId: null, accountYearId: null, scopeVersion: 4 });
  });
  it('a new ledger set clears the year', () => {
    expect(nextScope(base, { accountId: 11 })).toMatchObject({ companyId: 1, accountId: 11, accountYearId: null, scopeVersion: 4 });
  });
  it('a new year keeps the rest', () => {
    expect(nextScope(base, { accountYearId: 101 })).toMatchObject({ companyId: 1, accountId: 10, accountYearId: 101, scopeVersion: 4 });
  });
  it('setting what is already there changes nothing', () => {
    expect(nextScope(base, { companyId: 1, accountId: 10 })).toBeNull();
  });
});
