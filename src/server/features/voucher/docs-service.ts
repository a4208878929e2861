/**
 * Voucher printing, export and import (spec 01 §7 exportPdf / exportXls / importXls): the PDF and
 * the .xlsx run as background export tasks (decision 015: a RUNNING task answered at once, progress
 * on the way, the file stored and signed); the import saves every voucher of the sheet through
 * `createVoucher`, the editor's own save path (the machine's decision, the save rules, subjects and
 * auxiliary values of the year, codes), in one transaction: any wrong row rolls everything back,
 * and a dry run rolls back a clean import too. A line without an auxiliary value its subject takes
 * is reported per missing type ('Project is required'); a voucher equal to one already in the books
 * (date, kind, lines) is answered as a warning, the import still allowed (decision 027).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { accounts, budgets, companies, customers, departments, employees, projects, subjects, vendors, voucherItems, voucherKinds, vouchers } from '../../db/schema';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import type { ExportKind, Language } from '../../../domain/enums';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import { resolveMarkDate } from '../../../domain/voucher-rules';
import { voucherCreateBody, type VoucherDto, type VoucherFilter } from '../../../contract/voucher';
import type { ImportRowErrorDto } from '../../../contract/export';
import type { VoucherImportResultDto } from '../../../contract/voucher-docs';
import { fileUrl } from '../../http/file-urls';
import { messageOf, translate } from '../../http/messages';
import { padVoucherCode } from '../../../domain/finance-settings';
import { localVoucherLabel } from '../../../domain/names';
import { storeFile } from '../system/queries';
import * as tasks from '../export/queries';
import { buildErrorWorkbook, importError, loadSheet, XLSX_MIME } from '../export/sheet';
import * as q from './queries';
import { loadVoucherDtos } from './dto';
import { createVoucher, type Actor } from './service';
import { renderVoucherPdf } from './pdf';
import { buildVoucherWorkbook, columnLabel, groupVoucherLines, readVoucherLines, resolveRef, rowMessage, VOUCHER_SHEET, type SheetLine } from './docs-sheet';
import type { AuxDimension } from './usage';
import { todayIso } from '../../clock';

export const PDF_MIME = 'application/pdf';

/** The ids of the vouchers a filter matches, in the list's order (date, code). */
export async function matchingIds(db: Db, filter: VoucherFilter): Promise<number[]> {
  const ids: number[] = [];
  for (;;) {
    const page = await q.selectVoucherIds(db, filter, ids.length, MAX_PAGE_LIMIT);
    ids.push(...page.ids);
    if (!page.ids.length || ids.length >= page.total) return ids;
  }
}

const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * Records a RUNNING task and builds its file in the background: `build` reports progress (0–1)
 * as it goes; the file is stored for the company and signed by the task's answer.
 */
export async function startTask(app: FastifyInstance, v: { companyId: number; userId: number; kind: ExportKind; fileName: string; mime: string; build: (progress: (part: number) => Promise<void>) => Promise<Buffer> }): Promise<tasks.ExportTaskRow> {
  const db = app.db;
  const task = await tasks.insertTask(db, { token: randomBytes(24).toString('base64url'), companyId: v.companyId, kind: v.kind, createdBy: v.userId });
  const delay = app.opts.exportStepDelayMs ?? 0;
  app.jobs.run(async () => {
    try {
      await pause(delay);
      let last = 0;
      const content = await v.build(async (part) => {
        const p = 5 + part * 85;
        // Progress is written when it moves by 5 points at least, so a long PDF does not write per page.
        if (p - last < 5 && part < 1) return;
        last = p;
        await tasks.setProgress(db, task.id, p);
        await pause(delay);
      });
      const fileId = await storeFile(db, { companyId: v.companyId, ownerId: v.userId, name: v.fileName, mime: v.mime, content });
      await tasks.finishTask(db, task.id, fileId);
    } catch (err) {
      const code: ResultCode = err instanceof DomainError ? err.code : 'EXPORT_FAILED';
      await tasks.failTask(db, task.id, code).catch(() => {});
      if (!(err instanceof DomainError)) app.log.error({ err, task: task.id }, 'voucher export failed');
    }
  });
  return task;
}

/** Loads the vouchers by id in chunks (the DTO loader reads each chunk in a fixed number of queries). */
async function loadInChunks(db: Db, ids: number[], progress: (part: number) => Promise<void>, share: number): Promise<VoucherDto[]> {
  const out: VoucherDto[] = [];
  for (let i = 0; i < ids.length; i += 200) {
    out.push(...await loadVoucherDtos(db, ids.slice(i, i + 200)));
    await progress((out.length / ids.length) * share);
  }
  return out;
}


/** Starts the PDF of the vouchers (ids already guarded, in print order); NO_DATA_TO_EXPORT when there are none. */
export async function startPdfExport(app: FastifyInstance, v: { companyId: number; userId: number; ids: number[]; lang: Language }) {
  if (!v.ids.length) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, {
    companyId: v.companyId, userId: v.userId, kind: 'VOUCHER_PDF', mime: PDF_MIME, fileName: `vouchers-${todayIso()}.pdf`,
    build: async (progress) => {
      const list = await loadInChunks(app.db, v.ids, progress, 0.3);
      const [company] = await app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, v.companyId));
      const accountIds = [...new Set(list.map((x) => x.accountId))];
      const names = new Map((await app.db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, accountIds))).map((a) => [a.id, a.name]));
      // The kinds with their English names: the header names the voucher in the requester's language.
      const kindIds = [...new Set(list.map((x) => x.kindId))];
      const kinds = new Map((await app.db.select({ id: voucherKinds.id, name: voucherKinds.name, nameEn: voucherKinds.nameEn }).from(voucherKinds).where(inArray(voucherKinds.id, kindIds))).map((k) => [k.id, k]));
      const printable = list.map((voucher) => ({ voucher, companyName: company?.name ?? '', accountName: names.get(voucher.accountId) ?? '', kind: kinds.get(voucher.kindId) ?? { name: voucher.kindName, nameEn: null } }));
      return renderVoucherPdf(printable, v.lang, (done) => progress(0.3 + (done / printable.length) * 0.7));
    },
  });
}

/** Starts the .xlsx of the vouchers' lines (ids already guarded); NO_DATA_TO_EXPORT when there are none. */
export async function startXlsExport(app: FastifyInstance, v: { companyId: number; userId: number; ids: number[] }) {
  if (!v.ids.length) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, {
    companyId: v.companyId, userId: v.userId, kind: 'VOUCHER', mime: XLSX_MIME, fileName: `${VOUCHER_SHEET.file}-${todayIso()}.xlsx`,
    build: async (progress) => {
      const list = await loadInChunks(app.db, v.ids, progress, 0.8);
      const content = await buildVoucherWorkbook(list);
      await progress(1);
      return content;
    },
  });
}

interface Ref { id: number; code: string | null; name: string }

/** What the sheet's cells refer to in the ledger set: kinds, the years' subjects and the auxiliary values. */
async function referencesOf(db: Db, companyId: number, accountId: number) {
  const years = await q.yearsWithPeriods(db, accountId);
  const yearIds = years.map((y) => y.id);
  const kinds = await db.select({ id: voucherKinds.id, name: voucherKinds.name, nameEn: voucherKinds.nameEn }).from(voucherKinds).where(eq(voucherKinds.accountId, accountId));
  const subjectRows = yearIds.length ? await db.select({ id: subjects.id, code: subjects.code, accountYearId: subjects.accountYearId, leaf: subjects.leaf, disabled: subjects.disabled, auxTypeIds: subjects.auxTypeIds }).from(subjects).where(and(eq(subjects.companyId, companyId), inArray(subjects.accountYearId, yearIds))) : [];
  const subjectByKey = new Map(subjectRows.map((s) => [`${s.accountYearId}:${s.code}`, s]));
  const pick = { id: departments.id, code: departments.code, name: departments.name };
  const aux: Record<Exclude<AuxDimension, 'budget'>, Ref[]> = {
    department: await db.select(pick).from(departments).where(eq(departments.companyId, companyId)),
    employee: await db.select({ id: employees.id, code: employees.code, name: employees.name }).from(employees).where(eq(employees.companyId, companyId)),
    customer: await db.select({ id: customers.id, code: customers.code, name: customers.name }).from(customers).where(eq(customers.companyId, companyId)),
    vendor: await db.select({ id: vendors.id, code: vendors.code, name: vendors.name }).from(vendors).where(eq(vendors.accountId, accountId)),
    project: await db.select({ id: projects.id, code: projects.code, name: projects.name }).from(projects).where(eq(projects.companyId, companyId)),
  };
  const budgetRows = yearIds.length ? await db.select({ id: budgets.id, code: budgets.code, name: budgets.name, accountYearId: budgets.accountYearId }).from(budgets).where(inArray(budgets.accountYearId, yearIds)) : [];
  const kindOf = (text: string) => {
    const t = text.trim().toLowerCase();
    return kinds.find((k) => k.name.toLowerCase() === t) ?? kinds.find((k) => (k.nameEn ?? '').toLowerCase() === t);
  };
  const auxOf = (dim: AuxDimension, accountYearId: number): Ref[] => (dim === 'budget' ? budgetRows.filter((b) => b.accountYearId === accountYearId) : aux[dim]);
  return { years, kinds, kindOf, subjectOf: (accountYearId: number, code: string) => subjectByKey.get(`${accountYearId}:${code}`), auxOf };
}

const AUX_TYPE_OF: Record<AuxDimension, number> = { department: 1, employee: 2, customer: 3, vendor: 4, project: 5, budget: 6 };
const AUX_DIMENSIONS = Object.keys(AUX_TYPE_OF) as AuxDimension[];
const dimensionOfType = (type: number) => AUX_DIMENSIONS.find((d) => AUX_TYPE_OF[d] === type);

/** A dry run that passed: the transaction is rolled back by throwing this. */
class DryRunPassed extends Error {
  constructor(readonly result: VoucherImportResultDto) {
    super('dry run');
  }
}

const sortErrors = (all: ImportRowErrorDto[], failFast: boolean) => {
  const sorted = [...all].sort((a, b) => a.row - b.row);
  return failFast ? sorted.slice(0, 1) : sorted;
};

/**
 * Imports the sheet's vouchers into the ledger set, all or none (see the module comment). Throws
 * IMPORT_ROWS_INVALID with every wrong row (failFast: the first) and the error workbook.
 */
export async function importVouchers(app: FastifyInstance, actor: Actor, v: { companyId: number; accountId: number; file: Buffer; failFast: boolean; dryRun: boolean; lang: Language }): Promise<VoucherImportResultDto> {
  const { ws } = await loadSheet(v.file);
  const { lines, errors, badKeys } = readVoucherLines(ws, v.lang);
  const refs = await referencesOf(app.db, v.companyId, v.accountId);
  const lang = v.lang;
  const fail = (row: number, column: string | null, message: string) => errors.push({ row, column, message });

  // References: kind, the date's account year, the subject of that year, the auxiliary values.
  const bodies: Array<{ lines: SheetLine[]; body: unknown }> = [];
  for (const group of groupVoucherLines(lines)) {
    if (badKeys.has(group.key)) continue;
    let ok = true;
    const items = group.lines.map((l) => {
      const kind = refs.kindOf(l.kind);
      if (!kind) {
        fail(l.row, columnLabel('kind', lang), messageOf('IMPORT_REFERENCE_UNKNOWN', lang, { code: l.kind }));
        ok = false;
        return null;
      }
      const place = resolveMarkDate(l.date, refs.years);
      if (!place.ok) {
        fail(l.row, columnLabel('date', lang), messageOf(place.code, lang, place.params));
        ok = false;
        return null;
      }
      const yearId = (place as { accountYearId: number }).accountYearId;
      const subject = refs.subjectOf(yearId, l.subjectCode);
      if (!subject) {
        fail(l.row, columnLabel('subjectCode', lang), messageOf('IMPORT_REFERENCE_UNKNOWN', lang, { code: l.subjectCode }));
        ok = false;
        return null;
      }
      const auxes: Array<{ auxTypeId: number; auxId: number }> = [];
      for (const [dim, text] of Object.entries(l.aux) as Array<[AuxDimension, string]>) {
        const id = resolveRef(refs.auxOf(dim, yearId), text);
        if (id === null) {
          fail(l.row, columnLabel(dim, lang), messageOf('IMPORT_REFERENCE_UNKNOWN', lang, { code: text }));
          ok = false;
          return null;
        }
        auxes.push({ auxTypeId: AUX_TYPE_OF[dim], auxId: id });
      }
      // Every auxiliary type the (usable) subject takes, named as the editor's aux popup does; an
      // unusable subject is the save rules' to refuse.
      if (subject.leaf && !subject.disabled) {
        const missing = subject.auxTypeIds.filter((type) => !auxes.some((a) => a.auxTypeId === type)).flatMap((type) => dimensionOfType(type) ?? []);
        for (const dim of missing) fail(l.row, null, translate('importRules.auxRequired', lang, { label: columnLabel(dim, lang) }));
        if (missing.length) {
          ok = false;
          return null;
        }
      }
      return { kindId: kind.id, item: { summary: l.summary, subjectId: subject.id, direction: l.direction, amount: String(l.amountCents), auxes } };
    });
    if (!ok) continue;
    const first = group.lines[0];
    const body = {
      accountId: v.accountId, kindId: items[0]!.kindId, markTime: first.date, billCount: group.lines.find((l) => l.bills !== null)?.bills ?? 0,
      items: items.map((i) => i!.item),
    };
    // The editor's body, checked by its schema (summary length, amounts within the line maximum, at most 1000 lines).
    const parsed = voucherCreateBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const line = issue.path[0] === 'items' && typeof issue.path[1] === 'number' ? group.lines[issue.path[1]] : first;
      const field = issue.path[2] === 'summary' ? 'summary' : issue.path[2] === 'amount' ? (line.direction ? 'debit' : 'credit') : null;
      fail(line.row, field ? columnLabel(field, lang) : null, issue.path[2] === 'summary' ? messageOf('VOUCHER_SUMMARY_TOO_LONG', lang, { row: line.row, max: 50 }) : issue.path[2] === 'amount' ? messageOf('VOUCHER_AMOUNT_TOO_LARGE', lang, { row: line.row, max: '9,999,999,999.99' }) : messageOf('INVALID_INPUT', lang, { detail: String(issue.path.join('.')) }));
      continue;
    }
    bodies.push({ lines: group.lines, body: parsed.data });
  }
  // Vouchers equal to one already in the books (decision 027 renumbers, so a second import of the
  // same file would double them silently): a warning each, the import still allowed.
  const warnings = await duplicatesInBooks(app.db, v.accountId, bodies, refs.kinds, lang);

  // Every voucher through the editor's save path, each in a savepoint, so every wrong voucher is reported.
  let result: VoucherImportResultDto;
  try {
    result = await withTx(app.db, async (tx) => {
      const labels: string[] = [];
      for (const { lines: group, body } of bodies) {
        if (v.failFast && errors.length) break;
        try {
          const saved = await createVoucher(tx, actor, v.companyId, body as Parameters<typeof createVoucher>[3]);
          // Named in the requester's language (the import's answer is shown as it is).
          labels.push(localVoucherLabel(lang, refs.kinds.find((k) => k.id === saved.kindId) ?? { name: saved.kindName }, saved.codeText));
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          for (const e of refusalRows(err, group)) fail(e.row, null, rowMessage(e.code, lang, e.params, e.row));
        }
      }
      if (errors.length) throw new ImportFailureSignal();
      const done = { dryRun: v.dryRun, vouchers: bodies.length, lines: bodies.reduce((n, b) => n + b.lines.length, 0), labels: v.dryRun ? [] : labels, warnings };
      if (v.dryRun) throw new DryRunPassed(done);
      return done;
    });
  } catch (err) {
    if (err instanceof DryRunPassed) return err.result;
    if (!(err instanceof ImportFailureSignal)) throw err;
    result = null!;
  }
  if (!errors.length) return result;
  const reported = sortErrors(errors, v.failFast);
  let errorFile: string | null = null;
  const content = await buildErrorWorkbook(v.file, reported);
  if (content) {
    const id = await storeFile(app.db, { companyId: v.companyId, ownerId: actor.id, name: `${VOUCHER_SHEET.file}-errors.xlsx`, mime: XLSX_MIME, content });
    errorFile = fileUrl(app.opts.fileSecret!, id);
  }
  throw importError(reported, { errorFile });
}

/** Rolls the import's transaction back when a row is wrong (the errors are collected outside). */
class ImportFailureSignal extends Error {}

/**
 * The sheet rows a refusal of the voucher service names: a line rule's rows (0-based in the
 * appendix) or a line's 1-based `row` param map to that line's sheet row; the rest (imbalance, a
 * settled period, a voucher-wide rule) to the voucher's first row.
 */
function refusalRows(err: DomainError, group: SheetLine[]): Array<{ row: number; code: ResultCode; params: Record<string, string | number> }> {
  const ruleErrors = (err.appendix as { errors?: Array<{ row: number | null; code: ResultCode; params: Record<string, string | number> }> } | undefined)?.errors;
  if (Array.isArray(ruleErrors) && ruleErrors.length) {
    return ruleErrors.map((e) => ({ row: (e.row !== null ? group[e.row] : group[0])?.row ?? group[0].row, code: e.code, params: e.params }));
  }
  const lineNo = typeof err.params.row === 'number' ? err.params.row : Number.NaN;
  const line = Number.isInteger(lineNo) && lineNo >= 1 && lineNo <= group.length ? group[lineNo - 1] : group[0];
  return [{ row: line.row, code: err.code, params: err.params }];
}

type ImportBody = { kindId: number; markTime: string; items: Array<{ summary: string; subjectId: number; direction: boolean; amount: string | number; auxes: Array<{ auxTypeId: number; auxId: number }> }> };

/** A voucher's content as the duplicate check compares it: its lines (summary, subject, side, amount, auxiliary values), in any order. */
const contentKey = (lines: Array<{ summary: string; subjectId: number; direction: boolean; amountCents: number; aux: Array<number | null> }>) =>
  lines.map((l) => JSON.stringify([l.summary.trim(), l.subjectId, l.direction, l.amountCents, ...l.aux])).sort().join('\n');

/**
 * The sheet's vouchers equal to one already in the ledger set: same date, kind and lines
 * (summary, subject, side, amount, auxiliary values). One warning per such voucher, at its first
 * row, naming the stored voucher (记-0005).
 */
async function duplicatesInBooks(db: Db, accountId: number, bodies: Array<{ lines: SheetLine[]; body: unknown }>, kinds: Array<{ id: number; name: string; nameEn: string | null }>, lang: Language): Promise<Array<{ row: number; message: string }>> {
  if (!bodies.length) return [];
  const wanted = bodies.map(({ lines, body }) => {
    const b = body as ImportBody;
    const aux = (i: ImportBody['items'][number]) => AUX_DIMENSIONS.map((d) => i.auxes.find((a) => a.auxTypeId === AUX_TYPE_OF[d])?.auxId ?? null);
    return { row: lines[0].row, date: b.markTime.slice(0, 10), kindId: b.kindId, key: contentKey(b.items.map((i) => ({ summary: i.summary, subjectId: i.subjectId, direction: i.direction, amountCents: Number(i.amount), aux: aux(i) }))) };
  });
  const dates = [...new Set(wanted.map((w) => w.date))];
  const stored = await db.select({ id: vouchers.id, kindId: vouchers.kindId, code: vouchers.code, markDate: vouchers.markDate }).from(vouchers)
    .where(and(eq(vouchers.accountId, accountId), inArray(vouchers.markDate, dates), inArray(vouchers.kindId, [...new Set(wanted.map((w) => w.kindId))])));
  if (!stored.length) return [];
  const linesOf = new Map<number, Array<typeof voucherItems.$inferSelect>>();
  for (let k = 0; k < stored.length; k += 2000) {
    for (const i of await db.select().from(voucherItems).where(inArray(voucherItems.voucherId, stored.slice(k, k + 2000).map((v) => v.id)))) {
      const list = linesOf.get(i.voucherId);
      if (list) list.push(i);
      else linesOf.set(i.voucherId, [i]);
    }
  }
  const codeLength = await q.codeLengthOf(db, accountId);
  const kindOf = new Map(kinds.map((k) => [k.id, k]));
  const byContent = new Map<string, { kindId: number; code: number }>();
  for (const v of [...stored].sort((a, b) => a.code - b.code)) {
    const key = `${v.markDate}|${v.kindId}|${contentKey((linesOf.get(v.id) ?? []).map((i) => ({
      summary: i.summary, subjectId: i.subjectId, direction: i.direction, amountCents: Number(i.amountCents),
      aux: [i.departmentId, i.employeeId, i.customerId, i.vendorId, i.projectId, i.budgetId],
    })))}`;
    if (!byContent.has(key)) byContent.set(key, v);
  }
  return wanted.flatMap((w) => {
    const hit = byContent.get(`${w.date}|${w.kindId}|${w.key}`);
    return hit ? [{ row: w.row, message: translate('importRules.voucherDuplicate', lang, { row: w.row, label: localVoucherLabel(lang, kindOf.get(hit.kindId) ?? { name: '' }, padVoucherCode(hit.code, codeLength)) }) }] : [];
  });
}
