/** Ledger sets (accounts), account years and periods (spec 01 §3, §7 /account). */
import { z } from 'zod';
import { accountStates } from '../domain/enums';
import { RIGHTS } from '../domain/rights';
import { dateString, idOrIds, idParams, idSchema, listOf, listQuery } from './common';
import { defineRoute } from './route';
import { rangeOrder } from './date-order';

export const periodDto = z.object({
  id: z.number().int(),
  accountYearId: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  rolled: z.boolean(),
  /** Bumped by every change; sent back with an update, a stale one answers STALE_DATA instead of overwriting. */
  version: z.number().int(),
  /** The period's name is its start month, YYYY-MM. */
  name: z.string(),
});
export type PeriodDto = z.infer<typeof periodDto>;

export const accountYearDto = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  year: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  periods: z.array(periodDto).optional(),
});
export type AccountYearDto = z.infer<typeof accountYearDto>;

export const accountDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  /** 1 means main (spec 01 §3). */
  main: z.union([z.literal(0), z.literal(1)]),
  state: z.enum(accountStates),
  deleted: z.boolean(),
  createdAt: z.string(),
  /** Bumped by every change; sent back with an update, a stale one answers STALE_DATA instead of overwriting. */
  version: z.number().int(),
  accountYears: z.array(accountYearDto).optional(),
});
export type AccountDto = z.infer<typeof accountDto>;

export const accountCreateBody = z.object({
  companyId: idSchema,
  name: z.string().trim().min(1).max(100),
  main: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional().transform((v) => v === true || v === 1),
  state: z.enum(accountStates).optional(),
  /** Optionally create the first account year with its 12 periods at once. */
  year: z.coerce.number().int().min(1990).max(2200).optional(),
});
export const accountUpdateBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  state: z.enum(['NORMAL', 'DRAFT'] as const).optional(),
  /** The version the caller read (optional): a stale one answers STALE_DATA. */
  version: z.number().int().min(0).optional(),
});
export const accountFilter = z.object({
  /** The company whose ledger sets to list; the session's company when absent. */
  companyId: idSchema.optional(),
  deleted: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  id: idOrIds.optional(),
  keyword: z.string().max(100).optional(),
});

export const accountYearCreateBody = z.object({
  accountId: idSchema,
  year: z.coerce.number().int().min(1990).max(2200),
  /** Defaults to the calendar year; a fiscal year may start on another day. */
  startAt: dateString.optional(),
  /** Where the year's subjects come from: a copy of the previous year's (the default when there is one) or the standard chart. */
  subjects: z.enum(['PREVIOUS', 'STANDARD']).optional(),
});
export const accountYearQuery = z.object({ accountId: idSchema, year: z.coerce.number().int().min(1).max(9999).optional(), expand: z.string().max(100).optional() });

export const periodQuery = z.object({ accountYearId: idSchema });
export const periodUpdateBody = z.object({
  startAt: dateString,
  endAt: dateString,
  /** The version the caller read (optional): a stale one answers STALE_DATA. */
  version: z.number().int().min(0).optional(),
}).superRefine(rangeOrder([['startAt', 'endAt']])); // overlaps and the year's bounds: domain/periods.ts

const read = { right: null, scope: 'account' } as const;
const manage = { right: RIGHTS.ACCOUNT_MANAGE, scope: 'account' } as const;
const expandQuery = z.object({ expand: z.string().max(100).optional() });

/** Ledger sets, account years and periods (/account …). */
export const accountApi = {
  /** Find many: filter {companyId, deleted, id, keyword}, paged, expand=accountYears (or accountYears.periods). */
  list: defineRoute({ method: 'GET', path: '/account', query: listQuery(accountFilter, { defaultLimit: 100 }), answer: listOf(accountDto), access: { right: null, scope: 'company' }, tags: ['account'] }),
  main: defineRoute({ method: 'GET', path: '/account/main', query: z.object({ companyId: idSchema.optional() }), answer: accountDto.nullable(), access: { right: null, scope: 'company' }, tags: ['account'] }),
  years: defineRoute({ method: 'GET', path: '/account/year', query: accountYearQuery, answer: listOf(accountYearDto), access: read, tags: ['account'] }),
  /** Creates an account year with its 12 monthly periods. */
  createYear: defineRoute({ method: 'POST', path: '/account/year', body: accountYearCreateBody, answer: accountYearDto, access: manage, tags: ['account'] }),
  /** Deletes the last account year of a ledger set with its periods, while nothing uses it. */
  deleteYear: defineRoute({ method: 'DELETE', path: '/account/year/:id', params: idParams, answer: z.null(), access: { right: RIGHTS.ACCOUNT_MANAGE, scope: 'accountYear' }, tags: ['account'] }),
  periods: defineRoute({ method: 'GET', path: '/account/period', query: periodQuery, answer: listOf(periodDto), access: { right: null, scope: 'accountYear' }, tags: ['account'] }),
  /** Adjusts a period's boundaries; neighbours move with it so the year stays covered. */
  updatePeriod: defineRoute({ method: 'POST', path: '/account/period/:id', params: idParams, body: periodUpdateBody, answer: listOf(periodDto), access: { right: RIGHTS.ACCOUNT_MANAGE, scope: 'period' }, tags: ['account'] }),
  get: defineRoute({ method: 'GET', path: '/account/:id', params: idParams, query: expandQuery, answer: accountDto, access: read, tags: ['account'] }),
  create: defineRoute({ method: 'POST', path: '/account', body: accountCreateBody, answer: accountDto, access: { right: RIGHTS.ACCOUNT_MANAGE, scope: 'company' }, tags: ['account'] }),
  update: defineRoute({ method: 'POST', path: '/account/:id', params: idParams, body: accountUpdateBody, answer: accountDto, access: manage, tags: ['account'] }),
  setMain: defineRoute({ method: 'POST', path: '/account/:id/main', params: idParams, answer: accountDto, access: manage, tags: ['account'] }),
  remove: defineRoute({ method: 'DELETE', path: '/account/:id', params: idParams, answer: z.null(), access: manage, tags: ['account'] }),
};
