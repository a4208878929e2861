/** Companies (spec 01 §3 Company; /company and /system companyList/companyInfor). */
import { z } from 'zod';

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

const opt = (max: number) => z.string().trim().max(max).nullable().optional().transform((v) => (v === '' ? null : v));
export const companyCreateBody = z.object({
  name: z.string().trim().min(2).max(100),
  shortCut: opt(50),
  taxNumber: opt(50),
  address: opt(250),
  phone: opt(50),
  remark: opt(500),
});
export const companyUpdateBody = companyCreateBody.partial();
export const companyFilter = z.object({
  keyword: z.string().optional(),
  deleted: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  id: z.union([z.coerce.number().int(), z.array(z.coerce.number().int())]).optional(),
  userId: z.coerce.number().int().optional(),
}).passthrough();
