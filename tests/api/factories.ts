/**
 * Factories: each test builds the world it needs through the API (a company with a ledger set, an
 * account year and its periods, users with roles) and reads the ids from the answers, instead of
 * relying on seed ids or on what another test left behind.
 */
import { expect } from 'vitest';
import type { TestApp } from './harness';

let seq = 0;
/** A name unique within the run. */
export const unique = (prefix: string) => `${prefix} ${process.pid.toString(36)}${(++seq).toString(36)}${Date.now().toString(36).slice(-3)}`;

export interface World {
  companyId: number;
  accountId: number;
  accountYearId: number;
  periodIds: number[];
}

async function data<T = any>(res: { statusCode: number; body: string; json(): any }, what: string): Promise<T> {
  expect(res.json().success, `${what}: ${res.body}`).toBe(true);
  return res.json().data as T;
}

/** A new company with a main ledger set and one account year (12 monthly periods). */
export async function makeWorld(t: TestApp, adminToken: string, o: { year?: number } = {}): Promise<World> {
  const company = await data(await t.call('POST', '/api/company', { token: adminToken, body: { name: unique('Co') } }), 'company');
  const account = await data(await t.call('POST', '/api/account', { token: adminToken, body: { companyId: company.id, name: unique('Ledger'), year: o.year ?? 2026 } }), 'account');
  const years = await data(await t.call('GET', '/api/account/year', { token: adminToken, query: { accountId: account.id, expand: 'periods' } }), 'years');
  const year = years.content[0];
  return { companyId: company.id, accountId: account.id, accountYearId: year.id, periodIds: year.periods.map((p: { id: number }) => p.id) };
}

/** A role in the company with the given rights, and a user holding it (linked to the company). */
export async function makeUser(t: TestApp, adminToken: string, companyId: number, rightIds: number[], password = 'pass123'): Promise<{ id: number; username: string; roleId: number; token: string }> {
  const role = await data(await t.call('POST', '/api/idm/role', { token: adminToken, body: { companyId, name: unique('Role'), rightIds } }), 'role');
  const username = unique('u').replace(/\s/g, '').slice(0, 40);
  const user = await data(await t.call('POST', '/api/idm/user', { token: adminToken, body: { username, name: 'Factory user', password, companyIds: [companyId], companyId, roleIds: [role.id] } }), 'user');
  return { id: user.id, username, roleId: role.id, token: await t.login(username, password) };
}
