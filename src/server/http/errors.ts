/** Turns every failure into the wrapped answer with a localized message from the error catalogue. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, httpStatusOf, isResultCode, type ResultCode } from '../../domain/result-codes';
import { messageOf, pickLanguage } from './messages';

function langOf(req: FastifyRequest) {
  return req.lang ?? pickLanguage(req.headers['x-language'] as string | undefined, req.headers['accept-language']);
}

export function sendFailure(req: FastifyRequest, reply: FastifyReply, code: ResultCode, params: Record<string, string | number> = {}, appendix?: unknown) {
  return reply.status(httpStatusOf(code)).send({ data: null, success: false, code, msg: messageOf(code, langOf(req), params), ...(appendix !== undefined ? { appendix } : {}) });
}

interface ZodIssueLike { path?: PropertyKey[]; message?: string; instancePath?: string }

function validationDetail(issues: ZodIssueLike[]): { code: ResultCode; detail: string } {
  for (const i of issues) if (isResultCode(i.message)) return { code: i.message, detail: '' };
  const detail = issues
    .slice(0, 3)
    .map((i) => {
      const path = i.path?.length ? i.path.map(String).join('.') : (i.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      return path ? `${path}: ${i.message}` : String(i.message);
    })
    .join('; ');
  return { code: 'INVALID_INPUT', detail };
}

export function errorHandler(err: FastifyError & { validation?: unknown[]; cause?: unknown }, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DomainError) return sendFailure(req, reply, err.code, err.params, err.appendix);
  if (err.validation) {
    const { code, detail } = validationDetail(err.validation as ZodIssueLike[]);
    return sendFailure(req, reply, code, { detail });
  }
  if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) return sendFailure(req, reply, 'FILE_TOO_LARGE');
  if (err.statusCode === 429) return sendFailure(req, reply, 'TOO_MANY_REQUESTS');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return sendFailure(req, reply, err.statusCode === 404 ? 'NOT_FOUND' : 'INVALID_INPUT', { detail: err.message });
  }
  // Unique violations from the database are the catalogue's "Data duplication!".
  const pgCode = (err as { code?: string }).code ?? (err.cause as { code?: string } | undefined)?.code;
  if (pgCode === '23505') return sendFailure(req, reply, 'DATA_DUPLICATION');
  if (pgCode === '23503') return sendFailure(req, reply, 'IN_USE');
  req.log.error({ err }, 'unhandled error');
  return sendFailure(req, reply, 'OPERATION_FAILED');
}
