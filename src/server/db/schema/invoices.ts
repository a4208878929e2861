/**
 * Invoices of projects (spec 02 §2.6, §3 Invoice): tax documents issued to a project's client,
 * numbered uniquely per company, with PDF attachments kept as stored files. An invoice belongs to
 * a project of the same company ((company_id, project_id) foreign key; a project with invoices
 * cannot be deleted); attachments go with their invoice.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, serial, unique, uniqueIndex, varchar, type PgTableExtraConfigValue } from 'drizzle-orm/pg-core';
import { invoiceKinds } from '../../../domain/enums';
import { companies, files, oneOf, ts, users } from './platform';
import { projects } from './clients';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  projectId: integer('project_id').notNull(),
  no: varchar('no', { length: 50 }).notNull(),
  kind: varchar('kind', { length: 16 }).notNull().default('VAT_GENERAL'),
  issueOffice: varchar('issue_office', { length: 50 }),
  date: date('date', { mode: 'string' }).notNull(),
  amountCents: cents('amount_cents'),
  receivedCents: cents('received_cents'),
  redCents: cents('red_cents'),
  remark: varchar('remark', { length: 500 }),
  /** Set the first time someone opens the invoice for viewing (spec 02 §4). */
  opened: boolean('opened').notNull().default(false),
  version: integer('version').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t): PgTableExtraConfigValue[] => [
  unique('invoices_company_id').on(t.companyId, t.id),
  uniqueIndex('invoices_company_no').on(t.companyId, sql`lower(${t.no})`),
  index('invoices_project').on(t.companyId, t.projectId),
  index('invoices_date').on(t.companyId, t.date),
  foreignKey({ name: 'invoices_project_fk', columns: [t.companyId, t.projectId], foreignColumns: [projects.companyId, projects.id] }),
  check('invoices_kind_check', oneOf(t.kind, invoiceKinds)),
  check('invoices_amount_range', sql`${t.amountCents} between 0 and 2100000000`),
  check('invoices_received_range', sql`${t.receivedCents} between 0 and 2100000000`),
  check('invoices_red_range', sql`${t.redCents} between 0 and 2100000000`),
]);

/** PDF files of an invoice (at least one for a complete invoice; see docs/decisions/016-invoices.md). */
export const invoiceAttachments = pgTable('invoice_attachments', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  invoiceId: integer('invoice_id').notNull(),
  fileId: integer('file_id').notNull().references(() => files.id),
  name: varchar('name', { length: 250 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t): PgTableExtraConfigValue[] => [
  index('invoice_attachments_invoice').on(t.companyId, t.invoiceId),
  uniqueIndex('invoice_attachments_file').on(t.fileId),
  foreignKey({ name: 'invoice_attachments_invoice_fk', columns: [t.companyId, t.invoiceId], foreignColumns: [invoices.companyId, invoices.id] }).onDelete('cascade'),
]);
