/**
 * Background exports (spec 01 §7, spec 02 §4): the export call checks there is something to export
 * (else NO_DATA_TO_EXPORT), records a RUNNING task and answers it at once; the job builds the
 * workbook from the resource's sheet definition, stores it as a file and finishes the task (or
 * fails it), reporting progress on the way. Failed imports store their error workbook here too.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { DomainError, isResultCode, type ResultCode } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import type { ExportTaskDto, ImportResultDto } from '../../../contract/export';
import { iso } from '../../db/queries/list';
import { fileUrl } from '../../http/file-urls';
import { messageOf } from '../../http/messages';
import { storeFile } from '../system/queries';
import { buildErrorWorkbook, buildWorkbook, importError, importSheet, ImportFailure, XLSX_MIME, type AnySheetDef, type SheetScope } from './sheet';
import * as q from './queries';

export function taskDto(t: q.ExportTaskRow, fileSecret: string, lang: Language): ExportTaskDto {
  const completed = t.state === 'FINISHED';
  return {
    token: t.token,
    kind: t.kind as ExportTaskDto['kind'],
    state: t.state as ExportTaskDto['state'],
    progress: t.progress,
    completed,
    failed: t.state === 'FAILED',
    result: completed && t.resultFileId !== null ? fileUrl(fileSecret, t.resultFileId) : null,
    error: t.state === 'FAILED' ? messageOf(t.error && isResultCode(t.error) ? t.error : 'EXPORT_FAILED', lang) : null,
    createdAt: iso(t.createdAt),
  };
}

const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * Starts exporting the records of `filter` (the list's filter, the caller's visibility) as the
 * resource's workbook; answers the RUNNING task, or NO_DATA_TO_EXPORT before recording one.
 */
export async function startExport(app: FastifyInstance, def: AnySheetDef, v: { scope: SheetScope; filter: unknown; fileName: string }): Promise<q.ExportTaskRow> {
  const first = await def.page(app.db, v.scope, v.filter, 0, 1);
  if (first.total === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  const db = app.db;
  const task = await q.insertTask(db, { token: randomBytes(24).toString('base64url'), companyId: v.scope.companyId, kind: def.kind, createdBy: v.scope.userId });
  const delay = app.opts.exportStepDelayMs ?? 0;
  app.jobs.run(async () => {
    try {
      await pause(delay);
      const rows: unknown[] = [];
      for (;;) {
        const { content, total } = await def.page(db, v.scope, v.filter, rows.length, MAX_PAGE_LIMIT);
        rows.push(...content);
        await q.setProgress(db, task.id, 10 + (total ? rows.length / total : 1) * 50);
        await pause(delay);
        if (!content.length || rows.length >= total) break;
      }
      const ctx = await def.context(db, v.scope);
      await q.setProgress(db, task.id, 70);
      await pause(delay);
      const content = await buildWorkbook(def, rows, ctx);
      await q.setProgress(db, task.id, 90);
      await pause(delay);
      const fileId = await storeFile(db, { companyId: v.scope.companyId, ownerId: v.scope.userId, name: v.fileName, mime: XLSX_MIME, content });
      await q.finishTask(db, task.id, fileId);
    } catch (err) {
      const code: ResultCode = err instanceof DomainError ? err.code : 'EXPORT_FAILED';
      await q.failTask(db, task.id, code).catch(() => {});
      if (!(err instanceof DomainError)) app.log.error({ err, task: task.id }, 'export failed');
    }
  });
  return task;
}

/**
 * Imports the file (all or nothing). A refused import answers IMPORT_ROWS_INVALID with every wrong
 * row and the signed URL of the error workbook (the upload with an 'error' column), stored after
 * the import's transaction has rolled back.
 */
export async function runImport(app: FastifyInstance, def: AnySheetDef, v: { scope: SheetScope; file: Buffer; failFast: boolean; lang: Language }): Promise<ImportResultDto> {
  try {
    return await importSheet(app.db, def, v);
  } catch (err) {
    if (!(err instanceof ImportFailure)) throw err;
    let errorFile: string | null = null;
    const content = await buildErrorWorkbook(v.file, err.errors);
    if (content) {
      const id = await storeFile(app.db, { companyId: v.scope.companyId, ownerId: v.scope.userId, name: `${def.name.file}-errors.xlsx`, mime: XLSX_MIME, content });
      errorFile = fileUrl(app.opts.fileSecret!, id);
    }
    throw importError(err.errors, { errorFile });
  }
}

export async function readTask(db: Db, token: string) {
  return q.findTaskByToken(db, token);
}
