/** Subjects (the chart of accounts) and their code rule, per account year (spec 01 §7 /subject, spec 02 §3, §5). */
import { z } from 'zod';
import { specificSubjectTypes, subjectKinds } from '../domain/enums';
import { RIGHTS } from '../domain/rights';
import { digitsOnly, SUBJECT_CODE_MAX_LEVEL_LENGTH, SUBJECT_CODE_MAX_LEVELS, SUBJECT_CODE_MAX_TOTAL } from '../domain/subject-code';
import { TEXT_BASE } from '../domain/constants';
import { deleteIds, idOrIds, idParams, idSchema, jsonParam, listOf, listQuery, optionalText } from './common';
import { defineRoute } from './route';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** true debit (BORROWER), false credit (LENDER); the form's words are accepted too. */
const directionSchema = z.union([z.boolean(), z.enum(['BORROWER', 'LENDER']).transform((v) => v === 'BORROWER')]);
/** Auxiliary type ids (1 department, 2 employee, 3 customer, 4 vendor, 5 project, 6 budget), without duplicates. */
const auxTypeIds = z.array(z.number().int().min(1).max(6)).max(6).transform((v) => [...new Set(v)].sort((a, b) => a - b));

export const subjectDto = z.object({
  id: z.number().int(),
  accountYearId: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  abbr: z.string().nullable(),
  kind: z.enum(subjectKinds),
  /** true debit (BORROWER), false credit (LENDER). */
  direction: z.boolean(),
  level: z.number().int(),
  leaf: z.boolean(),
  disabled: z.boolean(),
  beCash: z.boolean(),
  auxTypeIds: z.array(z.number().int()),
  /** Bumped by every change; sent back with an update, a stale one answers STALE_DATA instead of overwriting. */
  version: z.number().int(),
});
export type SubjectDto = z.infer<typeof subjectDto>;

export const subjectFilter = z.object({
  accountYearId: idSchema,
  id: idOrIds.optional(),
  /** One code or a list of codes. */
  code: z.union([z.string().max(40), z.array(z.string().max(40)).max(1000)]).optional().transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  /** Codes starting with these digits (a subtree). */
  codePrefix: z.string().max(40).regex(/^\d*$/).optional(),
  kind: z.enum(subjectKinds).optional(),
  level: z.coerce.number<number>().int().min(1).max(SUBJECT_CODE_MAX_LEVELS).optional(),
  parentId: idSchema.optional(),
  leaf: flag.optional(),
  /** Absent: all; false hides disabled subjects (the catalogue's show-disabled option off). */
  disabled: flag.optional(),
  /** Matches code, name, English name or abbreviation. */
  keyword: z.string().max(100).optional(),
});

const name = z.string().trim().min(1).max(TEXT_BASE);

export const subjectCreateBody = z.object({
  accountYearId: idSchema,
  /** Every non-digit is dropped (the code input keeps digits only). */
  code: z.string().max(100).transform(digitsOnly).pipe(z.string().min(1).max(SUBJECT_CODE_MAX_TOTAL)),
  name,
  nameEn: optionalText(100),
  abbr: optionalText(TEXT_BASE),
  /** Only for a level-1 subject (default from its kind); a child follows its parent. */
  direction: directionSchema.optional(),
  disabled: z.boolean().nullable().optional().transform((v) => v === true),
  beCash: z.boolean().nullable().optional().transform((v) => v === true),
  auxTypeIds: auxTypeIds.optional(),
});

export const subjectUpdateBody = z.object({
  name: name.optional(),
  nameEn: optionalText(100),
  abbr: optionalText(TEXT_BASE),
  /** Only a level-1 subject's direction can change. */
  direction: directionSchema.optional(),
  disabled: z.boolean().optional(),
  beCash: z.boolean().optional(),
  auxTypeIds: auxTypeIds.optional(),
  /**
   * Tip7 (spec 02 §5): a subject the books already use that gains auxiliary types needs one value
   * per new type; the value is written onto the subject's existing voucher lines. Without them the
   * answer is SUBJECT_AUX_VALUES_REQUIRED naming the new types (appendix.auxTypeIds).
   */
  auxValues: z.array(z.object({ auxTypeId: z.number().int().min(1).max(6), id: idSchema })).max(6).optional(),
  /** The version the caller read (optional): a stale one answers STALE_DATA. */
  version: z.number().int().min(0).optional(),
});

/** Delete many: filter={"accountYearId":…,"id":[…]} (the year names the scope the ids are checked in). */
export const subjectDeleteQuery = z.object({
  filter: jsonParam(z.object({ accountYearId: idSchema, id: deleteIds })),
});

export const codeRuleLevelDto = z.object({ level: z.number().int(), length: z.number().int() });
export const codeRuleDto = z.object({
  accountYearId: z.number().int(),
  levels: z.array(codeRuleLevelDto),
  /** The deepest level a subject uses: levels up to it cannot be removed or resized while subjects use them. */
  usedLevel: z.number().int(),
});
export const codeRuleBody = z.object({
  accountYearId: idSchema,
  lengths: z.array(z.number().int().min(1).max(SUBJECT_CODE_MAX_LEVEL_LENGTH)).min(1).max(SUBJECT_CODE_MAX_LEVELS),
});

const yearQuery = z.object({ accountYearId: idSchema });

/** Query by auxiliary types: the subjects of a year carrying ANY of the given types (spec 02 §7). */
export const subjectAuxFilter = z.object({
  accountYearId: idSchema,
  /** One type id or a list (1 department … 6 budget). */
  auxTypeId: z.union([z.coerce.number<number>().int().min(1).max(6), z.array(z.coerce.number<number>().int().min(1).max(6)).min(1).max(6)]).transform((v) => (Array.isArray(v) ? v : [v])),
  leaf: flag.optional(),
  disabled: flag.optional(),
});

export const specificKindSchema = z.enum(specificSubjectTypes);
/** One subject playing a role in an account year, with the subject's code and names for the list. */
export const specificSubjectDto = z.object({
  id: z.number().int(),
  accountYearId: z.number().int(),
  kind: specificKindSchema,
  subjectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  leaf: z.boolean(),
  disabled: z.boolean(),
});
export type SpecificSubjectDto = z.infer<typeof specificSubjectDto>;
export const specificSubjectQuery = z.object({ accountYearId: idSchema, kind: specificKindSchema.optional() });
/** Replaces the whole set of one kind (an empty list clears it). */
export const specificSubjectBody = z.object({
  accountYearId: idSchema,
  kind: specificKindSchema,
  subjectIds: z.array(idSchema).max(1000).transform((v) => [...new Set(v)]),
});
const read = { right: null, scope: 'accountYear' } as const;
const write = { right: RIGHTS.BASIC_FINANCE, scope: 'accountYear' } as const;

/** Subjects and their code rule (/subject …). */
export const subjectApi = {
  /** Find many: filter {accountYearId, id, code, codePrefix, kind, level, parentId, leaf, disabled, keyword}, sorted by code. */
  list: defineRoute({ method: 'GET', path: '/subject', query: listQuery(subjectFilter, { defaultLimit: 1000 }), answer: listOf(subjectDto), access: read, tags: ['subject'] }),
  /** The code rule of an account year, level 1 first. */
  codeRule: defineRoute({ method: 'GET', path: '/subject/codeRule', query: yearQuery, answer: codeRuleDto, access: read, tags: ['subject'] }),
  /** Replaces the code rule; refused when an existing subject would move to another level. */
  saveCodeRule: defineRoute({ method: 'POST', path: '/subject/codeRule', body: codeRuleBody, answer: codeRuleDto, access: write, tags: ['subject'] }),
  /** Whether a subject is in use (has children; the ledger adds its own uses). */
  used: defineRoute({ method: 'GET', path: '/subject/used', query: z.object({ id: idSchema }), answer: z.boolean(), access: read, tags: ['subject'] }),
  /** The deepest level any subject of the year uses (0 when there are none). */
  usedLevel: defineRoute({ method: 'GET', path: '/subject/usedLevel', query: yearQuery, answer: z.number().int(), access: read, tags: ['subject'] }),
  /** Subjects of a year having any of the given auxiliary types, sorted by code. */
  byAux: defineRoute({ method: 'GET', path: '/subject/aux', query: listQuery(subjectAuxFilter, { defaultLimit: 1000, sortable: [] }), answer: listOf(subjectDto), access: read, tags: ['subject'] }),
  /** The specific subjects (CASH, BANK, CASH_OPP, BUSINESS) of a year, by kind then code. */
  specific: defineRoute({ method: 'GET', path: '/subject/specific', query: specificSubjectQuery, answer: z.array(specificSubjectDto), access: read, tags: ['subject'] }),
  /** Replaces the subjects of one kind in one transaction (rules: decision record 019); answers that kind's new set. */
  saveSpecific: defineRoute({ method: 'POST', path: '/subject/specific', body: specificSubjectBody, answer: z.array(specificSubjectDto), access: write, tags: ['subject'] }),
  get: defineRoute({ method: 'GET', path: '/subject/:id', params: idParams, answer: subjectDto, access: read, tags: ['subject'] }),
  create: defineRoute({ method: 'POST', path: '/subject', body: subjectCreateBody, answer: subjectDto, access: write, tags: ['subject'] }),
  /** Code and kind never change; a body with nothing to change answers the subject as it is. */
  update: defineRoute({ method: 'POST', path: '/subject/:id', params: idParams, body: subjectUpdateBody, answer: subjectDto, access: write, tags: ['subject'] }),
  /** Deletes leaf, unused subjects (all or none). */
  remove: defineRoute({ method: 'DELETE', path: '/subject', query: subjectDeleteQuery, answer: z.null(), access: write, tags: ['subject'] }),
};
