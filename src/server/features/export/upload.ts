/** The uploaded workbook of a multipart import (every Excel import): none or an empty one answers 'please select EXCEL'; over the limit, FILE_TOO_LARGE. */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/result-codes';
import { UPLOAD_MAX_BYTES } from '../../../domain/constants';
import { readUploadOf } from '../../http/upload';

export async function uploadedWorkbook(req: FastifyRequest): Promise<Buffer> {
  // Imports declare a query: their form was read before it was validated, the scope fields with the
  // file (http/upload.ts); a failure reading it is raised now, after the scope is guarded.
  const read = readUploadOf(req);
  if (read) {
    if (read.error) throw read.error;
    if (!read.file) throw new DomainError('IMPORT_FILE_REQUIRED');
    if (read.file.truncated) throw new DomainError('FILE_TOO_LARGE');
    if (!read.file.content.length) throw new DomainError('IMPORT_FILE_REQUIRED');
    return read.file.content;
  }
  const part = req.isMultipart() ? await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES } }) : undefined;
  if (!part) throw new DomainError('IMPORT_FILE_REQUIRED');
  const file = await part.toBuffer();
  if (part.file.truncated) throw new DomainError('FILE_TOO_LARGE');
  if (!file.length) throw new DomainError('IMPORT_FILE_REQUIRED');
  return file;
}
