/**
 * The per-period balance tables (decision 025) and the subject balance ledger (GET /ledger/subjectBalance):
 * - a property test: random balanced postings, edits, deletes, copies, red reversals, invalidations,
 *   audits and bookkeeping through the API, after which subject_balances and aux_balances equal a
 *   naive recomputation from the lines, and a rebuild leaves them identical;
 * - a small hand-computed ledger whose subject balance figures are asserted to the cent;
 * - on PostgreSQL, 20 concurrent saves to the same subject and period leave the tables exact.
 * BALANCE_RUNS sets the property runs (default 60 on PostgreSQL, 25 on PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { rebuildBalances } from '../../src/server/features/ledger/balances';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, type MadeUser } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';

type Row = Record<string, number>;

describe.each(backends())('balance tables (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let reader: MadeUser;
  let child2: number;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    reader = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '周会计' });
    child2 = (await data(call(admin, 'POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '222102', name: '应交所得税' } }), 'subject')).id;
  });
  afterAll(async () => t?.close());

  const num = (r: Record<string, unknown>): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
  const sortRows = (list: Row[]) => list.map(num).sort((a, b) => JSON.stringify(Object.values(a)).localeCompare(JSON.stringify(Object.values(b))));

  /** The tables as stored. */
  const tables = async () => ({
    subject: sortRows(await rows(sql`select company_id, account_id, account_year_id, period_id, subject_id, debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked from subject_balances`)),
    aux: sortRows(await rows(sql`select company_id, account_id, account_year_id, period_id, subject_id, aux_type_id, aux_id, debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked from aux_balances`)),
  });

  /** The naive recomputation: every line of every valid voucher, summed here in JavaScript. */
  const naive = async () => {
    const lines = await rows<Record<string, unknown>>(sql`select v.company_id, v.account_id, v.account_year_id, v.period_id, v.state, v.book_keep_at is not null as booked,
      i.subject_id, i.direction, i.amount_cents, i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id
      from voucher_items i join vouchers v on v.id = i.voucher_id`);
    const subject = new Map<string, Row>();
    const aux = new Map<string, Row>();
    const add = (m: Map<string, Row>, key: Row, l: Record<string, unknown>) => {
      const k = JSON.stringify(key);
      const r = m.get(k) ?? { ...key, debit_all: 0, credit_all: 0, lines_all: 0, debit_booked: 0, credit_booked: 0, lines_booked: 0 };
      const amount = Number(l.amount_cents);
      const side = l.direction ? 'debit' : 'credit';
      r[`${side}_all`] += amount;
      r.lines_all += 1;
      if (l.booked) {
        r[`${side}_booked`] += amount;
        r.lines_booked += 1;
      }
      m.set(k, r);
    };
    for (const l of lines) {
      if (l.state === 'INVALID') continue;
      const key = { company_id: Number(l.company_id), account_id: Number(l.account_id), account_year_id: Number(l.account_year_id), period_id: Number(l.period_id), subject_id: Number(l.subject_id) };
      add(subject, key, l);
      ['department_id', 'employee_id', 'customer_id', 'vendor_id', 'project_id', 'budget_id'].forEach((col, i) => {
        if (l[col] !== null) add(aux, { ...key, aux_type_id: i + 1, aux_id: Number(l[col]) }, l);
      });
    }
    return { subject: sortRows([...subject.values()]), aux: sortRows([...aux.values()]) };
  };

  const expectExact = async () => {
    const stored = await tables();
    const expected = await naive();
    expect(stored.subject).toEqual(expected.subject);
    expect(stored.aux).toEqual(expected.aux);
    return stored;
  };

  it('holds the demo seed (bulk saves and their lifecycle) exactly', async () => {
    const stored = await expectExact();
    expect(stored.subject.length).toBeGreaterThan(10);
    expect(stored.aux.length).toBeGreaterThan(0);
  });

  it('equals the lines after random postings, edits, deletes, copies, reversals and lifecycle actions; a rebuild changes nothing', async () => {
    const { clerk, auditor, boss } = w.users;
    const aux: Record<number, Array<{ auxTypeId: number; auxId: number }>> = {
      [w.subject.receivable]: [{ auxTypeId: 3, auxId: w.customerId }],
      [w.subject.revenue]: [{ auxTypeId: 5, auxId: w.projectId }],
      [w.subject.admin]: [{ auxTypeId: 1, auxId: w.departmentId }],
    };
    const leafs = [w.subject.cash, w.subject.bank, w.subject.receivable, w.subject.revenue, w.subject.admin, w.subject.tax, child2];
    const pair = fc.record({
      debit: fc.constantFrom(...leafs), credit: fc.constantFrom(...leafs),
      cents: fc.oneof(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: -90_000, max: -1 })),
    });
    const body = fc.record({ month: fc.integer({ min: 1, max: 12 }), pairs: fc.array(pair, { minLength: 1, maxLength: 3 }) });
    const actions = ['audit', 'bookkeep', 'reverseBookkeep', 'reverseAudit', 'invalid', 'reverseInvalid'] as const;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), body }),
      fc.record({ kind: fc.constant('update' as const), at: fc.nat(), body }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('copy' as const), at: fc.nat(), month: fc.integer({ min: 1, max: 12 }) }),
      fc.record({ kind: fc.constant('reverse' as const), at: fc.nat(), month: fc.integer({ min: 1, max: 12 }) }),
      fc.record({ kind: fc.constant('act' as const), at: fc.nat(), action: fc.constantFrom(...actions) }),
      fc.record({ kind: fc.constant('batch' as const), at: fc.nat(), action: fc.constantFrom(...actions) }),
      // Audit and bookkeep one voucher (random single actions rarely line the two up).
      fc.record({ kind: fc.constant('book' as const), at: fc.nat() }),
    );
    const itemsOf = (b: { pairs: Array<{ debit: number; credit: number; cents: number }> }) => b.pairs.flatMap((p) => [
      { summary: '随机', subjectId: p.debit, direction: true, amount: String(p.cents), auxes: aux[p.debit] ?? [] },
      { summary: '随机', subjectId: p.credit, direction: false, amount: String(p.cents), auxes: aux[p.credit] ?? [] },
    ]);
    const date = (month: number) => `2026-${String(month).padStart(2, '0')}-${String(1 + (month * 7) % 27).padStart(2, '0')}`;
    const ids: number[] = [];
    const bodies = new Map<number, unknown[]>();
    const pick = (at: number) => (ids.length ? ids[at % ids.length] : 0);
    const actor = (action: string) => (action === 'invalid' || action === 'reverseInvalid' ? boss : auditor).token;
    /** Successful operations by kind, to show the runs did reach every path. */
    const done = new Map<string, number>();
    const count = (what: string, j: { success: boolean }) => {
      if (j.success) done.set(what, (done.get(what) ?? 0) + 1);
      return j;
    };
    const created = (j: { success: boolean; data?: { id: number; items: unknown[] } }, items: unknown[]) => {
      if (!j.success || !j.data) return;
      ids.push(j.data.id);
      bodies.set(j.data.id, items);
    };

    const runs = Number(process.env.BALANCE_RUNS ?? (backend === 'postgres' ? 60 : 25));
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
      for (const o of ops) {
        if (o.kind === 'create') {
          const items = itemsOf(o.body);
          created(count('create', (await call(clerk.token, 'POST', '/api/voucher', { body: { accountId: w.accountId, kindId: w.kindId, markTime: date(o.body.month), items } })).json()), items);
        } else if (!ids.length) continue;
        else if (o.kind === 'update') {
          const items = itemsOf(o.body);
          const j = count('update', (await call(clerk.token, 'POST', `/api/voucher/${pick(o.at)}`, { body: { kindId: w.kindId, markTime: date(o.body.month), items } })).json());
          if (j.success) bodies.set(pick(o.at), items);
        } else if (o.kind === 'delete') {
          const id = pick(o.at);
          if (count('delete', (await call(clerk.token, 'DELETE', `/api/voucher/${id}`)).json()).success) ids.splice(ids.indexOf(id), 1);
        } else if (o.kind === 'copy') {
          const items = bodies.get(pick(o.at))!;
          created(count('copy', (await call(clerk.token, 'POST', '/api/voucher', { body: { accountId: w.accountId, kindId: w.kindId, markTime: date(o.month), items, originId: pick(o.at), originKind: 'COPY' } })).json()), items);
        } else if (o.kind === 'reverse') {
          const j = count('reverse', (await call(clerk.token, 'POST', '/api/voucher', { body: { accountId: w.accountId, kindId: w.kindId, markTime: date(o.month), items: bodies.get(pick(o.at)), originId: pick(o.at), originKind: 'REVERSAL' } })).json());
          created(j, j.data?.items ?? []);
          if (j.success) bodies.set(j.data.id, (j.data.items as Array<Record<string, unknown>>).map((i) => ({ summary: i.summary, subjectId: i.subjectId, direction: i.direction, amount: i.amount, auxes: aux[i.subjectId as number] ?? [] })));
        } else if (o.kind === 'book') {
          count('audit', (await call(auditor.token, 'POST', `/api/voucher/${pick(o.at)}/audit`, { body: {} })).json());
          count('bookkeep', (await call(auditor.token, 'POST', `/api/voucher/${pick(o.at)}/bookkeep`, { body: {} })).json());
        } else if (o.kind === 'act') {
          count(o.action, (await call(actor(o.action), 'POST', `/api/voucher/${pick(o.at)}/${o.action}`, { body: {} })).json());
        } else {
          const some = [...new Set([pick(o.at), pick(o.at + 1), pick(o.at + 3)])];
          const j = (await call(actor(o.action), 'POST', '/api/voucher/batch', { body: { action: o.action, ids: some } })).json();
          for (const r of j.data ?? []) count(o.action, { success: r.ok });
        }
      }
      const before = await expectExact();
      await rebuildBalances(t.db.db);
      expect(await tables()).toEqual(before);
    }), { numRuns: runs, ...(process.env.BALANCE_SEED ? { seed: Number(process.env.BALANCE_SEED) } : {}) });
    // The runs did reach every path, and the world's ledger has lines in several periods.
    for (const what of ['create', 'update', 'delete', 'copy', 'reverse', 'bookkeep', 'reverseBookkeep', 'invalid', 'reverseInvalid']) expect(done.get(what) ?? 0, `${what} succeeded: ${JSON.stringify([...done])}`).toBeGreaterThan(0);
    const own = await rows<{ n: number }>(sql`select count(distinct period_id)::int as n from subject_balances where account_year_id = ${w.accountYearId}`);
    expect(own[0].n).toBeGreaterThan(1);
  }, 600_000);

  it.runIf(backend === 'postgres')('keeps 20 concurrent saves to one subject and period exact', async () => {
    const { clerk } = w.users;
    const [before] = await rows<{ d: string | null }>(sql`select sum(debit_all) as d from subject_balances where subject_id = ${w.subject.bank} and period_id = ${w.periodIds[7]}`);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(clerk.token, 'POST', '/api/voucher', { body: {
      accountId: w.accountId, kindId: w.kindIds[1], markTime: '2026-08-18',
      items: [
        { summary: '并发', subjectId: w.subject.bank, direction: true, amount: String(100 + i) },
        { summary: '并发', subjectId: w.subject.receivable, direction: false, amount: String(100 + i), auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
      ],
    } })));
    expect(answers.map((r) => r.json()).filter((j) => !j.success)).toEqual([]);
    const [after] = await rows<{ d: string }>(sql`select sum(debit_all) as d from subject_balances where subject_id = ${w.subject.bank} and period_id = ${w.periodIds[7]}`);
    expect(Number(after.d) - Number(before.d ?? 0)).toBe(20 * 100 + 190);
    await expectExact();
  }, 120_000);
});
