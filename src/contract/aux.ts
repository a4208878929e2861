/** The auxiliary types catalogue and the one generic used-check (spec 01 §7 /aux/auxType, /aux/auxUsed; spec 02 §7). */
import { z } from 'zod';
import { auxTypes } from '../domain/enums';
import { RIGHTS } from '../domain/rights';
import { idOrIds, idSchema, listOf, listQuery, listQuerySchema, nameInitialsField } from './common';
import { defineRoute } from './route';

export const auxTypeNames = auxTypes.map((a) => a.type) as [(typeof auxTypes)[number]['type'], ...(typeof auxTypes)[number]['type'][]];
export type AuxTypeName = (typeof auxTypes)[number]['type'];

export const auxTypeDto = z.object({
  /** The fixed id subjects store in auxTypeIds (1 department … 6 budget). */
  id: z.number().int(),
  type: z.enum(auxTypeNames),
  nameZh: z.string(),
  nameEn: z.string(),
  /** In the caller's language. */
  name: z.string(),
});
export type AuxTypeDto = z.infer<typeof auxTypeDto>;

export const auxUsedQuery = z.object({
  /** The record's kind; the spec's callers also send it lower-case ('project'). */
  type: z.string().max(20).transform((v) => v.toUpperCase()).pipe(z.enum(auxTypeNames)),
  id: idSchema,
});

/**
 * A client or case as the books name it: what a voucher line, an opening balance or a ledger's
 * filter may be posted to or asked about. The client and case lists show a user only the ones they
 * lead unless they may view all (spec 02 §6, rights 401 / 501); the books are the company's, so a
 * bookkeeper picks from every one of them, and sees only their code and name.
 */
export const bookValueDto = z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameInitials: nameInitialsField, disabled: z.boolean() });
export type BookValueDto = z.infer<typeof bookValueDto>;
export const bookValueFilter = z.object({
  companyId: idSchema.optional(),
  type: z.enum(['CUSTOMER', 'PROJECT']),
  keyword: z.string().max(100).optional(),
  id: idOrIds.optional(),
});

/** /aux/auxType, /aux/auxUsed, /aux/bookValue. */
export const auxApi = {
  /** Find all: every auxiliary type, id order (the spec's callers page 0 with the maximum size and read content). */
  types: defineRoute({ method: 'GET', path: '/aux/auxType', query: listQuerySchema, answer: listOf(auxTypeDto), access: { right: null, scope: 'none' }, tags: ['aux'] }),
  /**
   * Whether a department, employee, customer, vendor, project or budget is in use: the same check
   * as that record's own /aux/<kind>/:id/used (one implementation). A failed check answers an error,
   * never "not used"; another company's or a missing id answers NO_PERMISSION.
   */
  used: defineRoute({ method: 'GET', path: '/aux/auxUsed', query: auxUsedQuery, answer: z.boolean(), access: { right: null, scope: 'company' }, tags: ['aux'] }),
  /**
   * Clients or cases to post to (bookValueDto), every one of the company's, for whoever keeps its books:
   * the vouchers right (2) or the openings' (BASIC_INIT: their auxiliary breakdown picks them too); code order.
   */
  bookValues: defineRoute({
    method: 'GET', path: '/aux/bookValue', query: listQuery(bookValueFilter, { defaultLimit: 10, sortable: [] }), answer: listOf(bookValueDto), access: { right: [RIGHTS.VOUCHER, RIGHTS.BASIC_INIT], scope: 'company' }, tags: ['aux'],
    summary: 'Clients or cases a voucher line may be posted to: all of the company, code and name only',
  }),
};
