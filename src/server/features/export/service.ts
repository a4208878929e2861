/**
 * Background exports (spec 01 §7, spec 02 §4): the export call checks there is something to export
 * (else NO_DATA_TO_EXPORT), records a RUNNING task and answers it at once; the job builds the
 * workbook, stores it as a file and finishes the task (or fails it), reporting progress on the way.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { companyScope } from '../../db/tx';
import { DomainError, isResultCode, type ResultCode } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import type { ExportTaskDto } from '../../../contract/export';
import { iso } from '../../db/queries/list';
import { fileUrl } from '../../http/file-urls';
import { messageOf } from '../../http/messages';
import { storeFile } from '../system/queries';
import { selectSubjects, type SubjectFilter } from '../subject/queries';
import type { SubjectRow } from '../subject/dto';
import { buildWorkbook, XLSX_MIME, type SheetColumn } from './workbook';
import { SUBJECT_COLUMNS } from './subject-sheet';
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

interface ExportJob<R> {
  kind: 'SUBJECT';
  companyId: number;
  userId: number;
  fileName: string;
  sheetName: string;
  columns: ReadonlyArray<SheetColumn<R>>;
  /** Loads the rows page by page, reporting the share done (0–1). */
  load: (db: Db, report: (share: number) => Promise<void>) => Promise<R[]>;
}

/** Records the task and starts the job; answers the RUNNING task. */
async function startExport<R>(app: FastifyInstance, job: ExportJob<R>): Promise<q.ExportTaskRow> {
  const db = app.db;
  const task = await q.insertTask(db, { token: randomBytes(24).toString('base64url'), companyId: job.companyId, kind: job.kind, createdBy: job.userId });
  const delay = app.opts.exportStepDelayMs ?? 0;
  app.jobs.run(async () => {
    try {
      await pause(delay);
      const rows = await job.load(db, async (share) => {
        await q.setProgress(db, task.id, 10 + share * 50);
        await pause(delay);
      });
      await q.setProgress(db, task.id, 70);
      await pause(delay);
      const content = await buildWorkbook(job.sheetName, job.columns, rows);
      await q.setProgress(db, task.id, 90);
      await pause(delay);
      const fileId = await storeFile(db, { companyId: job.companyId, ownerId: job.userId, name: job.fileName, mime: XLSX_MIME, content });
      await q.finishTask(db, task.id, fileId);
    } catch (err) {
      const code: ResultCode = err instanceof DomainError ? err.code : 'EXPORT_FAILED';
      await q.failTask(db, task.id, code).catch(() => {});
      if (!(err instanceof DomainError)) app.log.error({ err, task: task.id }, 'export failed');
    }
  });
  return task;
}

/** Subjects of an account year matching the list filter (an id list for the ticked rows). */
export async function startSubjectExport(app: FastifyInstance, v: { companyId: number; userId: number; year: number; filter: SubjectFilter }): Promise<q.ExportTaskRow> {
  const scope = companyScope(app.db, v.companyId);
  const page = (offset: number, db: Db = app.db) => selectSubjects(companyScope(db, v.companyId), { filter: v.filter, offset, limit: MAX_PAGE_LIMIT, sort: {}, expand: new Set() });
  const first = await selectSubjects(scope, { filter: v.filter, offset: 0, limit: 1, sort: {}, expand: new Set() });
  if (first.total === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  return startExport(app, {
    kind: 'SUBJECT',
    companyId: v.companyId,
    userId: v.userId,
    fileName: `subjects-${v.year}.xlsx`,
    sheetName: `Subjects ${v.year}`,
    columns: SUBJECT_COLUMNS,
    load: async (db, report) => {
      const rows: SubjectRow[] = [];
      for (;;) {
        const { rows: got, total } = await page(rows.length, db);
        rows.push(...got);
        await report(total ? rows.length / total : 1);
        if (!got.length || rows.length >= total) return rows;
      }
    },
  });
}

export async function readTask(db: Db, token: string) {
  return q.findTaskByToken(db, token);
}
