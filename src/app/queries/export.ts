/**
 * Background exports (spec 01 §7): start one (answers a task token) and read a task's progress;
 * the export progress bar (features/common/export-progress.tsx) polls with fetchExportTask.
 */
import { call } from '../api/typed-client';
import { exportApi } from '../../contract/heads';
import type { ExportTaskState } from '../../../machines/export-progress.machine';

/** Exports the given subjects of the year (the ticked rows). */
export const startSubjectExport = (accountYearId: number, ids: number[]) => call(exportApi.subjects, { body: { filter: { accountYearId, id: ids } } });

export const fetchExportTask = (token: string): Promise<ExportTaskState> => call(exportApi.progress, { params: { token } });

/** Imports subjects from an .xlsx into the year (all or nothing). */
export const importSubjects = (accountYearId: number, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return call(exportApi.subjectImport, { query: { accountYearId }, body });
};
