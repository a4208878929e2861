/**
 * The business query (spec 01 §2 `/businessQuery`, right 103; decision 051): what the firm's
 * matters bring in, from the business records rather than the books. For the company's cases the
 * caller may see, the contract amount, what was invoiced, reversed (red-letter) and received in a
 * date range (by invoice date), and as of the range's end what is invoiced and not received
 * (outstanding) and what of the contract is not invoiced yet (unbilled). Rows are cases, or cases
 * grouped by their lead client, lead director or department; a group row drills into its cases.
 * Amounts travel as integer cents in strings.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { projectKinds } from '../domain/enums';
import { dateString, idSchema, jsonParam } from './common';
import { defineRoute } from './route';
import { rangeOrder } from './date-order';
import { exportTaskDto } from './export';

export const businessGroupings = ['PROJECT', 'CLIENT', 'PRINCIPAL', 'DEPARTMENT'] as const;
export type BusinessGrouping = (typeof businessGroupings)[number];

export const businessQueryFilter = z.object({
  /** The company (default: the caller's current company). */
  companyId: idSchema.optional(),
  groupBy: z.enum(businessGroupings).default('PROJECT'),
  /** Invoice dates of the range, inclusive. Default: the end's year up to today. */
  from: dateString.optional(),
  to: dateString.optional(),
  /** A piece of the case's code or name, or of one of its clients' names. */
  keyword: z.string().trim().max(50).optional(),
  kind: z.enum(projectKinds).optional(),
  /** Drill filters: cases whose LEAD client / director is this one, or of this department (null: none). */
  clientId: idSchema.optional(),
  principalId: idSchema.optional(),
  departmentId: idSchema.nullable().optional(),
  /** Disabled (closed) cases count too (default: only open ones). */
  includeDisabled: z.boolean().default(false),
  /** Only rows with something invoiced and not received. */
  outstandingOnly: z.boolean().default(false),
}).superRefine(rangeOrder([['from', 'to']])); // the service also checks a range whose end is the default (today)
export type BusinessQueryFilter = z.output<typeof businessQueryFilter>;
export type BusinessQueryFilterInput = z.input<typeof businessQueryFilter>;

const cents = z.string().regex(/^-?\d+$/);
const figures = {
  /** Cases in the row (1 for a case). */
  cases: z.number().int(),
  /** The cases' contract amounts. */
  contract: cents,
  /** Invoices dated in the range: how many, their amounts, red-letter (reversed) amounts and received amounts. */
  invoiceCount: z.number().int(),
  invoiced: cents,
  red: cents,
  received: cents,
  /** Invoices dated up to the range's end: invoiced − red − received. */
  outstanding: cents,
  /** Contract − (invoiced − red) of invoices dated up to the range's end; negative when invoiced beyond the contract. */
  unbilled: cents,
  /** The last invoice dated up to the range's end. */
  lastInvoiceDate: z.string().nullable(),
};

export const businessRowDto = z.object({
  /** Unique in the answer: P<case>, C<client>, E<employee>, D<department>, D- (no department). */
  key: z.string(),
  /** The case, client, employee or department (null: cases without a department). */
  id: z.number().int().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  /** Case rows only (empty or null on groups). */
  kind: z.enum(projectKinds).nullable(),
  clients: z.array(z.string()),
  principals: z.array(z.string()),
  department: z.string().nullable(),
  disabled: z.boolean(),
  ...figures,
});
export type BusinessRowDto = z.infer<typeof businessRowDto>;

export const businessQueryDto = z.object({
  companyId: z.number().int(),
  groupBy: z.enum(businessGroupings),
  from: z.string(),
  to: z.string(),
  rows: z.array(businessRowDto),
  totals: z.object(figures),
});
export type BusinessQueryDto = z.infer<typeof businessQueryDto>;

const access = { right: RIGHTS.BUSINESS_QUERY, scope: 'company' } as const;
const tags = ['report'];

export const businessApi = {
  query: defineRoute({ method: 'GET', path: '/report/businessQuery', query: z.object({ filter: jsonParam(businessQueryFilter.default({ groupBy: 'PROJECT', includeDisabled: false, outstandingOnly: false })) }), answer: businessQueryDto, access, tags }),
  export: defineRoute({ method: 'POST', path: '/report/businessQuery/export', body: z.object({ filter: businessQueryFilter }), answer: exportTaskDto, access, tags: [...tags, 'export'] }),
};
