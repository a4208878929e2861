/**
 * Reimbursements (报销单, spec 02 §3 reimbursement document, invoice line, expense kind; decision
 * 034): expense kinds of a company, reimbursement documents and their invoice lines. Every row
 * carries company_id and points at its parents through (company_id, id), so a line can never name
 * another company's document, kind or employee. An invoice number is reimbursed once per company:
 * expense_invoices_company_no is the database's own check of the rule the service checks first.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, serial, smallint, unique, uniqueIndex, varchar, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { MAX_COST_CENTS, REIMBURSE_LINE_MAX_CENTS } from '../../../domain/constants';
import { accounts, companies, ts, users } from './platform';
import { employees } from './staff';
import { vouchers } from './vouchers';

export const expenseKinds = pgTable('expense_kinds', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  name: varchar('name', { length: 50 }).notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  unique('expense_kinds_company_id').on(t.companyId, t.id),
  uniqueIndex('expense_kinds_company_name').on(t.companyId, t.name),
]);

export const expenses = pgTable('expenses', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  /** Year-month of the mark date plus a 4-digit number: 2026110007. */
  code: varchar('code', { length: 10 }).notNull(),
  markAt: date('mark_at', { mode: 'string' }).notNull(),
  submitAt: date('submit_at', { mode: 'string' }),
  submitterId: integer('submitter_id'),
  payAt: date('pay_at', { mode: 'string' }),
  payAmount: bigint('pay_amount', { mode: 'number' }).notNull().default(0),
  /** The user who made (last saved) the document. */
  markerId: integer('marker_id').references(() => users.id),
  /** The auditor: set with lockAt by Audit, cleared by Cancel audit. */
  lockerId: integer('locker_id').references(() => users.id),
  lockAt: ts('lock_at'),
  /** The voucher generated from the document (documents to vouchers; null until then). */
  voucherId: integer('voucher_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  unique('expenses_company_id').on(t.companyId, t.id),
  uniqueIndex('expenses_company_code').on(t.companyId, t.code),
  index('expenses_company_mark').on(t.companyId, t.markAt),
  foreignKey({ name: 'expenses_submitter_fk', columns: [t.companyId, t.submitterId], foreignColumns: [employees.companyId, employees.id] }),
  foreignKey({ name: 'expenses_voucher_fk', columns: [t.companyId, t.voucherId], foreignColumns: [vouchers.companyId, vouchers.id] }),
  check('expenses_code_check', sql`${t.code} ~ '^[0-9]{6}[0-9]{4}$'`),
  check('expenses_pay_amount_check', sql`${t.payAmount} between 0 and ${sql.raw(String(MAX_COST_CENTS))}`),
  check('expenses_lock_check', sql`(${t.lockAt} is null) = (${t.lockerId} is null)`),
]);

export const expenseInvoices = pgTable('expense_invoices', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  expenseId: integer('expense_id').notNull(),
  /** Position in the sheet (0-based). */
  lineNo: smallint('line_no').notNull(),
  expenseKindId: integer('expense_kind_id').notNull(),
  issueAt: date('issue_at', { mode: 'string' }).notNull(),
  no: varchar('no', { length: 50 }).notNull(),
  /** The number as compared (no spaces, upper case): unique in the company. */
  noKey: varchar('no_key', { length: 50 }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  remark: varchar('remark', { length: 50 }),
}, (t): PgTableExtraConfigValue[] => [
  uniqueIndex('expense_invoices_company_no').on(t.companyId, t.noKey),
  index('expense_invoices_expense').on(t.expenseId, t.lineNo),
  index('expense_invoices_kind').on(t.companyId, t.expenseKindId),
  foreignKey({ name: 'expense_invoices_expense_fk', columns: [t.companyId, t.expenseId], foreignColumns: [expenses.companyId, expenses.id] }).onDelete('cascade'),
  foreignKey({ name: 'expense_invoices_kind_fk', columns: [t.companyId, t.expenseKindId], foreignColumns: [expenseKinds.companyId, expenseKinds.id] }),
  check('expense_invoices_amount_check', sql`${t.amount} <> 0 and abs(${t.amount}) <= ${sql.raw(String(REIMBURSE_LINE_MAX_CENTS))}`),
  check('expense_invoices_no_check', sql`${t.noKey} <> ''`),
]);

/**
 * Documents to vouchers (decision 037): the debit subject of each expense kind in one ledger set,
 * by subject code so it holds in every account year of the set (a code missing in a year is
 * refused there, like a bank account's subject). Written when vouchers are generated with the
 * choice; read to pre-fill the screen and for kinds a transfer does not name.
 */
export const expenseKindSubjects = pgTable('expense_kind_subjects', {
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  expenseKindId: integer('expense_kind_id').notNull(),
  subjectCode: varchar('subject_code', { length: 40 }).notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t): PgTableExtraConfigValue[] => [
  primaryKey({ name: 'expense_kind_subjects_pk', columns: [t.accountId, t.expenseKindId] }),
  foreignKey({ name: 'expense_kind_subjects_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }).onDelete('cascade'),
  foreignKey({ name: 'expense_kind_subjects_kind_fk', columns: [t.companyId, t.expenseKindId], foreignColumns: [expenseKinds.companyId, expenseKinds.id] }).onDelete('cascade'),
]);
