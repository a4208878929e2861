/** System configuration (key/value) and saved user data. */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, systemConfig, userData } from '../../db/schema';
import {
  AVATAR_MAX_BYTES, DEFAULT_PAGE_SIZE, IDLE_TIMEOUT_MS, MAX_PAGE_LIMIT, NAME_MAX, PAGE_SIZES, TEXT_BASE, TEXT_INTRO, TEXT_LONG, TEXT_SHORT, UPLOAD_MAX_BYTES,
} from '../../../domain/constants';
import { iso, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { ShortcutDto, UserDataDto } from '../../../contract/system';

/**
 * Import templates available for download, by name (master data adds its templates here, in code:
 * no registry filled at import time).
 */
const IMPORT_TEMPLATES: readonly string[] = [];

const SYSTEM_LIMITS = {
  maxPageLimit: MAX_PAGE_LIMIT,
  pageSizes: [...PAGE_SIZES],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  idleTimeoutMs: IDLE_TIMEOUT_MS,
  upload: { maxBytes: UPLOAD_MAX_BYTES, imageExtensions: ['jpg', 'jpeg', 'png'], videoExtensions: ['mp4'], avatarMaxBytes: AVATAR_MAX_BYTES, avatarExtensions: ['png', 'jpeg', 'jpg'] },
  textLength: { short: TEXT_SHORT, base: TEXT_BASE, long: TEXT_LONG, intro: TEXT_INTRO },
};

export async function readConfig(db: Db, apiVersion: string) {
  const rows = await db.select().from(systemConfig);
  const map = new Map(rows.map((r) => [r.key, r.value]));
  // Null until an administrator sets one (the demo seed does): the app hides or disables Export meanwhile (spec 02).
  const downloadBase = (map.get('downloadBase') as string | null | undefined) ?? null;
  return {
    downloadBase,
    languageSwitch: (map.get('languageSwitch') as boolean | undefined) ?? true,
    maxPageLimit: MAX_PAGE_LIMIT,
    idleTimeoutMs: IDLE_TIMEOUT_MS,
    nameMaxLength: NAME_MAX,
    apiVersion,
    templates: Object.fromEntries(IMPORT_TEMPLATES.map((t) => [t, `/api/system/template/${t}`])),
    limits: SYSTEM_LIMITS,
  };
}

/** A JSON value as jsonb, JSON null included (a bare null would be SQL NULL). */
const jsonb = (v: unknown) => sql`${JSON.stringify(v ?? null)}::jsonb`;

/** Writes the given keys; a null value removes the key, so the setting falls back to its default. */
export async function writeConfig(db: Db, patch: Record<string, unknown>) {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) await db.delete(systemConfig).where(eq(systemConfig.key, key));
    else await db.insert(systemConfig).values({ key, value: jsonb(value) }).onConflictDoUpdate({ target: systemConfig.key, set: { value: jsonb(value) } });
  }
}

export const userDataDto = (r: typeof userData.$inferSelect): UserDataDto => ({ id: r.id, kind: r.kind, subKind: r.subKind, content: r.content, modifiedAt: iso(r.modifiedAt), createdBy: r.createdBy });

export async function listUserData(db: Db, userId: number, p: Paging<{ kind?: string; subKind?: string }>) {
  const conds: SQL[] = [eq(userData.createdBy, userId)];
  if (p.filter.kind !== undefined) conds.push(eq(userData.kind, p.filter.kind));
  if (p.filter.subKind !== undefined) conds.push(eq(userData.subKind, p.filter.subKind));
  const rows = await db.select().from(userData).where(and(...conds)).orderBy(...orderBy(p.sort, { modifiedAt: userData.modifiedAt, id: userData.id }, [desc(userData.modifiedAt), desc(userData.id)])).limit(p.limit).offset(p.offset);
  const [{ n }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(userData).where(and(...conds));
  return { content: rows.map(userDataDto), total: n };
}

export async function findUserData(db: Db, userId: number, id: number) {
  const [r] = await db.select().from(userData).where(and(eq(userData.id, id), eq(userData.createdBy, userId))).limit(1);
  return r;
}

export async function createUserData(db: Db, userId: number, v: { kind: string; subKind?: string | null; content: unknown }) {
  const [r] = await db.insert(userData).values({ createdBy: userId, kind: v.kind, subKind: v.subKind ?? null, content: jsonb(v.content) }).returning();
  return r;
}

export async function updateUserData(db: Db, id: number, v: { kind?: string; subKind?: string | null; content?: unknown }) {
  const { content, ...rest } = v;
  const [r] = await db.update(userData).set({ ...rest, ...('content' in v ? { content: jsonb(content) } : {}), modifiedAt: sql`now()` }).where(eq(userData.id, id)).returning();
  return r;
}

export async function deleteUserData(db: Db, userId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await db.delete(userData).where(and(eq(userData.createdBy, userId), inArray(userData.id, ids))).returning({ id: userData.id });
  return r.length;
}

export async function storeFile(db: Db, v: { companyId?: number | null; ownerId: number; name: string; mime: string; content: Buffer }) {
  const [r] = await db.insert(files).values({ companyId: v.companyId ?? null, ownerId: v.ownerId, name: v.name, mime: v.mime, size: v.content.length, content: v.content }).returning({ id: files.id });
  return r.id;
}

export async function readFile(db: Db, id: number) {
  const [r] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return r;
}

/** Kind of the user-data row that keeps a user's common functions (one per user). */
const SHORTCUT_KIND = 'shortcut';

/** The caller's common functions, or the unsaved state (the app offers its defaults). */
export async function readShortcuts(db: Db, userId: number): Promise<ShortcutDto> {
  const [r] = await db.select().from(userData).where(and(eq(userData.createdBy, userId), eq(userData.kind, SHORTCUT_KIND))).orderBy(desc(userData.modifiedAt), desc(userData.id)).limit(1);
  const keys = r && Array.isArray(r.content) ? r.content.filter((k): k is string => typeof k === 'string') : null;
  return keys ? { keys, saved: true, modifiedAt: iso(r!.modifiedAt) } : { keys: [], saved: false, modifiedAt: null };
}

/** Replaces the list in one transaction (any older rows of the kind go, so two saves never leave two lists). */
export async function saveShortcuts(db: Db, userId: number, keys: string[] | null): Promise<ShortcutDto> {
  await db.transaction(async (tx) => {
    await tx.delete(userData).where(and(eq(userData.createdBy, userId), eq(userData.kind, SHORTCUT_KIND)));
    if (keys) await tx.insert(userData).values({ createdBy: userId, kind: SHORTCUT_KIND, subKind: null, content: jsonb(keys) });
  });
  return readShortcuts(db, userId);
}
