/**
 * Cashier settings (spec 01 §2 /basic cashier settings, §3, §7; decision record 028): banks of a
 * company (/common/bank), bank accounts of a ledger set (/common/bankAccount) and income/outcome
 * kinds of a ledger set (/cashier/income, /cashier/outcome). Reading is open to every user of the
 * company (the cashier journals read them); writing needs the cashier settings right (604).
 * A bank account or kind links a subject of one account year of its ledger set: the create body
 * names that year (`accountYearId`), the ledger set is the year's.
 */
import { z } from 'zod';
import { bankAccountKinds, cashierKindDirections } from '../domain/enums';
import { RIGHTS } from '../domain/rights';
import { TEXT_BASE } from '../domain/constants';
import { normalizeAccountNo } from '../domain/cashier-settings';
import { codeText, dateString, idOrIds, idParams, idSchema, listOf, listQuery, optionalText } from './common';
import { defineRoute } from './route';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const code = codeText(TEXT_BASE);
const name = z.string().trim().min(1).max(TEXT_BASE);
const version = z.number().int().min(0).optional();
/** A false disabled may arrive as null. */
const disabledIn = z.boolean().nullable().optional().transform((v) => v === true);
const accountNo = z.string().max(80).nullable().optional().transform((v, ctx) => {
  if (v === undefined) return undefined;
  const n = v === null ? '' : normalizeAccountNo(v);
  if (n.length > 50) ctx.addIssue({ code: 'custom', message: 'tooLong' });
  return n || null;
});

export const subjectLink = z.object({ id: z.number().int(), accountYearId: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string().nullable() });
const ref = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

// ---- banks ---------------------------------------------------------------------------------------

export const bankDto = z.object({ id: z.number().int(), companyId: z.number().int(), code: z.string(), name: z.string(), disabled: z.boolean(), version: z.number().int() });
export type BankDto = z.infer<typeof bankDto>;
export const bankFilter = z.object({ companyId: idSchema, id: idOrIds.optional(), disabled: flag.optional(), keyword: z.string().max(100).optional() });
export const bankCreateBody = z.object({ companyId: idSchema, code, name, disabled: disabledIn });
export const bankUpdateBody = z.object({ code: code.optional(), name: name.optional(), disabled: z.boolean().nullable().optional(), version });

// ---- bank accounts -------------------------------------------------------------------------------

export const bankAccountDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(bankAccountKinds),
  bankId: z.number().int().nullable(),
  bank: ref.nullable(),
  accountNo: z.string().nullable(),
  currencyId: z.number().int().nullable(),
  currency: ref.nullable(),
  /** The linked subject (null once its account year was deleted: link it again). */
  subjectId: z.number().int().nullable(),
  subject: subjectLink.nullable(),
  openedAt: z.string().nullable(),
  disabled: z.boolean(),
  remark: z.string().nullable(),
  version: z.number().int(),
});
export type BankAccountDto = z.infer<typeof bankAccountDto>;

export const bankAccountFilter = z.object({
  accountId: idSchema,
  id: idOrIds.optional(),
  kind: z.enum(bankAccountKinds).optional(),
  bankId: idSchema.optional(),
  disabled: flag.optional(),
  /** Matches code, name or account number. */
  keyword: z.string().max(100).optional(),
});
/** The export's filter: the list's, in the account year whose subject codes the sheet shows. */
export const bankAccountExportFilter = bankAccountFilter.partial({ accountId: true }).extend({ accountYearId: idSchema });

export const bankAccountCreateBody = z.object({
  /** The account year of the subject; the bank account belongs to that year's ledger set. */
  accountYearId: idSchema,
  code,
  name,
  kind: z.enum(bankAccountKinds),
  /** BANK accounts only (required there). */
  bankId: idSchema.nullable().optional(),
  accountNo,
  currencyId: idSchema.nullable().optional(),
  subjectId: idSchema,
  openedAt: dateString.nullable().optional(),
  disabled: disabledIn,
  remark: optionalText(200),
});
export const bankAccountUpdateBody = z.object({
  /** Needed with subjectId: the year of the newly linked subject. */
  accountYearId: idSchema.optional(),
  code: code.optional(),
  name: name.optional(),
  kind: z.enum(bankAccountKinds).optional(),
  bankId: idSchema.nullable().optional(),
  accountNo,
  currencyId: idSchema.nullable().optional(),
  subjectId: idSchema.optional(),
  openedAt: dateString.nullable().optional(),
  disabled: z.boolean().nullable().optional(),
  remark: optionalText(200),
  version,
});

// ---- income and outcome kinds --------------------------------------------------------------------

export const cashierKindDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  accountId: z.number().int(),
  direction: z.enum(cashierKindDirections),
  code: z.string(),
  name: z.string(),
  subjectId: z.number().int().nullable(),
  subject: subjectLink.nullable(),
  disabled: z.boolean(),
  version: z.number().int(),
});
export type CashierKindDto = z.infer<typeof cashierKindDto>;
export const cashierKindFilter = z.object({ accountId: idSchema, id: idOrIds.optional(), disabled: flag.optional(), keyword: z.string().max(100).optional() });
export const cashierKindCreateBody = z.object({ accountYearId: idSchema, code, name, subjectId: idSchema, disabled: disabledIn });
export const cashierKindUpdateBody = z.object({ accountYearId: idSchema.optional(), code: code.optional(), name: name.optional(), subjectId: idSchema.optional(), disabled: z.boolean().nullable().optional(), version });

// ---- routes --------------------------------------------------------------------------------------

const read = (scope: 'company' | 'account') => ({ right: null, scope }) as const;
const write = (scope: 'company' | 'account' | 'accountYear') => ({ right: RIGHTS.CASHIER_SETTINGS, scope }) as const;
const tags = ['cashier-settings'];

export const bankApi = {
  list: defineRoute({ method: 'GET', path: '/common/bank', query: listQuery(bankFilter, { defaultLimit: 100 }), answer: listOf(bankDto), access: read('company'), tags }),
  /** Whether bank accounts name the bank; true means in use. */
  used: defineRoute({ method: 'GET', path: '/common/bank/:id/used', params: idParams, answer: z.boolean(), access: read('company'), tags }),
  create: defineRoute({ method: 'POST', path: '/common/bank', body: bankCreateBody, answer: bankDto, access: write('company'), tags }),
  update: defineRoute({ method: 'POST', path: '/common/bank/:id', params: idParams, body: bankUpdateBody, answer: bankDto, access: write('company'), tags }),
  remove: defineRoute({ method: 'DELETE', path: '/common/bank/:id', params: idParams, answer: z.null(), access: write('company'), tags }),
};

export const bankAccountApi = {
  list: defineRoute({ method: 'GET', path: '/common/bankAccount', query: listQuery(bankAccountFilter, { defaultLimit: 20 }), answer: listOf(bankAccountDto), access: read('account'), tags }),
  /** Whether the cashier's books use the account (journal lines, opening balances); true means in use. */
  used: defineRoute({ method: 'GET', path: '/common/bankAccount/:id/used', params: idParams, answer: z.boolean(), access: read('account'), tags }),
  create: defineRoute({ method: 'POST', path: '/common/bankAccount', body: bankAccountCreateBody, answer: bankAccountDto, access: write('accountYear'), tags }),
  update: defineRoute({ method: 'POST', path: '/common/bankAccount/:id', params: idParams, body: bankAccountUpdateBody, answer: bankAccountDto, access: write('account'), tags }),
  /** Unused accounts only ('Already in use, cannot be deleted!'). */
  remove: defineRoute({ method: 'DELETE', path: '/common/bankAccount/:id', params: idParams, answer: z.null(), access: write('account'), tags }),
};

function kindRoutes<P extends '/cashier/income' | '/cashier/outcome'>(path: P) {
  return {
    list: defineRoute({ method: 'GET', path, query: listQuery(cashierKindFilter, { defaultLimit: 20 }), answer: listOf(cashierKindDto), access: read('account'), tags }),
    used: defineRoute({ method: 'GET', path: `${path}/:id/used` as `${P}/:id/used`, params: idParams, answer: z.boolean(), access: read('account'), tags }),
    create: defineRoute({ method: 'POST', path, body: cashierKindCreateBody, answer: cashierKindDto, access: write('accountYear'), tags }),
    update: defineRoute({ method: 'POST', path: `${path}/:id` as `${P}/:id`, params: idParams, body: cashierKindUpdateBody, answer: cashierKindDto, access: write('account'), tags }),
    remove: defineRoute({ method: 'DELETE', path: `${path}/:id` as `${P}/:id`, params: idParams, answer: z.null(), access: write('account'), tags }),
  };
}
export const incomeKindApi = kindRoutes('/cashier/income');
export const outcomeKindApi = kindRoutes('/cashier/outcome');
