/** /system/config and /system/userData (spec 01 §7). */
import { z } from 'zod';

/** The limits of spec 01 §9 and §4 the app enforces before the server does. */
export const systemLimitsDto = z.object({
  maxPageLimit: z.number().int(),
  pageSizes: z.array(z.number().int()),
  defaultPageSize: z.number().int(),
  idleTimeoutMs: z.number().int(),
  upload: z.object({
    /** Images and videos alike, in bytes (2 MB). */
    maxBytes: z.number().int(),
    imageExtensions: z.array(z.string()),
    videoExtensions: z.array(z.string()),
    avatarMaxBytes: z.number().int(),
    avatarExtensions: z.array(z.string()),
  }),
  textLength: z.object({ short: z.number().int(), base: z.number().int(), long: z.number().int(), intro: z.number().int() }),
});
export type SystemLimitsDto = z.infer<typeof systemLimitsDto>;

export const systemConfigDto = z.object({
  /** Base URL for downloads (exports, templates, PDFs); null until exports exist, and export buttons show only when set. */
  downloadBase: z.string().nullable(),
  languageSwitch: z.boolean(),
  maxPageLimit: z.number().int(),
  idleTimeoutMs: z.number().int(),
  nameMaxLength: z.number().int(),
  apiVersion: z.string(),
  templates: z.record(z.string(), z.string()),
  limits: systemLimitsDto,
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
