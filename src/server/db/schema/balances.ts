/**
 * Per-period balances (issue 9 "Storage for speed", decision 025): what the voucher lines of each
 * period add up to, per subject and per subject × auxiliary value, so ledgers and reports read a
 * few thousand pre-aggregated rows instead of scanning the lines.
 *
 * Amounts are integer cents of the lines as they stand: a debit line adds its amount to the debit
 * side, a credit line to the credit side; red (negative) amounts reduce the side they stand on.
 * `*_all` sums the lines of every valid (not invalidated) voucher, `*_booked` only those of bookkept
 * vouchers; invalid vouchers contribute nothing. `lines_*` count the lines summed, and a row
 * exists exactly while at least one valid line stands behind it (the upkeep deletes rows whose
 * `lines_all` falls to 0), so the tables always equal a recomputation from the lines. (No CHECK on
 * the sums: PostgreSQL checks the proposed row of an upsert, which here is a signed delta.)
 *
 * The tables are kept by the database itself, in the transaction that writes the lines or the
 * voucher (the balance_upkeep migration's triggers), and recomputed by `rebuildBalances`.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { accounts, companies, periods } from './platform';
import { subjects } from './subjects';

const sums = {
  debitAll: bigint('debit_all', { mode: 'number' }).notNull().default(0),
  creditAll: bigint('credit_all', { mode: 'number' }).notNull().default(0),
  linesAll: integer('lines_all').notNull().default(0),
  debitBooked: bigint('debit_booked', { mode: 'number' }).notNull().default(0),
  creditBooked: bigint('credit_booked', { mode: 'number' }).notNull().default(0),
  linesBooked: integer('lines_booked').notNull().default(0),
};

/** Subject × period. */
export const subjectBalances = pgTable('subject_balances', {
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  accountYearId: integer('account_year_id').notNull(),
  periodId: integer('period_id').notNull(),
  subjectId: integer('subject_id').notNull(),
  ...sums,
}, (t) => [
  primaryKey({ name: 'subject_balances_pk', columns: [t.periodId, t.subjectId] }),
  index('subject_balances_year').on(t.accountYearId, t.subjectId),
  foreignKey({ name: 'subject_balances_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'subject_balances_period_fk', columns: [t.companyId, t.periodId], foreignColumns: [periods.companyId, periods.id] }).onDelete('cascade'),
  foreignKey({ name: 'subject_balances_subject_fk', columns: [t.accountYearId, t.subjectId], foreignColumns: [subjects.accountYearId, subjects.id] }),
]);

/**
 * Subject × auxiliary value × period: one row per auxiliary type used on a line (1 department,
 * 2 employee, 3 customer, 4 vendor, 5 project, 6 budget), the value being that type's record id.
 * The value has no foreign key of its own (it is one of six tables): a row only exists while lines
 * carry the value, and those lines' foreign keys keep the record.
 */
export const auxBalances = pgTable('aux_balances', {
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  accountYearId: integer('account_year_id').notNull(),
  periodId: integer('period_id').notNull(),
  subjectId: integer('subject_id').notNull(),
  auxTypeId: smallint('aux_type_id').notNull(),
  auxId: integer('aux_id').notNull(),
  ...sums,
}, (t) => [
  primaryKey({ name: 'aux_balances_pk', columns: [t.periodId, t.subjectId, t.auxTypeId, t.auxId] }),
  index('aux_balances_year').on(t.accountYearId, t.auxTypeId, t.auxId),
  foreignKey({ name: 'aux_balances_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'aux_balances_period_fk', columns: [t.companyId, t.periodId], foreignColumns: [periods.companyId, periods.id] }).onDelete('cascade'),
  foreignKey({ name: 'aux_balances_subject_fk', columns: [t.accountYearId, t.subjectId], foreignColumns: [subjects.accountYearId, subjects.id] }),
  check('aux_balances_type_check', sql`${t.auxTypeId} between 1 and 6`),
]);

/**
 * Subject × period × day (decision 059): the same sums per voucher date, so a sub-ledger page in the
 * middle of a month starts from the sum of the days before it instead of reading every line of the
 * month before the page. A period's rows add up to its subject_balances row. Kept by the same
 * triggers in the same commit step, recomputed by the same rebuild.
 */
export const subjectDayBalances = pgTable('subject_day_balances', {
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  accountYearId: integer('account_year_id').notNull(),
  periodId: integer('period_id').notNull(),
  subjectId: integer('subject_id').notNull(),
  markDate: date('mark_date', { mode: 'string' }).notNull(),
  ...sums,
}, (t) => [
  primaryKey({ name: 'subject_day_balances_pk', columns: [t.periodId, t.subjectId, t.markDate] }),
  index('subject_day_balances_year').on(t.accountYearId),
  foreignKey({ name: 'subject_day_balances_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'subject_day_balances_period_fk', columns: [t.companyId, t.periodId], foreignColumns: [periods.companyId, periods.id] }).onDelete('cascade'),
  foreignKey({ name: 'subject_day_balances_subject_fk', columns: [t.accountYearId, t.subjectId], foreignColumns: [subjects.accountYearId, subjects.id] }),
]);
