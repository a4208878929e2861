/**
 * Financial settings that vouchers need: voucher kinds (凭证字) and the voucher code rule, both per
 * ledger set (spec 01 §3: "Voucher kind: id, name, accountId. Code rule: accountId, length"), and
 * currencies, per company (/common/currency). Children tie company_id to their ledger set's with a
 * composite foreign key, so a kind can never hang off another company's ledger set.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, serial, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { VOUCHER_CODE_LENGTH_MAX, VOUCHER_CODE_LENGTH_MIN } from '../../../domain/finance-settings';
import { accounts, companies } from './platform';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const voucherKinds = pgTable('voucher_kinds', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  /** The character printed before the voucher number: 记, 收, 付, 转 … */
  name: varchar('name', { length: 16 }).notNull(),
  /** The English label shown in the en_US interface (General, Receipt, Payment, Transfer …). */
  nameEn: varchar('name_en', { length: 50 }),
  /** The kind a new voucher starts with; at most one per ledger set. */
  isDefault: boolean('is_default').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Bumped by every change; a write carrying an older one is refused (STALE_DATA). */
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('voucher_kinds_account_name').on(t.accountId, sql`lower(${t.name})`),
  uniqueIndex('voucher_kinds_one_default').on(t.accountId).where(sql`${t.isDefault} = true`),
  unique('voucher_kinds_company_id').on(t.companyId, t.id),
  index('voucher_kinds_account').on(t.accountId, t.sort),
  foreignKey({ name: 'voucher_kinds_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
]);

/** The voucher numbering rule of a ledger set: codes are numeric with at most `length` digits. */
export const voucherCodeRules = pgTable('voucher_code_rules', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  length: integer('length').notNull().default(4),
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('voucher_code_rules_account').on(t.accountId),
  foreignKey({ name: 'voucher_code_rules_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
  check('voucher_code_rules_length_check', sql`${t.length} between ${sql.raw(String(VOUCHER_CODE_LENGTH_MIN))} and ${sql.raw(String(VOUCHER_CODE_LENGTH_MAX))}`),
]);

/** Currencies of a company; exactly one is the base currency (CNY, seeded with the company), rate 1. */
export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  /** ISO 4217 code, upper case (CNY, USD …). */
  code: varchar('code', { length: 3 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  /** Units of the base currency per unit of this one, up to 6 decimals. */
  rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
  base: boolean('base').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('currencies_company_code').on(t.companyId, t.code),
  uniqueIndex('currencies_one_base').on(t.companyId).where(sql`${t.base} = true`),
  unique('currencies_company_id').on(t.companyId, t.id),
  check('currencies_rate_positive', sql`${t.rate} > 0`),
  check('currencies_base_rate', sql`not ${t.base} or (${t.rate} = 1 and not ${t.disabled})`),
]);

/**
 * Commonly used summaries (常用摘要; spec 01 §3 "commonly used summary", §7 /common/commonlySummary)
 * of a company: the texts a clerk picks with F7 in a voucher line's summary cell instead of typing
 * them again. An optional short code is typed to find one; a text is kept once per company.
 */
export const commonSummaries = pgTable('common_summaries', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  code: varchar('code', { length: 20 }),
  summary: varchar('summary', { length: 50 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('common_summaries_company_summary').on(t.companyId, t.summary),
  uniqueIndex('common_summaries_company_code').on(t.companyId, sql`lower(${t.code})`).where(sql`${t.code} is not null`),
]);
