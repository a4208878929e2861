/**
 * Opening balances of an account year (期初余额, spec 01 §2 /basic initialization; issue 9, decision
 * 029): one row per leaf subject that opens with a figure, and the auxiliary breakdown of subjects
 * with auxiliary types (one row per combination of values, like a voucher line carries them).
 *
 * Amounts are integer cents. `balance_cents` is debit positive (a credit balance is negative): the
 * balance the books open with in the year's first period. `ytd_debit_cents` / `ytd_credit_cents`
 * are the year's movements before the ledger set was kept here (a set started mid-year), so the
 * year-start balance is `balance - ytd_debit + ytd_credit`. A subject with auxiliary rows opens with
 * exactly their sums (the service writes both in one transaction; decision 029).
 *
 * Tenancy as elsewhere: the year by (company_id, account_year_id), the subject by (company_id,
 * account_year_id, subject_id), each auxiliary value by (company_id, value) to its own table, so a
 * row cannot cross companies or years; deleting the year removes its openings.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, serial } from 'drizzle-orm/pg-core';
import { accountYears, accounts, companies } from './platform';
import { subjects } from './subjects';
import { departments, employees } from './staff';
import { customers, projects } from './clients';
import { budgets, vendors } from './budgets';

const figures = {
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  ytdDebitCents: bigint('ytd_debit_cents', { mode: 'number' }).notNull().default(0),
  ytdCreditCents: bigint('ytd_credit_cents', { mode: 'number' }).notNull().default(0),
};

/** Year × leaf subject. */
export const openingBalances = pgTable('opening_balances', {
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  accountYearId: integer('account_year_id').notNull(),
  subjectId: integer('subject_id').notNull(),
  ...figures,
}, (t) => [
  primaryKey({ name: 'opening_balances_pk', columns: [t.accountYearId, t.subjectId] }),
  foreignKey({ name: 'opening_balances_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'opening_balances_year_fk', columns: [t.companyId, t.accountYearId], foreignColumns: [accountYears.companyId, accountYears.id] }).onDelete('cascade'),
  foreignKey({ name: 'opening_balances_subject_fk', columns: [t.companyId, t.accountYearId, t.subjectId], foreignColumns: [subjects.companyId, subjects.accountYearId, subjects.id] }).onDelete('cascade'),
  check('opening_balances_ytd_check', sql`${t.ytdDebitCents} >= 0 and ${t.ytdCreditCents} >= 0`),
]);

/** Year × subject × combination of auxiliary values (one column per type, null where the subject has not that type). */
export const openingAuxBalances = pgTable('opening_aux_balances', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  accountYearId: integer('account_year_id').notNull(),
  subjectId: integer('subject_id').notNull(),
  /** The order the clerk entered the rows in. */
  lineNo: integer('line_no').notNull(),
  departmentId: integer('department_id'),
  employeeId: integer('employee_id'),
  customerId: integer('customer_id'),
  vendorId: integer('vendor_id'),
  projectId: integer('project_id'),
  budgetId: integer('budget_id'),
  ...figures,
}, (t) => [
  index('opening_aux_balances_subject').on(t.accountYearId, t.subjectId, t.lineNo),
  foreignKey({ name: 'opening_aux_balances_opening_fk', columns: [t.accountYearId, t.subjectId], foreignColumns: [openingBalances.accountYearId, openingBalances.subjectId] }).onDelete('cascade'),
  foreignKey({ name: 'opening_aux_balances_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'opening_aux_balances_subject_fk', columns: [t.companyId, t.accountYearId, t.subjectId], foreignColumns: [subjects.companyId, subjects.accountYearId, subjects.id] }).onDelete('cascade'),
  foreignKey({ name: 'opening_aux_balances_department_fk', columns: [t.companyId, t.departmentId], foreignColumns: [departments.companyId, departments.id] }),
  foreignKey({ name: 'opening_aux_balances_employee_fk', columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }),
  foreignKey({ name: 'opening_aux_balances_customer_fk', columns: [t.companyId, t.customerId], foreignColumns: [customers.companyId, customers.id] }),
  foreignKey({ name: 'opening_aux_balances_vendor_fk', columns: [t.companyId, t.vendorId], foreignColumns: [vendors.companyId, vendors.id] }),
  foreignKey({ name: 'opening_aux_balances_project_fk', columns: [t.companyId, t.projectId], foreignColumns: [projects.companyId, projects.id] }),
  foreignKey({ name: 'opening_aux_balances_budget_fk', columns: [t.companyId, t.budgetId], foreignColumns: [budgets.companyId, budgets.id] }),
  check('opening_aux_balances_ytd_check', sql`${t.ytdDebitCents} >= 0 and ${t.ytdCreditCents} >= 0`),
]);
