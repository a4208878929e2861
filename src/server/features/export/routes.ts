/** Background exports: start one (answers the task at once) and read a task's progress by its token. */
import type { FastifyInstance } from 'fastify';
import { exportApi } from '../../../contract/export';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccountYear, guardCompany } from '../../http/guards';
import * as service from './service';
import { importSubjects } from './subject-import';
import { UPLOAD_MAX_BYTES } from '../../../domain/constants';

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  handle(app, exportApi.subjects, async (req) => {
    const year = await guardAccountYear(req, req.body.filter.accountYearId);
    const task = await service.startSubjectExport(app, { companyId: year.companyId, userId: req.access.user.id, year: year.year, filter: { ...req.body.filter, accountYearId: year.id } });
    return ok(service.taskDto(task, app.opts.fileSecret!, req.lang));
  });

  handle(app, exportApi.subjectImport, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    // 'please select EXCEL': no file part, or an empty one.
    const part = req.isMultipart() ? await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES } }) : undefined;
    if (!part) throw new DomainError('IMPORT_FILE_REQUIRED');
    const file = await part.toBuffer();
    if (part.file.truncated) throw new DomainError('FILE_TOO_LARGE');
    if (!file.length) throw new DomainError('IMPORT_FILE_REQUIRED');
    return ok(await importSubjects(app.db, { companyId: year.companyId, accountYearId: year.id, file, failFast: req.query.failFast ?? false, lang: req.lang }));
  });

  handle(app, exportApi.progress, async (req) => {
    const task = await service.readTask(app.db, req.params.token);
    if (!task) throw new DomainError('NO_PERMISSION');
    // Its creator (still linked to the company) or a manager of the company (system right); anyone else: as if missing.
    guardCompany(req, task.companyId, task.createdBy === req.access.user.id ? null : RIGHTS.SYSTEM);
    if (task.state === 'FINISHED' && task.resultFileId === null) throw new DomainError('FILE_CLEARED');
    return ok(service.taskDto(task, app.opts.fileSecret!, req.lang));
  });
}
