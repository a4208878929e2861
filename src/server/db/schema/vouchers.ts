/**
 * Vouchers (记账凭证), their lines and their links (spec 01 §3). A voucher belongs to a period of an
 * account year of a ledger set; its lines point at subjects of that same account year, and each line
 * carries at most one value per auxiliary type as a real foreign key (department, employee, customer,
 * vendor, project, budget), so ledgers by auxiliary dimension are plain group-bys and a referenced
 * record cannot disappear underneath the books.
 *
 * The database is the last line of defence (the voucher_guards migration's triggers): an unbalanced voucher, a
 * change to a locked (audited, bookkept, cashier-signed or invalid) voucher's content, and any change
 * in a settled (rolled) period are refused whatever code path tries them.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, serial, smallint, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { voucherStates } from '../../../domain/enums';
import { VOUCHER_LINE_MAX_CENTS } from '../../../domain/constants';
import { accountYears, accounts, companies, oneOf, periods, ts, users } from './platform';
import { voucherKinds } from './finance-settings';
import { subjects } from './subjects';
import { departments, employees } from './staff';
import { customers, projects } from './clients';
import { budgets, vendors } from './budgets';

/** Where a voucher came from: typed by hand, or generated (red reversal, profit transfer, documents). */
export const voucherSources = ['MANUAL', 'COPY', 'SYNC', 'REVERSAL', 'PROFIT_TRANSFER', 'EXPENSE', 'JOURNAL', 'IMPORT'] as const;

export const vouchers = pgTable('vouchers', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  accountYearId: integer('account_year_id').notNull(),
  periodId: integer('period_id').notNull(),
  kindId: integer('kind_id').notNull(),
  /** The number within (period, kind); shown padded to the ledger set's code length. */
  code: integer('code').notNull(),
  markDate: date('mark_date', { mode: 'string' }).notNull(),
  billCount: integer('bill_count').notNull().default(0),
  state: varchar('state', { length: 10 }).notNull().default('NORMAL'),
  source: varchar('source', { length: 20 }).notNull().default('MANUAL'),
  /** The voucher this one was copied, synchronised or reversed from. */
  originId: integer('origin_id'),
  /** Sums of the lines, kept by the service and checked against the lines by the database. */
  debitCents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
  creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
  auditAt: ts('audit_at'),
  auditBy: integer('audit_by').references(() => users.id),
  /** true: audited as correct; false: examined as an error (with auditNote saying why). */
  auditPass: boolean('audit_pass'),
  auditNote: varchar('audit_note', { length: 200 }),
  bookKeepAt: ts('book_keep_at'),
  bookKeepBy: integer('book_keep_by').references(() => users.id),
  cashierAt: ts('cashier_at'),
  cashierBy: integer('cashier_by').references(() => users.id),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('vouchers_code').on(t.periodId, t.kindId, t.code),
  unique('vouchers_company_id').on(t.companyId, t.id),
  index('vouchers_account_date').on(t.accountId, t.markDate, t.id),
  index('vouchers_period').on(t.periodId, t.kindId, t.code),
  // Sub-ledger order (decision 030): a period's vouchers by date, kind, number.
  index('vouchers_period_date').on(t.periodId, t.markDate, t.kindId, t.code, t.id),
  index('vouchers_origin').on(t.originId),
  foreignKey({ name: 'vouchers_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  foreignKey({ name: 'vouchers_year_fk', columns: [t.companyId, t.accountYearId], foreignColumns: [accountYears.companyId, accountYears.id] }),
  foreignKey({ name: 'vouchers_period_fk', columns: [t.companyId, t.periodId], foreignColumns: [periods.companyId, periods.id] }),
  foreignKey({ name: 'vouchers_kind_fk', columns: [t.companyId, t.kindId], foreignColumns: [voucherKinds.companyId, voucherKinds.id] }),
  foreignKey({ name: 'vouchers_origin_fk', columns: [t.companyId, t.originId], foreignColumns: [t.companyId, t.id] }).onDelete('set null'),
  check('vouchers_state_check', oneOf(t.state, voucherStates)),
  check('vouchers_source_check', oneOf(t.source, voucherSources)),
  check('vouchers_code_check', sql`${t.code} between 1 and 999999999`),
  check('vouchers_bill_count_check', sql`${t.billCount} between 0 and 9999`),
  check('vouchers_balanced_totals', sql`${t.debitCents} = ${t.creditCents}`),
  check('vouchers_audit_pair', sql`(${t.auditAt} is null) = (${t.auditPass} is null) and (${t.auditAt} is null) = (${t.auditBy} is null)`),
  check('vouchers_bookkeep_pair', sql`(${t.bookKeepAt} is null) = (${t.bookKeepBy} is null)`),
  check('vouchers_cashier_pair', sql`(${t.cashierAt} is null) = (${t.cashierBy} is null)`),
  // Only a voucher audited as correct can be bookkept.
  check('vouchers_bookkeep_audited', sql`${t.bookKeepAt} is null or coalesce(${t.auditPass}, false)`),
]);

export const voucherItems = pgTable('voucher_items', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  voucherId: integer('voucher_id').notNull(),
  /** 1-based position in the voucher. */
  lineNo: smallint('line_no').notNull(),
  summary: varchar('summary', { length: 50 }).notNull(),
  accountYearId: integer('account_year_id').notNull(),
  subjectId: integer('subject_id').notNull(),
  /** true: debit (借), false: credit (贷). */
  direction: boolean('direction').notNull(),
  /** Non-zero; negative for red (reversal) amounts. */
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  departmentId: integer('department_id'),
  employeeId: integer('employee_id'),
  customerId: integer('customer_id'),
  vendorId: integer('vendor_id'),
  projectId: integer('project_id'),
  budgetId: integer('budget_id'),
}, (t) => [
  uniqueIndex('voucher_items_line').on(t.voucherId, t.lineNo),
  index('voucher_items_subject').on(t.subjectId, t.voucherId),
  index('voucher_items_department').on(t.departmentId).where(sql`${t.departmentId} is not null`),
  index('voucher_items_employee').on(t.employeeId).where(sql`${t.employeeId} is not null`),
  index('voucher_items_customer').on(t.customerId).where(sql`${t.customerId} is not null`),
  index('voucher_items_vendor').on(t.vendorId).where(sql`${t.vendorId} is not null`),
  index('voucher_items_project').on(t.projectId).where(sql`${t.projectId} is not null`),
  index('voucher_items_budget').on(t.budgetId).where(sql`${t.budgetId} is not null`),
  foreignKey({ name: 'voucher_items_voucher_fk', columns: [t.companyId, t.voucherId], foreignColumns: [vouchers.companyId, vouchers.id] }).onDelete('cascade'),
  // The subject must be of the voucher's account year (the pair is checked against the voucher by trigger).
  foreignKey({ name: 'voucher_items_subject_fk', columns: [t.accountYearId, t.subjectId], foreignColumns: [subjects.accountYearId, subjects.id] }),
  foreignKey({ name: 'voucher_items_department_fk', columns: [t.companyId, t.departmentId], foreignColumns: [departments.companyId, departments.id] }),
  foreignKey({ name: 'voucher_items_employee_fk', columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }),
  foreignKey({ name: 'voucher_items_customer_fk', columns: [t.companyId, t.customerId], foreignColumns: [customers.companyId, customers.id] }),
  foreignKey({ name: 'voucher_items_vendor_fk', columns: [t.companyId, t.vendorId], foreignColumns: [vendors.companyId, vendors.id] }),
  foreignKey({ name: 'voucher_items_project_fk', columns: [t.companyId, t.projectId], foreignColumns: [projects.companyId, projects.id] }),
  foreignKey({ name: 'voucher_items_budget_fk', columns: [t.companyId, t.budgetId], foreignColumns: [budgets.companyId, budgets.id] }),
  check('voucher_items_line_check', sql`${t.lineNo} >= 1`),
  check('voucher_items_amount_check', sql`${t.amountCents} <> 0 and abs(${t.amountCents}) <= ${sql.raw(String(VOUCHER_LINE_MAX_CENTS))}`),
  check('voucher_items_summary_check', sql`length(trim(${t.summary})) > 0`),
]);

/**
 * Links between vouchers: a synchronised copy in another ledger set (SYNC), recorded both ways, or a
 * red reversal of an original (REVERSAL).
 */
export const voucherRelations = pgTable('voucher_relations', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  voucherId: integer('voucher_id').notNull(),
  targetId: integer('target_id').notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('voucher_relations_pair').on(t.voucherId, t.targetId, t.kind),
  index('voucher_relations_target').on(t.targetId),
  foreignKey({ name: 'voucher_relations_voucher_fk', columns: [t.companyId, t.voucherId], foreignColumns: [vouchers.companyId, vouchers.id] }).onDelete('cascade'),
  foreignKey({ name: 'voucher_relations_target_fk', columns: [t.companyId, t.targetId], foreignColumns: [vouchers.companyId, vouchers.id] }).onDelete('cascade'),
  check('voucher_relations_kind_check', oneOf(t.kind, ['SYNC', 'REVERSAL'])),
  check('voucher_relations_not_self', sql`${t.voucherId} <> ${t.targetId}`),
]);

/** Who did what to a voucher, in order (spec 01 §3 "procs"): CREATED, AUDIT_SUCCESS, AUDIT_ERROR, BOOK_KEEP … */
export const voucherProcs = pgTable('voucher_procs', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  voucherId: integer('voucher_id').notNull(),
  /** The action (voucher.audit …) and the step it recorded. */
  action: varchar('action', { length: 40 }).notNull(),
  userId: integer('user_id').references(() => users.id),
  note: text('note'),
  at: ts('at').notNull().defaultNow(),
}, (t) => [
  index('voucher_procs_voucher').on(t.voucherId, t.id),
  foreignKey({ name: 'voucher_procs_voucher_fk', columns: [t.companyId, t.voucherId], foreignColumns: [vouchers.companyId, vouchers.id] }).onDelete('cascade'),
]);
