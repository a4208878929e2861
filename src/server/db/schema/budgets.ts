/**
 * Budgets (per account year, a 4/6/8-digit code tree) and vendors (per ledger set) — spec 02 §3.
 * Both carry company_id; a budget points at its account year, parent and principal, a vendor at its
 * ledger set and owner, by (company_id, …) foreign keys so no row crosses companies. Amounts are
 * integer cents; only a leaf budget's amount counts (parents' totals are computed).
 */
import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, serial, unique, uniqueIndex, varchar, type AnyPgColumn, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { auxKinds, budgetKinds } from '../../../domain/enums';
import { accounts, accountYears, companies, nameInitials, ts } from './platform';
import { employees } from './staff';

const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

export const budgets = pgTable('budgets', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountYearId: integer('account_year_id').notNull(),
  parentId: integer('parent_id'),
  code: varchar('code', { length: 8 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  nameInitials: nameInitials(),
  abbr: varchar('abbr', { length: 50 }),
  kind: varchar('kind', { length: 10 }).notNull().default('INCOME'),
  level: integer('level').notNull(),
  /** Annual budget in cents (leaf rows; a parent's is 0 and its total is computed). */
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  /** An employee of the same company. */
  principalId: integer('principal_id'),
  leaf: boolean('leaf').notNull().default(true),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  uniqueIndex('budgets_year_code').on(t.accountYearId, t.code),
  unique('budgets_company_id').on(t.companyId, t.id),
  index('budgets_parent').on(t.parentId),
  foreignKey({ name: 'budgets_year_fk', columns: [t.companyId, t.accountYearId], foreignColumns: [accountYears.companyId, accountYears.id] }).onDelete('cascade'),
  foreignKey({ name: 'budgets_parent_fk', columns: [t.companyId, t.parentId], foreignColumns: [t.companyId, t.id] }),
  foreignKey({ name: 'budgets_principal_fk', columns: [t.companyId, t.principalId], foreignColumns: [employees.companyId, employees.id] }),
  check('budgets_kind_check', oneOf(t.kind, budgetKinds)),
  check('budgets_code_check', sql`${t.code} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
  check('budgets_level_check', sql`${t.level} between 1 and 3 and length(${t.code}) = 2 + 2 * ${t.level}`),
  check('budgets_amount_check', sql`${t.amount} between 0 and 9999999999999`),
]);

export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  /** The ledger set the vendor belongs to. */
  accountId: integer('account_id').notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  nameInitials: nameInitials(),
  kind: varchar('kind', { length: 10 }).notNull().default('NORMAL'),
  /** The principal: an employee of the same company. */
  ownerId: integer('owner_id'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  uniqueIndex('vendors_account_code').on(t.accountId, sql`lower(${t.code})`),
  unique('vendors_company_id').on(t.companyId, t.id),
  index('vendors_owner').on(t.companyId, t.ownerId),
  foreignKey({ name: 'vendors_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'vendors_owner_fk', columns: [t.companyId, t.ownerId], foreignColumns: [employees.companyId, employees.id] }),
  check('vendors_kind_check', oneOf(t.kind, auxKinds)),
]);
