/** Financial settings: voucher kinds, the voucher code rule and currencies (issue 7, spec 01 §3 §7 §9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { demoCompanyId, makeUser, makeWorld, type World } from './factories';

describe.each(backends())('finance settings (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let editor: string;
  let reader: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    editor = (await makeUser(t, admin, w.companyId, [RIGHTS.BASIC, RIGHTS.BASIC_FINANCE])).token;
    reader = (await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER])).token;
  });
  afterAll(async () => t?.close());

  const kinds = async (accountId = w.accountId, token = admin) => (await t.call('GET', '/api/voucher/kind', { token, query: { accountId } })).json().data.content;

  describe('voucher kinds', () => {
    it('seeds 记/收/付/转 with English labels for a new ledger set, 记 the default', async () => {
      const ks = await kinds();
      expect(ks.map((k: { name: string }) => k.name)).toEqual(['记', '收', '付', '转']);
      expect(ks.map((k: { nameEn: string }) => k.nameEn)).toEqual(['General', 'Receipt', 'Payment', 'Transfer']);
      expect(ks.filter((k: { isDefault: boolean }) => k.isDefault).map((k: { name: string }) => k.name)).toEqual(['记']);
    });

    it('seeds the demo ledger sets too', async () => {
      const demo = await demoCompanyId(t, admin);
      const ledgers = (await t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: demo } } })).json().data.content;
      expect((await kinds(ledgers[0].id)).length).toBe(4);
    });

    it('is readable by any user of the company (the voucher editor needs it) and the filter takes JSON too', async () => {
      const res = await t.call('GET', '/api/voucher/kind', { token: reader, query: { filter: { accountId: w.accountId } } });
      expect(res.json().data.total).toBe(4);
    });

    it('creates a kind, refuses a duplicate name in the same ledger set (case-insensitive) but not in another', async () => {
      const made = (await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: ' 现 ', nameEn: 'Cash' } })).json();
      expect(made.success).toBe(true);
      expect(made.data).toMatchObject({ name: '现', nameEn: 'Cash', isDefault: false, sort: 4, version: 0 });
      const dup = await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: '现' }, lang: 'en_US' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ success: false, code: 'DATA_DUPLICATION', msg: 'Data duplication!' });
      const zh = await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: '记' }, lang: 'zh_CN' });
      expect(zh.json().msg).toBe('数据重复！');
      await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: 'Ab' } });
      expect((await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: 'aB' } })).json().code).toBe('DATA_DUPLICATION');
      const other = (await t.call('POST', '/api/account', { token: admin, body: { companyId: w.companyId, name: 'Other ledger' } })).json().data;
      expect((await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: other.id, name: '现' } })).json().success).toBe(true);
    });

    it('refuses an empty or too long name', async () => {
      for (const name of ['', '   ', 'x'.repeat(17)]) {
        const r = await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name } });
        expect(r.statusCode, name).toBe(400);
      }
    });

    it('renames with a duplicate check and the version read; a stale version is refused', async () => {
      const k = (await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: '银' } })).json().data;
      const dup = await t.call('POST', `/api/voucher/kind/${k.id}`, { token: editor, body: { name: '收' } });
      expect(dup.json().code).toBe('DATA_DUPLICATION');
      const renamed = (await t.call('POST', `/api/voucher/kind/${k.id}`, { token: editor, body: { name: '银收', version: 0 } })).json().data;
      expect(renamed).toMatchObject({ name: '银收', version: 1 });
      const stale = await t.call('POST', `/api/voucher/kind/${k.id}`, { token: editor, body: { name: '银付', version: 0 } });
      expect(stale.json().code).toBe('STALE_DATA');
      const same = (await t.call('POST', `/api/voucher/kind/${k.id}`, { token: editor, body: { name: '银收' } })).json().data;
      expect(same.version).toBe(1);
    });

    it('moves the default: exactly one default kind per ledger set', async () => {
      const ks = await kinds();
      const shou = ks.find((k: { name: string }) => k.name === '收');
      const r = (await t.call('POST', `/api/voucher/kind/${shou.id}`, { token: editor, body: { isDefault: true } })).json();
      expect(r.data.isDefault).toBe(true);
      const after = await kinds();
      expect(after.filter((k: { isDefault: boolean }) => k.isDefault).map((k: { name: string }) => k.name)).toEqual(['收']);
      expect(after[0].name).toBe('收');
      const unset = await t.call('POST', `/api/voucher/kind/${shou.id}`, { token: editor, body: { isDefault: false } });
      expect(unset.statusCode).toBe(400);
      const ji = after.find((k: { name: string }) => k.name === '记');
      await t.call('POST', `/api/voucher/kind/${ji.id}`, { token: editor, body: { isDefault: true } });
    });

    it('creating a kind as the default takes the default from the previous one', async () => {
      const world = await makeWorld(t, admin);
      await t.call('POST', '/api/voucher/kind', { token: admin, body: { accountId: world.accountId, name: '新', isDefault: true } });
      const ks = await kinds(world.accountId);
      expect(ks.filter((k: { isDefault: boolean }) => k.isDefault).map((k: { name: string }) => k.name)).toEqual(['新']);
    });

    it('answers the used-check, deletes an unused kind, refuses the default one', async () => {
      const k = (await t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: '删' } })).json().data;
      expect((await t.call('GET', `/api/voucher/kind/${k.id}/used`, { token: reader })).json().data).toBe(false);
      expect((await t.call('DELETE', `/api/voucher/kind/${k.id}`, { token: editor })).json().success).toBe(true);
      expect((await kinds()).some((x: { id: number }) => x.id === k.id)).toBe(false);
      const def = (await kinds()).find((x: { isDefault: boolean }) => x.isDefault);
      const refused = await t.call('DELETE', `/api/voucher/kind/${def.id}`, { token: editor, lang: 'en_US' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'DEFAULT_VOUCHER_KIND', msg: 'The default voucher kind cannot be deleted; make another kind the default first!' });
      const gone = await t.call('DELETE', `/api/voucher/kind/${k.id}`, { token: editor });
      expect(gone.json().code).toBe('NO_PERMISSION');
    });

    it('needs the finance-information right to change, not to read', async () => {
      const r = await t.call('POST', '/api/voucher/kind', { token: reader, body: { accountId: w.accountId, name: '读' }, lang: 'en_US' });
      expect(r.statusCode).toBe(403);
      expect(r.json().msg).toBe('No permission to operate');
    });

    it('keeps concurrent creates of one name to one row', async () => {
      const rs = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/voucher/kind', { token: editor, body: { accountId: w.accountId, name: '并' } })));
      expect(rs.filter((r) => r.json().success)).toHaveLength(1);
      expect(rs.filter((r) => r.json().code === 'DATA_DUPLICATION')).toHaveLength(2);
    });
  });

  describe('voucher code rule', () => {
    it('defaults to 4 for a new ledger set and updates within 1..10', async () => {
      const rule = (await t.call('GET', '/api/voucher/codeRule', { token: reader, query: { accountId: w.accountId } })).json().data;
      expect(rule).toEqual({ accountId: w.accountId, length: 4, version: 0 });
      const upd = (await t.call('POST', '/api/voucher/codeRule', { token: editor, body: { accountId: w.accountId, length: 6, version: 0 } })).json().data;
      expect(upd).toMatchObject({ length: 6, version: 1 });
      for (const length of [0, 11, 4.5]) {
        expect((await t.call('POST', '/api/voucher/codeRule', { token: editor, body: { accountId: w.accountId, length } })).statusCode, String(length)).toBe(400);
      }
      const stale = await t.call('POST', '/api/voucher/codeRule', { token: editor, body: { accountId: w.accountId, length: 5, version: 0 } });
      expect(stale.json().code).toBe('STALE_DATA');
      expect((await t.call('GET', '/api/voucher/codeRule', { token: admin, query: { accountId: w.accountId } })).json().data.length).toBe(6);
      const denied = await t.call('POST', '/api/voucher/codeRule', { token: reader, body: { accountId: w.accountId, length: 5 } });
      expect(denied.statusCode).toBe(403);
    });
  });

  describe('currencies', () => {
    const list = async (query: Record<string, unknown> = {}) => (await t.call('GET', '/api/common/currency', { token: admin, query: { companyId: w.companyId, ...query } })).json().data;

    it('seeds CNY as the base currency of a new company, rate 1', async () => {
      const l = await list();
      expect(l.content).toEqual([expect.objectContaining({ code: 'CNY', base: true, rate: '1', disabled: false })]);
    });

    it('creates with an upper-cased code and a canonical rate, refuses duplicates and bad codes or rates', async () => {
      const usd = (await t.call('POST', '/api/common/currency', { token: editor, body: { companyId: w.companyId, code: 'usd', name: '美元 US dollar', rate: '7.100000' } })).json();
      expect(usd.data).toMatchObject({ code: 'USD', rate: '7.1', base: false, disabled: false });
      const dup = await t.call('POST', '/api/common/currency', { token: editor, body: { companyId: w.companyId, code: 'USD', name: 'Again', rate: 7 }, lang: 'en_US' });
      expect(dup.json()).toMatchObject({ code: 'DATA_DUPLICATION', msg: 'Data duplication!' });
      for (const body of [{ code: 'US', rate: 1 }, { code: 'EUR', rate: 0 }, { code: 'EUR', rate: '-1' }, { code: 'EUR', rate: '1.1234567' }, { code: 'EUR', rate: 'abc' }]) {
        const r = await t.call('POST', '/api/common/currency', { token: editor, body: { companyId: w.companyId, name: 'X', ...body } });
        expect(r.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await list({ keyword: 'us' })).total).toBe(1);
    });

    it('updates, disables and enables a currency; lists by disabled flag', async () => {
      const eur = (await t.call('POST', '/api/common/currency', { token: editor, body: { companyId: w.companyId, code: 'EUR', name: '欧元', rate: 7.8 } })).json().data;
      const off = (await t.call('POST', `/api/common/currency/${eur.id}`, { token: editor, body: { disabled: true, rate: '7.75', version: eur.version } })).json().data;
      expect(off).toMatchObject({ disabled: true, rate: '7.75', version: 1 });
      expect((await list({ disabled: true })).content.map((c: { code: string }) => c.code)).toEqual(['EUR']);
      const stale = await t.call('POST', `/api/common/currency/${eur.id}`, { token: editor, body: { disabled: false, version: 0 } });
      expect(stale.json().code).toBe('STALE_DATA');
      const dup = await t.call('POST', `/api/common/currency/${eur.id}`, { token: editor, body: { code: 'CNY' } });
      expect(dup.json().code).toBe('DATA_DUPLICATION');
      expect((await t.call('POST', `/api/common/currency/${eur.id}`, { token: editor, body: { disabled: false } })).json().data.disabled).toBe(false);
    });

    it('keeps the base currency: no delete, no disable, no other rate or code; its name may change', async () => {
      const cny = (await list()).content.find((c: { base: boolean }) => c.base);
      for (const body of [{ disabled: true }, { rate: '2' }, { code: 'RMB' }]) {
        const r = await t.call('POST', `/api/common/currency/${cny.id}`, { token: editor, body, lang: 'en_US' });
        expect(r.json(), JSON.stringify(body)).toMatchObject({ code: 'BASE_CURRENCY_LOCKED', msg: 'The base currency cannot be deleted, disabled or given another rate!' });
      }
      expect((await t.call('DELETE', `/api/common/currency/${cny.id}`, { token: editor })).json().code).toBe('BASE_CURRENCY_LOCKED');
      expect((await t.call('POST', `/api/common/currency/${cny.id}`, { token: editor, body: { name: '人民币', rate: '1.000' } })).json().data).toMatchObject({ name: '人民币', rate: '1' });
    });

    it('deletes an unused currency', async () => {
      const jpy = (await t.call('POST', '/api/common/currency', { token: editor, body: { companyId: w.companyId, code: 'JPY', name: '日元', rate: '0.048' } })).json().data;
      expect((await t.call('DELETE', `/api/common/currency/${jpy.id}`, { token: editor })).json().success).toBe(true);
      expect((await list({ keyword: 'JPY' })).total).toBe(0);
    });

    it('reads for any user of the company, writes only with the right, never across companies', async () => {
      expect((await t.call('GET', '/api/common/currency', { token: reader })).json().success).toBe(true);
      const denied = await t.call('POST', '/api/common/currency', { token: reader, body: { companyId: w.companyId, code: 'GBP', name: 'Pound', rate: 9 } });
      expect(denied.statusCode).toBe(403);
      const foreign = await t.call('GET', '/api/common/currency', { token: editor, query: { companyId: await demoCompanyId(t, admin) } });
      expect(foreign.statusCode).toBe(403);
    });
  });
});
