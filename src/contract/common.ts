/**
 * The call conventions of spec 01 §7, shared by the server (validation, OpenAPI) and the app
 * (typed fetchers): the {data, success, code, msg} wrapper, {content, total} lists and the list
 * query (filter JSON, offset/limit or index/size, sort, expand).
 */
import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../domain/constants';

export const idSchema = z.coerce.number().int().positive();
export const idParams = z.object({ id: idSchema });
export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** Query values arrive as strings; JSON-encoded ones (filter, sort) are parsed here. */
const jsonParam = <T extends z.ZodTypeAny>(inner: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    try {
      return JSON.parse(v);
    } catch {
      return v; // let the inner schema report the bad value
    }
  }, inner);

export const sortSchema = z.union([
  z.record(z.string(), z.enum(['asc', 'desc', 'ASC', 'DESC'])),
  z.string().transform((s) => {
    // "code" | "-code" | "code desc" | "code,-name"
    const out: Record<string, 'asc' | 'desc'> = {};
    for (const part of s.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [field, dir] = part.startsWith('-') ? [part.slice(1), 'desc'] : part.split(/\s+/);
      out[field] = (dir ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
    }
    return out;
  }),
]);

export const listQuerySchema = z.object({
  filter: jsonParam(z.record(z.string(), z.unknown())).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  start: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  index: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  sort: jsonParam(sortSchema).optional(),
  order: jsonParam(sortSchema).optional(),
  expand: z.string().optional(),
  include: z.string().optional(),
  fields: z.string().optional(),
}).passthrough();
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Paging {
  offset: number;
  limit: number;
  sort: Record<string, 'asc' | 'desc'>;
  expand: Set<string>;
  filter: Record<string, unknown>;
}

/** Both paging styles: offset/limit (or start/limit) and index/size (zero-based page). */
export function normalizePaging(q: ListQuery, defaultLimit = 10): Paging {
  const limit = Math.min(q.limit ?? q.size ?? defaultLimit, MAX_PAGE_LIMIT);
  const offset = q.offset ?? q.start ?? (q.index !== undefined ? q.index * limit : 0);
  const rawSort = (q.sort ?? q.order ?? {}) as Record<string, string>;
  const sort: Record<string, 'asc' | 'desc'> = {};
  for (const [k, v] of Object.entries(rawSort)) sort[k] = String(v).toLowerCase() === 'desc' ? 'desc' : 'asc';
  const expand = new Set(
    [q.expand, q.include].filter(Boolean).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean),
  );
  const extra: Record<string, unknown> = {};
  // Flat query parameters that are not paging words act as filter fields too (e.g. ?accountYearId=3).
  for (const [k, v] of Object.entries(q)) {
    if (!['filter', 'offset', 'start', 'limit', 'index', 'size', 'sort', 'order', 'expand', 'include', 'fields'].includes(k) && v !== undefined) extra[k] = v;
  }
  return { offset, limit, sort, expand, filter: { ...extra, ...(q.filter ?? {}) } };
}

export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    data,
    success: z.boolean(),
    code: z.union([z.literal(0), z.string()]),
    msg: z.string(),
    appendix: z.unknown().optional(),
  });

export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ content: z.array(item), total: z.number().int() });

export interface Envelope<T> {
  data: T;
  success: boolean;
  code: 0 | string;
  msg: string;
  appendix?: unknown;
}
export interface ListAnswer<T> {
  content: T[];
  total: number;
}

/** Filter helpers: ids may be sent as a single id or a list. */
export const idOrIds = z.union([z.coerce.number().int(), z.array(z.coerce.number().int())]).transform((v) => (Array.isArray(v) ? v : [v]));
const idListParam = z.preprocess((v) => {
  // ?id=1&id=2 arrives as a list, ?id=1,2 as one string, ?id=[1,2] as JSON.
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s);
    } catch {
      return v;
    }
  }
  return s.includes(',') ? s.split(',').map((x) => x.trim()).filter(Boolean) : s;
}, idOrIds);

/**
 * Delete many: filter={"id":[…]} (spec 01 §7) or plain id parameters (?id=1&id=2, ?id=1,2); both
 * may be given and are merged. At least one of them is required.
 */
export const deleteByFilterSchema = z
  .object({ filter: jsonParam(z.object({ id: idOrIds })).optional(), id: idListParam.optional() })
  .refine((q) => q.filter !== undefined || q.id !== undefined, { path: ['id'], message: 'required' });
export type DeleteByFilterQuery = z.infer<typeof deleteByFilterSchema>;

/** The ids of a delete-many query, without duplicates. */
export function idsOfDeleteQuery(q: DeleteByFilterQuery): number[] {
  return [...new Set([...(q.filter?.id ?? []), ...(q.id ?? [])])];
}
