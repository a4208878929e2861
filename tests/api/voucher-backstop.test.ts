/**
 * The database's own guard of the books (the voucher_guards migration): raw SQL, no service in between. An
 * unbalanced voucher, a change to a locked voucher and any change in a settled period are refused by
 * PostgreSQL itself, so no code path (a bug, a script, a future endpoint) can break the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from './harness';
import { makeWorld, type World } from './factories';
import { sqlStateOf } from './sql-state';


describe.each(backends())('voucher backstop (%s)', (backend) => {
  let t: TestApp;
  let w: World;
  let kindId: number;
  let cash: number;
  let revenue: number;
  let adminId: number;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0]!;
  let nextCode = 1;

  /** A voucher with its lines, in one transaction, as a service would write it. */
  const writeVoucher = (lines: Array<[subjectId: number, debit: boolean, cents: number]>, o: { totals?: number; periodIndex?: number } = {}) =>
    t.db.db.transaction(async (tx) => {
      const debit = lines.filter((l) => l[1]).reduce((s, l) => s + l[2], 0);
      const total = o.totals ?? debit;
      const periodId = w.periodIds[o.periodIndex ?? 0]!;
      const v = ((await tx.execute(sql`insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date, debit_cents, credit_cents)
        values (${w.companyId}, ${w.accountId}, ${w.accountYearId}, ${periodId}, ${kindId}, ${nextCode++}, '2026-01-15', ${total}, ${total}) returning id`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
      let n = 0;
      for (const [subjectId, dir, cents] of lines) {
        await tx.execute(sql`insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents)
          values (${w.companyId}, ${v}, ${++n}, 'test line', ${w.accountYearId}, ${subjectId}, ${dir}, ${cents})`);
      }
      return v;
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await t.login('admin');
    w = await makeWorld(t, admin);
    adminId = (await t.call('GET', '/api/idm/user/current', { token: admin })).json().data.id;
    kindId = (await one<{ id: number }>(sql`select id from voucher_kinds where account_id = ${w.accountId} order by sort, id limit 1`)).id;
    cash = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '1001'`)).id;
    revenue = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '5001'`)).id;
  });
  afterAll(async () => t?.close());

  it('accepts a balanced voucher, red (negative) amounts included', async () => {
    const v = await writeVoucher([[cash, true, 10_000], [revenue, false, 10_000]]);
    expect(v).toBeGreaterThan(0);
    const red = await writeVoucher([[cash, true, -2_500], [revenue, false, -2_500]], { totals: -2_500 });
    expect(red).toBeGreaterThan(0);
  });

  it('refuses unbalanced lines, a voucher without lines, and totals that do not match the lines', async () => {
    expect(await sqlStateOf(writeVoucher([[cash, true, 10_000], [revenue, false, 9_999]]))).toBe('LDBAL');
    expect(await sqlStateOf(writeVoucher([]))).toBe('LDBAL');
    expect(await sqlStateOf(writeVoucher([[cash, true, 100], [revenue, false, 100]], { totals: 200 }))).toBe('LDBAL');
    // Changing one line of a saved voucher alone unbalances it.
    const v = await writeVoucher([[cash, true, 700], [revenue, false, 700]]);
    expect(await sqlStateOf(t.db.db.execute(sql`update voucher_items set amount_cents = 701 where voucher_id = ${v} and line_no = 1`))).toBe('LDBAL');
    expect(await sqlStateOf(t.db.db.execute(sql`delete from voucher_items where voucher_id = ${v} and line_no = 2`))).toBe('LDBAL');
    const sums = await one<{ d: string }>(sql`select sum(amount_cents) filter (where direction) as d from voucher_items where voucher_id = ${v}`);
    expect(Number(sums.d)).toBe(700);
  });

  it('refuses a zero line and a subject of another account year', async () => {
    expect(await sqlStateOf(writeVoucher([[cash, true, 0], [revenue, false, 0]], { totals: 0 }))).toBe('23514');
    const other = await makeWorld(t, await t.login('admin'), { companyId: w.companyId, year: 2027 });
    const foreign = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${other.accountYearId} and code = '5001'`)).id;
    expect(await sqlStateOf(writeVoucher([[cash, true, 100], [foreign, false, 100]]))).toMatch(/^(23503|LDINV)$/);
  });

  it('freezes the content of an audited voucher but lets its lifecycle move on', async () => {
    const v = await writeVoucher([[cash, true, 5_000], [revenue, false, 5_000]]);
    await t.db.db.execute(sql`update vouchers set audit_at = now(), audit_by = ${adminId}, audit_pass = true where id = ${v}`);
    const before = await rows(sql`select * from voucher_items where voucher_id = ${v} order by line_no`);
    expect(await sqlStateOf(t.db.db.execute(sql`update voucher_items set summary = 'changed' where voucher_id = ${v}`))).toBe('LDLCK');
    expect(await sqlStateOf(t.db.db.execute(sql`insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents) values (${w.companyId}, ${v}, 9, 'x', ${w.accountYearId}, ${cash}, true, 1)`))).toBe('LDLCK');
    expect(await sqlStateOf(t.db.db.execute(sql`delete from voucher_items where voucher_id = ${v}`))).toBe('LDLCK');
    expect(await sqlStateOf(t.db.db.execute(sql`update vouchers set mark_date = '2026-01-20' where id = ${v}`))).toBe('LDLCK');
    expect(await sqlStateOf(t.db.db.execute(sql`update vouchers set code = code + 1000 where id = ${v}`))).toBe('LDLCK');
    expect(await sqlStateOf(t.db.db.execute(sql`delete from vouchers where id = ${v}`))).toBe('LDLCK');
    expect(await rows(sql`select * from voucher_items where voucher_id = ${v} order by line_no`)).toEqual(before);
    // Bookkeeping and its reverse only touch the lifecycle columns.
    await t.db.db.execute(sql`update vouchers set book_keep_at = now(), book_keep_by = ${adminId} where id = ${v}`);
    await t.db.db.execute(sql`update vouchers set book_keep_at = null, book_keep_by = null, audit_at = null, audit_by = null, audit_pass = null where id = ${v}`);
    await t.db.db.execute(sql`update voucher_items set summary = 'editable again' where voucher_id = ${v}`);
    expect((await one<{ summary: string }>(sql`select summary from voucher_items where voucher_id = ${v} and line_no = 1`)).summary).toBe('editable again');
  });

  it('refuses bookkeeping a voucher not audited as correct', async () => {
    const v = await writeVoucher([[cash, true, 300], [revenue, false, 300]]);
    expect(await sqlStateOf(t.db.db.execute(sql`update vouchers set book_keep_at = now(), book_keep_by = ${adminId} where id = ${v}`))).toBe('23514');
    await t.db.db.execute(sql`update vouchers set audit_at = now(), audit_by = ${adminId}, audit_pass = false, audit_note = 'wrong subject' where id = ${v}`);
    expect(await sqlStateOf(t.db.db.execute(sql`update vouchers set book_keep_at = now(), book_keep_by = ${adminId} where id = ${v}`))).toBe('23514');
  });

  it('freezes an invalid voucher until it is made valid again', async () => {
    const v = await writeVoucher([[cash, true, 400], [revenue, false, 400]]);
    await t.db.db.execute(sql`update vouchers set state = 'INVALID' where id = ${v}`);
    expect(await sqlStateOf(t.db.db.execute(sql`update voucher_items set summary = 'x' where voucher_id = ${v}`))).toBe('LDLCK');
    await t.db.db.execute(sql`update vouchers set state = 'NORMAL' where id = ${v}`);
    await t.db.db.execute(sql`update voucher_items set summary = 'y' where voucher_id = ${v}`);
  });

  it('refuses every change in a settled period', async () => {
    const v = await writeVoucher([[cash, true, 900], [revenue, false, 900]], { periodIndex: 1 });
    await t.db.db.execute(sql`update periods set rolled = true where id = ${w.periodIds[1]!}`);
    try {
      expect(await sqlStateOf(writeVoucher([[cash, true, 100], [revenue, false, 100]], { periodIndex: 1 }))).toBe('LDROL');
      expect(await sqlStateOf(t.db.db.execute(sql`update voucher_items set summary = 'late' where voucher_id = ${v}`))).toBe('LDROL');
      expect(await sqlStateOf(t.db.db.execute(sql`update vouchers set audit_at = now(), audit_by = ${adminId}, audit_pass = true where id = ${v}`))).toBe('LDROL');
      expect(await sqlStateOf(t.db.db.execute(sql`delete from vouchers where id = ${v}`))).toBe('LDROL');
      // Moving a voucher out of (or into) a settled period is a change in it too.
      expect(await sqlStateOf(t.db.db.execute(sql`update vouchers set period_id = ${w.periodIds[2]!} where id = ${v}`))).toBe('LDROL');
    } finally {
      await t.db.db.execute(sql`update periods set rolled = false where id = ${w.periodIds[1]!}`);
    }
  });

  it('refuses a voucher whose period is not of its account year', async () => {
    const other = await makeWorld(t, await t.login('admin'));
    expect(await sqlStateOf(t.db.db.execute(sql`insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date)
      values (${w.companyId}, ${w.accountId}, ${w.accountYearId}, ${other.periodIds[0]!}, ${kindId}, 99999, '2026-01-01')`))).toMatch(/^(23503|LDINV)$/);
  });
});
