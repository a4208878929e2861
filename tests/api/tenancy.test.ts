/**
 * Tenancy helpers (src/server/db/tx.ts): a CompanyScope always adds its company to the condition,
 * and assertOwned checks many ids in one query — a foreign or missing id answers NO_PERMISSION.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from './harness';
import { makeWorld, type World } from './factories';
import { assertOwned, companyScope } from '../../src/server/db/tx';
import { accounts, periods } from '../../src/server/db/schema';
import { DomainError } from '../../src/domain/result-codes';
import { allRoutes } from '../../src/contract/index';
import { fillPath } from '../../src/contract/route';

describe.each(backends())('company scope and ownership of many ids (%s)', (backend) => {
  let t: TestApp;
  let a: World;
  let b: World;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await t.login('admin');
    a = await makeWorld(t, admin);
    b = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  it('a scoped query sees only its company, whatever else it asks for', async () => {
    const scope = companyScope(t.db.db, a.companyId);
    const rows = await t.db.db.select({ id: accounts.id }).from(accounts).where(scope.where(accounts, sql`true`));
    expect(rows.map((r) => r.id)).toEqual([a.accountId]);
    const foreign = await t.db.db.select({ id: accounts.id }).from(accounts).where(scope.where(accounts, eq(accounts.id, b.accountId)));
    expect(foreign).toEqual([]);
  });

  it('assertOwned accepts own ids (duplicates included) and refuses a list holding one foreign or missing id', async () => {
    const scope = companyScope(t.db.db, a.companyId);
    await expect(assertOwned(scope, periods, [...a.periodIds, a.periodIds[0]])).resolves.toBeUndefined();
    await expect(assertOwned(scope, periods, [])).resolves.toBeUndefined();
    const refused = assertOwned(scope, periods, [...a.periodIds, b.periodIds[3]]);
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'NO_PERMISSION' });
    await expect(assertOwned(scope, periods, [a.periodIds[0], 2_000_000_000])).rejects.toMatchObject({ code: 'NO_PERMISSION' });
  });
});

describe.each(backends())('a missing id on every route that takes one (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  // Missing and foreign ids answer alike (NO_PERMISSION), so an id's answer never tells whether it exists
  // elsewhere; a body that fails its schema is refused first (INVALID_INPUT). Never NOT_FOUND, never done.
  it('answers NO_PERMISSION (or INVALID_INPUT for an empty body), even for the administrator', async () => {
    const missing = 2_000_000_000;
    const routes = allRoutes.filter((r) => r.path.includes(':id'));
    expect(routes.length).toBeGreaterThan(60);
    const seen: string[] = [];
    for (const route of routes) {
      const url = `/api${fillPath(route.path, { id: missing, action: 'audit', attachmentId: missing })}`;
      const res = await t.call(route.method, url, { token: admin, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      const code = (res.json() as { code: string }).code;
      const allowed = route.method === 'POST' ? ['NO_PERMISSION', 'INVALID_INPUT'] : ['NO_PERMISSION'];
      if (!allowed.includes(code)) seen.push(`${route.method} ${route.path} → ${res.statusCode} ${code}`);
    }
    expect(seen).toEqual([]);
  });
});
