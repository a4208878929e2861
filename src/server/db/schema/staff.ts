/**
 * Departments and employees of a company (spec 02 §3). A department's parent and principal, and an
 * employee's department, are tied to the same company by (company_id, …) foreign keys; an account is
 * bound to at most one employee per company (unique (company_id, user_id)).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, serial, unique, uniqueIndex, varchar, type AnyPgColumn, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { companies, nameInitials, ts, users } from './platform';

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  nameInitials: nameInitials(),
  parentId: integer('parent_id'),
  /** An employee of the same company. */
  principalId: integer('principal_id'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Bumped by every change; a write carrying an older one is refused (STALE_DATA). */
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  unique('departments_company_id').on(t.companyId, t.id),
  uniqueIndex('departments_company_code').on(t.companyId, sql`lower(${t.code})`),
  index('departments_parent').on(t.companyId, t.parentId),
  foreignKey({ name: 'departments_parent_fk', columns: [t.companyId, t.parentId], foreignColumns: [t.companyId, t.id] }),
  foreignKey({ name: 'departments_principal_fk', columns: [t.companyId, t.principalId], foreignColumns: [employees.companyId, employees.id] }),
  check('departments_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
]);

export const employees = pgTable('employees', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  nameInitials: nameInitials(),
  /** 1 man, 0 woman. */
  sex: integer('sex'),
  departmentId: integer('department_id').notNull(),
  phone: varchar('phone', { length: 50 }),
  position: varchar('position', { length: 50 }),
  salesman: boolean('salesman').notNull().default(false),
  birthday: date('birthday', { mode: 'string' }),
  entryDate: date('entry_date', { mode: 'string' }),
  leaveDate: date('leave_date', { mode: 'string' }),
  remark: varchar('remark', { length: 500 }),
  disabled: boolean('disabled').notNull().default(false),
  /** The bound user account (one per company). */
  userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  unique('employees_company_id').on(t.companyId, t.id),
  uniqueIndex('employees_company_code').on(t.companyId, sql`lower(${t.code})`),
  uniqueIndex('employees_company_user').on(t.companyId, t.userId).where(sql`${t.userId} is not null`),
  index('employees_department').on(t.companyId, t.departmentId),
  foreignKey({ name: 'employees_department_fk', columns: [t.companyId, t.departmentId], foreignColumns: [departments.companyId, departments.id] }),
  check('employees_sex_check', sql`${t.sex} is null or ${t.sex} in (0, 1)`),
]);
