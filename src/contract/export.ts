/**
 * Background exports (spec 01 §7 "Export progress", spec 02 §4): an export call answers a task at
 * once; the app polls /system/export/{token} every 1.5 s for progress, completed and result (a
 * download URL), then downloads the workbook.
 */
import { z } from 'zod';
import { exportKinds, exportTaskStates } from '../domain/enums';
import { subjectFilter } from './subject';
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

export const exportApi = {
  /** Starts exporting the matching subjects of an account year to .xlsx; answers the task (RUNNING). */
  subjects: defineRoute({ method: 'POST', path: '/subject/export', body: subjectExportBody, answer: exportTaskDto, access: { right: null, scope: 'accountYear' }, tags: ['subject', 'export'] }),
  /** A task's progress; only its creator, or a holder of the system right in its company, may read it. */
  progress: defineRoute({ method: 'GET', path: '/system/export/:token', params: exportTokenParams, answer: exportTaskDto, access: { right: null, scope: 'company' }, tags: ['system', 'export'] }),
};
