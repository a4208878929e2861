/**
 * Factories: each test builds the world it needs through the API (a company with a ledger set, an
 * account year and its periods, users with roles) and reads the ids from the answers, instead of
 * relying on seed ids or on what another test left behind. The seed's demo rows may be read by
 * name (`demoCompanyId()`, `userIdByName()`), never by a literal id.
 */
import { expect } from 'vitest';
import type { TestApp } from './harness';
import { DEMO_COMPANY_NAME } from '../../src/server/db/seed';

/** An id that no row has: for "missing" cases (a real row can never reach it in a test run). */
export const MISSING_ID = 999_999;

let seq = 0;
/** A name unique within the run. */
export const unique = (prefix: string) => `${prefix} ${process.pid.toString(36)}${(++seq).toString(36)}${Date.now().toString(36).slice(-3)}`;
/** A unique sign-in name (letters and digits only, as the contract requires). */
export const uniqueUsername = (prefix = 'u') => unique(prefix).replace(/\s/g, '').slice(0, 40);

export interface World {
  companyId: number;
  accountId: number;
  accountYearId: number;
  periodIds: number[];
}

type Answer = { statusCode: number; body: string; json(): any };

/** The `data` of a successful answer; fails the test (with the body) otherwise. */
export async function data<T = any>(res: Answer | Promise<Answer>, what: string): Promise<T> {
  const r = await res;
  expect(r.json().success, `${what}: ${r.body}`).toBe(true);
  return r.json().data as T;
}

/** A new company (unique name unless given); extra fields go into the body as they are. */
export async function makeCompany(t: TestApp, adminToken: string, o: { name?: string; phone?: string; shortCut?: string; address?: string } = {}): Promise<{ id: number; name: string }> {
  return data(t.call('POST', '/api/company', { token: adminToken, body: { ...o, name: o.name ?? unique('Co') } }), 'company');
}

/** A new company with a main ledger set and one account year (12 monthly periods). */
export async function makeWorld(t: TestApp, adminToken: string, o: { year?: number; companyId?: number } = {}): Promise<World> {
  const companyId = o.companyId ?? (await makeCompany(t, adminToken)).id;
  const account = await data(t.call('POST', '/api/account', { token: adminToken, body: { companyId, name: unique('Ledger'), year: o.year ?? 2026 } }), 'account');
  const years = await data(t.call('GET', '/api/account/year', { token: adminToken, query: { accountId: account.id, expand: 'periods' } }), 'years');
  const year = years.content[0];
  return { companyId, accountId: account.id, accountYearId: year.id, periodIds: year.periods.map((p: { id: number }) => p.id) };
}

/** A role of the company with the given rights. */
export async function makeRole(t: TestApp, token: string, companyId: number, rightIds: readonly number[], name = unique('Role')): Promise<{ id: number; name: string; rightIds: number[]; version: number }> {
  return data(t.call('POST', '/api/idm/role', { token, body: { companyId, name, rightIds } }), 'role');
}

export interface MadeUser {
  id: number;
  username: string;
  password: string;
  /** The role made for the user (absent when no rights were asked for). */
  roleId?: number;
  token: string;
}

export interface UserOptions {
  /** Rights of a role made for the user in `companyId` (none: no role is made). */
  rightIds?: readonly number[];
  password?: string;
  username?: string;
  name?: string;
  kind?: 'ADMIN' | 'OTHER';
  /** Companies to link besides `companyId` (the home company). */
  companyIds?: number[];
  /** Roles to hold besides the one made from `rightIds`. */
  roleIds?: number[];
  email?: string;
  /** Sign in after creating (default true). */
  login?: boolean;
}

const isRights = (v: readonly number[] | UserOptions): v is readonly number[] => Array.isArray(v);

/**
 * A user of the company (its home company), holding a new role with `rightIds` there, signed in.
 * The positional form `makeUser(t, admin, companyId, rightIds, password)` is kept for brevity.
 */
export async function makeUser(t: TestApp, adminToken: string, companyId: number, rightsOrOptions: readonly number[] | UserOptions = {}, password?: string): Promise<MadeUser> {
  const o: UserOptions = isRights(rightsOrOptions) ? { rightIds: rightsOrOptions, password } : rightsOrOptions;
  const pw = o.password ?? 'pass123';
  const role = o.rightIds ? await makeRole(t, adminToken, companyId, o.rightIds) : undefined;
  const username = o.username ?? uniqueUsername();
  const companyIds = [companyId, ...(o.companyIds ?? []).filter((c) => c !== companyId)];
  const roleIds = [...(role ? [role.id] : []), ...(o.roleIds ?? [])];
  const body = { username, name: o.name ?? 'Factory user', password: pw, kind: o.kind ?? 'OTHER', companyIds, companyId, roleIds, ...(o.email ? { email: o.email } : {}) };
  const user = await data(t.call('POST', '/api/idm/user', { token: adminToken, body }), 'user');
  return { id: user.id, username, password: pw, roleId: role?.id, token: o.login === false ? '' : await t.login(username, pw) };
}

/** The id of a company found by its exact name (through the API, as the admin sees it). */
export async function companyIdByName(t: TestApp, adminToken: string, name: string): Promise<number> {
  const list = await data<{ content: Array<{ id: number; name: string }> }>(t.call('GET', '/api/company', { token: adminToken, query: { filter: { keyword: name }, limit: 1000 } }), `company ${name}`);
  const found = list.content.filter((c) => c.name === name);
  expect(found, `company named ${name}`).toHaveLength(1);
  return found[0].id;
}

/** The id of a user found by sign-in name (through the API, as the admin sees it). */
export async function userIdByName(t: TestApp, adminToken: string, username: string): Promise<number> {
  const list = await data<{ content: Array<{ id: number; username: string }> }>(t.call('GET', '/api/idm/user', { token: adminToken, query: { filter: { keyword: username }, limit: 1000 } }), `user ${username}`);
  const found = list.content.filter((u) => u.username === username);
  expect(found, `user named ${username}`).toHaveLength(1);
  return found[0].id;
}

/** The seed's demo company (in every test database), found by its name: read it, change your own rows. */
export const demoCompanyId = (t: TestApp, adminToken: string) => companyIdByName(t, adminToken, DEMO_COMPANY_NAME);
