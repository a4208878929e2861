import { describe, expect, it } from 'vitest';
import { nextScope, sessionStore, storedSessionValid } from './store';

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

describe('stored session expiry (spec 01 §9: 25 200 s)', () => {
  const t0 = Date.UTC(2026, 10, 23, 8, 0, 0);
  it('keeps stored data younger than the expiry', () => {
    expect(storedSessionValid(t0, t0)).toBe(true);
    expect(storedSessionValid(t0, t0 + 25_199_999)).toBe(true);
  });
  it('drops stored data at or past the expiry, from the future, or without a time', () => {
    expect(storedSessionValid(t0, t0 + 25_200_000)).toBe(false);
    expect(storedSessionValid(t0 + 1000, t0)).toBe(false);
    expect(storedSessionValid(null, t0)).toBe(false);
    expect(storedSessionValid(Number.NaN, t0)).toBe(false);
  });
});
