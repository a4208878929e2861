/**
 * Subject relations (科目对照): the subject of another ledger set's account year that stands for a
 * subject of this one when a voucher is synchronised there (decision 024). Both ends are tied by
 * (company_id, account_year_id, subject_id) to their subjects, so a relation never leaves its
 * company and names subjects of exactly the years it says; a deleted subject takes its relations
 * along. One target per source subject and target year.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, ts } from './platform';
import { subjects } from './subjects';

export const subjectRelations = pgTable('subject_relations', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  sourceAccountYearId: integer('source_account_year_id').notNull(),
  sourceSubjectId: integer('source_subject_id').notNull(),
  targetAccountYearId: integer('target_account_year_id').notNull(),
  targetSubjectId: integer('target_subject_id').notNull(),
  /** Auxiliary types of the source the target does not take, accepted as lost in a copy. */
  dropAuxTypeIds: integer('drop_aux_type_ids').array().notNull().default(sql`'{}'::integer[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(0),
}, (t) => [
  uniqueIndex('subject_relations_source_target_year').on(t.sourceSubjectId, t.targetAccountYearId),
  index('subject_relations_years').on(t.sourceAccountYearId, t.targetAccountYearId),
  index('subject_relations_target').on(t.targetSubjectId),
  foreignKey({ name: 'subject_relations_source_fk', columns: [t.companyId, t.sourceAccountYearId, t.sourceSubjectId], foreignColumns: [subjects.companyId, subjects.accountYearId, subjects.id] }).onDelete('cascade'),
  foreignKey({ name: 'subject_relations_target_fk', columns: [t.companyId, t.targetAccountYearId, t.targetSubjectId], foreignColumns: [subjects.companyId, subjects.accountYearId, subjects.id] }).onDelete('cascade'),
  check('subject_relations_other_year', sql`${t.sourceAccountYearId} <> ${t.targetAccountYearId}`),
  check('subject_relations_drop_check', sql`${t.dropAuxTypeIds} <@ array[1,2,3,4,5,6]`),
]);
