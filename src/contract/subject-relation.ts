/**
 * Subject relations (科目对照, spec 01 §7 /subject/relation): a subject of one ledger set's account
 * year mapped to a subject of another ledger set's year of the same company, used by the
 * synchronised copy of vouchers (decision 024). Rules: src/domain/subject-relation.ts.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { deleteIds, idSchema, jsonParam, listOf, listQuery } from './common';
import { defineRoute } from './route';

const auxTypeIds = z.array(z.number().int().min(1).max(6)).max(6).transform((v) => [...new Set(v)].sort((a, b) => a - b));

const end = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  auxTypeIds: z.array(z.number().int()),
};

export const subjectRelationDto = z.object({
  id: z.number().int(),
  sourceAccountYearId: z.number().int(),
  targetAccountYearId: z.number().int(),
  targetAccountId: z.number().int(),
  source: z.object(end),
  target: z.object(end),
  /** Auxiliary types of the source the target does not take: their values are left out of a copy. */
  dropAuxTypeIds: z.array(z.number().int()),
  version: z.number().int(),
});
export type SubjectRelationDto = z.infer<typeof subjectRelationDto>;

export const subjectRelationFilter = z.object({
  sourceAccountYearId: idSchema,
  /** Absent: the relations to every other year. */
  targetAccountYearId: idSchema.optional(),
});

export const subjectRelationItem = z.object({
  sourceSubjectId: idSchema,
  targetSubjectId: idSchema,
  /** Must name every type of the source the target does not take (an explicit loss). */
  dropAuxTypeIds: auxTypeIds.optional().transform((v) => v ?? []),
});

/** Creates or replaces the relations of the given source subjects to the target year (all or none). */
export const subjectRelationSaveBody = z.object({
  sourceAccountYearId: idSchema,
  targetAccountYearId: idSchema,
  items: z.array(subjectRelationItem).min(1).max(1000),
});

export const subjectRelationYearsBody = z.object({ sourceAccountYearId: idSchema, targetAccountYearId: idSchema });

export const subjectRelationByCodeDto = z.object({
  /** The relations made. */
  mapped: z.array(subjectRelationDto),
  /** Enabled source leaves still without a relation, and why none was proposed. */
  skipped: z.array(z.object({ sourceSubjectId: z.number().int(), code: z.string(), name: z.string(), reason: z.enum(['noSameCode', 'targetUnusable', 'auxMissing']) })),
});

export const subjectRelationDeleteQuery = z.object({
  filter: jsonParam(z.object({ sourceAccountYearId: idSchema, id: deleteIds })),
});

const read = { right: null, scope: 'accountYear' } as const;
const write = { right: RIGHTS.BASIC_FINANCE, scope: 'accountYear' } as const;
const tags = ['subject'];

export const subjectRelationApi = {
  /** The relations of a source year (to one target year), by source code. */
  list: defineRoute({ method: 'GET', path: '/subject/relation', query: listQuery(subjectRelationFilter, { defaultLimit: 1000, sortable: [] }), answer: listOf(subjectRelationDto), access: read, tags }),
  save: defineRoute({ method: 'POST', path: '/subject/relation', body: subjectRelationSaveBody, answer: z.array(subjectRelationDto), access: write, tags }),
  /** "Map by code": every enabled source leaf without a relation gets the target year's enabled leaf of the same code. */
  byCode: defineRoute({ method: 'POST', path: '/subject/relation/byCode', body: subjectRelationYearsBody, answer: subjectRelationByCodeDto, access: write, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/subject/relation', query: subjectRelationDeleteQuery, answer: z.null(), access: write, tags }),
};
