/** /system/config and /system/userData (spec 01 §7). */
import { z } from 'zod';
import { deleteByFilterSchema, idParams, idSchema, listOf, listQuery } from './common';
import { defineRoute } from './route';
import { SHORTCUT_MAX } from '../domain/constants';

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
/** downloadBase null clears it (export buttons hide again). */
export const systemConfigUpdateBody = z.object({ downloadBase: z.string().trim().max(500).nullable().optional(), languageSwitch: z.boolean().optional() });

export const userDataDto = z.object({
  id: z.number().int(),
  kind: z.string(),
  subKind: z.string().nullable(),
  content: z.unknown(),
  modifiedAt: z.string(),
  createdBy: z.number().int(),
});
export type UserDataDto = z.infer<typeof userDataDto>;
/** content is any JSON value, null included. */
export const userDataCreateBody = z.object({ kind: z.string().trim().min(1).max(100), subKind: z.string().trim().max(100).nullable().optional(), content: z.unknown() });
export const userDataUpdateBody = userDataCreateBody.partial();
export const userDataFilter = z.object({ kind: z.string().max(100).optional(), subKind: z.string().max(100).optional(), createdBy: idSchema.optional() });

/**
 * The caller's common functions (the /common page, spec 01 §2 and §7 /system/shortcut): menu keys in
 * the user's order. `saved` is false while the user has not chosen any (the app then offers its
 * defaults for the user's rights).
 */
export const shortcutDto = z.object({ keys: z.array(z.string()), saved: z.boolean(), modifiedAt: z.string().nullable() });
export type ShortcutDto = z.infer<typeof shortcutDto>;
export const shortcutBody = z.object({
  keys: z.array(z.string().trim().min(1).max(100)).max(SHORTCUT_MAX).refine((keys) => new Set(keys).size === keys.length, { message: 'duplicate entries' }),
});

export const healthDto = z.object({ status: z.literal('ok'), db: z.string(), version: z.string() });
const own = { right: null, scope: 'self' } as const;

/** /health, /system/config, /system/userData and stored files. */
export const systemApi = {
  health: defineRoute({ method: 'GET', path: '/health', answer: healthDto, access: { public: true }, tags: ['system'] }),
  /** Public: the sign-in page needs to know whether the language switch is enabled. */
  config: defineRoute({ method: 'GET', path: '/system/config', answer: systemConfigDto, access: { public: true }, tags: ['system'] }),
  updateConfig: defineRoute({ method: 'POST', path: '/system/config', body: systemConfigUpdateBody, answer: systemConfigDto, access: { right: null, scope: 'none', adminOnly: true }, tags: ['system'] }),
  userData: defineRoute({ method: 'GET', path: '/system/userData', query: listQuery(userDataFilter, { defaultLimit: 50 }), answer: listOf(userDataDto), access: own, tags: ['system'] }),
  createUserData: defineRoute({ method: 'POST', path: '/system/userData', body: userDataCreateBody, answer: userDataDto, access: own, tags: ['system'] }),
  updateUserData: defineRoute({ method: 'POST', path: '/system/userData/:id', params: idParams, body: userDataUpdateBody, answer: userDataDto, access: own, tags: ['system'] }),
  deleteUserData: defineRoute({ method: 'DELETE', path: '/system/userData/:id', params: idParams, answer: z.number().int(), access: own, tags: ['system'] }),
  /** Delete many (filter={"id":[…]} or ?id=…) to prune extras; only the caller's own rows are touched. */
  deleteUserDataMany: defineRoute({ method: 'DELETE', path: '/system/userData', query: deleteByFilterSchema, answer: z.number().int(), access: own, tags: ['system'] }),
  shortcut: defineRoute({ method: 'GET', path: '/system/shortcut', answer: shortcutDto, access: own, tags: ['system'] }),
  /** Replaces the caller's list (an empty list is a choice too: nothing shown). */
  saveShortcut: defineRoute({ method: 'POST', path: '/system/shortcut', body: shortcutBody, answer: shortcutDto, access: own, tags: ['system'] }),
  /** Forgets the caller's choice: the defaults come back. */
  resetShortcut: defineRoute({ method: 'DELETE', path: '/system/shortcut', answer: shortcutDto, access: own, tags: ['system'] }),
  /**
   * A stored file by signed URL (public but unguessable: the signature is an HMAC of the id and the
   * expiry `exp`, unix seconds; an expired link answers FILE_CLEARED). Answers the file itself.
   */
  file: defineRoute({ method: 'GET', path: '/files/:id', params: idParams, query: z.object({ exp: z.coerce.number<number>().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(), sig: z.string().max(100).optional() }), answer: z.unknown(), access: { public: true }, tags: ['system'] }),
};
