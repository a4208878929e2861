/**
 * The conflict-of-interest check (GET /retrieval/conflict, right 9) on both backends: a name found
 * as a client (once per case acting for it, or alone without a case) and as the opposing party,
 * plaintiff or defendant of a case, with the case's directors and department, across the companies
 * where the caller holds the right; case-insensitive; `%` and `_` are plain characters; too short a
 * keyword is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser, type World } from './factories';

describe.each(backends())('conflict-of-interest check (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let a: World;
  let b: World;
  let checker: MadeUser;
  let tag: string;
  const ok = (url: string, body: unknown, token = admin) => data(t.call('POST', url, { token, body, lang: 'en_US' }), url);
  const search = (keyword: string, token = admin) => t.call('GET', '/api/retrieval/conflict', { token, query: { keyword }, lang: 'en_US' });
  type Hit = { companyId: number; role: string; matched: string; projectCode: string | null; principals: string[]; department: string | null; customerCode: string | null };
  const hits = async (keyword: string, token = admin) => ((await data(search(keyword, token), keyword)).hits as Hit[]);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    a = await makeWorld(t, admin);
    b = await makeWorld(t, admin);
    tag = `Q${Date.now() % 100000}`;
    const setUp = async (w: World, n: string) => {
      const dept = (await ok('/api/aux/department', { companyId: w.companyId, code: `CD${n}`, name: `诉讼${n}部` })).id;
      const lawyer = (await ok('/api/aux/employee', { companyId: w.companyId, code: `CE${n}`, name: `王律师${n}`, departmentId: dept })).id;
      const client = (await ok('/api/aux/customer', { companyId: w.companyId, code: `CC${n}`, name: `${tag}华夏Apex科技${n}` })).id;
      return { dept, lawyer, client };
    };
    const sa = await setUp(a, 'A');
    const sb = await setUp(b, 'B');
    // Company A acts for 华夏 against 长城; company B acts against 华夏 (the conflict) for another client.
    await ok('/api/aux/project', { companyId: a.companyId, code: `${tag}-A1`, name: '华夏合同纠纷', clients: [sa.client], principals: [sa.lawyer], departmentId: sa.dept, kind: 'LITIGATION', oppParty: `${tag}长城建设`, plaintiff: `${tag}华夏Apex科技A`, defendant: `${tag}长城建设` });
    const other = (await ok('/api/aux/customer', { companyId: b.companyId, code: 'CO', name: `${tag}东方物流` })).id;
    await ok('/api/aux/project', { companyId: b.companyId, code: `${tag}-B1`, name: '东方仲裁', clients: [other], principals: [sb.lawyer], oppParty: `${tag}华夏apex科技A` });
    // 100%_off: a name with LIKE wildcards in it.
    await ok('/api/aux/customer', { companyId: b.companyId, code: 'CW', name: `${tag}100%_off` });
    checker = await makeUser(t, admin, a.companyId, [RIGHTS.RETRIEVAL]);
  });
  afterAll(async () => t?.close());

  it('finds a name as a client and as the other side, in every company, case-insensitive', async () => {
    const found = await hits(`${tag}华夏APEX`);
    const summary = found.map((h) => [h.companyId === a.companyId ? 'A' : 'B', h.role, h.projectCode, h.matched]).sort();
    expect(summary).toEqual([
      ['A', 'CLIENT', `${tag}-A1`, `${tag}华夏Apex科技A`],
      ['A', 'PLAINTIFF', `${tag}-A1`, `${tag}华夏Apex科技A`],
      ['B', 'CUSTOMER', null, `${tag}华夏Apex科技B`],
      ['B', 'OPPOSING', `${tag}-B1`, `${tag}华夏apex科技A`],
    ].sort());
    const client = found.find((h) => h.role === 'CLIENT')!;
    expect(client).toMatchObject({ principals: ['王律师A'], department: '诉讼A部', customerCode: 'CCA' });
    // The case's opening moment as ISO-8601 UTC, whichever driver read it (the app shows it in local time).
    expect((client as Hit & { createdAt: string }).createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await hits(`${tag}长城`)).map((h) => h.role).sort()).toEqual(['DEFENDANT', 'OPPOSING']);
  });

  it('takes % and _ literally, refuses a keyword under 2 characters, and keeps to the companies of the right', async () => {
    expect((await hits(`${tag}100%_`)).map((h) => h.matched)).toEqual([`${tag}100%_off`]);
    expect(await hits(`${tag}100_%`)).toEqual([]);
    expect((await search('华')).statusCode).toBe(400);
    // The checker holds the right in company A only.
    const mine = await hits(`${tag}华夏`, checker.token);
    expect(new Set(mine.map((h) => h.companyId))).toEqual(new Set([a.companyId]));
    const clerk = await makeUser(t, admin, a.companyId, [RIGHTS.VOUCHER]);
    expect((await search(`${tag}华夏`, clerk.token)).statusCode).toBe(403);
  });
});
