/**
 * Scope guards for ids that arrive in paths, bodies and filters. Each resolves the company the id
 * belongs to and checks the caller's link and the route's declared right there. Missing and foreign
 * ids both answer NO_PERMISSION.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/result-codes';
import { accounts, accountYears, periods, companies } from '../db/schema';
import type { Scope } from '../../contract/route';
import type { Db } from '../db/client';

/** The guards' look-ups, prepared once per database handle: they run on almost every call. */
function prepareGuards(db: Db) {
  const id = sql.placeholder('id');
  return {
    company: db.select().from(companies).where(eq(companies.id, id)).limit(1).prepare('ld_guard_company'),
    account: db.select().from(accounts).where(and(eq(accounts.id, id), eq(accounts.deleted, false))).limit(1).prepare('ld_guard_account'),
    accountYear: db.select({ y: accountYears }).from(accountYears)
      .innerJoin(accounts, and(eq(accounts.id, accountYears.accountId), eq(accounts.deleted, false)))
      .where(eq(accountYears.id, id)).limit(1).prepare('ld_guard_account_year'),
    period: db.select({ p: periods }).from(periods)
      .innerJoin(accountYears, eq(accountYears.id, periods.accountYearId))
      .innerJoin(accounts, and(eq(accounts.id, accountYears.accountId), eq(accounts.deleted, false)))
      .where(eq(periods.id, id)).limit(1).prepare('ld_guard_period'),
  };
}

const preparedGuards = new WeakMap<Db, ReturnType<typeof prepareGuards>>();

function guardStatements(db: Db) {
  let p = preparedGuards.get(db);
  if (!p) preparedGuards.set(db, (p = prepareGuards(db)));
  return p;
}

function declaredRight(req: FastifyRequest): number | readonly number[] | null {
  const rule = req.routeOptions.config?.access;
  return rule && !('public' in rule) ? rule.right : null;
}

export function guardCompany(req: FastifyRequest, companyId: number | null | undefined, right = declaredRight(req)): number {
  req.access.assertCompany(companyId, right);
  return companyId as number;
}

export async function guardCompanyRow(req: FastifyRequest, companyId: number, right = declaredRight(req)) {
  guardCompany(req, companyId, right);
  const [row] = await guardStatements(req.server.db).company.execute({ id: companyId });
  if (!row) throw new DomainError('NO_PERMISSION');
  return row;
}

/** Loads a tenant row by id and checks the caller may touch its company; missing = foreign. Records the row's scope. */
async function guardTenantRow<T extends { companyId: number }>(req: FastifyRequest, scope: Scope, load: () => Promise<T[]>, right: number | readonly number[] | null): Promise<T> {
  const [row] = await load();
  if (!row) throw new DomainError('NO_PERMISSION');
  guardCompany(req, row.companyId, right);
  req.access.noteScopeChecked(scope);
  return row;
}

export async function guardAccount(req: FastifyRequest, accountId: number | null | undefined, right = declaredRight(req)) {
  if (!accountId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  const st = guardStatements(req.server.db);
  return guardTenantRow(req, 'account', () => st.account.execute({ id: accountId }), right);
}

/** An account year of a live (undeleted) ledger set; a deleted set's years look missing. */
export async function guardAccountYear(req: FastifyRequest, accountYearId: number | null | undefined, right = declaredRight(req)) {
  if (!accountYearId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  const st = guardStatements(req.server.db);
  return guardTenantRow(req, 'accountYear', async () => (await st.accountYear.execute({ id: accountYearId })).map((r) => r.y), right);
}

/** A period of a live (undeleted) ledger set; a deleted set's periods look missing. */
export async function guardPeriod(req: FastifyRequest, periodId: number | null | undefined, right = declaredRight(req)) {
  if (!periodId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  const st = guardStatements(req.server.db);
  return guardTenantRow(req, 'period', async () => (await st.period.execute({ id: periodId })).map((r) => r.p), right);
}

/** For list filters: a given companyId must be linked; none means the session's company. */
export function companyOfFilter(req: FastifyRequest, companyId: unknown, right = declaredRight(req)): number {
  const id = companyId === undefined || companyId === null || companyId === '' ? req.access.currentCompanyId : Number(companyId);
  if (!Number.isInteger(id)) throw new DomainError('NO_PERMISSION');
  return guardCompany(req, id as number, right);
}

/**
 * For lists across every company where the caller holds the route's right (user centre lists
 * without a company filter). None at all answers NO_PERMISSION, like a foreign company (admins
 * pass even before any company exists).
 */
export function guardRightCompanies(req: FastifyRequest, right = declaredRight(req)): number[] {
  const ids = req.access.companiesWith(right);
  if (!ids.length && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
  req.access.noteScopeChecked();
  return ids;
}

/**
 * For lists of the caller's own companies (GET /company): explicitly named ids must be visible
 * (foreign = missing = NO_PERMISSION); answers the visible set, or null for admins (all).
 */
export function guardVisibleCompanies(req: FastifyRequest, namedIds: readonly number[] | null): number[] | null {
  if (namedIds && !req.access.isAdmin) for (const id of namedIds) guardCompany(req, id, null);
  req.access.noteScopeChecked();
  return req.access.isAdmin ? null : req.access.companyIds;
}
