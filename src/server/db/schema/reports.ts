/**
 * Report definitions (decision 033): the rows of a company's 资产负债表 and 利润表 as data — row
 * number (行次), labels, layout (column side, indent, bold) and a formula over subject balances and
 * other rows (src/domain/report-formula.ts). Every company starts from the Small Enterprise
 * layouts (src/domain/report-layouts.ts) and may adjust its own copy; the definitions apply to
 * every ledger set of the company (the chart is per account year, so formulas name subject codes).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { reportKinds } from '../../../domain/report-formula';
import { reportRoles, reportSides } from '../../../domain/report-layouts';
import { companies, oneOf } from './platform';

export const reportRows = pgTable('report_rows', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  kind: varchar('kind', { length: 20 }).notNull(),
  /** LEFT: assets (or the income statement's only column); RIGHT: liabilities and owners' equity. */
  side: varchar('side', { length: 5 }).notNull(),
  /** Display order within the kind and side. */
  sort: integer('sort').notNull(),
  /** 行次; null for section headings (流动资产：), which formulas cannot refer to. */
  lineNo: smallint('line_no'),
  label: varchar('label', { length: 100 }).notNull(),
  labelEn: varchar('label_en', { length: 150 }),
  indent: smallint('indent').notNull().default(0),
  bold: boolean('bold').notNull().default(false),
  formula: varchar('formula', { length: 2000 }).notNull().default(''),
  /** The totals compared for the imbalance check (assets total, liabilities and equity total). */
  role: varchar('role', { length: 30 }),
  version: integer('version').notNull().default(0),
}, (t) => [
  index('report_rows_company_kind').on(t.companyId, t.kind, t.side, t.sort),
  uniqueIndex('report_rows_line_no').on(t.companyId, t.kind, t.lineNo).where(sql`${t.lineNo} is not null`),
  uniqueIndex('report_rows_role').on(t.companyId, t.kind, t.role).where(sql`${t.role} is not null`),
  unique('report_rows_company_id').on(t.companyId, t.id),
  check('report_rows_kind_check', oneOf(t.kind, reportKinds)),
  check('report_rows_side_check', oneOf(t.side, reportSides)),
  check('report_rows_role_check', sql`${t.role} is null or ${oneOf(t.role, reportRoles)}`),
  check('report_rows_line_no_check', sql`${t.lineNo} is null or ${t.lineNo} between 1 and 999`),
  check('report_rows_indent_check', sql`${t.indent} between 0 and 5`),
]);
