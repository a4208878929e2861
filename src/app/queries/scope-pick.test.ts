import { describe, expect, it } from 'vitest';
import type { AccountDto, AccountYearDto } from '../../contract/account';
import type { CompanyDto } from '../../contract/company';
import { pickAccount, pickAccountYear } from './account';
import { pickCompany } from './company';

const company = (id: number): CompanyDto => ({ id, name: `c${id}`, shortCut: null, taxNumber: null, address: null, phone: null, remark: null, deleted: false, createdAt: '' });
const account = (id: number, main: 0 | 1): AccountDto => ({ id, companyId: 1, name: `a${id}`, main, state: 'NORMAL', deleted: false, createdAt: '', version: 0 });
const year = (id: number, y: number): AccountYearDto => ({ id, accountId: 1, year: y, startAt: `${y}-01-01`, endAt: `${y}-12-31` });

describe('company setup choices (spec 01 §4)', () => {
  const companies = [company(1), company(2), company(3)];
  it('company: remembered, else the session one, else the own one, else the first', () => {
    expect(pickCompany(companies, 3, { currentCompanyId: 2, companyId: 1 })?.id).toBe(3);
    expect(pickCompany(companies, 9, { currentCompanyId: 2, companyId: 1 })?.id).toBe(2);
    expect(pickCompany(companies, null, { currentCompanyId: null, companyId: 3 })?.id).toBe(3);
    expect(pickCompany(companies, null, { currentCompanyId: null, companyId: null })?.id).toBe(1);
    expect(pickCompany([], null, { currentCompanyId: 1, companyId: 1 })).toBeUndefined();
  });
  it('account: remembered, else the main one, else the first', () => {
    const accounts = [account(1, 0), account(2, 1), account(3, 0)];
    expect(pickAccount(accounts, 3)?.id).toBe(3);
    expect(pickAccount(accounts, 7)?.id).toBe(2);
    expect(pickAccount([account(5, 0), account(6, 0)], null)?.id).toBe(5);
  });
  it('account year: remembered, else the last one', () => {
    const years = [year(11, 2026), year(10, 2025)];
    expect(pickAccountYear(years, 10)?.id).toBe(10);
    expect(pickAccountYear(years, null)?.id).toBe(11);
    expect(pickAccountYear([], null)).toBeUndefined();
  });
});
