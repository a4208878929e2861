/** Ledger sets (accounts), account years and periods (spec 01 §3, §7 /account). */
import { z } from 'zod';
import { accountStates } from '../domain/enums';
import { dateString } from './common';

export const periodDto = z.object({
  id: z.number().int(),
  accountYearId: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  rolled: z.boolean(),
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
  accountYears: z.array(accountYearDto).optional(),
});
export type AccountDto = z.infer<typeof accountDto>;

export const accountCreateBody = z.object({
  companyId: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(100),
  main: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional().transform((v) => v === true || v === 1),
  state: z.enum(accountStates).optional(),
  /** Optionally create the first account year with its 12 periods at once. */
  year: z.coerce.number().int().min(1990).max(2200).optional(),
});
export const accountUpdateBody = z.object({ name: z.string().trim().min(1).max(100).optional(), state: z.enum(['NORMAL', 'DRAFT'] as const).optional() });
export const accountFilter = z.object({
  companyId: z.coerce.number().int().optional(),
  deleted: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  id: z.union([z.coerce.number().int(), z.array(z.coerce.number().int())]).optional(),
  keyword: z.string().optional(),
}).passthrough();

export const accountYearCreateBody = z.object({
  accountId: z.coerce.number().int().positive(),
  year: z.coerce.number().int().min(1990).max(2200),
  /** Defaults to the calendar year; a fiscal year may start on another day. */
  startAt: dateString.optional(),
});
export const accountYearQuery = z.object({ accountId: z.coerce.number().int().positive(), year: z.coerce.number().int().optional() });

export const periodQuery = z.object({ accountYearId: z.coerce.number().int().positive() });
export const periodUpdateBody = z.object({ startAt: dateString, endAt: dateString });
