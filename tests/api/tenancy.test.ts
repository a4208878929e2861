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
