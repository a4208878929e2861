/**
 * Transactions and tenancy helpers for services. A service runs every check and write of one
 * operation inside withTx; rows it reads before writing are read `for update`, so two concurrent
 * operations on the same rows run one after the other instead of both deciding from stale data.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { DomainError, type ResultCode } from '../../domain/result-codes';

/** A transaction handle; queries take it like a Db (Drizzle's transaction is a database). */
export type Tx = Db;

/** The rows of a raw `execute` answer, whichever driver gave it (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

/**
 * SQLSTATEs after which the whole transaction may simply be run again: PostgreSQL rolled it back
 * because of another transaction, not because of anything in it (deadlock_detected, serialization_failure).
 */
const RETRYABLE = new Set(['40P01', '40001']);
/** Attempts of one operation before the caller hears "busy" (each retry waits a little longer, with jitter). */
export const TX_ATTEMPTS = 5;

/** The SQLSTATE of a driver error, also when Drizzle wrapped it (`cause`). */
export function sqlStateOf(e: unknown): string | undefined {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; x && depth < 4; x = x.cause as typeof x, depth++) {
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x.code;
  }
  return undefined;
}

export const isRetryableTxError = (e: unknown): boolean => RETRYABLE.has(sqlStateOf(e) ?? '');

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` in a transaction. Inside another transaction it is a savepoint of it. At the top it is
 * run again when PostgreSQL aborted it for a deadlock or a serialization failure with another
 * transaction (two batch audits naming the same vouchers in opposite orders): `fn` must touch
 * nothing but the database, which every service here does. After TX_ATTEMPTS the error goes up and
 * the caller hears BUSY ("try again"), never a bare "Operation failed!".
 */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction((tx) => fn(tx as unknown as Tx));
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Tx));
    } catch (e) {
      if (attempt >= TX_ATTEMPTS || !isRetryableTxError(e)) throw e;
      await pause(Math.random() * 10 * 2 ** attempt);
    }
  }
}

interface SessionOf {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
}

/**
 * `tx.execute(query)` as a named prepared statement: on PostgreSQL the connection parses it once
 * and, after a few runs, reuses a generic plan instead of planning it on every call (the hot path
 * of a voucher save, ~0.5 ms of planning per save). The text must be the same on every call under
 * one name: parameters, never values spliced into the text. PGlite runs it as a plain query.
 */
export function executeNamed(tx: Tx, name: string, query: SQL): Promise<unknown> {
  const { dialect, session } = tx as unknown as SessionOf;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/**
 * Optimistic concurrency: a write that names the version it read is refused when the row has moved
 * on since (two clients adding different rights to one role must not silently lose one).
 */
export function assertVersion(current: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== current) throw new DomainError('STALE_DATA');
}

/** A table whose rows belong to a company. */
export type TenantTable = PgTable & { id: PgColumn; companyId: PgColumn };

/**
 * A handle bound to one company. Tenant queries take a CompanyScope instead of a bare Db, so the
 * company cannot be forgotten: `scope.where(table, …)` always adds `company_id = scope.companyId`.
 */
export interface CompanyScope {
  readonly db: Db;
  readonly companyId: number;
  where(table: TenantTable, ...conds: Array<SQL | undefined>): SQL;
}

export function companyScope(db: Db, companyId: number): CompanyScope {
  return {
    db,
    companyId,
    where: (table, ...conds) => and(eq(table.companyId, companyId), ...conds) as SQL,
  };
}

/**
 * Checks in one query that every id belongs to the scope's company (a voucher body carries dozens
 * of subject and auxiliary ids). A foreign or missing id answers NO_PERMISSION, like elsewhere.
 */
export async function assertOwned(scope: CompanyScope, table: TenantTable, ids: readonly number[], extra?: SQL): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const [r] = await scope.db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(table)
    .where(scope.where(table, inArray(table.id, unique), extra));
  if (Number(r.n) !== unique.length) throw new DomainError('NO_PERMISSION');
}

/** A company's master data that can be disabled and is chosen by reference (employees, clients, departments). */
export type DisablableTable = TenantTable & { code: PgColumn; name: PgColumn; disabled: PgColumn };

/**
 * Checks that every id may be newly assigned (an owner, a principal, a project's client, a
 * department): the company's (else NO_PERMISSION, share-locked against a concurrent delete) and not
 * disabled, except the ids `kept` (already assigned: a record keeps the owner it had when that owner
 * was disabled later). A disabled one answers `disabledCode` naming it ("1002 张三"), as the pickers
 * hide disabled records: the API and the imports refuse what the form cannot choose.
 */
export async function assertAssignable(scope: CompanyScope, table: DisablableTable, ids: readonly number[], disabledCode: ResultCode, kept: readonly number[] = []): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows = await scope.db
    .select({ id: table.id, code: table.code, name: table.name, disabled: table.disabled })
    .from(table)
    .where(scope.where(table, inArray(table.id, unique)))
    .for('share');
  if (rows.length !== unique.length) throw new DomainError('NO_PERMISSION');
  const off = rows.find((r) => r.disabled === true && !kept.includes(Number(r.id)));
  if (off) throw new DomainError(disabledCode, { name: `${String(off.code)} ${String(off.name)}` });
}
