/**
 * The call conventions of spec 01 §7, shared by the server (validation, OpenAPI) and the app
 * (typed fetchers): the {data, success, code, msg} wrapper, {content, total} lists and the list
 * query (filter JSON, offset/limit or index/size, sort, expand).
 */
import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../domain/constants';
import { halfWidth } from '../domain/half-width';

/** Ids are positive 32-bit integers (PostgreSQL `integer`): a larger one is refused, never sent to the database. */
export const INT32_MAX = 2_147_483_647;
export const idSchema = z.coerce.number<number>().int().positive().max(INT32_MAX);
export const idParams = z.object({ id: idSchema });
/** A 32-bit integer that is not an id (right numbers, counts). */
export const int32 = z.coerce.number<number>().int().min(-INT32_MAX - 1).max(INT32_MAX);

/** True for a real calendar date written YYYY-MM-DD (years 1–9999; 2040-02-30 and 0000-00-00 are not). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}
export const dateString = z.string().refine(isCalendarDate, 'YYYY-MM-DD');

/** How deep a JSON value may nest (bodies and JSON query values); deeper input is refused with 400. */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of a parsed JSON value, counting no further than `limit + 1`. */
export function jsonDepth(v: unknown, limit = MAX_JSON_DEPTH): number {
  if (v === null || typeof v !== 'object') return 0;
  if (limit < 0) return 1;
  let max = 0;
  for (const x of Object.values(v as object)) {
    const d = jsonDepth(x, limit - 1);
    if (d > max) max = d;
    if (max > limit) break;
  }
  return max + 1;
}

/** NUL and lone UTF-16 surrogates: text PostgreSQL cannot store, refused wherever input arrives. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
export const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) in a value that holds a NUL or a lone surrogate. */
export function badTextPath(v: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof v === 'string') return BAD_TEXT.test(v) ? path : null;
  if (v === null || typeof v !== 'object' || depth > MAX_JSON_DEPTH) return null;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (BAD_TEXT.test(k)) return [...path, k];
    const found = badTextPath(x, [...path, k], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Query values arrive as strings; JSON-encoded ones (filter, sort) are parsed here. Typed as the
 * inner schema (a caller passes the object; the client JSON-encodes it). Text that is not JSON (and
 * not a plain form the inner schema takes) is refused with the message `notJson`.
 */
export const jsonParam = <T extends z.ZodType>(inner: T): z.ZodType<z.output<T>, z.input<T>> =>
  z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      // Some values have a plain form too (sort=code,-name); anything else is malformed JSON, said so
      // rather than as a value of the wrong type.
      if (inner.safeParse(v).success) return v;
      ctx.addIssue({ code: 'custom', message: 'notJson', input: v });
      return z.NEVER;
    }
    if (jsonDepth(parsed) > MAX_JSON_DEPTH) {
      ctx.addIssue({ code: 'custom', message: 'tooDeep', input: v });
      return z.NEVER;
    }
    // Escapes such as \u0000 only become NUL here, after the request-level check has run.
    const bad = badTextPath(parsed);
    if (bad) {
      ctx.addIssue({ code: 'custom', message: 'badText', path: bad, input: v });
      return z.NEVER;
    }
    return parsed;
  }, inner) as never;

/** The plain form of a sort: keys, each optionally `-`-prefixed or followed by asc/desc, comma-separated. */
const PLAIN_SORT = /^\s*-?[\w.]+(\s+(asc|desc))?\s*(,\s*-?[\w.]+(\s+(asc|desc))?\s*)*$/i;

export const sortSchema = z.union([
  z.record(z.string(), z.enum(['asc', 'desc', 'ASC', 'DESC'])),
  // Only text in the plain form: anything else ("{bad", "code sideways") is refused as malformed, never read as a key.
  z.string().regex(PLAIN_SORT).transform((s) => {
    // "code" | "-code" | "code desc" | "code,-name"
    const out: Record<string, 'asc' | 'desc'> = {};
    for (const part of s.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [field, dir] = part.startsWith('-') ? [part.slice(1), 'desc'] : part.split(/\s+/);
      out[field] = (dir ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
    }
    return out;
  }),
]);

const pagingFields = {
  offset: z.coerce.number<number>().int().min(0).optional(),
  start: z.coerce.number<number>().int().min(0).optional(),
  limit: z.coerce.number<number>().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  index: z.coerce.number<number>().int().min(0).optional(),
  size: z.coerce.number<number>().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  sort: jsonParam(sortSchema).optional(),
  order: jsonParam(sortSchema).optional(),
  expand: z.string().optional(),
  include: z.string().optional(),
  fields: z.string().optional(),
};

const PAGING_WORDS = new Set(['filter', 'offset', 'start', 'limit', 'index', 'size', 'sort', 'order', 'expand', 'include', 'fields']);

export interface Paging<F = Record<string, unknown>> {
  offset: number;
  limit: number;
  sort: Record<string, 'asc' | 'desc'>;
  expand: Set<string>;
  filter: F;
  /** `fields=code,name`: the keys each content item is answered with (id always); absent = all. Applied by the server's route layer. */
  fields?: string[];
}

/** What a caller sends to a list route: paging in either style, the typed filter, sort and expand. */
export interface ListInput<F> {
  filter?: F;
  offset?: number;
  start?: number;
  limit?: number;
  index?: number;
  size?: number;
  sort?: Record<string, 'asc' | 'desc'> | string;
  order?: Record<string, 'asc' | 'desc'> | string;
  expand?: string;
  include?: string;
  fields?: string;
}

const pagingObject = z.object({ filter: jsonParam(z.record(z.string(), z.unknown())).optional(), ...pagingFields }).catchall(z.unknown());

/** Both paging styles: offset/limit (or start/limit) and index/size (zero-based page). */
function pagingOf(q: z.output<typeof pagingObject>, defaultLimit: number): Omit<Paging, 'filter'> {
  const limit = Math.min(q.limit ?? q.size ?? defaultLimit, MAX_PAGE_LIMIT);
  const offset = q.offset ?? q.start ?? (q.index !== undefined ? q.index * limit : 0);
  const sort: Record<string, 'asc' | 'desc'> = {};
  for (const [k, v] of Object.entries(q.sort ?? q.order ?? {})) sort[k] = String(v).toLowerCase() === 'desc' ? 'desc' : 'asc';
  const expand = new Set(
    [q.expand, q.include].filter(Boolean).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean),
  );
  const fields = q.fields?.split(',').map((s) => s.trim()).filter(Boolean);
  return { offset, limit, sort, expand, ...(fields?.length ? { fields } : {}) };
}

/**
 * The list query of spec 01 §7 with a typed filter. The filter arrives as JSON in `filter`; flat query
 * parameters that are not paging words are filter fields too (?accountYearId=3) and are validated by
 * the same filter schema. Handlers receive {offset, limit, sort, expand, filter, fields} already
 * parsed. The server's OpenAPI document describes the filter from its schema (listFilterOf).
 */
function buildListQuery(filter: z.ZodObject, opts: ListQueryOptions) {
  return pagingObject.transform((q, ctx) => {
    if (opts.sortable) {
      // A key the list does not sort by is refused, never ignored: the caller would take the list's own order for the one asked.
      const keys = Object.keys(q.sort ?? q.order ?? {});
      const unknown = keys.filter((k) => !opts.sortable!.includes(k));
      if (unknown.length) {
        ctx.addIssue(opts.sortable.length ? noSuchKeyIssue('sort', unknown, opts.sortable) : { code: 'custom', path: ['sort'], message: NO_SORT });
        return z.NEVER;
      }
    }
    const extra: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(q)) if (!PAGING_WORDS.has(k) && v !== undefined) extra[k] = v;
    const r = filter.safeParse({ ...extra, ...((q.filter as Record<string, unknown> | undefined) ?? {}) });
    if (!r.success) {
      for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: ['filter', ...issue.path] } as never);
      return z.NEVER;
    }
    return { ...pagingOf(q as z.output<typeof pagingObject>, opts.defaultLimit ?? 10), filter: r.data };
  });
}

/** The filter of each list query, so the server can document it. */
const listQueries = new WeakMap<z.ZodType, z.ZodObject>();

/** A list query's options: its default page size; the keys it sorts by when they are not checked against its columns (orderBy). */
export interface ListQueryOptions {
  defaultLimit?: number;
  /**
   * The sort keys the list takes, checked by the contract: another key is a 400 naming it and these
   * ([]: a list answered in its own fixed order takes no sort, NO_SORT). Lists ordered through the
   * server's orderBy check their keys there, against the columns they sort by.
   */
  sortable?: readonly string[];
}

/** The message of an issue naming keys a parameter does not have (a sort or fields key): "has no key x; the keys are a, b". */
export const NO_SUCH_KEY = 'noSuchKey';
/** The message of a sort given to a list answered in its own fixed order. */
export const NO_SORT = 'noSort';

/** The issue of keys `field` does not have (`unknown`), with the ones it has (`known`): a 400 INVALID_INPUT naming both. */
export function noSuchKeyIssue(field: string, unknown: readonly string[], known: readonly string[]) {
  return { code: 'custom' as const, path: [field], message: NO_SUCH_KEY, params: { key: unknown.join(', '), keys: known.join(', ') } };
}

export function listQuery<F extends z.ZodObject>(filter: F, opts: ListQueryOptions = {}): z.ZodType<Paging<z.output<F>>, ListInput<z.input<F>>> {
  const schema = buildListQuery(filter, opts);
  listQueries.set(schema, filter);
  return schema as never;
}

/** The filter schema of a list query (listQuery), or undefined for any other schema. */
export function listFilterOf(query: z.ZodType | undefined): z.ZodObject | undefined {
  return query ? listQueries.get(query) : undefined;
}

/** A list without filter fields. */
export const listQuerySchema = listQuery(z.object({}).catchall(z.unknown()));

/** Paging for internal callers, with the same defaults as a list route. */
export function normalizePaging(q: ListInput<Record<string, unknown>> = {}, defaultLimit = 10): Paging {
  const parsed = pagingObject.parse(q);
  return { ...pagingOf(parsed, defaultLimit), filter: q.filter ?? {} };
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

/**
 * The pinyin initials of a master-data record's name (client, project, vendor, budget, department,
 * employee), lower case: 北京科技有限公司 → bjkjyxgs. The list's keyword matches their start too; the
 * voucher cells and pick lists find the record by them. Null when the name has no Chinese characters.
 */
export const nameInitialsField = z.string().nullable();

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

/**
 * Optional free text of at most `max` characters, trimmed: absent stays absent (an update leaves the
 * field alone), and blank or null clears it (stored as null, never as an empty string). `inner`
 * narrows the text further (a pattern); it sees the trimmed text.
 */
export function optionalText(max: number, inner?: (s: z.ZodString) => z.ZodString) {
  const text = z.string().trim().max(max);
  return (inner ? inner(text) : text).nullable().optional().transform((v) => (v ? v : v === undefined ? undefined : null));
}

/**
 * A code or number the user types (a customer's, an employee's, a bank account's code, an invoice
 * number): trimmed, 1 to `max` characters, in its half-width form (halfWidth: 'Ｃ００１' typed in
 * 全角 mode is stored, compared and refused as a duplicate as 'C001').
 */
export function codeText(max: number) {
  return z.string().overwrite(halfWidth).trim().min(1).max(max);
}

/** Filter helpers: ids may be sent as a single id or a list. */
export const idOrIds = z.union([idSchema, z.array(idSchema).max(MAX_PAGE_LIMIT)]).transform((v) => (Array.isArray(v) ? v : [v]));
/** An id list in a query string: ?id=1&id=2, ?id=1,2 or ?id=[1,2] (also a single id). */
export const idListParam = z.preprocess((v) => {
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
 * The ids a delete names: one id or a list of at least one (an empty list is refused, "at least 1
 * item", rather than deleting nothing or answering per resource). Every delete-many query takes its
 * ids through this.
 */
export const deleteIds = idOrIds.pipe(z.array(z.number()).min(1));

/**
 * Delete many: filter={"id":[…]} (spec 01 §7) or plain id parameters (?id=1&id=2, ?id=1,2); both
 * may be given and are merged. At least one of them is required, and neither may be an empty list.
 */
export const deleteByFilterSchema = z
  .object({ filter: jsonParam(z.object({ id: deleteIds })).optional(), id: idListParam.pipe(z.array(z.number()).min(1)).optional() })
  .refine((q) => q.filter !== undefined || q.id !== undefined, { path: ['id'], message: 'required' });
export type DeleteByFilterQuery = z.infer<typeof deleteByFilterSchema>;

/** The ids of a delete-many query, without duplicates. */
export function idsOfDeleteQuery(q: DeleteByFilterQuery): number[] {
  return [...new Set([...(q.filter?.id ?? []), ...(q.id ?? [])])];
}
