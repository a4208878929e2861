/**
 * Platform tables: identity, companies, ledger sets (accounts), account years, periods, system
 * settings and saved user data. Every tenant row carries company_id (brief: "Every tenant row
 * carries company_id"); global rows (users, rights, config) do not belong to one company.
 * A child that carries company_id points at its company-owned parent by (company_id, parent_id), so
 * the database refuses a link across companies; enumerated columns carry CHECK constraints.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint, boolean, check, customType, date, foreignKey, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accountStates, languages, roleKinds, roleOwners, userKinds, userStates } from '../../../domain/enums';

/**
 * jsonb whose value comes back exactly as stored. Both drivers (pg, PGlite) already decode jsonb;
 * Drizzle's own jsonb decodes a string value a second time, so a stored JSON string such as "[]"
 * came back as an array (and broke the answer's schema: a 500). Written as JSON text, read as is.
 */
const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (v) => JSON.stringify(v ?? null),
  fromDriver: (v) => v,
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * CHECK that a column holds one of an enumeration's values (src/domain/enums.ts), so the database
 * refuses an unknown state or kind that the code forgot to validate. Values are code constants.
 */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * The pinyin initials of a master-data row's name (clients, projects, vendors, budgets, departments,
 * employees), lower case, for the lists' keyword search: '' for a name without Chinese characters,
 * NULL until filled (src/server/db/name-initials.ts writes and fills them).
 */
export const nameInitials = () => varchar('name_initials', { length: 50 });

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
}, (t) => [
  uniqueIndex('users_username').on(sql`lower(${t.username})`),
  check('users_kind_check', oneOf(t.kind, userKinds)),
  check('users_state_check', oneOf(t.state, userStates)),
  check('users_language_check', sql`${t.language} is null or ${oneOf(t.language, languages)}`),
]);

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
  /** Failures older than the window (LOGIN_FAILURE_WINDOW_MS) no longer count (features/idm/login-guards.ts). */
  lastFailureAt: ts('last_failure_at').notNull().defaultNow(),
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
  /** Bumped by every change of the role or its rights; a write carrying an older one is refused (STALE_DATA). */
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('roles_company_name').on(t.companyId, t.name),
  // The target of the (company_id, role_id) foreign keys below: a link cannot cross companies.
  unique('roles_company_id').on(t.companyId, t.id),
  check('roles_kind_check', oneOf(t.kind, roleKinds)),
  check('roles_owner_check', oneOf(t.owner, roleOwners)),
]);

export const roleRights = pgTable('role_rights', {
  companyId: integer('company_id').notNull().references(() => companies.id),
  roleId: integer('role_id').notNull(),
  rightId: integer('right_id').notNull().references(() => rights.id),
}, (t) => [
  primaryKey({ columns: [t.roleId, t.rightId] }),
  foreignKey({ name: 'role_rights_role_fk', columns: [t.companyId, t.roleId], foreignColumns: [roles.companyId, roles.id] }).onDelete('cascade'),
]);

export const userCompanies = pgTable('user_companies', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('user_companies_unique').on(t.userId, t.companyId)]);

/**
 * A user's role in a company: the role must belong to that company, and the user must be linked to
 * it (unlinking removes the user's roles there, by cascade as well as in features/idm/roles.ts).
 */
export const userRoles = pgTable('user_roles', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull(),
}, (t) => [
  uniqueIndex('user_roles_unique').on(t.userId, t.roleId),
  index('user_roles_company').on(t.companyId, t.userId),
  foreignKey({ name: 'user_roles_role_fk', columns: [t.companyId, t.roleId], foreignColumns: [roles.companyId, roles.id] }).onDelete('cascade'),
  foreignKey({ name: 'user_roles_link_fk', columns: [t.userId, t.companyId], foreignColumns: [userCompanies.userId, userCompanies.companyId] }).onDelete('cascade'),
]);

/** Ledger sets ("accounts" in the spec). One per company may be main. */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  name: varchar('name', { length: 100 }).notNull(),
  main: boolean('main').notNull().default(false),
  state: varchar('state', { length: 10 }).notNull().default('NORMAL'),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Bumped by every change; a write carrying an older one is refused (STALE_DATA). */
  version: integer('version').notNull().default(0),
}, (t) => [
  index('accounts_company').on(t.companyId),
  uniqueIndex('accounts_one_main').on(t.companyId).where(sql`${t.main} = true and ${t.deleted} = false`),
  // Ledger-set names are unique among a company's live sets (the switcher and every report name them).
  uniqueIndex('accounts_company_name_live').on(t.companyId, t.name).where(sql`${t.deleted} = false`),
  unique('accounts_company_id').on(t.companyId, t.id),
  check('accounts_state_check', oneOf(t.state, accountStates)),
]);

export const accountYears = pgTable('account_years', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountId: integer('account_id').notNull(),
  year: integer('year').notNull(),
  startAt: date('start_at', { mode: 'string' }).notNull(),
  endAt: date('end_at', { mode: 'string' }).notNull(),
}, (t) => [
  uniqueIndex('account_years_unique').on(t.accountId, t.year),
  unique('account_years_company_id').on(t.companyId, t.id),
  foreignKey({ name: 'account_years_account_fk', columns: [t.companyId, t.accountId], foreignColumns: [accounts.companyId, accounts.id] }),
]);

export const periods = pgTable('periods', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountYearId: integer('account_year_id').notNull(),
  startAt: date('start_at', { mode: 'string' }).notNull(),
  endAt: date('end_at', { mode: 'string' }).notNull(),
  /** Settled (rolled) periods refuse ledger changes. */
  rolled: boolean('rolled').notNull().default(false),
  /** Bumped by every boundary change; a write carrying an older one is refused (STALE_DATA). */
  version: integer('version').notNull().default(0),
}, (t) => [
  index('periods_year').on(t.accountYearId, t.startAt),
  unique('periods_company_id').on(t.companyId, t.id),
  foreignKey({ name: 'periods_account_year_fk', columns: [t.companyId, t.accountYearId], foreignColumns: [accountYears.companyId, accountYears.id] }).onDelete('cascade'),
]);

export const systemConfig = pgTable('system_config', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonValue('value').notNull(),
});

/** Saved query filters and column widths (spec 01 §3 "Saved user data"). */
export const userData = pgTable('user_data', {
  id: serial('id').primaryKey(),
  createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: varchar('kind', { length: 100 }).notNull(),
  subKind: varchar('sub_kind', { length: 100 }),
  content: jsonValue('content').notNull(),
  modifiedAt: ts('modified_at').notNull().defaultNow(),
}, (t) => [index('user_data_owner').on(t.createdBy, t.kind)]);

/** Uploaded files (avatars now; attachments later), kept in the database so every instance sees them. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').references(() => companies.id),
  /** The uploader. Deleting a user deletes their avatar (features/idm/users.ts) and keeps other files, unowned. */
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  name: varchar('name', { length: 250 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  content: bytea('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
