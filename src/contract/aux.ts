/** The auxiliary types catalogue and the one generic used-check (spec 01 §7 /aux/auxType, /aux/auxUsed; spec 02 §7). */
import { z } from 'zod';
import { auxTypes } from '../domain/enums';
import { idSchema, listOf, listQuerySchema } from './common';
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

/** /aux/auxType, /aux/auxUsed. */
export const auxApi = {
  /** Find all: every auxiliary type, id order (the spec's callers page 0 with the maximum size and read content). */
  types: defineRoute({ method: 'GET', path: '/aux/auxType', query: listQuerySchema, answer: listOf(auxTypeDto), access: { right: null, scope: 'none' }, tags: ['aux'] }),
  /**
   * Whether a department, employee, customer, vendor, project or budget is in use: the same check
   * as that record's own /aux/<kind>/:id/used (one implementation). A failed check answers an error,
   * never "not used"; another company's or a missing id answers NO_PERMISSION.
   */
  used: defineRoute({ method: 'GET', path: '/aux/auxUsed', query: auxUsedQuery, answer: z.boolean(), access: { right: null, scope: 'company' }, tags: ['aux'] }),
};
