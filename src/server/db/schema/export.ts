/**
 * Background export tasks (spec 01 §7 "Export progress"): an export call answers a task token at
 * once; the work runs in the server process (src/server/jobs/export-runner.ts) and stores the
 * workbook in `files`. A task is RUNNING, FINISHED (result_file_id set) or FAILED (error set); on
 * start-up tasks still RUNNING are marked FAILED, so none stays stuck after a restart.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { exportKinds, exportTaskStates } from '../../../domain/enums';
import { companies, files, oneOf, ts, users } from './platform';

export const exportTasks = pgTable('export_tasks', {
  id: serial('id').primaryKey(),
  /** Unguessable handle the app polls with (/system/export/{token}). */
  token: varchar('token', { length: 64 }).notNull(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  kind: varchar('kind', { length: 30 }).notNull(),
  state: varchar('state', { length: 16 }).notNull().default('RUNNING'),
  progress: integer('progress').notNull().default(0),
  resultFileId: integer('result_file_id').references(() => files.id, { onDelete: 'set null' }),
  /** A result code (src/domain/result-codes.ts) when FAILED. */
  error: varchar('error', { length: 60 }),
  createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
}, (t) => [
  uniqueIndex('export_tasks_token').on(t.token),
  index('export_tasks_company').on(t.companyId),
  index('export_tasks_running').on(t.state).where(sql`${t.state} = 'RUNNING'`),
  check('export_tasks_kind_check', oneOf(t.kind, exportKinds)),
  check('export_tasks_state_check', oneOf(t.state, exportTaskStates)),
  check('export_tasks_progress_check', sql`${t.progress} between 0 and 100`),
]);
