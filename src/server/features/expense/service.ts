/**
 * Reimbursement rules (spec 02 §4, §5; decision 034). Every write runs in one transaction and locks
 * the company row first, so the month's next code and the company-wide invoice-number check of two
 * saves run one after the other; the unique index on (company_id, no_key) refuses what slips past.
 * Saving, deleting, auditing and cancelling the audit all go through the reimbursement machine's
 * pure transition (machines/reimbursement.machine.ts), the one the editor's toolbar uses.
 */
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx, type Tx } from '../../db/tx';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import type { Paging } from '../../../contract/common';
import type { ExpenseCreateBody, ExpenseDto, ExpenseKindDto, ExpenseLineIn, ExpenseLockResult, ExpenseUpdateBody } from '../../../contract/expense';
import { checkLines, lineProblemCode, normalizeInvoiceNo, type LineProblem, type RequiredLineField, reimbursementCode, reimbursementCodePrefix, REIMBURSE_CODE_NUMBER_MAX, storedKindsOf } from '../../../domain/reimbursement';
import { halfWidth } from '../../../domain/half-width';
import { reimbursementStateOf, type ReimbursementAction } from '../../../domain/reimbursement-lifecycle';
import { decideReimbursementAction } from '../../../../machines/reimbursement.machine';
import { iso } from '../../db/queries/list';
import { messageOf, translate } from '../../http/messages';
import type { ImportRowErrorDto } from '../../../contract/export';
import { ImportFailure } from '../export/sheet';
import { voucherCodes } from '../doc-to-voucher/queries';
import * as q from './queries';
import { expenseColumn, type ExpenseField, type SheetDocument } from './sheet';

/** Who acts: the user and the rights held in the document's company. */
export interface Actor {
  id: number;
  kind: 'ADMIN' | 'OTHER';
  rightIds: readonly number[];
}

const kindDto = (k: q.ExpenseKindRow): ExpenseKindDto => ({ id: k.id, companyId: k.companyId, name: k.name, disabled: k.disabled, version: k.version });

const person = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

function dtoOf(r: q.ExpenseListRow, invoices?: Awaited<ReturnType<typeof q.invoicesOf>>): ExpenseDto {
  const e = r.e;
  return {
    id: e.id, companyId: e.companyId, code: e.code, markAt: e.markAt, submitAt: e.submitAt, submitterId: e.submitterId,
    submitter: e.submitterId !== null && r.submitterName !== null ? { id: e.submitterId, name: r.submitterName, code: r.submitterCode ?? '' } : null, payAt: e.payAt, payAmount: Number(e.payAmount),
    markerId: e.markerId, marker: person(e.markerId, r.markerName), lockerId: e.lockerId, locker: person(e.lockerId, r.lockerName),
    lockAt: e.lockAt ? iso(e.lockAt) : null, voucherId: e.voucherId, amount: Number(r.amount), invoiceCount: Number(r.invoiceCount),
    ...(invoices ? {
      invoices: invoices.filter((x) => x.i.expenseId === e.id).map((x) => ({
        id: x.i.id, expenseKindId: x.i.expenseKindId, expenseKindName: x.kindName, issueAt: x.i.issueAt, no: x.i.no, amount: Number(x.i.amount), remark: x.i.remark,
      })),
    } : {}),
    version: e.version,
  };
}

/** What the machine's guards read of a stored document (its maker: whoever saved it first). */
const contextOf = (actor: Actor, doc: q.ExpenseRow | null) => ({ user: actor, dirty: false, makerId: doc?.markerId ?? null });

/** Runs the machine; a refusal throws its result code. */
function decide(actor: Actor, doc: q.ExpenseRow | null, action: ReimbursementAction): void {
  const r = decideReimbursementAction(reimbursementStateOf(doc), action, contextOf(actor, doc));
  if (!r.ok) throw new DomainError(r.code);
}

/**
 * The mark date lies within the company's account years (every ledger set's, first day to last): a
 * document dated outside them could never become a voucher (2099-12-31, 1999-01-01 typed by
 * mistake). A company without account years keeps the contract's bound (1900–2999). A stored
 * document keeps its date when it is saved again unchanged (`previous`).
 */
async function checkMarkAt(tx: Tx, companyId: number, markAt: string, previous?: string): Promise<void> {
  if (markAt === previous) return;
  const span = await q.accountYearSpan(tx, companyId);
  if (span && (markAt < span.from || markAt > span.to)) throw new DomainError('REIMBURSE_MARK_DATE_OUT_OF_RANGE', { from: span.from, to: span.to });
}

// ---- expense kinds -------------------------------------------------------------------------------

export async function listKinds(db: Db, companyId: number, p: Paging<q.ExpenseKindFilter>) {
  const { rows, total } = await q.selectKinds(companyScope(db, companyId), p);
  return { content: rows.map(kindDto), total };
}

export async function createKind(db: Db, companyId: number, b: { name: string; disabled: boolean }): Promise<ExpenseKindDto> {
  return withTx(db, async (tx) => {
    await q.lockCompany(tx, companyId);
    if (await q.findKindByName(tx, companyId, b.name)) throw new DomainError('EXPENSE_KIND_NAME_DUPLICATE', { name: b.name });
    return kindDto(await q.insertKind(tx, { companyId, name: b.name, disabled: b.disabled }));
  });
}

export async function updateKind(db: Db, id: number, patch: { name?: string; disabled?: boolean | null; version?: number }): Promise<ExpenseKindDto> {
  return withTx(db, async (tx) => {
    const k = await q.findKind(tx, id, true);
    if (!k) throw new DomainError('NO_PERMISSION');
    assertVersion(k.version, patch.version);
    const set: Partial<q.ExpenseKindRow> = {};
    if (patch.name !== undefined && patch.name !== k.name) {
      await q.lockCompany(tx, k.companyId);
      if (await q.findKindByName(tx, k.companyId, patch.name, k.id)) throw new DomainError('EXPENSE_KIND_NAME_DUPLICATE', { name: patch.name });
      set.name = patch.name;
    }
    if (patch.disabled !== undefined && (patch.disabled === true) !== k.disabled) set.disabled = patch.disabled === true;
    return kindDto(Object.keys(set).length ? await q.patchKind(tx, k.id, set) : k);
  });
}

// ---- documents -----------------------------------------------------------------------------------

export async function listExpenses(db: Db, companyId: number, p: Paging<q.ExpenseFilter>) {
  const { rows, total } = await q.selectExpenses(companyScope(db, companyId), p);
  const invoices = p.expand.has('invoices') ? await q.invoicesOf(db, rows.map((r) => r.e.id)) : undefined;
  const codes = await voucherCodes(db, rows.flatMap((r) => (r.e.voucherId ? [r.e.voucherId] : [])));
  return { content: rows.map((r) => ({ ...dtoOf(r, invoices), voucherCode: r.e.voucherId ? codes.get(r.e.voucherId) ?? null : null })), total };
}

export async function getExpense(db: Db, companyId: number, id: number): Promise<ExpenseDto> {
  const { rows } = await q.selectExpenses(companyScope(db, companyId), { filter: { companyId, id: [id] }, limit: 1, offset: 0, sort: {}, expand: new Set() });
  if (!rows[0]) throw new DomainError('NO_PERMISSION');
  const codes = await voucherCodes(db, rows[0].e.voucherId ? [rows[0].e.voucherId] : []);
  return { ...dtoOf(rows[0], await q.invoicesOf(db, [id])), voucherCode: rows[0].e.voucherId ? codes.get(rows[0].e.voucherId) ?? null : null };
}

/**
 * Every rule of spec 02 §5 on the lines, checked again on the server: partly filled lines, numbers
 * repeated in the document or reimbursed by another document of the company, amounts above the
 * maximum cost, no complete line; kinds of the company, and not disabled unless the line carried
 * that kind in the stored document (`storedId`; domain `KindRule`). The first problem is the
 * answer's code; `appendix.lines` names every problem ({index, row (1-based, in the lines sent),
 * kind, fields | no | expenseKindId}), so the editor flags the very line and cell.
 */
async function checkedLines(tx: Tx, companyId: number, lines: ExpenseLineIn[], markAt: string, storedId?: number) {
  const keys = [...new Set(lines.map((l) => normalizeInvoiceNo(l.no)).filter(Boolean))];
  const taken = await q.takenNos(tx, companyId, keys, storedId);
  const kindIds = [...new Set(lines.flatMap((l) => (l.expenseKindId == null ? [] : [l.expenseKindId])))];
  const kinds = new Map((await q.kindsByIds(tx, companyId, kindIds)).map((k) => [k.id, k]));
  const disabledKindIds = new Set([...kinds.values()].filter((k) => k.disabled).map((k) => k.id));
  const storedKinds = storedId === undefined ? undefined : storedKindsOf((await q.invoicesOf(tx, [storedId])).map((x) => x.i));
  const check = checkLines(lines, new Set(taken.map((t) => t.noKey)), { disabledKindIds, storedKinds }, markAt);
  if (check.problems.length) {
    const first = check.problems[0];
    const params: Record<string, string | number> = {
      row: first.index + 1,
      ...(first.kind === 'duplicate' ? { no: first.no } : {}),
      ...(first.kind === 'kindDisabled' ? { name: kinds.get(first.expenseKindId)?.name ?? '' } : {}),
      ...(first.kind === 'issueAfterMark' ? { issueAt: first.issueAt, markAt: first.markAt } : {}),
    };
    const appendix = { lines: check.problems.map((p) => ({ ...p, row: p.index + 1 })) };
    throw new DomainError(lineProblemCode(first), params, appendix);
  }
  if (!check.complete.length) throw new DomainError('REIMBURSE_NO_VALID_DATA');
  const kept = check.complete.map((i) => lines[i]);
  if (kept.some((line) => !kinds.has(line.expenseKindId as number))) throw new DomainError('NO_PERMISSION');
  return kept.map((line, lineNo) => ({
    companyId, lineNo, expenseKindId: line.expenseKindId as number, issueAt: line.issueAt as string,
    no: halfWidth(line.no as string).trim(), noKey: normalizeInvoiceNo(line.no), amount: line.amount as number, remark: line.remark?.trim() || null,
  }));
}

async function checkSubmitter(tx: Tx, companyId: number, submitterId: number | null | undefined, previous?: number | null): Promise<void> {
  if (!submitterId) return;
  const e = await q.employeeOf(tx, companyId, submitterId);
  if (!e) throw new DomainError('NO_PERMISSION');
  // A disabled employee is not offered by the picker; a document saved before keeps theirs.
  if (e.disabled && submitterId !== previous) throw new DomainError('REIMBURSE_SUBMITTER_DISABLED');
}

async function nextCode(tx: Tx, companyId: number, markAt: string): Promise<string> {
  const prefix = reimbursementCodePrefix(markAt);
  const last = await q.lastCodeOf(tx, companyId, prefix);
  const n = last ? Number(last.slice(6)) + 1 : 1;
  if (n > REIMBURSE_CODE_NUMBER_MAX) throw new DomainError('REIMBURSE_CODE_EXHAUSTED', { month: `${markAt.slice(0, 7)}` });
  return reimbursementCode(markAt, n);
}

export async function createExpense(db: Db, actor: Actor, companyId: number, b: Omit<ExpenseCreateBody, 'companyId'>): Promise<ExpenseDto> {
  const id = await withTx(db, async (tx) => {
    decide(actor, null, 'save');
    await q.lockCompany(tx, companyId);
    await checkMarkAt(tx, companyId, b.markAt);
    await checkSubmitter(tx, companyId, b.submitterId);
    const lines = await checkedLines(tx, companyId, b.invoices, b.markAt);
    const e = await q.insertExpense(tx, {
      companyId, code: await nextCode(tx, companyId, b.markAt), markAt: b.markAt, submitAt: b.submitAt ?? null, submitterId: b.submitterId ?? null,
      payAt: b.payAt ?? null, payAmount: b.payAmount ?? 0, markerId: actor.id,
    });
    await q.replaceInvoices(tx, e.id, lines.map((l) => ({ ...l, expenseId: e.id })));
    return e.id;
  });
  return getExpense(db, companyId, id);
}

export async function updateExpense(db: Db, actor: Actor, companyId: number, id: number, b: ExpenseUpdateBody): Promise<ExpenseDto> {
  await withTx(db, async (tx) => {
    await q.lockCompany(tx, companyId);
    const e = await q.findExpense(tx, id, true);
    if (!e || e.companyId !== companyId) throw new DomainError('NO_PERMISSION');
    decide(actor, e, 'save');
    assertVersion(e.version, b.version);
    await checkMarkAt(tx, companyId, b.markAt, e.markAt);
    await checkSubmitter(tx, companyId, b.submitterId, e.submitterId);
    const lines = await checkedLines(tx, companyId, b.invoices, b.markAt, e.id);
    // The code keeps its month: a new mark date in another month takes that month's next number.
    const code = reimbursementCodePrefix(b.markAt) === e.code.slice(0, 6) ? e.code : await nextCode(tx, companyId, b.markAt);
    // The maker stays who prepared the document (an imported one, made by nobody, takes its first editor).
    await q.patchExpense(tx, e.id, {
      code, markAt: b.markAt, submitAt: b.submitAt ?? null, submitterId: b.submitterId ?? null, payAt: b.payAt ?? null, payAmount: b.payAmount ?? 0, markerId: e.markerId ?? actor.id,
    });
    await q.replaceInvoices(tx, e.id, lines.map((l) => ({ ...l, expenseId: e.id })));
  });
  return getExpense(db, companyId, id);
}

export async function deleteExpense(db: Db, actor: Actor, companyId: number, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const e = await q.findExpense(tx, id, true);
    if (!e || e.companyId !== companyId) throw new DomainError('NO_PERMISSION');
    decide(actor, e, 'delete');
    await q.deleteExpense(tx, e.id);
  });
}

/**
 * Audit (lock) or cancel the audit of several documents: each one is decided by the machine on its
 * own, and the answer says per document what happened (a refused one does not stop the others).
 * Ids of another company (or missing) are refused per document with NO_PERMISSION.
 */
export async function lockExpenses(db: Db, actor: Actor, companyId: number, lock: boolean, ids: number[], lang: Language): Promise<ExpenseLockResult[]> {
  return withTx(db, async (tx) => {
    const unique = [...new Set(ids)];
    const rows = new Map((await q.expensesForUpdate(tx, companyId, unique)).map((e) => [e.id, e]));
    const now = new Date().toISOString();
    const out: ExpenseLockResult[] = [];
    for (const id of unique) {
      const e = rows.get(id);
      const refuse = (code: ResultCode) => out.push({ id, code: e?.code ?? null, ok: false, result: code, msg: messageOf(code, lang) });
      if (!e) {
        refuse('NO_PERMISSION');
        continue;
      }
      // A reimbursement made into a voucher keeps its audit until the voucher is deleted (decision 037).
      if (!lock && e.voucherId !== null) {
        refuse('REIMBURSE_HAS_VOUCHER');
        continue;
      }
      // The maker cannot audit their own document (REIMBURSE_SELF_AUDIT), refused per document like the rest.
      const r = decideReimbursementAction(reimbursementStateOf(e), lock ? 'audit' : 'cancelAudit', contextOf(actor, e));
      if (!r.ok) {
        refuse(r.code);
        continue;
      }
      await q.patchExpense(tx, e.id, lock ? { lockAt: now, lockerId: actor.id } : { lockAt: null, lockerId: null });
      out.push({ id, code: e.code, ok: true, result: null, msg: null });
    }
    return out;
  });
}

/** Whether an invoice number is reimbursed already in the company (outside the given document). */
export async function checkInvoiceNo(db: Db, companyId: number, no: string, exceptExpenseId?: number) {
  const key = normalizeInvoiceNo(no);
  if (!key) return { duplicate: false, expenseId: null, code: null };
  const [hit] = await q.takenNos(db, companyId, [key], exceptExpenseId);
  return hit ? { duplicate: true, expenseId: hit.expenseId, code: hit.code } : { duplicate: false, expenseId: null, code: null };
}

// ---- workbook --------------------------------------------------------------------------------------

/** Every document matching the list filter, with its lines (the export). */
export async function exportExpenses(db: Db, companyId: number, filter: q.ExpenseFilter): Promise<ExpenseDto[]> {
  const out: ExpenseDto[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await listExpenses(db, companyId, { filter, offset, limit: 1000, sort: {}, expand: new Set(['invoices']) });
    out.push(...page.content);
    if (out.length >= page.total || !page.content.length) break;
  }
  return out.reverse();
}

/**
 * Imports the workbook's documents through the editor's save rules, all or nothing (decision 018):
 * the business rules are checked on every row first — expense kinds (known, enabled), submitters
 * (known, enabled), invoice numbers (not repeated in the sheet, not reimbursed in the company) —
 * then every document without a wrong row is saved by createExpense in a savepoint, its refusal
 * reported at the row it names. Any wrong row (the sheet's own, `sheet.errors`, included) rolls
 * everything back: ImportFailure with every wrong row (failFast: the first).
 */
export async function importExpenses(db: Db, actor: Actor, companyId: number, sheet: { docs: SheetDocument[]; errors: ImportRowErrorDto[] }, lang: Language, failFast = false): Promise<{ created: number; codes: string[] }> {
  const errors = [...sheet.errors];
  const fail = (row: number, field: ExpenseField | null, message: string) => errors.push({ row, column: field ? expenseColumn(field) : null, message });
  const { docs } = sheet;
  const result = await withTx(db, async (tx) => {
    const kinds = await q.selectKinds(companyScope(tx, companyId), { filter: { companyId }, offset: 0, limit: 100_000, sort: {}, expand: new Set() });
    const kindByName = new Map(kinds.rows.map((k) => [k.name, k]));
    // References: the expense kind of each line, the submitter of each document.
    const employeeOfCode = new Map<string, { id: number; disabled: boolean } | undefined>();
    const submitters = new Map<SheetDocument, number | null>();
    for (const d of docs) {
      for (const l of d.lines) {
        if (!l.kindName) continue;
        const kind = kindByName.get(l.kindName);
        if (!kind) fail(l.row, 'kind', messageOf('IMPORT_REFERENCE_UNKNOWN', lang, { code: l.kindName }));
        else if (kind.disabled) fail(l.row, 'kind', translate('importRules.kindDisabled', lang, { name: kind.name }));
        else l.line.expenseKindId = kind.id;
      }
      submitters.set(d, null);
      if (!d.submitterCode) continue;
      if (!employeeOfCode.has(d.submitterCode)) employeeOfCode.set(d.submitterCode, await q.employeeByCode(tx, companyId, d.submitterCode));
      const e = employeeOfCode.get(d.submitterCode);
      if (!e) fail(d.row, 'submitterCode', messageOf('IMPORT_REFERENCE_UNKNOWN', lang, { code: d.submitterCode }));
      else if (e.disabled) fail(d.row, 'submitterCode', messageOf('REIMBURSE_SUBMITTER_DISABLED', lang));
      else submitters.set(d, e.id);
    }
    // Invoice numbers: once in the sheet (the first row keeps it), never reimbursed in the company.
    const lines = docs.flatMap((d) => d.lines);
    const taken = new Set((await q.takenNos(tx, companyId, [...new Set(lines.map((l) => normalizeInvoiceNo(l.line.no)).filter(Boolean))])).map((t) => t.noKey));
    const firstRow = new Map<string, number>();
    for (const l of lines) {
      const key = normalizeInvoiceNo(l.line.no);
      if (!key) continue;
      const no = (l.line.no ?? '').trim();
      if (taken.has(key)) fail(l.row, 'no', messageOf('REIMBURSE_INVOICE_DUPLICATE', lang, { no }));
      else if (firstRow.has(key)) fail(l.row, 'no', translate('importRules.invoiceRepeated', lang, { no, first: firstRow.get(key)! }));
      else firstRow.set(key, l.row);
    }

    // The documents without a wrong row through the editor's save path, each in a savepoint.
    const wrongRows = new Set(errors.map((e) => e.row));
    const codes: string[] = [];
    for (const d of docs) {
      if (failFast && errors.length) break;
      if (d.rows.some((r) => wrongRows.has(r))) continue;
      try {
        const saved = await createExpense(tx, actor, companyId, {
          markAt: d.markAt, submitAt: d.submitAt, submitterId: submitters.get(d) ?? null, payAt: d.payAt, payAmount: d.payAmount, markerId: null,
          invoices: d.lines.map((l) => l.line),
        });
        codes.push(saved.code);
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        refusalErrors(e, d, lang).forEach((x) => errors.push(x));
      }
    }
    if (errors.length) throw new ImportFailure([...errors].sort((a, b) => a.row - b.row).slice(0, failFast ? 1 : errors.length));
    return { created: codes.length, codes };
  });
  return result;
}

/** A save's refusal as import errors: a line rule at the line's sheet row and cell, anything else at the document's first row. */
function refusalErrors(e: DomainError, d: SheetDocument, lang: Language): ImportRowErrorDto[] {
  const problems = (e.appendix as { lines?: LineProblem[] } | undefined)?.lines;
  if (!Array.isArray(problems) || !problems.length) {
    return [{ row: d.row, column: e.code === 'REIMBURSE_MARK_DATE_OUT_OF_RANGE' ? expenseColumn('markAt') : null, message: messageOf(e.code, lang, e.params) }];
  }
  const field: Record<RequiredLineField, ExpenseField> = { expenseKindId: 'kind', issueAt: 'issueAt', no: 'no', amount: 'amount' };
  return problems.flatMap((p): ImportRowErrorDto[] => {
    const row = d.lines[p.index]?.row ?? d.row;
    switch (p.kind) {
      case 'incomplete':
        return p.fields.map((f) => ({ row, column: expenseColumn(field[f]), message: translate('validation.required', lang) }));
      case 'duplicate':
        return [{ row, column: expenseColumn('no'), message: messageOf('REIMBURSE_INVOICE_DUPLICATE', lang, { no: p.no }) }];
      case 'amountTooLarge':
        return [{ row, column: expenseColumn('amount'), message: translate('validation.absMax', lang, { max: '21,000,000.00' }) }];
      case 'kindDisabled':
        return [{ row, column: expenseColumn('kind'), message: translate('importRules.kindDisabled', lang, { name: d.lines[p.index]?.kindName ?? '' }) }];
      case 'issueAfterMark':
        return [{ row, column: expenseColumn('issueAt'), message: translate('importRules.issueAfterMark', lang, { issueAt: p.issueAt, markAt: p.markAt }) }];
    }
  });
}
