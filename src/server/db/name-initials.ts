/**
 * The pinyin initials of master-data names (clients, projects, vendors, budgets, departments,
 * employees), kept in each table's `name_initials` so the lists' keyword search finds `bjkj` for
 * 北京科技有限公司 (codeNameKeyword in queries/list.ts), as the voucher cells and pick lists find
 * subjects. Every insert and every change of a name writes them (withNameInitials, called by each
 * table's insert and patch queries: the services, the imports and the seed all pass there); rows
 * written before the column existed are filled once at start (fillNameInitials).
 *
 * Stored: the initials, '' for a name without Chinese characters; NULL only for a row not yet filled.
 */
import { isNull, sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { initialsWith } from '../../domain/pinyin-initials';
import type { Db } from './client';
import { budgets, customers, departments, employees, projects, vendors } from './schema';

const initialsOf = initialsWith(pinyin);

/** The stored initials of a name: '' when it has no Chinese characters. */
export const nameInitialsOf = (name: string): string => initialsOf(name) ?? '';

/** A row to insert, or a change to write, with its name's initials when it sets the name. */
export function withNameInitials<T extends { name?: string }>(v: T): T & { nameInitials?: string } {
  return typeof v.name === 'string' ? { ...v, nameInitials: nameInitialsOf(v.name) } : v;
}

/** The tables whose names carry initials. */
export const NAME_INITIALS_TABLES = [customers, projects, vendors, budgets, departments, employees] as const;

const FILL_BATCH = 500;

/**
 * Fills the initials of rows that have none yet (written before the column existed), batch by
 * batch; the row's version is left alone (nothing a user wrote changed), and a row renamed meanwhile
 * keeps the initials its rename wrote. Idempotent, so every start runs it (a second instance starting
 * at once writes the same values). Returns the rows filled.
 */
export async function fillNameInitials(db: Db): Promise<number> {
  let filled = 0;
  for (const table of NAME_INITIALS_TABLES) {
    for (;;) {
      const rows = await db.select({ id: table.id, name: table.name }).from(table).where(isNull(table.nameInitials)).limit(FILL_BATCH);
      if (!rows.length) break;
      const values = sql.join(rows.map((r) => sql`(${r.id}::integer, ${nameInitialsOf(r.name)}::varchar)`), sql`, `);
      await db.execute(sql`update ${table} as t set name_initials = v.initials from (values ${values}) as v(id, initials) where t.id = v.id and t.name_initials is null`);
      filled += rows.length;
      if (rows.length < FILL_BATCH) break;
    }
  }
  return filled;
}

