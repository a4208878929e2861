/** Turns every failure into the wrapped answer with a localized message from the error catalogue. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, httpStatusOf, isResultCode, type ResultCode } from '../../domain/result-codes';
import type { Language } from '../../domain/enums';
import { messageOf, pickLanguage, translate } from './messages';
import { isRetryableTxError, sqlStateOf } from '../db/tx';
import { describeIssues, fieldLabel, InputValidationError, normalizeIssue } from './validation';

/** SQLSTATEs the ledger triggers raise, as result codes. */
const LEDGER_GUARD_CODES: Record<string, ResultCode> = { LDROL: 'PERIOD_SETTLED', LDLCK: 'VOUCHER_LOCKED', LDBAL: 'DEBIT_CREDIT_IMBALANCE', LDINV: 'INVALID_INPUT', LDCOM: 'NO_PERMISSION' };

function langOf(req: FastifyRequest): Language {
  return req.lang ?? pickLanguage(req.headers['x-language'] as string | undefined, req.headers['accept-language']);
}

type Params = Record<string, string | number>;

/**
 * INVALID_INPUT raised in code names the field and, optionally, the rule: {field: 'rightIds', rule:
 * 'unknownRight', ids: '1,2'}. A bare identifier as detail ({detail: 'startAt'}) is read as a field.
 */
function localizeParams(code: ResultCode, params: Params, lang: Language): Params {
  if (code !== 'INVALID_INPUT') return params;
  if (typeof params.field === 'string') {
    const rule = translate(`validation.${params.rule ?? 'invalid'}`, lang, params);
    return { ...params, detail: translate('validation.field', lang, { field: fieldLabel(params.field.split('.'), lang), rule }) };
  }
  if (typeof params.detail === 'string' && /^[A-Za-z][\w.]*$/.test(params.detail)) {
    return { ...params, detail: translate('validation.field', lang, { field: fieldLabel(params.detail.split('.'), lang), rule: translate('validation.invalid', lang) }) };
  }
  return params;
}

export function failureBody(req: FastifyRequest, code: ResultCode, params: Params = {}, appendix?: unknown) {
  const lang = langOf(req);
  return { data: null, success: false, code, msg: messageOf(code, lang, localizeParams(code, params, lang)), ...(appendix !== undefined ? { appendix } : {}) };
}

export function sendFailure(req: FastifyRequest, reply: FastifyReply, code: ResultCode, params: Params = {}, appendix?: unknown) {
  return reply.status(httpStatusOf(code)).send(failureBody(req, code, params, appendix));
}

/** The raw input a schema validated, so a missing value can be told from a wrong one. */
function validatedInput(req: FastifyRequest, err: { validationContext?: string } | InputValidationError): unknown {
  if (err instanceof InputValidationError) return err.source;
  switch (err.validationContext) {
    case 'body': return req.body;
    case 'querystring': return req.query;
    case 'params': return req.params;
    case 'headers': return req.headers;
    default: return undefined;
  }
}

function validationFailure(req: FastifyRequest, err: { validation: unknown[]; validationContext?: string }): { code: ResultCode; detail: string } {
  const issues = err.validation.map(normalizeIssue);
  // A schema may name a result code as its message (passwordSchema → INVALID_PASSWORD).
  for (const i of issues) if (isResultCode(i.message)) return { code: i.message, detail: '' };
  return { code: 'INVALID_INPUT', detail: describeIssues(issues, langOf(req), validatedInput(req, err as { validationContext?: string })) };
}

export function errorHandler(err: FastifyError & { validation?: unknown[]; validationContext?: string; cause?: unknown }, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DomainError) return sendFailure(req, reply, err.code, err.params, err.appendix);
  if (err.validation) {
    const { code, detail } = validationFailure(req, err as { validation: unknown[]; validationContext?: string });
    return sendFailure(req, reply, code, { detail });
  }
  if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) return sendFailure(req, reply, 'FILE_TOO_LARGE');
  if (err.statusCode === 429) return sendFailure(req, reply, 'TOO_MANY_REQUESTS');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 404) return sendFailure(req, reply, 'NOT_FOUND');
    // Fastify's own 4xx texts are English; answer with the catalogue's words instead.
    const rule = /JSON/i.test(`${err.code ?? ''} ${err.message}`) ? 'badJson' : 'badRequest';
    return sendFailure(req, reply, 'INVALID_INPUT', { detail: translate(`validation.${rule}`, langOf(req)) });
  }
  // Unique violations from the database are the catalogue's "Data duplication!".
  const pgCode = sqlStateOf(err);
  if (pgCode === '23505') return sendFailure(req, reply, 'DATA_DUPLICATION');
  if (pgCode === '23503') return sendFailure(req, reply, 'IN_USE');
  // A deadlock or serialization failure that withTx's retries did not get past: nothing was changed; try again.
  if (isRetryableTxError(err)) {
    req.log.warn({ err }, 'transaction aborted by concurrent transactions after every retry');
    return sendFailure(req, reply, 'BUSY');
  }
  // The ledger's own guards (the voucher_guards migration): a code path that slipped past the services.
  const ledgerGuard = pgCode ? LEDGER_GUARD_CODES[pgCode] : undefined;
  if (ledgerGuard) {
    req.log.warn({ err }, 'ledger guard refused a write');
    return sendFailure(req, reply, ledgerGuard);
  }
  req.log.error({ err }, 'unhandled error');
  return sendFailure(req, reply, 'OPERATION_FAILED');
}
