/**
 * Budgets (/aux/budget, per account year) and vendors (/aux/vendor, per ledger set): spec 02 §2.2,
 * §2.7, §3, §4, §5; spec 01 §7. Budget amounts travel as integer cents; parent totals and the profit
 * summary are computed by the server.
 */
import { z } from 'zod';
import { auxKinds, budgetKinds } from '../domain/enums';
import { RIGHTS } from '../domain/rights';
import { TEXT_BASE } from '../domain/constants';
import { BUDGET_AMOUNT_MAX, digitsOnly } from '../domain/budget-code';
import { codeText, idOrIds, idParams, idSchema, listOf, listQuery, nameInitialsField, optionalText } from './common';
import { defineRoute } from './route';
import { personRef } from './staff';
import { moneyCents } from './money';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const name = z.string().trim().min(1).max(TEXT_BASE);
const version = z.number().int().min(0).optional();
const amount = moneyCents(BUDGET_AMOUNT_MAX);

export const budgetDto = z.object({
  id: z.number().int(),
  accountYearId: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  nameInitials: nameInitialsField,
  abbr: z.string().nullable(),
  kind: z.enum(budgetKinds),
  level: z.number().int(),
  /** The row's own annual amount in cents (leaf rows; 0 on parents). */
  amount: z.number().int(),
  /** Cents: a leaf's own amount, a parent's the sum of the leaves below it (computed). */
  total: z.number().int(),
  principalId: z.number().int().nullable(),
  principal: personRef.nullable(),
  leaf: z.boolean(),
  disabled: z.boolean(),
  version: z.number().int(),
});
export type BudgetDto = z.infer<typeof budgetDto>;

export const budgetFilter = z.object({
  accountYearId: idSchema,
  id: idOrIds.optional(),
  kind: z.enum(budgetKinds).optional(),
  parentId: idSchema.optional(),
  leaf: flag.optional(),
  disabled: flag.optional(),
  /** Matches code, name or abbreviation, or the start of the name's pinyin initials. */
  keyword: z.string().max(100).optional(),
});

export const budgetCreateBody = z.object({
  accountYearId: idSchema,
  /** Non-digits are dropped; 4, 6 or 8 digits. */
  code: z.string().max(40).transform(digitsOnly).pipe(z.string().min(1).max(8)),
  name,
  abbr: optionalText(TEXT_BASE),
  /** Default INCOME; a child takes its parent's kind (a different one is refused). */
  kind: z.enum(budgetKinds).optional(),
  principalId: idSchema.nullable().optional(),
  disabled: z.boolean().nullable().optional().transform((v) => v === true),
  /** Cents. */
  amount: amount.optional(),
});

export const budgetUpdateBody = z.object({
  name: name.optional(),
  abbr: optionalText(TEXT_BASE),
  /** Only a level-1 budget's kind changes (its subtree follows). */
  kind: z.enum(budgetKinds).optional(),
  principalId: idSchema.nullable().optional(),
  disabled: z.boolean().nullable().optional(),
  /** Cents; leaf rows only. */
  amount: amount.optional(),
  version,
});

export const budgetSummaryDto = z.object({
  /** Cents: the level-1 income totals. */
  income: z.number().int(),
  outcome: z.number().int(),
  /** income − outcome. */
  profit: z.number().int(),
});

const yearQuery = z.object({ accountYearId: idSchema });
const budgetRead = { right: null, scope: 'accountYear' } as const;
const budgetWrite = { right: RIGHTS.BUDGET, scope: 'accountYear' } as const;
const btags = ['budget'];

export const budgetApi = {
  /** Find many, sorted kind then code by default. */
  list: defineRoute({ method: 'GET', path: '/aux/budget', query: listQuery(budgetFilter, { defaultLimit: 1000 }), answer: listOf(budgetDto), access: budgetRead, tags: btags }),
  /** The profit row: level-1 income − level-1 outcome (cents). */
  summary: defineRoute({ method: 'GET', path: '/aux/budget/summary', query: yearQuery, answer: budgetSummaryDto, access: budgetRead, tags: btags }),
  /** Whether the budget is in use (children; vouchers add theirs); true means in use. */
  used: defineRoute({ method: 'GET', path: '/aux/budget/:id/used', params: idParams, answer: z.boolean(), access: budgetRead, tags: btags }),
  create: defineRoute({ method: 'POST', path: '/aux/budget', body: budgetCreateBody, answer: budgetDto, access: budgetWrite, tags: btags }),
  /** Full fields or only the amount; nothing to change answers the budget as it is. */
  update: defineRoute({ method: 'POST', path: '/aux/budget/:id', params: idParams, body: budgetUpdateBody, answer: budgetDto, access: budgetWrite, tags: btags }),
  /** Leaf, unused budgets only. */
  remove: defineRoute({ method: 'DELETE', path: '/aux/budget/:id', params: idParams, answer: z.null(), access: budgetWrite, tags: btags }),
};

export const vendorDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  accountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameInitials: nameInitialsField,
  kind: z.enum(auxKinds),
  ownerId: z.number().int().nullable(),
  owner: personRef.nullable(),
  disabled: z.boolean(),
  version: z.number().int(),
});
export type VendorDto = z.infer<typeof vendorDto>;

export const vendorFilter = z.object({
  accountId: idSchema,
  id: idOrIds.optional(),
  ownerId: idSchema.optional(),
  disabled: flag.optional(),
  /** Matches code or name. */
  keyword: z.string().max(100).optional(),
});

const vendorCode = codeText(TEXT_BASE);
export const vendorCreateBody = z.object({
  accountId: idSchema,
  code: vendorCode,
  name,
  /** Default NORMAL. */
  kind: z.enum(auxKinds).optional(),
  ownerId: idSchema.nullable().optional(),
  /** A false disabled may arrive as null. */
  disabled: z.boolean().nullable().optional().transform((v) => v === true),
});
export const vendorUpdateBody = z.object({
  code: vendorCode.optional(),
  name: name.optional(),
  kind: z.enum(auxKinds).optional(),
  ownerId: idSchema.nullable().optional(),
  disabled: z.boolean().nullable().optional(),
  version,
});

const vendorRead = { right: null, scope: 'account' } as const;
const vendorWrite = { right: RIGHTS.SYSTEM, scope: 'account' } as const;
const vtags = ['vendor'];

export const vendorApi = {
  list: defineRoute({ method: 'GET', path: '/aux/vendor', query: listQuery(vendorFilter, { defaultLimit: 10 }), answer: listOf(vendorDto), access: vendorRead, tags: vtags }),
  used: defineRoute({ method: 'GET', path: '/aux/vendor/:id/used', params: idParams, answer: z.boolean(), access: vendorRead, tags: vtags }),
  create: defineRoute({ method: 'POST', path: '/aux/vendor', body: vendorCreateBody, answer: vendorDto, access: vendorWrite, tags: vtags }),
  update: defineRoute({ method: 'POST', path: '/aux/vendor/:id', params: idParams, body: vendorUpdateBody, answer: vendorDto, access: vendorWrite, tags: vtags }),
  /** Unused vendors only ('Already in use, cannot be deleted!'). */
  remove: defineRoute({ method: 'DELETE', path: '/aux/vendor/:id', params: idParams, answer: z.null(), access: vendorWrite, tags: vtags }),
};
