/**
 * Cashier settings (spec 01 §2 /basic cashier settings, §3 bank account kinds, §7 /common/bank,
 * /common/bankAccount, /cashier/income, /cashier/outcome): banks of a company, bank accounts of a
 * ledger set, income and outcome kinds of a ledger set. A bank account and a kind link a subject
 * of one account year of their ledger set, tied by (company_id, account_year_id, subject_id) so it
 * is always a subject of the same company; the subject cannot be deleted while linked (the subject
 * used-check says so), and deleting its account year clears the link (the migration's
 * ON DELETE SET NULL on the two columns) instead of deleting the bank account.
 */
import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, serial, unique, uniqueIndex, varchar, type AnyPgColumn, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { bankAccountKinds, cashierKindDirections } from '../../../domain/enums';
import { accounts, companies, ts } from './platform';
import { currencies } from './finance-settings';
import { subjects } from './subjects';

const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  uniqueIndex('banks_company_code').on(t.companyId, sql`lower(${t.code})`),
  unique('banks_company_id').on(t.companyId, t.id),
]);

export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  /** The ledger set the account belongs to. */
  accountId: integer('account_id').notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  /** The bank (BANK accounts only). */
  bankId: integer('bank_id'),
  accountNo: varchar('account_no', { length: 50 }),
  currencyId: integer('currency_id'),
  /** The account year of the linked subject (null once that year is deleted). */
  accountYearId: integer('account_year_id'),
  subjectId: integer('subject_id'),
  openedAt: date('opened_at', { mode: 'string' }),
  disabled: boolean('disabled').notNull().default(false),
  remark: varchar('remark', { length: 200 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  uniqueIndex('bank_accounts_company_code').on(t.companyId, sql`lower(${t.code})`),
  uniqueIndex('bank_accounts_company_no').on(t.companyId, t.accountNo),
  unique('bank_accounts_company_id').on(t.companyId, t.id),
  index('bank_accounts_subject').on(t.subjectId),
  foreignKey({ name: 'bank_accounts_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'bank_accounts_bank_fk', columns: [t.companyId, t.bankId], foreignColumns: [banks.companyId, banks.id] }),
  foreignKey({ name: 'bank_accounts_currency_fk', columns: [t.companyId, t.currencyId], foreignColumns: [currencies.companyId, currencies.id] }),
  foreignKey({ name: 'bank_accounts_subject_fk', columns: [t.companyId, t.accountYearId, t.subjectId], foreignColumns: [subjects.companyId, subjects.accountYearId, subjects.id] }),
  check('bank_accounts_kind_check', oneOf(t.kind, bankAccountKinds)),
  check('bank_accounts_bank_check', sql`${t.kind} = 'BANK' or ${t.bankId} is null`),
]);

/** Income (收入) and outcome (支出) kinds of the cash and bank journal, each with its counter-subject. */
export const cashierKinds = pgTable('cashier_kinds', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  direction: varchar('direction', { length: 8 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  accountYearId: integer('account_year_id'),
  subjectId: integer('subject_id'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  uniqueIndex('cashier_kinds_account_code').on(t.accountId, t.direction, sql`lower(${t.code})`),
  unique('cashier_kinds_company_id').on(t.companyId, t.id),
  index('cashier_kinds_subject').on(t.subjectId),
  foreignKey({ name: 'cashier_kinds_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'cashier_kinds_subject_fk', columns: [t.companyId, t.accountYearId, t.subjectId], foreignColumns: [subjects.companyId, subjects.accountYearId, subjects.id] }),
  check('cashier_kinds_direction_check', oneOf(t.direction, cashierKindDirections)),
]);
