/**
 * The keyword of the master-data lists finds a record by the pinyin initials of its name, as Chinese
 * clerks type them in the pickers and the voucher's auxiliary cells (`bjkj` finds 北京科技有限公司):
 * clients, projects, vendors, budgets, departments and employees. The initials travel with the record
 * (`nameInitials`), follow a rename, are filled at start for rows written before they existed, and a
 * search stays inside its company.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RIGHT_IDS } from '../../src/domain/rights';
import { fillNameInitials } from '../../src/server/db/name-initials';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type World } from './factories';

type Kind = 'customer' | 'project' | 'vendor' | 'budget' | 'department' | 'employee';
const KINDS: Kind[] = ['customer', 'project', 'vendor', 'budget', 'department', 'employee'];
const TABLE: Record<Kind, string> = { customer: 'customers', project: 'projects', vendor: 'vendors', budget: 'budgets', department: 'departments', employee: 'employees' };
/** The name each kind is made with, the initials stored for it and a keyword of their start. */
const NAMED: Record<Kind, { name: string; initials: string; keyword: string }> = {
  customer: { name: '北京科技有限公司', initials: 'bjkjyxgs', keyword: 'bjkj' },
  project: { name: '北京科技合同纠纷案', initials: 'bjkjhtjfa', keyword: 'BJKJHT' },
  vendor: { name: '北京科技服务社', initials: 'bjkjfws', keyword: 'bjkjf' },
  budget: { name: '办公经费 Office', initials: 'bgjf', keyword: 'bgj' },
  department: { name: '北京技术部', initials: 'bjjsb', keyword: 'bjjs' },
  employee: { name: '包建坤', initials: 'bjk', keyword: 'bjk' },
};

describe.each(backends())('pinyin initials in the master-data keyword search (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let a: World;
  let b: World;
  /** The records of each company, by kind. */
  const made: Record<'a' | 'b', Partial<Record<Kind, number>>> = { a: {}, b: {} };

  const post = async (url: string, body: unknown) => data(t.call('POST', url, { token: admin, body }), url);
  const scopeOf = (kind: Kind, w: World) => (kind === 'vendor' ? { accountId: w.accountId } : kind === 'budget' ? { accountYearId: w.accountYearId } : { companyId: w.companyId });
  const list = async (kind: Kind, w: World, keyword: string, token = admin) =>
    t.call('GET', `/api/aux/${kind}`, { token, query: { filter: { ...scopeOf(kind, w), keyword }, index: 0, size: 100 } });
  const found = async (kind: Kind, w: World, keyword: string): Promise<Array<{ id: number; name: string; nameInitials: string | null }>> =>
    (await data(list(kind, w, keyword), `${kind} ${keyword}`)).content;

  /** One record of every kind in the world's company, named as NAMED says. */
  async function makeAll(w: World, into: Partial<Record<Kind, number>>) {
    const c = w.companyId;
    into.department = (await post('/api/aux/department', { companyId: c, code: 'PY1', name: NAMED.department.name })).id;
    into.employee = (await post('/api/aux/employee', { companyId: c, code: 'PY1', name: NAMED.employee.name, departmentId: into.department })).id;
    into.customer = (await post('/api/aux/customer', { companyId: c, code: 'PY1', name: NAMED.customer.name })).id;
    into.project = (await post('/api/aux/project', { companyId: c, code: 'PY1', name: NAMED.project.name, clients: [into.customer], principals: [into.employee] })).id;
    into.vendor = (await post('/api/aux/vendor', { accountId: w.accountId, code: 'PY1', name: NAMED.vendor.name })).id;
    into.budget = (await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '9101', name: NAMED.budget.name })).id;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    a = await makeWorld(t, admin);
    b = await makeWorld(t, admin);
    // The same names in two companies: a search finds its own company's record only.
    await makeAll(a, made.a);
    await makeAll(b, made.b);
  });
  afterAll(async () => t?.close());

  it('finds each kind by the start of its name\'s initials, in any case, and answers the initials', async () => {
    for (const kind of KINDS) {
      const rows = await found(kind, a, NAMED[kind].keyword);
      expect(rows.map((r) => r.id), kind).toEqual([made.a[kind]]);
      expect(rows[0].nameInitials, kind).toBe(NAMED[kind].initials);
      // Code and name still match as before.
      expect((await found(kind, a, NAMED[kind].name.slice(0, 2))).map((r) => r.id), kind).toContain(made.a[kind]);
    }
    // Initials match from their start only, and only a keyword of letters reads as initials.
    expect(await found('customer', a, 'kjyx')).toEqual([]);
    expect(await found('customer', a, 'bjkj1')).toEqual([]);
    expect(await found('customer', a, 'bj%')).toEqual([]);
  });

  it('keeps each company\'s search to its own records', async () => {
    for (const kind of KINDS) {
      expect((await found(kind, b, NAMED[kind].keyword)).map((r) => r.id), kind).toEqual([made.b[kind]]);
      expect(made.b[kind], kind).not.toBe(made.a[kind]);
    }
    // A user of company B cannot search company A's clients, initials or not.
    const foreigner = await makeUser(t, admin, b.companyId, { rightIds: ALL_RIGHT_IDS });
    const refused = (await list('customer', a, NAMED.customer.keyword, foreigner.token)).json();
    expect(refused.success, JSON.stringify(refused)).toBe(false);
  });

  it('a rename writes the new name\'s initials; a name without Chinese characters has none', async () => {
    const id = (await post('/api/aux/customer', { companyId: a.companyId, code: 'PY2', name: '上海贸易公司' })).id;
    expect((await found('customer', a, 'shmy')).map((r) => r.id)).toEqual([id]);
    const renamed = await post(`/api/aux/customer/${id}`, { name: '广州贸易公司' });
    expect(renamed.nameInitials).toBe('gzmygs');
    expect(await found('customer', a, 'shmy')).toEqual([]);
    expect((await found('customer', a, 'gzmy')).map((r) => r.id)).toEqual([id]);
    // A change that leaves the name keeps its initials.
    expect((await post(`/api/aux/customer/${id}`, { address: '广州市' })).nameInitials).toBe('gzmygs');
    const english = await post('/api/aux/vendor', { accountId: a.accountId, code: 'PY2', name: 'Blue River Ltd' });
    expect(english.nameInitials).toBeNull();
    expect((await found('vendor', a, 'blue')).map((r) => r.id)).toEqual([english.id]);
  });

  it('fills the initials of rows written before the column existed, leaving their version alone', async () => {
    const before: Record<string, number> = {};
    for (const kind of KINDS) {
      const [row] = await found(kind, a, NAMED[kind].keyword);
      before[kind] = (row as unknown as { version: number }).version;
      await t.db.db.execute(sql.raw(`update ${TABLE[kind]} set name_initials = null where id = ${made.a[kind]}`));
      expect(await found(kind, a, NAMED[kind].keyword), kind).toEqual([]);
    }
    expect(await fillNameInitials(t.db.db)).toBeGreaterThanOrEqual(KINDS.length);
    for (const kind of KINDS) {
      const rows = await found(kind, a, NAMED[kind].keyword);
      expect(rows.map((r) => r.id), kind).toEqual([made.a[kind]]);
      expect(rows[0].nameInitials, kind).toBe(NAMED[kind].initials);
      expect((rows[0] as unknown as { version: number }).version, kind).toBe(before[kind]);
    }
    // Nothing left to fill: a second start writes nothing.
    expect(await fillNameInitials(t.db.db)).toBe(0);
  });
});
