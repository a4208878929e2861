/** Shared list helpers: ordering by whitelisted columns, paging, counting. */
import { asc, desc, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Paging } from '../../../contract/common';
import { InputValidationError, noSuchKeyIssue } from '../../http/validation';

/**
 * ORDER BY from a sort map, using only the list's sortable columns (`columns`, its declaration of
 * the keys it sorts by). A key the list cannot sort by is refused with INVALID_INPUT naming it and
 * the sortable keys, never ignored (a caller would read the default order as the one asked for) and
 * never interpolated.
 */
export function orderBy(sort: Paging['sort'], columns: Record<string, PgColumn>, fallback: SQL[]): SQL[] {
  assertSortable(sort, Object.keys(columns));
  const out: SQL[] = [];
  for (const [k, dir] of Object.entries(sort)) {
    const col = columns[k];
    out.push(dir === 'desc' ? desc(col) : asc(col));
  }
  return out.length ? [...out, ...fallback] : fallback;
}

/** Refuses (400, naming the key and the sortable ones) a sort key outside `sortable`. */
export function assertSortable(sort: Readonly<Record<string, unknown>>, sortable: readonly string[]): void {
  const unknown = Object.keys(sort).filter((k) => !sortable.includes(k));
  if (unknown.length) throw new InputValidationError([noSuchKeyIssue('sort', unknown, sortable)], { sort });
}

export const countAll = sql<number>`cast(count(*) over() as integer)`;

/**
 * A column of the outer query, written table-qualified, for a correlated subquery in a select list.
 * Drizzle drops the table name of a column written directly into a select-list `sql` of a
 * single-table query, so `(select … from user_roles ur where ur.role_id = ${roles.id})` would read
 * `ur.role_id = "id"` — the subquery's own id, uncorrelated. `${outerColumn(roles.id)}` always
 * reads `"roles"."id"`.
 */
export function outerColumn(col: PgColumn): SQL {
  return sql`${col.table}.${sql.identifier(col.name)}`;
}

export function likeKeyword(keyword: unknown): string | null {
  if (typeof keyword !== 'string' || keyword.trim() === '') return null;
  return `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The keyword filter of the master-data lists (clients, projects, vendors, budgets, departments,
 * employees): the code or the name, or one of `also` (an employee's phone, a budget's mnemonic),
 * holds the keyword whatever its case, or the pinyin initials of the name start with it, as Chinese
 * clerks type them (`bjkj` finds 北京科技有限公司: the name_initials column, src/server/db/name-initials.ts).
 * The same start of the initials finds an option in a voucher cell or a pick list (grids/lookup-match.ts).
 * Undefined for an empty keyword.
 */
export function codeNameKeyword(keyword: unknown, table: { code: PgColumn; name: PgColumn; nameInitials: PgColumn }, also: readonly PgColumn[] = []): SQL | undefined {
  const kw = likeKeyword(keyword);
  if (!kw) return undefined;
  const conds = [ilike(table.code, kw), ilike(table.name, kw), ...also.map((c) => ilike(c, kw))];
  // Initials are letters a-z only: other keywords cannot be initials.
  const typed = String(keyword).trim().toLowerCase();
  if (/^[a-z]+$/.test(typed)) conds.push(like(table.nameInitials, `${typed}%`));
  return or(...conds);
}

export function idList(v: unknown): number[] | null {
  if (v === undefined || v === null || v === '') return null;
  const arr = Array.isArray(v) ? v : [v];
  const ids = arr.map(Number).filter((n) => Number.isInteger(n));
  return ids;
}

/** Timestamps leave the server as ISO-8601 UTC strings whichever driver read them. */
export const iso = (t: string | Date) => (t instanceof Date ? t : new Date(t.includes('T') ? t : t.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))).toISOString();
