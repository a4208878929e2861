/**
 * Excel helpers of the import / export API tests: build a sheet, post it as the multipart import
 * body, read a downloaded workbook, and run an export task to its workbook.
 */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './harness';
import { data } from './factories';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx with one sheet holding the rows as given (the first row is the header). */
export async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The multipart body and headers of an import call with the file. */
export function multipart(file: Buffer, token: string, fileName = 'import.xlsx') {
  const boundary = '----ldimport';
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${XLSX}\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'x-language': 'en_US' } };
}

/** A workbook served as an .xlsx attachment (a template, an error workbook). */
export async function workbookAt(t: TestApp, url: string, token?: string): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment;.*\.xlsx/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

/** Starts an export (POST url with the filter), polls its task to the end and reads the workbook and the name it is downloaded under. */
export async function exportWorkbook(t: TestApp, url: string, kind: string, filter: Record<string, unknown>, token: string, lang: 'zh_CN' | 'en_US' = 'en_US'): Promise<{ ws: ExcelJS.Worksheet; raw: Buffer; fileName: string }> {
  const task = await data(t.call('POST', url, { token, body: { filter }, lang }), `${url} export`);
  expect(task).toMatchObject({ kind, state: 'RUNNING', completed: false });
  for (let i = 0; i < 300; i++) {
    const p = await data(t.call('GET', `/api/system/export/${task.token}`, { token }), 'progress');
    if (p.failed) throw new Error(`export failed: ${p.error}`);
    if (p.completed) {
      const res = await t.app.inject({ method: 'GET', url: p.result });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const name = /filename\*=UTF-8''([^;]+)/.exec(String(res.headers['content-disposition'] ?? ''))?.[1];
      return { ws: wb.worksheets[0], raw: res.rawPayload, fileName: name ? decodeURIComponent(name) : '' };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('export never finished');
}
