/**
 * Reimbursements (spec 02 §2.8, §3, §5, §7; spec 01 §6 rights 30104/30105, §7 /expense; decision
 * 034): documents with their invoice lines, the audit lock, the invoice-number check and the
 * expense kinds. Amounts are integer cents. Reading needs manage (30104) or edit (30105);
 * writing a document, auditing it and cancelling the audit need edit (30105); the expense kinds are
 * written with manage (30104) and read by either.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { MAX_COST_CENTS, REIMBURSE_LINE_MAX_CENTS, TEXT_BASE } from '../domain/constants';
import { halfWidth } from '../domain/half-width';
import { codeText, dateString, idOrIds, idParams, idSchema, jsonParam, listOf, listQuery } from './common';
import { defineRoute } from './route';
import { rangeOrder } from './date-order';
import { moneyCents } from './money';
import { exportTaskDto } from './export';
import { companyImportQuery } from './transfer';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** A document's dates: calendar dates of 1900–2999, as the date fields take them (domain typed-date); the server keeps the mark date within the company's account years. */
const docDate = dateString.refine((s) => s >= '1900-01-01' && s <= '2999-12-31', 'YYYY-MM-DD');
const cents = (max: number) => moneyCents(max, { min: -max });

const personRef = z.object({ id: z.number().int(), name: z.string() });

export const expenseKindDto = z.object({ id: z.number().int(), companyId: z.number().int(), name: z.string(), disabled: z.boolean(), version: z.number().int() });
export type ExpenseKindDto = z.infer<typeof expenseKindDto>;

export const expenseInvoiceDto = z.object({
  id: z.number().int(),
  expenseKindId: z.number().int(),
  expenseKindName: z.string(),
  issueAt: z.string(),
  no: z.string(),
  amount: z.number().int(),
  remark: z.string().nullable(),
});
export type ExpenseInvoiceDto = z.infer<typeof expenseInvoiceDto>;

export const expenseDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  /** Stored as 2026110007 (year-month of the mark date, then a 4-digit number). */
  code: z.string(),
  markAt: z.string(),
  submitAt: z.string().nullable(),
  submitterId: z.number().int().nullable(),
  submitter: personRef.extend({ code: z.string() }).nullable(),
  payAt: z.string().nullable(),
  payAmount: z.number().int(),
  markerId: z.number().int().nullable(),
  marker: personRef.nullable(),
  lockerId: z.number().int().nullable(),
  locker: personRef.nullable(),
  lockAt: z.string().nullable(),
  voucherId: z.number().int().nullable(),
  /** "记-3": the linked voucher's kind and code (lists and the single document; decision 037). */
  voucherCode: z.string().nullable().optional(),
  /** Sum of the lines. */
  amount: z.number().int(),
  invoiceCount: z.number().int(),
  /** Only in GET /expense/:id (and in the list with expand=invoices). */
  invoices: z.array(expenseInvoiceDto).optional(),
  version: z.number().int(),
});
export type ExpenseDto = z.infer<typeof expenseDto>;

export const expenseStates = ['AUDITED', 'UNAUDITED'] as const;

export const expenseFilter = z.object({
  companyId: idSchema,
  id: idOrIds.optional(),
  /** Mark date range (inclusive). */
  markFrom: dateString.optional(),
  markTo: dateString.optional(),
  submitterId: idSchema.optional(),
  state: z.enum(expenseStates).optional(),
  /** Part of the code (digits; "202611-0007" matches too). */
  code: z.string().max(20).optional(),
  /** Documents with at least one line of this kind. */
  expenseKindId: idSchema.optional(),
  /** Documents with an invoice number containing this text. */
  invoiceNo: z.string().max(TEXT_BASE).optional(),
}).superRefine(rangeOrder([['markFrom', 'markTo']]));
export type ExpenseFilter = z.infer<typeof expenseFilter>;

export const expenseInvoiceBody = z.object({
  expenseKindId: idSchema,
  issueAt: docDate,
  no: codeText(TEXT_BASE),
  amount: cents(REIMBURSE_LINE_MAX_CENTS),
  remark: z.string().trim().max(TEXT_BASE).nullable().optional(),
});

/**
 * The create body of spec 02 §7. Lines arrive as the sheet holds them: the server checks every
 * rule of §5 (a partly filled line, a repeated number, no complete line) itself; blank lines are
 * dropped, so the cells are optional here.
 */
export const expenseLineIn = z.object({
  expenseKindId: idSchema.nullable().optional(),
  issueAt: docDate.nullable().optional(),
  no: z.string().overwrite(halfWidth).max(TEXT_BASE).nullable().optional(),
  amount: z.number().int().nullable().optional(),
  remark: z.string().max(TEXT_BASE).nullable().optional(),
});
export type ExpenseLineIn = z.infer<typeof expenseLineIn>;

const headerFields = {
  markAt: docDate,
  submitterId: idSchema.nullable().optional(),
  submitAt: docDate.nullable().optional(),
  payAt: docDate.nullable().optional(),
  payAmount: moneyCents(MAX_COST_CENTS).nullable().optional(),
  /** Ignored: the maker is whoever saves the document first (kept for the spec's body shape). */
  markerId: idSchema.nullable().optional(),
  invoices: z.array(expenseLineIn).max(1000),
};

export const expenseCreateBody = z.object({ companyId: idSchema, ...headerFields });
export const expenseUpdateBody = z.object({ ...headerFields, version: z.number().int().min(0).optional() });
export type ExpenseCreateBody = z.infer<typeof expenseCreateBody>;
export type ExpenseUpdateBody = z.infer<typeof expenseUpdateBody>;

export const expenseLockBody = z.object({ lock: z.boolean(), ids: z.array(idSchema).min(1).max(1000) });
export const expenseLockResult = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  ok: z.boolean(),
  /** The result code of a refusal (NO_PERMISSION, REIMBURSE_ALREADY_AUDITED…). */
  result: z.string().nullable(),
  msg: z.string().nullable(),
});
export type ExpenseLockResult = z.infer<typeof expenseLockResult>;

export const expenseCheckQuery = z.object({
  companyId: idSchema,
  no: z.string().max(TEXT_BASE),
  /** The document being edited: its own lines do not count as duplicates. */
  id: idSchema.optional(),
});
export const expenseCheckAnswer = z.object({ duplicate: z.boolean(), expenseId: z.number().int().nullable(), code: z.string().nullable() });

export const expenseKindFilter = z.object({ companyId: idSchema, id: idOrIds.optional(), disabled: flag.optional(), keyword: z.string().max(100).optional() });
export const expenseKindCreateBody = z.object({ companyId: idSchema, name: z.string().trim().min(1).max(TEXT_BASE), disabled: z.boolean().nullable().optional().transform((v) => v === true) });
export const expenseKindUpdateBody = z.object({ name: z.string().trim().min(1).max(TEXT_BASE).optional(), disabled: z.boolean().nullable().optional(), version: z.number().int().min(0).optional() });

const READ = [RIGHTS.REIMBURSE_MANAGE, RIGHTS.REIMBURSE_EDIT] as const;
/** The export's filter: the list's, as JSON in `filter`. */
export const expenseExportQuery = z.object({ filter: jsonParam(expenseFilter) });
/** The background export (decision 043): the list's filter. */
export const expenseExportBody = z.object({ filter: expenseFilter });
export const expenseImportResult = z.object({ created: z.number().int(), codes: z.array(z.string()) });
const read = { right: READ, scope: 'company' } as const;
const edit = { right: RIGHTS.REIMBURSE_EDIT, scope: 'company' } as const;
const manage = { right: RIGHTS.REIMBURSE_MANAGE, scope: 'company' } as const;
const tags = ['expense'];

export const expenseApi = {
  list: defineRoute({ method: 'GET', path: '/expense', query: listQuery(expenseFilter, { defaultLimit: 20 }), answer: listOf(expenseDto), access: read, tags }),
  check: defineRoute({ method: 'GET', path: '/expense/check', query: expenseCheckQuery, answer: expenseCheckAnswer, access: read, tags, summary: 'Whether an invoice number is reimbursed already in the company' }),
  kinds: defineRoute({ method: 'GET', path: '/expense/kind', query: listQuery(expenseKindFilter, { defaultLimit: 1000 }), answer: listOf(expenseKindDto), access: read, tags }),
  createKind: defineRoute({ method: 'POST', path: '/expense/kind', body: expenseKindCreateBody, answer: expenseKindDto, access: manage, tags }),
  updateKind: defineRoute({ method: 'POST', path: '/expense/kind/:id', params: idParams, body: expenseKindUpdateBody, answer: expenseKindDto, access: manage, tags, summary: 'Rename or disable / enable (the toggle)' }),
  lock: defineRoute({ method: 'POST', path: '/expense/lock', body: expenseLockBody, answer: z.array(expenseLockResult), access: edit, tags, summary: 'Audit (lock: true) or cancel the audit (lock: false); one result per document' }),
  get: defineRoute({ method: 'GET', path: '/expense/:id', params: idParams, answer: expenseDto, access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/expense', body: expenseCreateBody, answer: expenseDto, access: edit, tags }),
  update: defineRoute({ method: 'POST', path: '/expense/:id', params: idParams, body: expenseUpdateBody, answer: expenseDto, access: edit, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/expense/:id', params: idParams, answer: z.null(), access: edit, tags }),
  /** The matching documents as an .xlsx attachment (one row per invoice line; the list's filter). */
  exportXls: defineRoute({ method: 'GET', path: '/expense/exportXls', query: expenseExportQuery, answer: z.unknown(), access: read, tags: [...tags, 'export'] }),
  /** The same workbook through a background export task (progress, then a signed file), like the other lists' exports. */
  exportTask: defineRoute({ method: 'POST', path: '/expense/export', body: expenseExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
  /** Imports an .xlsx in the export's layout: every document through the save rules, all or nothing. */
  importXls: defineRoute({ method: 'POST', path: '/expense/importXls', multipart: true, query: companyImportQuery, answer: expenseImportResult, access: edit, tags: [...tags, 'import'] }),
  /** The expense template (.xlsx): the header row, an example line and a notes sheet. */
  template: defineRoute({ method: 'GET', path: '/expense/template', answer: z.unknown(), access: { right: READ, scope: 'none' }, tags: [...tags, 'import'] }),
};
