/**
 * The multipart form of an upload route that declares a query (the imports): spec 01 §7 sends the
 * scope (companyId, accountYearId or accountId) and failFast as form fields beside the file, and
 * older callers send them in the query string; both work. Before the route's query schema runs, the
 * form is read once: its fields fill the query parameters the schema declares (a query parameter
 * wins over a form field of the same name) and the first file is kept for the handler
 * (features/export/upload.ts). Failures about the file itself (none, too large, a broken form) are
 * kept too and raised by the handler when it asks for the file, after its scope is guarded, as before.
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../domain/constants';
import { badTextPath } from '../../contract/common';
import { InputValidationError } from './validation';

export interface ReadUpload {
  /** The first file of the form (null: none); `truncated` when it went past the size limit. */
  file: { content: Buffer; truncated: boolean; filename: string; mimetype: string } | null;
  /** A failure reading the form, raised when the handler asks for the file. */
  error: unknown;
}

const uploads = new WeakMap<FastifyRequest, ReadUpload>();

/** The upload read by `readUploadForm` for this request, or undefined when it was not read that way. */
export function readUploadOf(req: FastifyRequest): ReadUpload | undefined {
  return uploads.get(req);
}

/** A preValidation hook for upload routes with a query: `fields` are the query's parameter names. */
export function uploadFormReader(fields: readonly string[]) {
  const accepted = new Set(fields);
  return async function readUploadForm(req: FastifyRequest): Promise<void> {
    if (!req.isMultipart()) return;
    const form: Record<string, string> = {};
    const read: ReadUpload = { file: null, error: null };
    try {
      // A file past the limit is kept as truncated (not thrown), so the fields after it are still read.
      // (@fastify/multipart reads throwFileSizeLimit in parts() too; its types list it for file() only.)
      const options = { limits: { fileSize: UPLOAD_MAX_BYTES }, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
      for await (const part of req.parts(options)) {
        if (part.type === 'file') {
          if (read.file) {
            part.file.resume();
            continue;
          }
          const content = await part.toBuffer();
          read.file = part.file.truncated ? { content: Buffer.alloc(0), truncated: true, filename: part.filename, mimetype: part.mimetype } : { content, truncated: false, filename: part.filename, mimetype: part.mimetype };
        } else if (accepted.has(part.fieldname) && typeof part.value === 'string' && !(part.fieldname in form)) {
          form[part.fieldname] = part.value;
        }
      }
    } catch (e) {
      // A second file past the form's one-file limit is ignored, as when only the first was read.
      if (!(read.file && (e as { code?: string }).code === 'FST_FILES_LIMIT')) read.error = e;
    }
    uploads.set(req, read);
    const bad = badTextPath(form);
    if (bad) throw new InputValidationError([{ code: 'custom', path: bad, message: 'badText' }], form);
    const query = (req.query ?? {}) as Record<string, unknown>;
    req.query = { ...form, ...query };
  };
}
