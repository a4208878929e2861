/**
 * Background exports (spec 01 §7 "Export progress", spec 02 §4): an export call answers a task at
 * once; the app polls /system/export/{token} every 1.5 s for progress, completed and result (a
 * download URL), then downloads the workbook.
 */
import { z } from 'zod';
import { exportKinds, exportTaskStates } from '../domain/enums';
import { subjectFilter } from './subject';
import { idSchema } from './common';
import { RIGHTS } from '../domain/rights';
import { defineRoute } from './route';

export const exportTaskDto = z.object({
  token: z.string(),
  kind: z.enum(exportKinds),
  state: z.enum(exportTaskStates),
  /** 0–100. */
  progress: z.number().int(),
  /** true once the task has finished (the result is ready). */
  completed: z.boolean(),
  /** true when the task failed (error names why); the app stops polling and reports an export failure. */
  failed: z.boolean(),
  /** The workbook's download URL (signed), once completed. */
  result: z.string().nullable(),
  /** The failure's message, in the caller's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportTaskDto = z.infer<typeof exportTaskDto>;

/** A task token: base64url, as the server makes them. */
export const exportTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** filter {accountYearId, id list, …} as the subject list takes it; no id = every matching subject. */
export const subjectExportBody = z.object({ filter: subjectFilter });

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** The import's scope travels in the query (the multipart body holds only the file). */
export const subjectImportQuery = z.object({
  accountYearId: idSchema,
  /** Report only the first wrong row (default: every wrong row); nothing is imported either way. */
  failFast: flag.optional(),
});
/** What an import did; a wrong row answers IMPORT_ROWS_INVALID with every row's error in `appendix.errors` instead. */
export const importResultDto = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });
export type ImportResultDto = z.infer<typeof importResultDto>;
/**
 * A refused import's appendix: every wrong row, and the signed URL of the error workbook (the
 * uploaded sheet with an 'error' column naming what is wrong on each such row).
 */
export const importFailureAppendix = z.object({ errors: z.array(z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() })), errorFile: z.string().nullable() });
/** One wrong row of an import (the failure's appendix.errors). */
export const importRowErrorDto = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
export type ImportRowErrorDto = z.infer<typeof importRowErrorDto>;

export const exportApi = {
  /** Starts exporting the matching subjects of an account year to .xlsx; answers the task (RUNNING). */
  subjects: defineRoute({ method: 'POST', path: '/subject/export', body: subjectExportBody, answer: exportTaskDto, access: { right: null, scope: 'accountYear' }, tags: ['subject', 'export'] }),
  /**
   * Imports subjects from an .xlsx (the export's layout: bilingual headers, code first), all or
   * nothing: new codes are created and existing ones updated with the form's rules, parents before
   * children; rows that change nothing are left as they are.
   */
  subjectImport: defineRoute({ method: 'POST', path: '/subject/import', multipart: true, query: subjectImportQuery, answer: importResultDto, access: { right: RIGHTS.BASIC_FINANCE, scope: 'accountYear' }, tags: ['subject', 'import'] }),
  /** The subject import template (.xlsx attachment). */
  subjectTemplate: defineRoute({ method: 'GET', path: '/subject/template', answer: z.unknown(), access: { right: RIGHTS.BASIC_FINANCE, scope: 'none' }, tags: ['subject', 'import'] }),
  /** A task's progress; only its creator, or a holder of the system right in its company, may read it. */
  progress: defineRoute({ method: 'GET', path: '/system/export/:token', params: exportTokenParams, answer: exportTaskDto, access: { right: null, scope: 'company' }, tags: ['system', 'export'] }),
};
