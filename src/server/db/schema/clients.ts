/**
 * Clients (customers) and projects (cases) of a company (spec 02 §4). A client's owner, a project's
 * department, clients and principals are tied to the same company by (company_id, …) foreign keys;
 * a client named by a project cannot be deleted (the link restricts it; the service asks first).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, primaryKey, serial, unique, uniqueIndex, varchar, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { auxKinds, projectKinds } from '../../../domain/enums';
import { companies, nameInitials, oneOf, ts } from './platform';
import { departments, employees } from './staff';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  kind: varchar('kind', { length: 16 }).notNull().default('NORMAL'),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  nameInitials: nameInitials(),
  /** The employee who leads the client; users bound to that employee see it without the view-all right. */
  ownerId: integer('owner_id'),
  bankName: varchar('bank_name', { length: 50 }),
  bankAccount: varchar('bank_account', { length: 50 }),
  invoiceTitle: varchar('invoice_title', { length: 50 }),
  taxNumber: varchar('tax_number', { length: 50 }),
  address: varchar('address', { length: 250 }),
  formerName: varchar('former_name', { length: 50 }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  unique('customers_company_id').on(t.companyId, t.id),
  uniqueIndex('customers_company_code').on(t.companyId, sql`lower(${t.code})`),
  index('customers_owner').on(t.companyId, t.ownerId),
  foreignKey({ name: 'customers_owner_fk', columns: [t.companyId, t.ownerId], foreignColumns: [employees.companyId, employees.id] }),
  check('customers_kind_check', oneOf(t.kind, auxKinds)),
]);

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  kind: varchar('kind', { length: 16 }).notNull().default('NON_LITIGATION'),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  nameInitials: nameInitials(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  departmentId: integer('department_id'),
  oppParty: varchar('opp_party', { length: 50 }),
  plaintiff: varchar('plaintiff', { length: 50 }),
  defendant: varchar('defendant', { length: 50 }),
  summary: varchar('summary', { length: 250 }),
  remark: varchar('remark', { length: 500 }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  unique('projects_company_id').on(t.companyId, t.id),
  uniqueIndex('projects_company_code').on(t.companyId, sql`lower(${t.code})`),
  foreignKey({ name: 'projects_department_fk', columns: [t.companyId, t.departmentId], foreignColumns: [departments.companyId, departments.id] }),
  check('projects_kind_check', oneOf(t.kind, projectKinds)),
  check('projects_amount_range', sql`${t.amountCents} between 0 and 2100000000`),
]);

/** The clients a project acts for (at least one; checked by the service). */
export const projectClients = pgTable('project_clients', {
  companyId: integer('company_id').notNull(),
  projectId: integer('project_id').notNull(),
  customerId: integer('customer_id').notNull(),
  position: integer('position').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  primaryKey({ name: 'project_clients_pk', columns: [t.projectId, t.customerId] }),
  index('project_clients_customer').on(t.companyId, t.customerId),
  foreignKey({ name: 'project_clients_project_fk', columns: [t.companyId, t.projectId], foreignColumns: [projects.companyId, projects.id] }).onDelete('cascade'),
  foreignKey({ name: 'project_clients_customer_fk', columns: [t.companyId, t.customerId], foreignColumns: [customers.companyId, customers.id] }),
]);

/** The employees in charge of a project (at least one); users bound to them see it without the view-all right. */
export const projectPrincipals = pgTable('project_principals', {
  companyId: integer('company_id').notNull(),
  projectId: integer('project_id').notNull(),
  employeeId: integer('employee_id').notNull(),
  position: integer('position').notNull().default(0),
}, (t): PgTableExtraConfigValue[] => [
  primaryKey({ name: 'project_principals_pk', columns: [t.projectId, t.employeeId] }),
  index('project_principals_employee').on(t.companyId, t.employeeId),
  foreignKey({ name: 'project_principals_project_fk', columns: [t.companyId, t.projectId], foreignColumns: [projects.companyId, projects.id] }).onDelete('cascade'),
  foreignKey({ name: 'project_principals_employee_fk', columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }),
]);
