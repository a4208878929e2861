/**
 * Subject code rules and subjects (the chart of accounts), per account year (spec 02 §3). Both carry
 * company_id and point at their account year by (company_id, account_year_id), so a row cannot
 * cross companies; a subject's parent is tied the same way. Codes are digits only and unique within
 * an account year; kinds and auxiliary type ids are checked by the database too.
 */
import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, serial, unique, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { specificSubjectTypes, subjectKinds } from '../../../domain/enums';
import { accountYears, companies } from './platform';

const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

/** One row per level of an account year's code rule (level 1 first). */
export const subjectCodeRules = pgTable('subject_code_rules', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountYearId: integer('account_year_id').notNull(),
  level: integer('level').notNull(),
  length: integer('length').notNull(),
}, (t) => [
  uniqueIndex('subject_code_rules_level').on(t.accountYearId, t.level),
  foreignKey({ name: 'subject_code_rules_year_fk', columns: [t.companyId, t.accountYearId], foreignColumns: [accountYears.companyId, accountYears.id] }).onDelete('cascade'),
  check('subject_code_rules_level_check', sql`${t.level} between 1 and 15`),
  check('subject_code_rules_length_check', sql`${t.length} between 1 and 10`),
]);

export const subjects = pgTable('subjects', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountYearId: integer('account_year_id').notNull(),
  parentId: integer('parent_id'),
  code: varchar('code', { length: 40 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  /** The English name (the standard chart ships one; optional for subjects a clerk adds). */
  nameEn: varchar('name_en', { length: 100 }),
  abbr: varchar('abbr', { length: 50 }),
  kind: varchar('kind', { length: 16 }).notNull(),
  /** Normal balance side: true debit (BORROWER), false credit (LENDER). */
  direction: boolean('direction').notNull(),
  level: integer('level').notNull(),
  leaf: boolean('leaf').notNull().default(true),
  disabled: boolean('disabled').notNull().default(false),
  beCash: boolean('be_cash').notNull().default(false),
  /** Auxiliary accounting type ids (1 department … 6 budget). */
  auxTypeIds: integer('aux_type_ids').array().notNull().default(sql`'{}'::integer[]`),
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('subjects_year_code').on(t.accountYearId, t.code),
  unique('subjects_company_id').on(t.companyId, t.id),
  // Voucher lines point at (account_year_id, id): a line's subject is of its voucher's year.
  unique('subjects_year_id').on(t.accountYearId, t.id),
  /** Target of rows that must name a subject of one given account year (specific subjects). */
  unique('subjects_company_year_id').on(t.companyId, t.accountYearId, t.id),
  index('subjects_parent').on(t.parentId),
  foreignKey({ name: 'subjects_year_fk', columns: [t.companyId, t.accountYearId], foreignColumns: [accountYears.companyId, accountYears.id] }).onDelete('cascade'),
  foreignKey({ name: 'subjects_parent_fk', columns: [t.companyId, t.parentId], foreignColumns: [t.companyId, t.id] }),
  check('subjects_kind_check', oneOf(t.kind, subjectKinds)),
  check('subjects_code_check', sql`${t.code} ~ '^[1-5][0-9]*$'`),
  check('subjects_level_check', sql`${t.level} between 1 and 15`),
  check('subjects_aux_check', sql`${t.auxTypeIds} <@ array[1,2,3,4,5,6]`),
]);

/**
 * The subjects playing a specific role in an account year (spec 01 §3: CASH, BANK, CASH_OPP,
 * BUSINESS). The subject is tied by (company_id, account_year_id, subject_id), so it is always a
 * subject of the same company and year; deleting the subject or the year removes the row.
 */
export const specificSubjects = pgTable('specific_subjects', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  accountYearId: integer('account_year_id').notNull(),
  kind: varchar('kind', { length: 16 }).notNull(),
  subjectId: integer('subject_id').notNull(),
}, (t) => [
  uniqueIndex('specific_subjects_year_kind_subject').on(t.accountYearId, t.kind, t.subjectId),
  foreignKey({ name: 'specific_subjects_year_fk', columns: [t.companyId, t.accountYearId], foreignColumns: [accountYears.companyId, accountYears.id] }).onDelete('cascade'),
  foreignKey({ name: 'specific_subjects_subject_fk', columns: [t.companyId, t.accountYearId, t.subjectId], foreignColumns: [subjects.companyId, subjects.accountYearId, subjects.id] }).onDelete('cascade'),
  check('specific_subjects_kind_check', oneOf(t.kind, specificSubjectTypes)),
]);
