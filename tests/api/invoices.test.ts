/**
 * Invoices (spec 02 §2.6, §3–§7): numbers unique per company, amounts in cents within the cost
 * maximum, visibility by project principal (1101 / ADMIN see all), operation right 1102, the
 * opened flag, PDF attachments checked by content and size, the last attachment kept, tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { minimalPdf } from '../../src/domain/pdf';
import { backends, createTestApp, type TestApp } from './harness';
import { makeUser, makeWorld, type MadeUser, type World } from './factories';

type Q = { body?: unknown; query?: Record<string, unknown>; token?: string };
const PDF = Buffer.from(minimalPdf(['Invoice test', 'Amount 1,234.56']));

describe.each(backends())('invoices (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  let lawyer: MadeUser; // 11 + 1102, bound to employee A: only invoices of A's projects
  let partner: MadeUser; // 11 + 1101 + 1102: every invoice
  let viewer: MadeUser; // 11 + 1101: reads all, writes nothing
  let reader: MadeUser; // no rights
  let projA: { id: number; name: string };
  let projB: { id: number };
  let foreignProject: { id: number };

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, o: Q = {}) => t.call(method, url, { token: o.token ?? admin, body: o.body, query: o.query, lang: 'en_US' });
  const ok = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: Q = {}) => {
    const r = await call(method, url, o);
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(true);
    return r.json().data;
  };
  const fail = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: Q = {}) => {
    const r = await call(method, url, o);
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(false);
    return { status: r.statusCode, code: r.json().code as string, msg: r.json().msg as string };
  };
  let seq = 0;
  const invoice = (body: Record<string, unknown> = {}, token?: string) =>
    ok('POST', '/api/invoice', { body: { projectId: projA.id, no: `INV-${++seq}`, date: '2026-03-01', amount: 100_00, ...body }, token });
  const upload = (id: number, file: Buffer, name = 'invoice.pdf', token = admin, mime = 'application/pdf') => {
    const boundary = '----ledgerdesk-invoice';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
      file, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: `/api/invoice/${id}/attachment`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'x-language': 'en_US' } });
  };
  const nos = async (token: string, filter: Record<string, unknown> = {}) =>
    (await ok('GET', '/api/invoice', { token, query: { filter: { companyId: w.companyId, ...filter }, limit: 1000 } })).content.map((r: { no: string }) => r.no);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'LAW', name: 'Litigation' } });
    const empA = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'A', name: 'Alice', departmentId: dept.id } });
    const empB = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'B', name: 'Bob', departmentId: dept.id } });
    const client = await ok('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'C1', name: 'Client' } });
    projA = await ok('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'PA', name: 'Alpha matter', clients: [client.id], principals: [empA.id] } });
    projB = await ok('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'PB', name: 'Beta matter', clients: [client.id], principals: [empB.id] } });
    const oDept = await ok('POST', '/api/aux/department', { body: { companyId: other.companyId, code: 'X', name: 'Xeno' } });
    const oEmp = await ok('POST', '/api/aux/employee', { body: { companyId: other.companyId, code: 'X', name: 'Xeno', departmentId: oDept.id } });
    const oClient = await ok('POST', '/api/aux/customer', { body: { companyId: other.companyId, code: 'X', name: 'Xeno' } });
    foreignProject = await ok('POST', '/api/aux/project', { body: { companyId: other.companyId, code: 'X', name: 'Foreign', clients: [oClient.id], principals: [oEmp.id] } });
    lawyer = await makeUser(t, admin, w.companyId, [RIGHTS.INVOICE, RIGHTS.INVOICE_OPERATE]);
    partner = await makeUser(t, admin, w.companyId, [RIGHTS.INVOICE, RIGHTS.INVOICE_VIEW_ALL, RIGHTS.INVOICE_OPERATE]);
    viewer = await makeUser(t, admin, w.companyId, [RIGHTS.INVOICE, RIGHTS.INVOICE_VIEW_ALL]);
    reader = await makeUser(t, admin, w.companyId, []);
    await ok('POST', `/api/aux/employee/${empA.id}/bindUser`, { body: { userId: lawyer.id } });
  });
  afterAll(async () => t?.close());

  it('creates an invoice with defaults, the project name and no attachment yet (incomplete)', async () => {
    const inv = await ok('POST', '/api/invoice', { body: { projectId: projA.id, no: ' 0451 ', date: '2026-02-03', amount: 1_234_56, issueOffice: '', remark: 'first' } });
    expect(inv).toMatchObject({
      no: '0451', kind: 'VAT_GENERAL', projectId: projA.id, projectName: 'Alpha matter', project: { code: 'PA' }, companyId: w.companyId,
      date: '2026-02-03', amount: 123_456, receivedAmount: 0, redAmount: 0, issueOffice: null, remark: 'first', opened: false,
      attachments: [], complete: false, version: 0,
    });
    expect(await ok('GET', `/api/invoice/${inv.id}`)).toMatchObject({ id: inv.id, no: '0451' });
  });

  it('refuses a duplicate number in the company with a clear code, but another company may use it', async () => {
    await invoice({ no: 'DUP-1' });
    expect(await fail('POST', '/api/invoice', { body: { projectId: projB.id, no: 'DUP-1', date: '2026-01-01' } })).toMatchObject({ status: 409, code: 'INVOICE_NO_DUPLICATE', msg: 'This invoice number already exists in the company!' });
    const second = await invoice({ no: 'DUP-2' });
    expect((await fail('POST', `/api/invoice/${second.id}`, { body: { no: 'DUP-1' } })).code).toBe('INVOICE_NO_DUPLICATE');
    expect(await ok('POST', '/api/invoice', { body: { projectId: foreignProject.id, no: 'DUP-1', date: '2026-01-01' } })).toMatchObject({ companyId: other.companyId, no: 'DUP-1' });
  });

  it('validates number, kind, date and amounts (0 to the cost maximum, integer cents)', async () => {
    const bad = (body: Record<string, unknown>) => fail('POST', '/api/invoice', { body: { projectId: projA.id, no: `V-${++seq}`, date: '2026-01-01', ...body } });
    expect((await bad({ no: '  ' })).status).toBe(400);
    expect((await bad({ kind: 'RECEIPT' })).status).toBe(400);
    expect((await bad({ date: '2026-02-30' })).status).toBe(400);
    expect((await bad({ amount: -1 })).status).toBe(400);
    expect((await bad({ amount: 12.5 })).status).toBe(400);
    expect((await bad({ redAmount: 2_100_000_001 })).status).toBe(400);
    expect(await invoice({ amount: 2_100_000_000, receivedAmount: 2_100_000_000, redAmount: 0, kind: 'PAPER_SPECIAL' })).toMatchObject({ amount: 2_100_000_000, kind: 'PAPER_SPECIAL' });
    // A red-letter or received amount over the invoice's own is a slip: refused, on create and on update.
    expect(await bad({ amount: 10_000, redAmount: 50_000 })).toMatchObject({ status: 400, code: 'INVOICE_RED_OVER_AMOUNT' });
    expect(await bad({ amount: 10_000, receivedAmount: 20_000 })).toMatchObject({ status: 400, code: 'INVOICE_RECEIVED_OVER_AMOUNT' });
    const within = await invoice({ amount: 10_000, receivedAmount: 10_000, redAmount: 10_000 });
    const lower = await fail('POST', `/api/invoice/${within.id}`, { body: { amount: 9_000, version: within.version } });
    expect(lower).toMatchObject({ status: 400, code: 'INVOICE_RED_OVER_AMOUNT' });
  });

  it('says the amount limit in currency units (21,000,000.00), not in cents, in both languages', async () => {
    const body = { projectId: projA.id, no: `LIM-${++seq}`, date: '2026-01-01', amount: 2_500_000_000 };
    const en = await t.call('POST', '/api/invoice', { token: admin, body, lang: 'en_US' });
    expect(en.json()).toMatchObject({ success: false, code: 'INVALID_INPUT', msg: 'Please enter the correct content: Amount must be at most 21,000,000.00' });
    const zh = await t.call('POST', '/api/invoice', { token: admin, body, lang: 'zh_CN' });
    expect(zh.json()).toMatchObject({ success: false, code: 'INVALID_INPUT', msg: '输入的内容不正确：【金额】不能大于 21,000,000.00' });
    const inv = await invoice();
    expect((await fail('POST', `/api/invoice/${inv.id}`, { body: { receivedAmount: 2_100_000_001 } })).msg).toBe('Please enter the correct content: Received amount must be at most 21,000,000.00');
    expect((await fail('POST', `/api/invoice/${inv.id}`, { body: { redAmount: -1 } })).msg).toBe('Please enter the correct content: Red amount must be at least 0.00');
  });

  it('updates with a version check and answers an unchanged update without writing', async () => {
    const inv = await invoice({ issueOffice: 'Beijing tax office' });
    const edited = await ok('POST', `/api/invoice/${inv.id}`, { body: { amount: 999_99, redAmount: 10_00, kind: 'VAT_SPECIAL', version: 0 } });
    expect(edited).toMatchObject({ amount: 999_99, redAmount: 10_00, kind: 'VAT_SPECIAL', version: 1 });
    expect((await fail('POST', `/api/invoice/${inv.id}`, { body: { amount: 1, version: 0 } })).code).toBe('STALE_DATA');
    const same = await ok('POST', `/api/invoice/${inv.id}`, { body: { amount: 999_99, no: inv.no, issueOffice: 'Beijing tax office', date: inv.date, version: 1 } });
    expect(same.version).toBe(1);
    // Moving to another project of the company works; to a foreign project does not.
    expect((await ok('POST', `/api/invoice/${inv.id}`, { body: { projectId: projB.id } })).projectId).toBe(projB.id);
    expect((await fail('POST', `/api/invoice/${inv.id}`, { body: { projectId: foreignProject.id } })).code).toBe('NO_PERMISSION');
  });

  it('shows a user without 1101 only invoices of projects they lead; 1101 and ADMIN see all', async () => {
    await invoice({ no: 'VIS-A', projectId: projA.id });
    const b = await invoice({ no: 'VIS-B', projectId: projB.id });
    expect(await nos(lawyer.token)).toContain('VIS-A');
    expect(await nos(lawyer.token)).not.toContain('VIS-B');
    expect(await nos(partner.token)).toEqual(expect.arrayContaining(['VIS-A', 'VIS-B']));
    expect(await nos(viewer.token)).toEqual(expect.arrayContaining(['VIS-A', 'VIS-B']));
    expect(await nos(admin)).toEqual(expect.arrayContaining(['VIS-A', 'VIS-B']));
    // Out of reach reads, writes and opens answer NO_PERMISSION, like a missing invoice.
    for (const [m, url, body] of [['GET', `/api/invoice/${b.id}`], ['POST', `/api/invoice/${b.id}`, { remark: 'x' }], ['POST', `/api/invoice/${b.id}/open`], ['DELETE', `/api/invoice/${b.id}`]] as const) {
      expect((await fail(m, url, { token: lawyer.token, body })).code, url).toBe('NO_PERMISSION');
    }
    expect((await upload(b.id, PDF, 'x.pdf', lawyer.token)).json().code).toBe('NO_PERMISSION');
    // Nor may the lawyer create an invoice on a project they do not lead.
    expect((await fail('POST', '/api/invoice', { token: lawyer.token, body: { projectId: projB.id, no: 'VIS-X', date: '2026-01-01' } })).code).toBe('NO_PERMISSION');
    expect((await invoice({ no: 'VIS-L' }, lawyer.token)).no).toBe('VIS-L');
    // Filtering by project narrows; it never widens.
    expect(await nos(lawyer.token, { projectId: projB.id })).toEqual([]);
  });

  it('needs the invoice menu (11) to read and the operation right (1102) to write', async () => {
    const inv = await invoice({ no: 'RIGHTS-1' });
    expect((await fail('GET', '/api/invoice', { token: reader.token, query: { filter: { companyId: w.companyId } } })).code).toBe('NO_PERMISSION');
    expect((await fail('GET', `/api/invoice/${inv.id}`, { token: reader.token })).code).toBe('NO_PERMISSION');
    expect(await fail('POST', '/api/invoice', { token: viewer.token, body: { projectId: projA.id, no: 'RIGHTS-2', date: '2026-01-01' } })).toMatchObject({ status: 403, code: 'NO_PERMISSION', msg: 'No permission to operate' });
    expect((await fail('POST', `/api/invoice/${inv.id}`, { token: viewer.token, body: { remark: 'x' } })).code).toBe('NO_PERMISSION');
    expect((await fail('DELETE', `/api/invoice/${inv.id}`, { token: viewer.token })).code).toBe('NO_PERMISSION');
    expect((await upload(inv.id, PDF, 'a.pdf', viewer.token)).json().code).toBe('NO_PERMISSION');
    // Viewing (and so marking opened) needs only the read rights.
    expect((await ok('POST', `/api/invoice/${inv.id}/open`, { token: viewer.token })).opened).toBe(true);
    expect((await ok('POST', `/api/invoice/${inv.id}`, { token: partner.token, body: { remark: 'by partner' } })).remark).toBe('by partner');
  });

  it('marks an invoice opened when viewed, and filters by opened', async () => {
    const inv = await invoice({ no: 'OPEN-1' });
    expect(await nos(admin, { opened: false })).toContain('OPEN-1');
    const opened = await ok('POST', `/api/invoice/${inv.id}/open`);
    expect(opened).toMatchObject({ opened: true, version: 0 });
    expect((await ok('GET', `/api/invoice/${inv.id}`)).opened).toBe(true);
    expect(await nos(admin, { opened: true })).toContain('OPEN-1');
    expect(await nos(admin, { opened: false })).not.toContain('OPEN-1');
    // A flat query flag works too.
    const flat = await ok('GET', '/api/invoice', { query: { companyId: w.companyId, opened: 'true', limit: 1000 } });
    expect(flat.content.map((r: { no: string }) => r.no)).toContain('OPEN-1');
  });

  it('accepts a real PDF and refuses a .pdf-named text file, a fake header and a file over 2 MB', async () => {
    const inv = await invoice({ no: 'PDF-1' });
    const good = await upload(inv.id, PDF, '发票 0001.pdf');
    expect(good.json(), good.body).toMatchObject({ success: true, data: { complete: true, attachments: [{ name: '发票 0001.pdf', size: PDF.length }] } });
    const uri = good.json().data.attachments[0].realUri as string;
    const file = await t.app.inject({ method: 'GET', url: uri });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await upload(inv.id, Buffer.from('just some text, named like a pdf '.repeat(10)), 'evil.pdf');
    expect(text.json()).toMatchObject({ success: false, code: 'PDF_ONLY', msg: 'Only PDF files can be uploaded' });
    const fake = await upload(inv.id, Buffer.from(`%PDF-1.7\n${'<script>alert(1)</script>'.repeat(10)}\n%%EOF`), 'fake.pdf');
    expect(fake.json().code).toBe('PDF_ONLY');
    // A real PDF sent with a misleading type and name is still a PDF.
    expect((await upload(inv.id, PDF, 'scan.png', admin, 'image/png')).json().success).toBe(true);
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(2 * 1024 * 1024 + 10, 0x20), PDF.subarray(9)]);
    const tooBig = await upload(inv.id, big, 'big.pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ success: false, code: 'ATTACHMENT_TOO_LARGE', msg: 'The attachment may not be larger than 2 MB' });
    expect((await ok('GET', `/api/invoice/${inv.id}`)).attachments.map((a: { name: string }) => a.name)).toEqual(['发票 0001.pdf', 'scan.png']);
    // No file part at all.
    expect((await fail('POST', `/api/invoice/${inv.id}/attachment`, { body: {} })).code).toBe('ATTACHMENT_MISSING');
  });

  it('deletes attachments with their files but keeps the last one; lists flag invoices without attachment', async () => {
    const inv = await invoice({ no: 'ATT-1' });
    expect(await nos(admin, { missingAttachment: true })).toContain('ATT-1');
    await upload(inv.id, PDF, 'one.pdf');
    const two = (await upload(inv.id, PDF, 'two.pdf')).json().data;
    expect(await nos(admin, { missingAttachment: false })).toContain('ATT-1');
    const [first, second] = two.attachments;
    const after = await ok('DELETE', `/api/invoice/${inv.id}/attachment/${first.id}`);
    expect(after.attachments.map((a: { name: string }) => a.name)).toEqual(['two.pdf']);
    // The stored file went with it.
    expect((await t.app.inject({ method: 'GET', url: first.realUri })).json().code).toBe('NO_PERMISSION');
    expect(await fail('DELETE', `/api/invoice/${inv.id}/attachment/${second.id}`)).toMatchObject({ status: 409, code: 'INVOICE_ATTACHMENT_REQUIRED' });
    // An attachment of another invoice cannot be deleted through this one.
    const otherInv = await invoice({ no: 'ATT-2' });
    expect((await fail('DELETE', `/api/invoice/${otherInv.id}/attachment/${second.id}`)).code).toBe('NO_PERMISSION');
    // Deleting the invoice removes its attachments and files.
    await ok('DELETE', `/api/invoice/${inv.id}`);
    expect((await fail('GET', `/api/invoice/${inv.id}`)).code).toBe('NO_PERMISSION');
    expect((await t.app.inject({ method: 'GET', url: second.realUri })).json().code).toBe('NO_PERMISSION');
  });

  it('lists by date descending then id, with keyword, kind and date range filters', async () => {
    const p = { projectId: projB.id };
    await invoice({ ...p, no: 'SORT-1', date: '2025-05-01', kind: 'PAPER_GENERAL', issueOffice: 'Shanghai office' });
    await invoice({ ...p, no: 'SORT-2', date: '2025-06-01' });
    await invoice({ ...p, no: 'SORT-3', date: '2025-06-01' });
    const list = await ok('GET', '/api/invoice', { query: { filter: { companyId: w.companyId, dateFrom: '2025-01-01', dateTo: '2025-12-31' }, limit: 1000 } });
    expect(list.content.map((r: { no: string }) => r.no)).toEqual(['SORT-3', 'SORT-2', 'SORT-1']);
    expect(list.total).toBe(3);
    expect(await nos(admin, { keyword: 'shanghai' })).toEqual(['SORT-1']);
    expect(await nos(admin, { keyword: 'Beta matter', dateTo: '2025-12-31' })).toEqual(['SORT-3', 'SORT-2', 'SORT-1']);
    expect(await nos(admin, { kind: 'PAPER_GENERAL' })).toEqual(['SORT-1']);
    const asc = await ok('GET', '/api/invoice', { query: { filter: { companyId: w.companyId, dateTo: '2025-12-31' }, sort: { no: 'asc' } } });
    expect(asc.content.map((r: { no: string }) => r.no)).toEqual(['SORT-1', 'SORT-2', 'SORT-3']);
  });

  it('makes a project with invoices in use', async () => {
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'USE', name: 'Use' } });
    const emp = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'USE', name: 'Use', departmentId: dept.id } });
    const client = await ok('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'USE', name: 'Use' } });
    const proj = await ok('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'USE', name: 'Used', clients: [client.id], principals: [emp.id] } });
    expect(await ok('GET', `/api/aux/project/${proj.id}/used`)).toBe(false);
    const inv = await invoice({ projectId: proj.id });
    expect(await ok('GET', `/api/aux/project/${proj.id}/used`)).toBe(true);
    expect((await fail('DELETE', `/api/aux/project/${proj.id}`)).code).toBe('IN_USE');
    await ok('DELETE', `/api/invoice/${inv.id}`);
    await ok('DELETE', `/api/aux/project/${proj.id}`);
  });

  it("keeps companies apart: another company's invoice answers like a missing one", async () => {
    const mine = await invoice({ no: 'TEN-1' });
    await upload(mine.id, PDF);
    const stranger = await makeUser(t, admin, other.companyId, { rightIds: [RIGHTS.INVOICE, RIGHTS.INVOICE_VIEW_ALL, RIGHTS.INVOICE_OPERATE] });
    const attachmentId = (await ok('GET', `/api/invoice/${mine.id}`)).attachments[0].id;
    for (const [m, url, body] of [['GET', `/api/invoice/${mine.id}`], ['POST', `/api/invoice/${mine.id}`, { remark: 'x' }], ['POST', `/api/invoice/${mine.id}/open`], ['DELETE', `/api/invoice/${mine.id}/attachment/${attachmentId}`], ['DELETE', `/api/invoice/${mine.id}`]] as const) {
      const foreign = await fail(m, url, { token: stranger.token, body });
      const missing = await fail(m, url.replace(String(mine.id), '999999'), { token: stranger.token, body });
      expect(foreign, url).toEqual(missing);
      expect(foreign.code).toBe('NO_PERMISSION');
    }
    expect((await upload(mine.id, PDF, 'x.pdf', stranger.token)).json().code).toBe('NO_PERMISSION');
    expect((await fail('POST', '/api/invoice', { token: stranger.token, body: { projectId: projA.id, no: 'TEN-2', date: '2026-01-01' } })).code).toBe('NO_PERMISSION');
    expect((await fail('GET', '/api/invoice', { token: stranger.token, query: { filter: { companyId: w.companyId } } })).code).toBe('NO_PERMISSION');
    const still = await ok('GET', `/api/invoice/${mine.id}`);
    expect(still).toMatchObject({ remark: null, opened: false, attachments: [{ id: attachmentId }] });
  });
});
