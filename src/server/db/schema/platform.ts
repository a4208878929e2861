/**
 * Platform tables: identity, companies, ledger sets (accounts), account years, periods, system
 * settings and saved user data. Every tenant row carries company_id (brief: "Every tenant row
 * carries company_id"); global rows (users, rights, config) do not belong to one company.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  shortCut: varchar('short_cut', { length: 50 }),
  taxNumber: varchar('tax_number', { length: 50 }),
  address: varchar('address', { length: 250 }),
  phone: varchar('phone', { length: 50 }),
  remark: varchar('remark', { length: 500 }),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('companies_name_live').on(t.name).where(sql`${t.deleted} = false`)]);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  kind: varchar('kind', { length: 10 }).notNull().default('OTHER'),
  state: varchar('state', { length: 10 }).notNull().default('NORMAL'),
  /** The user's own (home) company; the current company lives on the session. */
  companyId: integer('company_id').references(() => companies.id),
  mobileTel: varchar('mobile_tel', { length: 20 }),
  email: varchar('email', { length: 100 }),
  avatarFileId: integer('avatar_file_id'),
  language: varchar('language', { length: 10 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('users_username').on(sql`lower(${t.username})`)]);

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the bearer token; the token itself is never stored. */
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  companyId: integer('company_id').references(() => companies.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: varchar('ip', { length: 64 }),
}, (t) => [uniqueIndex('sessions_token').on(t.tokenHash), index('sessions_user').on(t.userId)]);

/** Failed sign-in counter and the pending captcha per username (spec 01 §8: captcha after failures). */
export const loginGuards = pgTable('login_guards', {
  username: varchar('username', { length: 50 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  captchaHash: varchar('captcha_hash', { length: 64 }),
  captchaExpiresAt: ts('captcha_expires_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const rights = pgTable('rights', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  nameZh: varchar('name_zh', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }).notNull(),
  sort: integer('sort').notNull().default(0),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  name: varchar('name', { length: 50 }).notNull(),
  kind: varchar('kind', { length: 10 }).notNull().default('USER'),
  owner: varchar('owner', { length: 10 }).notNull().default('COMPANY'),
  remark: varchar('remark', { length: 250 }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('roles_company_name').on(t.companyId, t.name)]);

export const roleRights = pgTable('role_rights', {
  companyId: integer('company_id').notNull().references(() => companies.id),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  rightId: integer('right_id').notNull().references(() => rights.id),
}, (t) => [primaryKey({ columns: [t.roleId, t.rightId] })]);

export const userRoles = pgTable('user_roles', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('user_roles_unique').on(t.userId, t.roleId), index('user_roles_company').on(t.companyId, t.userId)]);

export const userCompanies = pgTable('user_companies', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('user_companies_unique').on(t.userId, t.companyId)]);

/** Ledger sets ("accounts" in the spec). One per company may be main. */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  name: varchar('name', { length: 100 }).notNull(),
  main: boolean('main').notNull().default(false),
  state: varchar('state', { length: 10 }).notNull().default('NORMAL'),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('accounts_company').on(t.companyId),
  uniqueIndex('accounts_one_main').on(t.companyId).where(sql`${t.main} = true and ${t.deleted} = false`),
]);

export const accountYears = pgTable('account_years', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull().references(() => accounts.id),
  year: integer('year').notNull(),
  startAt: date('start_at', { mode: 'string' }).notNull(),
  endAt: date('end_at', { mode: 'string' }).notNull(),
}, (t) => [uniqueIndex('account_years_unique').on(t.accountId, t.year)]);

export const periods = pgTable('periods', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountYearId: integer('account_year_id').notNull().references(() => accountYears.id, { onDelete: 'cascade' }),
  startAt: date('start_at', { mode: 'string' }).notNull(),
  endAt: date('end_at', { mode: 'string' }).notNull(),
  /** Settled (rolled) periods refuse ledger changes. */
  rolled: boolean('rolled').notNull().default(false),
}, (t) => [index('periods_year').on(t.accountYearId, t.startAt)]);

export const systemConfig = pgTable('system_config', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
});

/** Saved query filters and column widths (spec 01 §3 "Saved user data"). */
export const userData = pgTable('user_data', {
  id: serial('id').primaryKey(),
  createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 100 }).notNull(),
  subKind: varchar('sub_kind', { length: 100 }),
  content: jsonb('content').notNull(),
  modifiedAt: ts('modified_at').notNull().defaultNow(),
}, (t) => [index('user_data_owner').on(t.createdBy, t.kind)]);

/** Uploaded files (avatars now; attachments later), kept in the database so every instance sees them. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => companies.id),
  /** The uploader. Deleting a user deletes their avatar (queries/users.ts) and keeps other files, unowned. */
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  name: varchar('name', { length: 250 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  content: bytea('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
