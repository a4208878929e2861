/**
 * Commonly used summaries (常用摘要; spec 01 §3, §7 /common/commonlySummary) of a company: picked
 * with F7 in a voucher line's summary cell. Everyone in the company reads them; whoever may edit
 * vouchers (2010101) adds, renames and removes them. The text is kept once per company, the
 * optional short code too.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { TEXT_BASE } from '../domain/constants';
import { idParams, idSchema, listOf, listQuery, optionalText } from './common';
import { defineRoute } from './route';

/** Up to 20 characters, letters and digits: typed to find the summary. */
export const SUMMARY_CODE_MAX = 20;

export const commonSummaryDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  code: z.string().nullable(),
  summary: z.string(),
  version: z.number().int(),
});
export type CommonSummaryDto = z.infer<typeof commonSummaryDto>;

const summary = z.string().trim().min(1).max(TEXT_BASE);
const code = optionalText(SUMMARY_CODE_MAX, (s) => s.regex(/^[0-9A-Za-z]*$/));

export const commonSummaryFilter = z.object({ companyId: idSchema, keyword: z.string().max(100).optional() });
export const commonSummaryCreateBody = z.object({ companyId: idSchema, code, summary });
export const commonSummaryUpdateBody = z.object({ code, summary: summary.optional(), version: z.number().int().min(0).optional() });

const read = { right: null, scope: 'company' } as const;
const write = { right: RIGHTS.VOUCHER_EDIT, scope: 'company' } as const;
const tags = ['voucher'];

export const commonSummaryApi = {
  list: defineRoute({ method: 'GET', path: '/common/commonlySummary', query: listQuery(commonSummaryFilter, { defaultLimit: 1000, sortable: [] }), answer: listOf(commonSummaryDto), access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/common/commonlySummary', body: commonSummaryCreateBody, answer: commonSummaryDto, access: write, tags }),
  update: defineRoute({ method: 'POST', path: '/common/commonlySummary/:id', params: idParams, body: commonSummaryUpdateBody, answer: commonSummaryDto, access: write, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/common/commonlySummary/:id', params: idParams, answer: z.null(), access: write, tags }),
};
