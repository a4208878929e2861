/**
 * The call conventions of spec 01 §7 as every route gets them from the shared HTTP layer: the
 * OpenAPI document (it compiles; list filters and upload forms are described), uploads taking their
 * scope as form fields, delete-many refusing an empty id list, sort keys and `fields` on lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { z } from 'zod';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeCompany, makeUser, makeWorld, MISSING_ID, unique, type World } from './factories';
import { RIGHTS } from '../../src/domain/rights';
import { sheet, XLSX } from './workbooks';
import { allRoutes } from '../../src/contract/index';
import { listFilterOf } from '../../src/contract/common';

type Json = Record<string, any>;

/** OpenAPI 3.0's boolean exclusiveMinimum/Maximum in JSON Schema (draft-07) form, which Ajv compiles. */
function toDraft7(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toDraft7);
  if (v === null || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) out[k] = toDraft7(x);
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  return out;
}

/** Every schema of the document's operations, with where it is. */
function operationSchemas(doc: Json): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.schema) out.push([`${at} parameter ${p.name}`, p.schema]);
        for (const [type, media] of Object.entries((p.content ?? {}) as Json)) out.push([`${at} parameter ${p.name} (${type})`, media.schema]);
      }
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) out.push([`${at} body (${type})`, media.schema]);
      for (const [status, r] of Object.entries((op.responses ?? {}) as Json)) {
        for (const [type, media] of Object.entries(((r as Json).content ?? {}) as Json)) out.push([`${at} ${status} (${type})`, media.schema]);
      }
    }
  }
  return out;
}

/** A multipart import body: the form fields first or after the file. */
function importForm(file: Buffer, token: string, fields: Record<string, string>, fieldsAfterFile = false) {
  const boundary = '----ldconventions';
  const field = (k: string, v: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const fieldParts = Object.entries(fields).map(([k, v]) => field(k, v));
  const filePart = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`), file, Buffer.from('\r\n')]);
  const parts = fieldsAfterFile ? [filePart, ...fieldParts] : [...fieldParts, filePart];
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'x-language': 'en_US' } };
}

describe.each(backends())('call conventions (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  describe('the OpenAPI document', () => {
    let doc: Json;
    beforeAll(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      doc = res.json();
    });

    it('resolves every $ref, and every schema in it compiles (Ajv)', () => {
      const text = JSON.stringify(doc);
      const refs = [...new Set([...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]))];
      const dangling = refs.filter((ref) => {
        if (!ref.startsWith('#/')) return true;
        let node: unknown = doc;
        for (const seg of ref.slice(2).split('/')) node = node && typeof node === 'object' ? (node as Json)[seg.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
        return node === undefined;
      });
      expect(dangling).toEqual([]);
      // The recursive department tree of GET /aux/organization is a component, referenced by name.
      const org = doc.paths['/api/aux/organization'].get.responses['200'].content['application/json'].schema;
      const departments = org.properties.data.properties.content.items.properties.departments.items;
      expect(departments.$ref).toMatch(/^#\/components\/schemas\/\w+$/);

      const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
      ajv.addSchema({ $id: 'ledgerdesk-doc', components: toDraft7(doc.components) });
      const failures: string[] = [];
      const schemas = operationSchemas(doc);
      expect(schemas.length).toBeGreaterThan(500);
      for (const [where, schema] of schemas) {
        const local = JSON.parse(JSON.stringify(toDraft7(schema)).replace(/"\$ref":"#\//g, '"$ref":"ledgerdesk-doc#/'));
        try {
          ajv.compile(local);
        } catch (e) {
          failures.push(`${where}: ${(e as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('validates a real answer of the recursive schema (a department tree two levels deep)', async () => {
      const parent = await data(t.call('POST', '/api/aux/department', { token: admin, body: { companyId: w.companyId, code: unique('OT').replace(/\s/g, ''), name: 'Tree parent' } }), 'parent');
      await data(t.call('POST', '/api/aux/department', { token: admin, body: { companyId: w.companyId, code: unique('OT').replace(/\s/g, ''), name: 'Tree child', parentId: parent.id } }), 'child');
      const answer = (await t.call('GET', '/api/aux/organization', { token: admin, query: { companyId: w.companyId } })).json();
      expect(answer.data.content[0].departments.some((d: { subItems: unknown[] }) => d.subItems.length > 0)).toBe(true);
      const ajv = new Ajv({ strict: false, validateFormats: false });
      ajv.addSchema({ $id: 'ledgerdesk-doc', components: toDraft7(doc.components) });
      const org = doc.paths['/api/aux/organization'].get.responses['200'].content['application/json'].schema;
      const validate = ajv.compile(JSON.parse(JSON.stringify(toDraft7(org)).replace(/"\$ref":"#\//g, '"$ref":"ledgerdesk-doc#/')));
      expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
      // The schema does say something: an item of the tree without its name is refused.
      const broken = structuredClone(answer);
      const withChild = broken.data.content[0].departments.find((d: { subItems: unknown[] }) => d.subItems.length > 0);
      delete withChild.subItems[0].name;
      expect(validate(broken)).toBe(false);
    });

    it("documents each list's filter as a JSON object with the keys the server requires", () => {
      let lists = 0;
      for (const r of allRoutes) {
        const filter = listFilterOf(r.query);
        if (!filter || r.hidden) continue;
        lists++;
        const path = `/api${r.path.replace(/:(\w+)/g, '{$1}')}`;
        const param = (doc.paths[path][r.method.toLowerCase()].parameters as Json[]).find((p) => p.name === 'filter');
        const schema = param?.content?.['application/json']?.schema;
        expect(schema?.type, `${r.method} ${path}`).toBe('object');
        const required = (z.toJSONSchema(filter, { io: 'input', unrepresentable: 'any' }).required ?? []) as string[];
        expect(schema.required ?? [], `${r.method} ${path}`).toEqual(required);
        for (const k of required) expect(param?.description, `${r.method} ${path}`).toContain(k);
      }
      expect(lists).toBeGreaterThan(20);
      const voucher = (doc.paths['/api/voucher'].get.parameters as Json[]).find((p) => p.name === 'filter');
      expect(voucher?.content['application/json'].schema.required).toEqual(['accountId']);
    });

    it('documents the multipart form of every upload: the file, and the scope fields of an import', () => {
      let uploads = 0;
      for (const r of allRoutes) {
        if (!r.multipart || r.hidden) continue;
        uploads++;
        const path = `/api${r.path.replace(/:(\w+)/g, '{$1}')}`;
        const form = doc.paths[path].post.requestBody?.content?.['multipart/form-data']?.schema;
        expect(form?.properties?.file, `${path}`).toMatchObject({ type: 'string', format: 'binary' });
        expect(form.required, path).toContain('file');
        if (r.query instanceof z.ZodObject) for (const k of Object.keys(r.query.shape)) expect(form.properties[k], `${path} ${k}`).toBeDefined();
      }
      expect(uploads).toBeGreaterThanOrEqual(6);
      const employee = doc.paths['/api/aux/employee/import'].post.requestBody.content['multipart/form-data'].schema;
      expect(employee.required).toEqual(['file', 'companyId']);
      expect(Object.keys(employee.properties)).toEqual(['file', 'companyId', 'failFast']);
    });
  });

  describe('uploads', () => {
    const departments = async (code: string) => (await data(t.call('GET', '/api/aux/department', { token: admin, query: { filter: { companyId: w.companyId, keyword: code } } }), 'departments')).content;

    it('take the scope and failFast as form fields (before or after the file), or in the query as before', async () => {
      const code = unique('FD').replace(/\s/g, '');
      const file = (n: number) => sheet([['Code', 'Name'], [`${code}${n}`, `Form dept ${n}`]]);
      const first = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', ...importForm(await file(1), admin, { companyId: String(w.companyId), failFast: 'true' }) });
      expect(first.json(), first.body).toMatchObject({ success: true });
      const after = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', ...importForm(await file(2), admin, { companyId: String(w.companyId) }, true) });
      expect(after.json(), after.body).toMatchObject({ success: true });
      const query = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', query: { companyId: String(w.companyId) }, ...importForm(await file(3), admin, {}) });
      expect(query.json(), query.body).toMatchObject({ success: true });
      expect((await departments(code)).map((d: { code: string }) => d.code).sort()).toEqual([`${code}1`, `${code}2`, `${code}3`]);
      // Without the scope anywhere: refused naming it; a foreign company in the form is guarded as in the query.
      const none = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', ...importForm(await file(4), admin, {}) });
      expect(none.statusCode).toBe(400);
      expect(none.json().msg).toMatch(/Company/);
      const other = await makeCompany(t, admin);
      const outsider = await makeUser(t, admin, other.id, [RIGHTS.BASIC, RIGHTS.USER_CENTER]);
      const foreign = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', ...importForm(await file(5), outsider.token, { companyId: String(w.companyId) }) });
      expect(foreign.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      expect(await departments(`${code}5`)).toEqual([]);
      const scopeFirst = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', ...importForm(Buffer.alloc(0), admin, { companyId: String(MISSING_ID) }) });
      expect(scopeFirst.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      // The file rules hold as before: none at all is "please select", the scope checked first.
      const noFile = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', ...importForm(Buffer.alloc(0), admin, { companyId: String(w.companyId) }) });
      expect(noFile.json()).toMatchObject({ success: false, code: 'IMPORT_FILE_REQUIRED' });
    });

    it('take a bad form field as a bad query parameter: 400 naming it', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/aux/department/import', ...importForm(await sheet([['Code', 'Name']]), admin, { companyId: 'abc' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
      expect(res.json().msg).toMatch(/Company/);
    });
  });

  describe('delete many', () => {
    it('refuses an empty id list alike on every resource: 400 naming the field, "at least 1"', async () => {
      const cases: Array<[string, Record<string, unknown>]> = [
        ['/api/aux/department', { filter: { id: [] } }],
        ['/api/aux/employee', { filter: { id: [] } }],
        ['/api/subject', { filter: { accountYearId: w.accountYearId, id: [] } }],
        ['/api/subject/relation', { filter: { sourceAccountYearId: w.accountYearId, id: [] } }],
        ['/api/system/userData', { filter: { id: [] } }],
        ['/api/idm/userRole', { filter: { id: [] } }],
        ['/api/aux/department', { id: '[]' }],
      ];
      for (const [url, query] of cases) {
        const res = await t.call('DELETE', url, { token: admin, query, lang: 'en_US' });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json(), url).toMatchObject({ success: false, code: 'INVALID_INPUT' });
        expect(res.json().msg, url).toMatch(/ID must have at least 1 items/);
        const zh = await t.call('DELETE', url, { token: admin, query, lang: 'zh_CN' });
        expect(zh.json().msg, url).toContain('至少需要 1 项');
      }
      // One id still deletes (here: a user datum of the caller's).
      const ud = await data(t.call('POST', '/api/system/userData', { token: admin, body: { kind: unique('k'), content: 1 } }), 'user data');
      expect(await data(t.call('DELETE', '/api/system/userData', { token: admin, query: { filter: { id: [ud.id] } } }), 'delete')).toBe(1);
    });
  });

  describe('list sort and fields', () => {
    let codes: string[];
    beforeAll(async () => {
      const prefix = unique('SF').replace(/\s/g, '');
      codes = [`${prefix}B`, `${prefix}A`, `${prefix}C`];
      for (const code of codes) await data(t.call('POST', '/api/aux/department', { token: admin, body: { companyId: w.companyId, code, name: `Dept ${code}` } }), 'department');
    });
    const listDepts = (query: Record<string, unknown>, lang = 'en_US') => t.call('GET', '/api/aux/department', { token: admin, lang, query: { filter: { companyId: w.companyId, keyword: codes[0].slice(0, -1) }, ...query } });

    it('sorts by a key the list declares, in either form', async () => {
      const byCode = (await listDepts({ sort: { code: 'desc' } })).json().data.content.map((d: { code: string }) => d.code);
      expect(byCode).toEqual([...codes].sort().reverse());
      const plain = (await listDepts({ sort: '-code' })).json().data.content.map((d: { code: string }) => d.code);
      expect(plain).toEqual([...codes].sort().reverse());
    });

    it('refuses malformed sort text and a key the list cannot sort by, naming it (400)', async () => {
      const bad = await listDepts({ sort: '{bad' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/Sort is not valid JSON/);
      const sideways = await listDepts({ sort: 'code sideways' });
      expect(sideways.statusCode).toBe(400);
      const unknown = await listDepts({ sort: { nonexistent: 'asc' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
      expect(unknown.json().msg).toMatch(/Sort has no key nonexistent; the keys are code, name, id/);
      const zh = await listDepts({ sort: { nonexistent: 'asc' } }, 'zh_CN');
      expect(zh.json().msg).toContain('没有 nonexistent 这一项');
      // The plain form is checked the same way (/company sorts by id, name, shortCut, createdAt: no code).
      const company = await t.call('GET', '/api/company', { token: admin, query: { sort: 'code' }, lang: 'en_US' });
      expect(company.statusCode).toBe(400);
      expect(company.json().msg).toMatch(/no key code/);
      // The order alias too; a prototype name is an unknown key, never a column.
      expect((await listDepts({ order: { constructor: 'asc' } })).statusCode).toBe(400);
    });

    it('refuses a sort on the lists answered in their own order, and a key outside the few a list declares (400)', async () => {
      const get = (path: string, query: Record<string, unknown>, lang = 'en_US') => t.call('GET', path, { token: admin, lang, query });
      const fixed: Array<[string, Record<string, unknown>]> = [
        ['/api/subject/aux', { filter: { accountYearId: w.accountYearId } }],
        ['/api/cashier/cash/fromVoucher', { filter: { accountId: w.accountId } }],
        ['/api/aux/bookValue', { filter: { companyId: w.companyId, type: 'CUSTOMER' } }],
        ['/api/common/commonlySummary', { filter: { accountId: w.accountId } }],
        ['/api/voucher/kind', { filter: { accountId: w.accountId } }],
        ['/api/common/currency', { filter: { companyId: w.companyId } }],
        ['/api/subject/relation', { filter: { accountYearId: w.accountYearId } }],
      ];
      for (const [path, query] of fixed) {
        const res = await get(path, { ...query, sort: { code: 'asc' } });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
        expect(res.json().msg, path).toMatch(/Sort takes no sort: the list is answered in its own fixed order/);
        // The same list without a sort answers, and the plain form of a sort is refused alike.
        expect((await get(path, { ...query, sort: '-code' })).statusCode, path).toBe(400);
      }
      expect((await get('/api/voucher/kind', { filter: { accountId: w.accountId }, sort: 'code' }, 'zh_CN')).json().msg).toContain('不支持排序');
      expect((await get('/api/voucher/kind', { filter: { accountId: w.accountId } })).statusCode).toBe(200);
      // The cash journal sorts by date only; saved user data by when it changed.
      const cash = await get('/api/cashier/cash', { filter: { accountId: w.accountId }, sort: { amount: 'desc' } });
      expect(cash.statusCode).toBe(400);
      expect(cash.json().msg).toMatch(/Sort has no key amount; the keys are date/);
      const userData = await get('/api/system/userData', { sort: { kind: 'asc' } });
      expect(userData.statusCode).toBe(400);
      expect(userData.json().msg).toMatch(/no key kind; the keys are modifiedAt, id/);
      expect((await get('/api/system/userData', { sort: { modifiedAt: 'desc' } })).statusCode).toBe(200);
    });

    it('answers only the asked fields of each item, id always; an unknown field is refused', async () => {
      const res = await listDepts({ fields: 'code,name', sort: { code: 'asc' } });
      expect(res.json(), res.body).toMatchObject({ success: true, code: 0 });
      const j = res.json().data;
      expect(j.total).toBe(3);
      expect(j.content.map((d: object) => Object.keys(d).sort())).toEqual([['code', 'id', 'name'], ['code', 'id', 'name'], ['code', 'id', 'name']]);
      expect(j.content.map((d: { code: string }) => d.code)).toEqual([...codes].sort());
      const idOnly = (await listDepts({ fields: 'id' })).json().data.content;
      expect(idOnly.every((d: object) => Object.keys(d).join() === 'id')).toBe(true);
      const unknown = await listDepts({ fields: 'code,password' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toMatch(/Fields has no key password/);
      // Without fields, the whole item as before.
      expect(Object.keys((await listDepts({})).json().data.content[0])).toEqual(expect.arrayContaining(['id', 'code', 'name', 'companyId', 'version']));
    });
  });
});
