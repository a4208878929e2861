/**
 * The cash and bank journal (现金银行日记账, spec 01 §2 /cashier, §7 /cashier/cash; decision 035).
 * A bank account (decision 028) starts its books on a start date with an opening balance; every
 * journal line after it is one receipt or one payment on that account. The running balance of a
 * line is never stored: it is the opening plus receipts minus payments of every line before it in
 * (date, id) order, answered from the (bank_account_id, date, id) index.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, serial, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies, ts, users } from './platform';
import { bankAccounts, cashierKinds } from './cashier-settings';
import { vouchers } from './vouchers';

/** The opening balance of a bank account at the start of its start date (one per account). */
export const cashBankOpenings = pgTable('cash_bank_openings', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  bankAccountId: integer('bank_account_id').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  openingCents: bigint('opening_cents', { mode: 'number' }).notNull().default(0),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('cash_bank_openings_account').on(t.bankAccountId),
  foreignKey({ name: 'cash_bank_openings_bank_account_fk', columns: [t.companyId, t.bankAccountId], foreignColumns: [bankAccounts.companyId, bankAccounts.id] }).onDelete('cascade'),
  check('cash_bank_openings_cents_check', sql`${t.openingCents} between -99999999999999 and 99999999999999`),
]);

/** One receipt or one payment of a bank account. */
export const cashJournalLines = pgTable('cash_journal_lines', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  bankAccountId: integer('bank_account_id').notNull(),
  lineDate: date('line_date', { mode: 'string' }).notNull(),
  /** yyyymm of lineDate: codes run per bank account and calendar month. */
  month: integer('month').notNull(),
  code: integer('code').notNull(),
  summary: varchar('summary', { length: 200 }).notNull().default(''),
  /** An income kind (receipts) or an outcome kind (payments) of the account's ledger set. */
  kindId: integer('kind_id'),
  counterparty: varchar('counterparty', { length: 100 }),
  receiptCents: bigint('receipt_cents', { mode: 'number' }).notNull().default(0),
  paymentCents: bigint('payment_cents', { mode: 'number' }).notNull().default(0),
  /**
   * The voucher made from this line (documents to vouchers; the line cannot change or go), or the
   * voucher the line was brought in from (fromVoucher: its figures are the voucher's, so it cannot
   * change; deleting it and bringing it in again follows a changed voucher).
   */
  voucherId: integer('voucher_id'),
  /** The line was brought in from a voucher's cash or bank line (从凭证引入), not entered or imported. */
  fromVoucher: boolean('from_voucher').notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  index('cash_journal_lines_running').on(t.bankAccountId, t.lineDate, t.id),
  uniqueIndex('cash_journal_lines_code').on(t.bankAccountId, t.month, t.code),
  index('cash_journal_lines_kind').on(t.kindId),
  index('cash_journal_lines_voucher').on(t.voucherId),
  unique('cash_journal_lines_company_id').on(t.companyId, t.id),
  foreignKey({ name: 'cash_journal_lines_bank_account_fk', columns: [t.companyId, t.bankAccountId], foreignColumns: [bankAccounts.companyId, bankAccounts.id] }),
  foreignKey({ name: 'cash_journal_lines_kind_fk', columns: [t.companyId, t.kindId], foreignColumns: [cashierKinds.companyId, cashierKinds.id] }),
  foreignKey({ name: 'cash_journal_lines_voucher_fk', columns: [t.companyId, t.voucherId], foreignColumns: [vouchers.companyId, vouchers.id] }),
  check('cash_journal_lines_amount_check', sql`${t.receiptCents} >= 0 and ${t.paymentCents} >= 0 and ${t.receiptCents} <= 99999999999 and ${t.paymentCents} <= 99999999999 and (${t.receiptCents} = 0) <> (${t.paymentCents} = 0)`),
  check('cash_journal_lines_month_check', sql`${t.month} = extract(year from ${t.lineDate})::int * 100 + extract(month from ${t.lineDate})::int`),
  check('cash_journal_lines_code_check', sql`${t.code} > 0`),
]);
