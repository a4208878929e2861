/**
 * Documents to vouchers (单据生成凭证, spec 01 §2 /voucher daily/documentToVoucher, §7 /voucher
 * billQuery, billTransfer, billsTransfer; decision 037). Audited reimbursements (decision 034) and
 * cash / bank journal lines (decision 035) become vouchers of a ledger set: billQuery lists the
 * documents (not yet transferred by default, or those linked to one voucher), billTransfer and
 * billsTransfer propose (preview: true) or write the vouchers. Amounts are integer cents, strings
 * on the wire. Every route needs the voucher edit right (2010101); the handlers also check the
 * source's read right (reimbursements: 30104 or 30105; journal: the cashier menu 3).
 */
import { rangeOrder } from './date-order';
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { dateString, idSchema } from './common';
import { defineRoute } from './route';
import { voucherAuxInput } from './voucher';

export const docSources = ['EXPENSE', 'JOURNAL'] as const;
export type DocSource = (typeof docSources)[number];
const cents = z.string().regex(/^-?\d+$/);

/**
 * The subject a reimbursement's unpaid part is credited to when none is chosen: 2241 其他应付款
 * (other payables) of the voucher's year (decision 037). The screen offers it as its default.
 */
export const DEFAULT_PAYABLE_SUBJECT_CODE = '2241';

export const billQuery = z.object({
  accountId: idSchema,
  source: z.enum(docSources),
  dateFrom: dateString.optional(),
  dateTo: dateString.optional(),
  /** PENDING (default): not yet transferred; DONE: transferred; ALL. */
  state: z.enum(['PENDING', 'DONE', 'ALL']).optional().transform((v) => v ?? 'PENDING'),
  /** Only the documents linked to this voucher (the voucher's sources). */
  voucherId: idSchema.optional(),
  /** Journal lines of one bank account only. */
  bankAccountId: idSchema.optional(),
}).superRefine(rangeOrder([['dateFrom', 'dateTo']]));
export type BillQuery = z.output<typeof billQuery>;

export const billDocDto = z.object({
  source: z.enum(docSources),
  id: z.number().int(),
  /** Reimbursement code as stored (2026110007; shown 202611-0007, domain formatReimbursementCode) or journal number within its account and month. */
  code: z.string(),
  /** The voucher date it proposes: a reimbursement's pay date (else its mark date), a line's date. */
  date: z.string(),
  summary: z.string(),
  /** Reimbursement: its expense kinds; journal line: its income / outcome kind. */
  kindNames: z.string(),
  /** The ids of those kinds (reimbursement: expense kinds; journal line: its cashier kind, if any). */
  kindIds: z.array(z.number().int()),
  /** Journal line: its bank account ("code name"); reimbursement: the submitter. */
  party: z.string(),
  /** Reimbursement: invoice total; journal line: its receipt (positive) or payment (negative). */
  amountCents: cents,
  /** Reimbursement: what it paid (its pay amount; the rest is still owed); journal line: absent. */
  paidCents: cents.optional(),
  audited: z.boolean(),
  /** Journal line: its bank account (the journal sheet that shows it is this account's, in the line's month). */
  bankAccountId: z.number().int().nullable().optional(),
  voucherId: z.number().int().nullable(),
  /** "记-3 (2026-11)": the linked voucher's kind, code and period. */
  voucherCode: z.string().nullable(),
});
export type BillDocDto = z.infer<typeof billDocDto>;

export const transferOptions = z.object({
  accountId: idSchema,
  source: z.enum(docSources),
  /** The voucher kind (记, 收, 付…) of the generated vouchers. */
  kindId: idSchema,
  /** EXPENSE: DOCUMENT (one voucher per reimbursement) or KIND (one voucher for the selection, a debit line per expense kind). JOURNAL: DOCUMENT (one per line) or DAY (one per bank account and day). */
  grouping: z.enum(['DOCUMENT', 'KIND', 'DAY']).optional().transform((v) => v ?? 'DOCUMENT'),
  /** EXPENSE: the debit subject of each expense kind; a kind not named here takes the ledger set's remembered subject (billRules). */
  kindSubjects: z.array(z.object({ expenseKindId: idSchema, subjectId: idSchema })).max(500).optional().transform((v) => v ?? []),
  /**
   * EXPENSE: the paying bank account (its subject is credited with what each document paid, its pay
   * amount)… Needed only by documents that paid something.
   */
  bankAccountId: idSchema.optional(),
  /** …or the paying subject itself (cash). */
  creditSubjectId: idSchema.optional(),
  /**
   * EXPENSE: the subject credited with what a document has not paid yet (its invoices less its pay
   * amount; everything when it paid nothing). Default: DEFAULT_PAYABLE_SUBJECT_CODE (2241) of the voucher's year.
   */
  payableSubjectId: idSchema.optional(),
  /**
   * Auxiliary values for lines whose subject asks for a type the document cannot fill: a
   * reimbursement fills department and employee from its submitter, a journal line the customer or
   * vendor named as its counterparty; anything else (a project, a budget item…) comes from here.
   */
  auxValues: z.array(voucherAuxInput).max(6).optional().transform((v) => v ?? []),
  /** true: answer the proposed vouchers without writing anything. */
  preview: z.boolean().optional().transform((v) => v === true),
});

export const billTransferBody = transferOptions.extend({ id: idSchema });
export const billsTransferBody = transferOptions.extend({ ids: z.array(idSchema).min(1).max(500) });
export type BillsTransferBody = z.output<typeof billsTransferBody>;

export const proposedLineDto = z.object({
  summary: z.string(),
  subjectId: z.number().int(),
  subjectCode: z.string(),
  subjectName: z.string(),
  subjectNameEn: z.string().nullable(),
  /** true: debit. */
  direction: z.boolean(),
  amount: cents,
  /** The line's auxiliary values, as the voucher will carry them. */
  auxes: z.array(z.object({ auxTypeId: z.number().int(), auxId: z.number().int(), code: z.string().nullable(), name: z.string() })),
});

export const proposedVoucherDto = z.object({
  /** The documents this voucher is made from. */
  docIds: z.array(z.number().int()),
  docCodes: z.array(z.string()),
  markDate: z.string(),
  lines: z.array(proposedLineDto),
  debitCents: cents,
  creditCents: cents,
  /** Written (preview: false and it succeeded). */
  voucherId: z.number().int().nullable(),
  voucherCode: z.string().nullable(),
  /** Refused: the result code and its message; the documents stay free. */
  code: z.string().nullable(),
  msg: z.string().nullable(),
});
export type ProposedVoucherDto = z.infer<typeof proposedVoucherDto>;

export const transferAnswer = z.object({
  preview: z.boolean(),
  vouchers: z.array(proposedVoucherDto),
  /** One per document asked for: ok, or why not. */
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), voucherId: z.number().int().nullable(), code: z.string().nullable(), msg: z.string().nullable() })),
});
export type TransferAnswer = z.infer<typeof transferAnswer>;

export const billRulesQuery = z.object({ accountId: idSchema, /** The year whose subjects answer (default: the ledger set's latest). */ accountYearId: idSchema.optional() });
export const billRulesDto = z.object({
  /** The remembered debit subject of each expense kind, in the ledger set's current account year (absent there: subjectId null). */
  kindSubjects: z.array(z.object({ expenseKindId: z.number().int(), subjectCode: z.string(), subjectId: z.number().int().nullable() })),
});
export type BillRulesDto = z.infer<typeof billRulesDto>;

const access = { right: RIGHTS.VOUCHER_EDIT, scope: 'account' } as const;
const tags = ['voucher', 'doc-to-voucher'];

export const docToVoucherApi = {
  // The sources of one voucher (voucherId) are read by whoever reads vouchers and the source (the cashier
  // who signs a voucher sees its reimbursement); listing documents to transfer needs the voucher-edit right too.
  billQuery: defineRoute({ method: 'GET', path: '/voucher/billQuery', query: billQuery, answer: z.array(billDocDto), access: { right: RIGHTS.VOUCHER, scope: 'account' }, tags, summary: 'Documents to turn into vouchers (or the sources of one voucher)' }),
  billRules: defineRoute({ method: 'GET', path: '/voucher/billRules', query: billRulesQuery, answer: billRulesDto, access, tags, summary: 'The remembered expense kind subjects of a ledger set' }),
  billTransfer: defineRoute({ method: 'POST', path: '/voucher/billTransfer', body: billTransferBody, answer: transferAnswer, access, tags, summary: 'Preview or generate the voucher of one document' }),
  billsTransfer: defineRoute({ method: 'POST', path: '/voucher/billsTransfer', body: billsTransferBody, answer: transferAnswer, access, tags, summary: 'Preview or generate the vouchers of several documents' }),
};
