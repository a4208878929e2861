/**
 * INVALID_INPUT always says what is wrong: a service's own refusal names its field and rule (never
 * the catalogue's prefix with nothing after the colon), every field a contract takes has a label in
 * the caller's language (list filters too), an empty required text "is required", and a malformed
 * JSON query value (filter) says so instead of naming a type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, unique } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';
import { messageOf } from '../../src/server/http/messages';

const ZH = '输入的内容不正确：';
const EN = 'Please enter the correct content: ';

describe('a bare INVALID_INPUT', () => {
  it('is a complete sentence, never a prefix ending in a colon', () => {
    for (const params of [{}, { detail: '' }, { detail: ' ' }] as Array<Record<string, string>>) {
      expect(messageOf('INVALID_INPUT', 'zh_CN', params)).toBe('输入的内容不正确，请检查后重试');
      expect(messageOf('INVALID_INPUT', 'en_US', params)).toBe('Please enter the correct content and try again');
    }
    expect(messageOf('INVALID_INPUT', 'en_US', { detail: 'Name is required' })).toBe(`${EN}Name is required`);
  });
});

describe.each(backends())('INVALID_INPUT messages (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let cash: number;

  /** The msg of a refused call in both languages (400 INVALID_INPUT). */
  const refusal = async (method: 'GET' | 'POST', url: string, o: { body?: unknown; query?: Record<string, unknown> }) => {
    const out: string[] = [];
    for (const lang of ['zh_CN', 'en_US']) {
      const res = await t.call(method, url, { token: admin, lang, ...o });
      expect(res.json(), `${url} ${res.body}`).toMatchObject({ code: 'INVALID_INPUT' });
      expect(res.statusCode).toBe(400);
      out.push(res.json().msg);
    }
    return { zh: out[0], en: out[1] };
  };
  /** A GET with a raw query string (values the harness would JSON-encode). */
  const rawGet = async (url: string, lang: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}`, 'x-language': lang } });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().msg as string;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    cash = (await data(t.call('POST', '/api/common/bankAccount', { token: admin, body: { accountYearId: w.accountYearId, code: 'C01', name: '现金', kind: 'CASH', subjectId: w.subject.cash } }), 'cash account')).id;
  });
  afterAll(async () => t?.close());

  describe('services name the field and the rule', () => {
    it('a child subject keeps its parent balance direction', async () => {
      // 222101 (a level-2 subject under 2221, credit side) asked to turn debit.
      const m = await refusal('POST', `/api/subject/${w.subject.tax}`, { body: { direction: 'BORROWER' } });
      expect(m.zh).toBe(`${ZH}【余额方向】不能修改：下级科目沿用上级科目的余额方向`);
      expect(m.en).toBe(`${EN}Balance direction cannot be changed: a child subject keeps its parent's balance direction`);
    });

    it('a cash journal save that names a line twice', async () => {
      await data(t.call('POST', '/api/cashier/opening', { token: admin, body: { accountId: w.accountId, openings: [{ bankAccountId: cash, startDate: '2026-01-01', openingCents: 0 }] } }), 'opening');
      // The duplicate is refused before any line is looked up: the id need not exist.
      const twice = cash + 1_000_000;
      const m = await refusal('POST', '/api/cashier/cash', { body: { bankAccountId: cash, lines: [], deleteIds: [twice, twice] } });
      expect(m.zh).toBe(`${ZH}【待删除的行】包含重复的行：每次保存中一行只能修改或删除一次`);
      expect(m.en).toBe(`${EN}Lines to delete contain the same line more than once: a line is changed or deleted once per save`);
    });

    it('cash openings that name an account twice', async () => {
      const o = { bankAccountId: cash, startDate: '2026-01-01', openingCents: 5 };
      const m = await refusal('POST', '/api/cashier/opening', { body: { accountId: w.accountId, openings: [o, o] } });
      expect(m.zh).toBe(`${ZH}【期初余额】中同一账户出现多次：每个账户只有一个期初余额`);
      expect(m.en).toBe(`${EN}Openings list the same account more than once: an account has one opening balance`);
    });

    it('cash list paging by more than one of after, before and last', async () => {
      const m = await refusal('GET', '/api/cashier/cash', { query: { filter: { accountId: w.accountId, bankAccountId: cash, after: '2026-01-01,1', last: true } } });
      expect(m.zh).toBe(`${ZH}【筛选条件】只能指定下一页起点、上一页起点、最后一页中的一项`);
      expect(m.en).toBe(`${EN}Filter takes only one of after, before and last`);
    });

    it('opening rows that name a subject twice', async () => {
      const row = { subjectId: w.subject.cash, amountCents: 1 };
      const m = await refusal('POST', '/api/opening', { body: { accountYearId: w.accountYearId, rows: [row, row] } });
      expect(m.zh).toBe(`${ZH}【行】中同一科目出现多次：每个科目只有一行期初`);
      expect(m.en).toBe(`${EN}Rows list the same subject more than once: a subject has one opening row`);
    });

    it('an opening breakdown value of a type the subject does not carry', async () => {
      // 1122 carries customers only; a department on its row is refused, naming the row.
      const m = await refusal('POST', '/api/opening/aux', { body: { accountYearId: w.accountYearId, subjectId: w.subject.receivable, rows: [{ customerId: w.customerId, departmentId: w.departmentId, amountCents: 1 }] } });
      expect(m.zh).toBe(`${ZH}【部门】不是科目 1122 的辅助核算类型，请留空（第 1 行）`);
      expect(m.en).toBe(`${EN}Department is not an auxiliary type of subject 1122: leave it empty (row 1)`);
    });
  });

  describe('field labels and rules', () => {
    it('labels body fields; an empty required text is required', async () => {
      const m = await refusal('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: '', name: '' } });
      expect(m.zh).toBe(`${ZH}【编码】不能为空；【名称】不能为空`);
      expect(m.en).toBe(`${EN}Code is required; Name is required`);
      const blank = await refusal('POST', '/api/account', { body: { companyId: w.companyId, name: '' } });
      expect(blank.en).toBe(`${EN}Name is required`);
    });

    it('labels dates and amounts', async () => {
      const birthday = await refusal('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E9', name: unique('E'), departmentId: w.departmentId, birthday: '2026-02-30' } });
      expect(birthday.zh).toBe(`${ZH}【出生日期】须为有效日期，格式如 2025-01-31`);
      expect(birthday.en).toBe(`${EN}Birthday must be a valid date such as 2025-01-31`);
      const amount = await refusal('POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '9901', name: unique('B'), amount: -5 } });
      // A money bound is said in currency units (contract/money.ts).
      expect(amount.zh).toBe(`${ZH}【金额】不能小于 0.00`);
      expect(amount.en).toBe(`${EN}Amount must be at least 0.00`);
    });

    it('labels list filter fields', async () => {
      const leader = await refusal('GET', '/api/aux/customer', { query: { filter: { companyId: w.companyId, leaderId: 'x' } } });
      expect(leader.zh).toBe(`${ZH}【筛选条件.负责人】类型不正确，应为数字`);
      expect(leader.en).toBe(`${EN}Filter.Leader must be a number`);
      const auxType = await refusal('GET', '/api/subject/aux', { query: { filter: { accountYearId: w.accountYearId } } });
      expect(auxType.zh).toBe(`${ZH}【筛选条件.辅助核算类型】不能为空`);
      expect(auxType.en).toBe(`${EN}Filter.Auxiliary type is required`);
    });
  });

  describe('a malformed JSON filter', () => {
    it('is not valid JSON', async () => {
      for (const bad of ['{bad', 'abc', '{"companyId":']) {
        const q = `filter=${encodeURIComponent(bad)}`;
        expect(await rawGet(`/api/aux/customer?${q}`, 'zh_CN')).toBe(`${ZH}【筛选条件】不是有效的 JSON`);
        expect(await rawGet(`/api/aux/customer?${q}`, 'en_US')).toBe(`${EN}Filter is not valid JSON`);
        // A filter with a schema of its own (not a list query) says the same.
        expect(await rawGet(`/api/voucher/total?${q}`, 'en_US')).toBe(`${EN}Filter is not valid JSON`);
      }
    });

    it('must be an object', async () => {
      for (const bad of ['[1,2]', 'null', '5', '"x"']) {
        const q = `filter=${encodeURIComponent(bad)}`;
        expect(await rawGet(`/api/aux/customer?${q}`, 'zh_CN')).toBe(`${ZH}【筛选条件】类型不正确，应为对象`);
        expect(await rawGet(`/api/aux/customer?${q}`, 'en_US')).toBe(`${EN}Filter must be an object`);
      }
    });

    it('a sort keeps its plain form', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/aux/customer?filter=${encodeURIComponent(JSON.stringify({ companyId: w.companyId }))}&sort=-code`, headers: { authorization: `Bearer ${admin}` } });
      expect(res.json(), res.body).toMatchObject({ success: true });
    });
  });
});
