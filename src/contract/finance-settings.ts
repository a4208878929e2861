/**
 * Financial settings that vouchers need (spec 01 §3, §7; issue 7): voucher kinds and the voucher
 * code rule per ledger set (/voucher/kind, /voucher/codeRule), currencies per company
 * (/common/currency). Reading is open to every user of the company (the voucher editor needs
 * them); changing needs the finance-information right (601).
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { normalizeCurrencyCode, normalizeRate, VOUCHER_CODE_LENGTH_MAX, VOUCHER_CODE_LENGTH_MIN, VOUCHER_KIND_NAME_MAX } from '../domain/finance-settings';
import { idParams, idSchema, listOf, listQuery } from './common';
import { defineRoute } from './route';

const version = z.number().int().min(0).optional();
const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const voucherKindDto = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  isDefault: z.boolean(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type VoucherKindDto = z.infer<typeof voucherKindDto>;

const kindName = z.string().trim().min(1).max(VOUCHER_KIND_NAME_MAX);
const kindNameEn = z.string().trim().max(50).nullable().optional().transform((v) => (v ? v : null));
export const voucherKindCreateBody = z.object({
  accountId: idSchema,
  name: kindName,
  nameEn: kindNameEn,
  isDefault: z.boolean().optional(),
  sort: z.number().int().min(0).max(9999).optional(),
});
export const voucherKindUpdateBody = z.object({
  name: kindName.optional(),
  nameEn: z.string().trim().max(50).nullable().optional(),
  /** Only true moves the default here; the default cannot be unset without choosing another. */
  isDefault: z.literal(true).optional(),
  sort: z.number().int().min(0).max(9999).optional(),
  version,
});
export const voucherKindFilter = z.object({ accountId: idSchema, keyword: z.string().max(100).optional() });

export const voucherCodeRuleDto = z.object({ accountId: z.number().int(), length: z.number().int(), version: z.number().int() });
export type VoucherCodeRuleDto = z.infer<typeof voucherCodeRuleDto>;
export const voucherCodeLength = z.number().int().min(VOUCHER_CODE_LENGTH_MIN).max(VOUCHER_CODE_LENGTH_MAX);
export const voucherCodeRuleBody = z.object({ accountId: idSchema, length: voucherCodeLength, version });

export const currencyDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Units of the base currency per unit, as a decimal string ("7.1"). */
  rate: z.string(),
  base: z.boolean(),
  disabled: z.boolean(),
  version: z.number().int(),
});
export type CurrencyDto = z.infer<typeof currencyDto>;

const currencyCode = z.string().max(10).transform((v, ctx) => {
  const c = normalizeCurrencyCode(v);
  if (!c) {
    ctx.addIssue({ code: 'custom', message: 'currencyCode' });
    return z.NEVER;
  }
  return c;
});
const rate = z.union([z.string().max(30), z.number()]).transform((v, ctx) => {
  const r = normalizeRate(v);
  if (!r) {
    ctx.addIssue({ code: 'custom', message: 'rate' });
    return z.NEVER;
  }
  return r;
});
export const currencyCreateBody = z.object({ companyId: idSchema, code: currencyCode, name: z.string().trim().min(1).max(50), rate, disabled: z.boolean().optional() });
export const currencyUpdateBody = z.object({ code: currencyCode.optional(), name: z.string().trim().min(1).max(50).optional(), rate: rate.optional(), disabled: z.boolean().optional(), version });
export const currencyFilter = z.object({ companyId: idSchema.optional(), keyword: z.string().max(100).optional(), disabled: boolish.optional() });

const read = (scope: 'account' | 'company') => ({ right: null, scope }) as const;
const write = (scope: 'account' | 'company') => ({ right: RIGHTS.BASIC_FINANCE, scope }) as const;
const tags = ['finance-settings'];

export const financeSettingsApi = {
  /** Voucher kind find many (accountId), default first then by sort. */
  voucherKinds: defineRoute({ method: 'GET', path: '/voucher/kind', query: listQuery(voucherKindFilter, { defaultLimit: 100, sortable: [] }), answer: listOf(voucherKindDto), access: read('account'), tags }),
  createVoucherKind: defineRoute({ method: 'POST', path: '/voucher/kind', body: voucherKindCreateBody, answer: voucherKindDto, access: write('account'), tags }),
  updateVoucherKind: defineRoute({ method: 'POST', path: '/voucher/kind/:id', params: idParams, body: voucherKindUpdateBody, answer: voucherKindDto, access: write('account'), tags }),
  /** The used-check before a delete: true when vouchers use the kind. */
  voucherKindUsed: defineRoute({ method: 'GET', path: '/voucher/kind/:id/used', params: idParams, answer: z.boolean(), access: read('account'), tags }),
  deleteVoucherKind: defineRoute({ method: 'DELETE', path: '/voucher/kind/:id', params: idParams, answer: z.null(), access: write('account'), tags }),
  /** Code rule find many (accountId) reduced to the one rule of a ledger set. */
  voucherCodeRule: defineRoute({ method: 'GET', path: '/voucher/codeRule', query: z.object({ accountId: idSchema }), answer: voucherCodeRuleDto, access: read('account'), tags }),
  updateVoucherCodeRule: defineRoute({ method: 'POST', path: '/voucher/codeRule', body: voucherCodeRuleBody, answer: voucherCodeRuleDto, access: write('account'), tags }),
  currencies: defineRoute({ method: 'GET', path: '/common/currency', query: listQuery(currencyFilter, { defaultLimit: 100, sortable: [] }), answer: listOf(currencyDto), access: read('company'), tags }),
  createCurrency: defineRoute({ method: 'POST', path: '/common/currency', body: currencyCreateBody, answer: currencyDto, access: write('company'), tags }),
  /** Edits, disables (disabled: true) or enables a currency; the base currency keeps rate 1 and stays enabled. */
  updateCurrency: defineRoute({ method: 'POST', path: '/common/currency/:id', params: idParams, body: currencyUpdateBody, answer: currencyDto, access: write('company'), tags }),
  deleteCurrency: defineRoute({ method: 'DELETE', path: '/common/currency/:id', params: idParams, answer: z.null(), access: write('company'), tags }),
};
