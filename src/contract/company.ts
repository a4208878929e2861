/** Companies (spec 01 §3 Company; /company and /system companyList/companyInfor). */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { idOrIds, idParams, idSchema, listOf, listQuery, optionalText } from './common';
import { defineRoute } from './route';

export const companyDto = z.object({
  id: z.number().int(),
  name: z.string(),
  shortCut: z.string().nullable(),
  taxNumber: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type CompanyDto = z.infer<typeof companyDto>;

export const companyCreateBody = z.object({
  name: z.string().trim().min(2).max(100),
  shortCut: optionalText(50),
  taxNumber: optionalText(50),
  address: optionalText(250),
  phone: optionalText(50),
  remark: optionalText(500),
});
export const companyUpdateBody = companyCreateBody.partial();
export const companyFilter = z.object({
  keyword: z.string().max(100).optional(),
  deleted: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  id: idOrIds.optional(),
  /** Companies of this user ("user-company query by userId"): oneself, or a user the caller manages. */
  userId: idSchema.optional(),
});

/** Companies (/company …). */
export const companyApi = {
  /** The companies the caller may work in (admins: all; deleted ones only on request, admin only). */
  list: defineRoute({ method: 'GET', path: '/company', query: listQuery(companyFilter, { defaultLimit: 100 }), answer: listOf(companyDto), access: { right: null, scope: 'company' }, tags: ['company'] }),
  get: defineRoute({ method: 'GET', path: '/company/:id', params: idParams, answer: companyDto, access: { right: null, scope: 'company' }, tags: ['company'] }),
  create: defineRoute({ method: 'POST', path: '/company', body: companyCreateBody, answer: companyDto, access: { right: RIGHTS.SYSTEM, scope: 'none' }, tags: ['company'] }),
  update: defineRoute({ method: 'POST', path: '/company/:id', params: idParams, body: companyUpdateBody, answer: companyDto, access: { right: RIGHTS.SYSTEM, scope: 'company' }, tags: ['company'] }),
  remove: defineRoute({ method: 'DELETE', path: '/company/:id', params: idParams, answer: z.null(), access: { right: RIGHTS.SYSTEM, scope: 'company', adminOnly: true }, tags: ['company'] }),
};
