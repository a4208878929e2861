/**
 * Vouchers (spec 01 §3, §4, §7 "Voucher calls"): create, update, read, delete, list, the next code,
 * and the lifecycle actions (audit, audit as error, bookkeep, cashier sign, invalidate and their
 * reverses), one by one or in batches with a result per voucher. Amounts travel as integer cents in
 * strings; direction true = debit. Lines carry at most one auxiliary value per type
 * (1 department … 6 budget).
 */
import { rangeOrder, type DatePair } from './date-order';
import { z } from 'zod';
import { VOUCHER_LINE_MAX_CENTS } from '../domain/constants';
import { idParams, idSchema, dateString, listOf, listQuery, idOrIds, idListParam, jsonParam } from './common';
import { defineRoute } from './route';
import { moneyCents } from './money';
import { RIGHTS } from '../domain/rights';

const version = z.number().int().min(0).optional();

/** Integer cents as a string ("12345" = 123.45) or a number; non-zero, within the line maximum. */
export const centsText = z.union([z.string().trim().regex(/^-?\d{1,12}$/), z.number().int()])
  .transform((v) => Number(v))
  .pipe(moneyCents(VOUCHER_LINE_MAX_CENTS, { min: -VOUCHER_LINE_MAX_CENTS }).refine((n) => n !== 0, 'zero'));

export const voucherAuxInput = z.object({ auxTypeId: z.number().int().min(1).max(6), auxId: idSchema });

export const voucherItemInput = z.object({
  summary: z.string().trim().min(1).max(50),
  subjectId: idSchema,
  /** true: debit (借), false: credit (贷). */
  direction: z.boolean(),
  amount: centsText,
  auxes: z.array(voucherAuxInput).max(6).optional().transform((v) => v ?? []),
});
export type VoucherItemInput = z.output<typeof voucherItemInput>;

const header = {
  kindId: idSchema,
  /** The mark date (YYYY-MM-DD); the period is the one containing it, else the account year's last. */
  markTime: dateString,
  /** Optional: the period the caller resolved; it must contain markTime (or be the last period). */
  periodId: idSchema.optional(),
  billCount: z.number().int().min(0).max(9999).optional().transform((v) => v ?? 0),
  /** Digits; leading zeros are padding. Absent: the next free code of the period and kind. */
  code: z.string().trim().regex(/^\d{1,9}$/).optional(),
  items: z.array(voucherItemInput).min(1).max(1000),
};

export const voucherCreateBody = z.object({
  accountId: idSchema,
  ...header,
  /** The voucher this one copies (COPY) or reverses in red (REVERSAL). */
  originId: idSchema.optional(),
  originKind: z.enum(['COPY', 'REVERSAL']).optional(),
});
export type VoucherCreateBody = z.output<typeof voucherCreateBody>;

export const voucherUpdateBody = z.object({ ...header, version });
export type VoucherUpdateBody = z.output<typeof voucherUpdateBody>;

export const voucherAuxDto = z.object({
  auxTypeId: z.number().int(),
  auxType: z.string(),
  auxId: z.number().int(),
  /** The value's code and name; a department carries its ancestor chain (outermost first). */
  auxData: z.object({ code: z.string().nullable(), name: z.string(), path: z.array(z.object({ id: z.number().int(), name: z.string() })).optional() }),
});

export const voucherItemDto = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  summary: z.string(),
  subjectId: z.number().int(),
  subjectCode: z.string(),
  subjectName: z.string(),
  /** "1122 应收账款/华夏科技": the subject's name path. */
  subjectFullName: z.string(),
  direction: z.boolean(),
  /** Cents, as a string. */
  amount: z.string(),
  auxes: z.array(voucherAuxDto),
});
export type VoucherItemDto = z.infer<typeof voucherItemDto>;

export const voucherRelationDto = z.object({
  kind: z.enum(['SYNC', 'REVERSAL', 'COPY']),
  voucherId: z.number().int(),
  targetId: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  /** The other voucher's account year (opening it switches the shell to its ledger set and year). */
  accountYearId: z.number().int(),
  /** "记-0003" of the other voucher. */
  targetLabel: z.string(),
});

export const voucherDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  accountId: z.number().int(),
  accountYearId: z.number().int(),
  periodId: z.number().int(),
  kindId: z.number().int(),
  kindName: z.string(),
  code: z.number().int(),
  /** The code padded to the ledger set's code length ("0007"). */
  codeText: z.string(),
  markTime: z.string(),
  billCount: z.number().int(),
  state: z.enum(['NORMAL', 'INVALID']),
  source: z.string(),
  originId: z.number().int().nullable(),
  /** The lifecycle state of machines/voucher.machine.ts (draft, audited, bookkept …). */
  lifecycle: z.string(),
  debitCents: z.string(),
  creditCents: z.string(),
  items: z.array(voucherItemDto),
  auditAt: z.string().nullable(),
  auditBy: z.number().int().nullable(),
  auditByName: z.string().nullable(),
  auditPass: z.boolean().nullable(),
  auditNote: z.string().nullable(),
  bookKeepAt: z.string().nullable(),
  bookKeepBy: z.number().int().nullable(),
  bookKeepByName: z.string().nullable(),
  cashierAt: z.string().nullable(),
  cashierBy: z.number().int().nullable(),
  cashierByName: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  voucherRelationInfos: z.array(voucherRelationDto),
  version: z.number().int(),
});
export type VoucherDto = z.infer<typeof voucherDto>;

/** The voucher list's states (spec 01 §4): all, to be audited, to be cashier-signed, to be booked, difference (audit error) vouchers. */
export const voucherListStates = ['ALL', 'TO_AUDIT', 'TO_CASHIER', 'TO_BOOK', 'ERROR'] as const;

/** The voucher filter's ranges of numbers (codes, amounts in cents): refused reversed, as the list says them as they are typed. */
export const VOUCHER_FILTER_VALUE_RANGES: readonly DatePair<'codeFrom' | 'codeTo' | 'amountFrom' | 'amountTo'>[] = [['codeFrom', 'codeTo'], ['amountFrom', 'amountTo']];
/**
 * The voucher filter's range of periods (`periodFrom` … `periodTo`, period ids of the ledger set,
 * either end open). Periods compare by their start dates (their places in the year), so the server
 * checks the order once it has read them, as the ledgers' period ranges are checked: a reversed
 * range is refused with PERIOD_END_BEFORE_START, never swapped nor answered empty. The list says
 * it under 期间至 as it is chosen, by the same pair on the periods' start dates.
 */
export const VOUCHER_FILTER_PERIOD_RANGES: readonly DatePair<'periodFrom' | 'periodTo'>[] = [['periodFrom', 'periodTo']];

export const voucherFilter = z.object({
  accountId: idSchema,
  accountYearId: idSchema.optional(),
  periodId: idOrIds.optional(),
  /** The first period of a range (VOUCHER_FILTER_PERIOD_RANGES): its vouchers and those of the periods after it. */
  periodFrom: idSchema.optional(),
  /** The last period of a range: its vouchers and those of the periods before it. */
  periodTo: idSchema.optional(),
  id: idOrIds.optional(),
  kindId: idSchema.optional(),
  dateFrom: dateString.optional(),
  dateTo: dateString.optional(),
  codeFrom: z.coerce.number<number>().int().min(1).optional(),
  codeTo: z.coerce.number<number>().int().min(1).optional(),
  listState: z.enum(voucherListStates).optional(),
  includeInvalid: z.boolean().optional(),
  subjectId: idSchema.optional(),
  /** Subject code prefix (a parent's code takes its children). */
  subjectCode: z.string().regex(/^\d{1,40}$/).optional(),
  summary: z.string().trim().max(50).optional(),
  amountFrom: z.coerce.number<number>().int().optional(),
  amountTo: z.coerce.number<number>().int().optional(),
  /** The list's search box: a code (digits) or a piece of a line's summary. */
  keyword: z.string().trim().max(50).optional(),
  /** The maker (createdBy). */
  makerId: idSchema.optional(),
  /** An auxiliary value (1 department … 6 budget item, with auxId) a line carries: with the subject, summary and amount filters, on the same line (核算项目). */
  auxTypeId: z.coerce.number<number>().int().min(1).max(6).optional(),
  auxId: idSchema.optional(),
}).superRefine(rangeOrder([['dateFrom', 'dateTo']], VOUCHER_FILTER_VALUE_RANGES)).superRefine((f, ctx) => {
  if ((f.auxTypeId === undefined) !== (f.auxId === undefined)) ctx.addIssue({ code: 'custom', path: [f.auxTypeId === undefined ? 'auxTypeId' : 'auxId'], message: 'required' });
});
export type VoucherFilter = z.output<typeof voucherFilter>;

/**
 * The totals of every voucher under a list filter (spec 01 §7 "/voucher … total"), not only of the
 * page shown: the list's footer. Invalid vouchers are counted apart and left out of the amounts,
 * as in the ledgers.
 */
export const voucherTotalQuery = z.object({ filter: jsonParam(voucherFilter) });
export const voucherTotalDto = z.object({
  /** Vouchers matching the filter, invalid ones included. */
  count: z.number().int(),
  /** Of those, invalid (作废). */
  invalidCount: z.number().int(),
  /** Sums of the valid vouchers, cents as strings. */
  debitCents: z.string(),
  creditCents: z.string(),
});
export type VoucherTotalDto = z.infer<typeof voucherTotalDto>;

/** Rolled check by id (spec 01 §7 "rolled check by id"): whether each voucher's period is settled. */
export const voucherRolledQuery = z.object({ id: idListParam });
export const voucherRolledDto = z.object({ id: z.number().int(), periodId: z.number().int(), rolled: z.boolean() });

/**
 * The people the list's 制单人 filter offers (filter.makerId): the company's users (linked to it or
 * of it) and whoever made a voucher of the ledger set (an administrator, a user since unlinked), by name.
 */
export const voucherMakersQuery = z.object({ accountId: idSchema });
export const voucherMakerDto = z.object({ id: z.number().int(), name: z.string() });

/** The next free code of a period and kind (spec 01 §7 "generate code (periodId, markTime)"). */
export const voucherCodeQuery = z.object({ accountId: idSchema, kindId: idSchema, markTime: dateString, periodId: idSchema.optional() });
export const voucherCodeDto = z.object({ periodId: z.number().int(), code: z.number().int(), codeText: z.string() });

/** The lifecycle actions the API runs (the machine's events without the voucher. prefix). */
export const voucherActionNames = ['audit', 'auditError', 'reverseAudit', 'reverseAuditError', 'bookkeep', 'reverseBookkeep', 'cashier', 'reverseCashier', 'invalid', 'reverseInvalid'] as const;
export const voucherActionParams = z.object({ id: idSchema, action: z.enum(voucherActionNames) });
export const voucherActionBody = z.object({
  /** Why the voucher is marked as an error (auditError). */
  reason: z.string().trim().max(200).optional(),
  version,
}).optional().transform((v) => v ?? {});
export const voucherBatchBody = z.object({
  action: z.enum(voucherActionNames),
  ids: z.array(idSchema).min(1).max(1000),
  reason: z.string().trim().max(200).optional(),
});
export const voucherBatchResultDto = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  code: z.string().nullable(),
  msg: z.string().nullable(),
});

/**
 * 凭证整理 (spec 01 §7 "/voucher … arrangeCode"): closes the gaps in a period's numbering, per kind
 * or for every kind; unlocked vouchers only, locked ones keep their codes (docs/decisions/023).
 * `dryRun` answers the changes without making them (the confirmation shows them).
 */
export const voucherArrangeBody = z.object({
  accountId: idSchema,
  periodId: idSchema,
  kindId: idSchema.optional(),
  dryRun: z.boolean().optional(),
});
export const voucherArrangeChangeDto = z.object({
  id: z.number().int(),
  kindId: z.number().int(),
  kindName: z.string(),
  markTime: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  /** Padded codes ("0007" → "0003"). */
  fromText: z.string(),
  toText: z.string(),
});
export const voucherArrangeDto = z.object({
  periodId: z.number().int(),
  /** false for a dry run. */
  applied: z.boolean(),
  changes: z.array(voucherArrangeChangeDto),
  /** Vouchers of the period (and kind) that keep their code because they are locked or invalid. */
  kept: z.number().int(),
  /** Vouchers of the period (and kind) looked at. */
  total: z.number().int(),
});
export type VoucherArrangeDto = z.infer<typeof voucherArrangeDto>;

/** Operation rights of spec 01 §6 (2010101–2010105). */
const operations = [RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE] as const;
/** Reading needs the voucher menu (凭证 / 日常凭证 / 凭证操作) or any voucher operation right. */
const read = { right: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, ...operations], scope: 'account' } as const;
/** Writing the content needs 2010101 (edit). */
const edit = { right: RIGHTS.VOUCHER_EDIT, scope: 'account' } as const;
/** Lifecycle actions: any operation right lets the call in; the lifecycle table decides which one the action needs. */
const act = { right: operations, scope: 'account' } as const;
const tags = ['voucher'];

export const voucherApi = {
  list: defineRoute({ method: 'GET', path: '/voucher', query: listQuery(voucherFilter, { defaultLimit: 50 }), answer: listOf(voucherDto), access: read, tags }),
  code: defineRoute({ method: 'GET', path: '/voucher/code', query: voucherCodeQuery, answer: voucherCodeDto, access: read, tags }),
  /** Count and sums of every voucher under the list's filter: filter={"accountId":…,…}. */
  total: defineRoute({ method: 'GET', path: '/voucher/total', query: voucherTotalQuery, answer: voucherTotalDto, access: read, tags }),
  /** Who may be chosen as the maker in the list's filter: the company's users and the ledger set's makers. */
  makers: defineRoute({ method: 'GET', path: '/voucher/makers', query: voucherMakersQuery, answer: z.array(voucherMakerDto), access: read, tags }),
  /** Whether the vouchers' periods are settled: ?id=1,2 (the answer in the order asked). */
  rolled: defineRoute({ method: 'GET', path: '/voucher/rolled', query: voucherRolledQuery, answer: z.array(voucherRolledDto), access: read, tags }),
  get: defineRoute({ method: 'GET', path: '/voucher/:id', params: idParams, answer: voucherDto, access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/voucher', body: voucherCreateBody, answer: voucherDto, access: edit, tags }),
  update: defineRoute({ method: 'POST', path: '/voucher/:id', params: idParams, body: voucherUpdateBody, answer: voucherDto, access: edit, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/voucher/:id', params: idParams, answer: z.null(), access: edit, tags }),
  act: defineRoute({ method: 'POST', path: '/voucher/:id/:action', params: voucherActionParams, body: voucherActionBody, answer: voucherDto, access: act, tags }),
  batch: defineRoute({ method: 'POST', path: '/voucher/batch', body: voucherBatchBody, answer: z.array(voucherBatchResultDto), access: act, tags }),
  arrangeCode: defineRoute({ method: 'POST', path: '/voucher/arrangeCode', body: voucherArrangeBody, answer: voucherArrangeDto, access: edit, tags }),
};
