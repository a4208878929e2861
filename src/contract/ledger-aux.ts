/**
 * Ledgers by auxiliary dimension (spec 01 §2 /voucher business: balanceByAuxiliary,
 * generalLedgerByAuxiliary, subLedgerByAuxiliary; §7 /ledger/auxBalance, auxTotal, auxDetail) and
 * the budget execution reports (/budget summaryByBudgetExecution, subLedgerByBudgetExecution; §7
 * /report budget reports). Balances come from aux_balances (decision 025); sub-ledgers page the
 * voucher lines. Amounts travel as integer cents in strings, balances debit positive with a side.
 */
import { z } from 'zod';
import { idSchema, INT32_MAX, jsonParam } from './common';
import { defineRoute } from './route';
import { RIGHTS } from '../domain/rights';
import { balanceSides } from './ledger';
import { exportTaskDto } from './export';

const subjectCode = z.string().trim().regex(/^\d{1,40}$/);
const cents = z.string().regex(/^-?\d+$/);
const side = z.enum(balanceSides);

/** 1 department, 2 employee, 3 customer, 4 vendor, 5 project, 6 budget. */
export const auxTypeIds = [1, 2, 3, 4, 5, 6] as const;
export const auxTypeId = z.coerce.number<number>().int().min(1).max(6);

const range = {
  accountId: idSchema,
  accountYearId: idSchema,
  /** First and last period of the range (inclusive), both of the account year. */
  startPeriodId: idSchema,
  endPeriodId: idSchema,
  /** Count vouchers not yet bookkept (default true); false: bookkept vouchers only. */
  includeUnbooked: z.boolean().optional().transform((v) => v ?? true),
};

const auxRangeFilter = z.object({
  ...range,
  auxTypeId,
  /** Only these values of the type (absent or empty: every value with figures). */
  auxIds: z.array(idSchema).max(1000).optional(),
  /** Subject code range; a bound also takes in the subjects below it. */
  subjectCodeFrom: subjectCode.optional(),
  subjectCodeTo: subjectCode.optional(),
  /** Show value × subject pairs whose every figure is zero (default false). */
  showZero: z.boolean().optional().transform((v) => v ?? false),
});

/** The auxiliary types whose values form a tree (parentId): departments and budget items, rolled up. */
export const treeAuxTypeIds = [1, 6] as const;

export const auxBalanceFilter = auxRangeFilter.extend({
  /** A tree type: the deepest level of values shown (1 = top values); absent: every level. */
  level: z.coerce.number<number>().int().min(1).max(15).optional(),
  /** A tree type: only values without children (default false). */
  leafOnly: z.boolean().optional().transform((v) => v ?? false),
});
export type AuxBalanceFilter = z.output<typeof auxBalanceFilter>;

/** The general ledger by auxiliary takes the range, type, values and subjects (no levels). */
export const auxTotalFilter = auxRangeFilter;
export type AuxTotalFilter = z.output<typeof auxTotalFilter>;

export const auxDetailFilter = z.object({
  ...range,
  auxTypeId,
  /** The value; UNASSIGNED_AUX_ID: the subject's lines carrying no value of the type (needs subjectId). */
  auxId: z.coerce.number<number>().int().min(0).max(INT32_MAX),
  /**
   * One subject (and the subjects below it), one running balance; absent: every subject the value
   * stands on, in sections of one leaf subject each (its own opening, running balance and totals;
   * their opening and total rows name the subject).
   */
  subjectId: idSchema.optional(),
}).superRefine((f, ctx) => {
  if (f.auxId === UNASSIGNED_AUX_ID && f.subjectId === undefined) ctx.addIssue({ code: 'custom', path: ['subjectId'], message: 'required' });
});
export type AuxDetailFilter = z.output<typeof auxDetailFilter>;

const page = {
  /** Rows skipped (the opening row is row 0, period and year total rows count like lines). */
  offset: z.coerce.number<number>().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number<number>().int().min(1).max(1000).default(100),
};

export const auxBalanceQuery = z.object({ filter: jsonParam(auxBalanceFilter) });
export const auxTotalQuery = z.object({ filter: jsonParam(auxTotalFilter) });
export const auxDetailQuery = z.object({ filter: jsonParam(auxDetailFilter), ...page });

/**
 * The auxId of the rows holding the part of subjects' balances that carries no value of the type
 * (未指定 / Unassigned: an opening entered before the subject took the type, lines posted before
 * then). The balance and the general ledger of every value (no `auxIds`) show it after the values,
 * its name in the reader's language and no code, so their totals reconcile to the subjects'
 * balances (the subject balance table).
 */
export const UNASSIGNED_AUX_ID = 0;

/** The value (department, customer …) a row is about (UNASSIGNED_AUX_ID: none of the type). */
const auxValue = {
  auxId: z.number().int(),
  auxCode: z.string(),
  auxName: z.string(),
};
const subjectRef = {
  subjectId: z.number().int(),
  subjectCode: z.string(),
  subjectName: z.string(),
  subjectNameEn: z.string().nullable(),
};
const balanceFigures = {
  openingSide: side,
  openingCents: cents,
  openingDebit: cents,
  openingCredit: cents,
  debit: cents,
  credit: cents,
  ytdDebit: cents,
  ytdCredit: cents,
  closingSide: side,
  closingCents: cents,
  closingDebit: cents,
  closingCredit: cents,
};

/**
 * 辅助核算余额表 rows: per value a VALUE row (its subjects summed) followed by its SUBJECT rows
 * (value × leaf subject), value codes in order, subjects by code. For a tree type (departments,
 * budget items) the values come in tree order and a parent's rows sum its own lines and its whole
 * subtree's. Without `auxIds` the unassigned rows (UNASSIGNED_AUX_ID, level 1) come last, one per
 * subject with figures outside every value, and count in the totals.
 */
export const auxBalanceRowDto = z.object({
  kind: z.enum(['VALUE', 'SUBJECT']),
  ...auxValue,
  /** The value's level in its tree (1 for a top value and for every value of a flat type). */
  auxLevel: z.number().int(),
  /** The value has no children (always true for a flat type). */
  auxLeaf: z.boolean(),
  subjectId: z.number().int().nullable(),
  subjectCode: z.string().nullable(),
  subjectName: z.string().nullable(),
  subjectNameEn: z.string().nullable(),
  ...balanceFigures,
});
export type AuxBalanceRowDto = z.infer<typeof auxBalanceRowDto>;

export const auxTotalsDto = z.object({
  openingDebit: cents, openingCredit: cents, debit: cents, credit: cents,
  ytdDebit: cents, ytdCredit: cents, closingDebit: cents, closingCredit: cents,
});
export type AuxTotalsDto = z.infer<typeof auxTotalsDto>;

export const auxBalanceDto = z.object({
  rows: z.array(auxBalanceRowDto),
  totals: auxTotalsDto,
  /** The deepest level of the type's tree (1 for a flat type): the screen's level choices. */
  levels: z.number().int(),
});
export type AuxBalanceDto = z.infer<typeof auxBalanceDto>;

/**
 * 辅助总账: per value × subject the opening, then per period of the range its movements, year to date
 * and balance; without `auxIds`, the subjects' unassigned parts (UNASSIGNED_AUX_ID) after the values.
 */
export const auxTotalPeriodDto = z.object({
  periodId: z.number().int(),
  periodName: z.string(),
  debit: cents,
  credit: cents,
  ytdDebit: cents,
  ytdCredit: cents,
  side,
  balanceCents: cents,
});
export const auxTotalGroupDto = z.object({
  ...auxValue,
  ...subjectRef,
  openingSide: side,
  openingCents: cents,
  periods: z.array(auxTotalPeriodDto),
});
export type AuxTotalGroupDto = z.infer<typeof auxTotalGroupDto>;
export const auxTotalDto = z.object({ groups: z.array(auxTotalGroupDto) });
export type AuxTotalDto = z.infer<typeof auxTotalDto>;

/**
 * A sub-ledger row: OPENING (期初余额, first), LINE (a voucher line), PERIOD (本期合计) and YEAR
 * (本年累计) after each period's lines. Balances run over the whole list, whatever page is read.
 */
export const ledgerDetailRowDto = z.object({
  /** Position in the whole list (0 = opening). */
  index: z.number().int(),
  kind: z.enum(['OPENING', 'LINE', 'PERIOD', 'YEAR']),
  periodId: z.number().int().nullable(),
  periodName: z.string().nullable(),
  markDate: z.string().nullable(),
  voucherId: z.number().int().nullable(),
  /** 记-3: the kind's character and the number. */
  voucherWord: z.string().nullable(),
  voucherWordEn: z.string().nullable(),
  voucherCode: z.number().int().nullable(),
  /** The number as the ledger set writes it (padded to its code length: 0007), as the editor and the subject ledgers show it. */
  codeText: z.string().nullable(),
  lineNo: z.number().int().nullable(),
  summary: z.string().nullable(),
  subjectId: z.number().int().nullable(),
  subjectCode: z.string().nullable(),
  subjectName: z.string().nullable(),
  subjectNameEn: z.string().nullable(),
  debit: cents,
  credit: cents,
  side,
  balanceCents: cents,
});
export type LedgerDetailRowDto = z.infer<typeof ledgerDetailRowDto>;

export const auxDetailDto = z.object({
  ...auxValue,
  /** Every row of the list (opening, lines, period and year totals). */
  total: z.number().int(),
  rows: z.array(ledgerDetailRowDto),
});
export type AuxDetailDto = z.infer<typeof auxDetailDto>;

// ---- Budget execution -------------------------------------------------------------------------

export const budgetExecFilter = z.object({
  ...range,
  /** Only these budget items and their subtrees (absent or empty: the whole catalogue). */
  budgetIds: z.array(idSchema).max(1000).optional(),
  showZero: z.boolean().optional().transform((v) => v ?? true),
});
export type BudgetExecFilter = z.output<typeof budgetExecFilter>;
export const budgetSummaryQuery = z.object({ filter: jsonParam(budgetExecFilter) });

export const budgetExecRowDto = z.object({
  budgetId: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  level: z.number().int(),
  leaf: z.boolean(),
  /** The annual budget (a parent: the sum of its leaves). */
  budget: cents,
  /** Used in the period range: for an OUTCOME item debit − credit of its lines, for INCOME credit − debit. */
  actual: cents,
  /** Used from the year's start through the end period. */
  ytdActual: cents,
  /** budget − ytdActual. */
  remaining: cents,
  /** ytdActual / budget in basis points (12.34 % = 1234); null when the budget is 0. */
  rateBp: z.number().int().nullable(),
});
export type BudgetExecRowDto = z.infer<typeof budgetExecRowDto>;
export const budgetSummaryDto = z.object({ rows: z.array(budgetExecRowDto) });
export type BudgetSummaryDto = z.infer<typeof budgetSummaryDto>;

export const budgetDetailFilter = z.object({ ...range, budgetId: idSchema });
export type BudgetDetailFilter = z.output<typeof budgetDetailFilter>;
export const budgetDetailQuery = z.object({ filter: jsonParam(budgetDetailFilter), ...page });
export const budgetDetailDto = z.object({
  budgetId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  budget: cents,
  total: z.number().int(),
  /** `balanceCents` is the used amount so far (on the item's own side), `side` DEBIT/CREDIT/FLAT as the books stand. */
  rows: z.array(ledgerDetailRowDto),
});
export type BudgetDetailDto = z.infer<typeof budgetDetailDto>;

/** An export asks for the screen's filter; the answer is the background task (decision 015). */
export const auxBalanceExportBody = z.object({ filter: auxBalanceFilter });
export const auxTotalExportBody = z.object({ filter: auxTotalFilter });
export const auxDetailExportBody = z.object({ filter: auxDetailFilter });
export const budgetSummaryExportBody = z.object({ filter: budgetExecFilter });
export const budgetDetailExportBody = z.object({ filter: budgetDetailFilter });

/** The finance reports menu, like the subject ledgers. */
const read = { right: RIGHTS.VOUCHER_BOOKS, scope: 'accountYear' } as const;
/** The budget area (/budget, right 12). */
const budgetRead = { right: RIGHTS.BUDGET, scope: 'accountYear' } as const;
const tags = ['ledger'];

export const ledgerAuxApi = {
  auxBalance: defineRoute({ method: 'GET', path: '/ledger/auxBalance', query: auxBalanceQuery, answer: auxBalanceDto, access: read, tags }),
  auxTotal: defineRoute({ method: 'GET', path: '/ledger/auxTotal', query: auxTotalQuery, answer: auxTotalDto, access: read, tags }),
  auxDetail: defineRoute({ method: 'GET', path: '/ledger/auxDetail', query: auxDetailQuery, answer: auxDetailDto, access: read, tags }),
  budgetSummary: defineRoute({ method: 'GET', path: '/report/budgetSummary', query: budgetSummaryQuery, answer: budgetSummaryDto, access: budgetRead, tags: ['report'] }),
  budgetDetail: defineRoute({ method: 'GET', path: '/report/budgetDetail', query: budgetDetailQuery, answer: budgetDetailDto, access: budgetRead, tags: ['report'] }),
  auxBalanceExport: defineRoute({ method: 'POST', path: '/ledger/auxBalance/export', body: auxBalanceExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
  auxTotalExport: defineRoute({ method: 'POST', path: '/ledger/auxTotal/export', body: auxTotalExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
  auxDetailExport: defineRoute({ method: 'POST', path: '/ledger/auxDetail/export', body: auxDetailExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
  budgetSummaryExport: defineRoute({ method: 'POST', path: '/report/budgetSummary/export', body: budgetSummaryExportBody, answer: exportTaskDto, access: budgetRead, tags: ['report', 'export'] }),
  budgetDetailExport: defineRoute({ method: 'POST', path: '/report/budgetDetail/export', body: budgetDetailExportBody, answer: exportTaskDto, access: budgetRead, tags: ['report', 'export'] }),
};
