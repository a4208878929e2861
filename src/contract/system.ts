/** /system/config and /system/userData (spec 01 §7). */
import { z } from 'zod';

export const systemConfigDto = z.object({
  /** Base URL for downloads (exports, templates, PDFs); export buttons show only when set. */
  downloadBase: z.string().nullable(),
  languageSwitch: z.boolean(),
  maxPageLimit: z.number().int(),
  idleTimeoutMs: z.number().int(),
  nameMaxLength: z.number().int(),
  apiVersion: z.string(),
  templates: z.record(z.string(), z.string()),
});
export type SystemConfigDto = z.infer<typeof systemConfigDto>;
export const systemConfigUpdateBody = systemConfigDto.pick({ downloadBase: true, languageSwitch: true }).partial();

export const userDataDto = z.object({
  id: z.number().int(),
  kind: z.string(),
  subKind: z.string().nullable(),
  content: z.unknown(),
  modifiedAt: z.string(),
  createdBy: z.number().int(),
});
export type UserDataDto = z.infer<typeof userDataDto>;
export const userDataCreateBody = z.object({ kind: z.string().trim().min(1).max(100), subKind: z.string().trim().max(100).nullable().optional(), content: z.unknown() });
export const userDataUpdateBody = userDataCreateBody.partial();
export const userDataFilter = z.object({ kind: z.string().optional(), subKind: z.string().optional(), createdBy: z.coerce.number().int().optional() }).passthrough();
