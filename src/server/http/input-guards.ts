/**
 * Refusals that apply to every route before its schema runs, so each answers 4xx in the envelope
 * instead of a 500 or a framework text: bodies nested deeper than MAX_JSON_DEPTH, text with NUL
 * characters or lone UTF-16 surrogates (PostgreSQL cannot store them), an empty body sent with
 * Content-Type: application/json (accepted as no body: many clients send that header on every call),
 * malformed URLs and oversized request heads.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { badTextPath, jsonDepth, MAX_JSON_DEPTH } from '../../contract/common';
import { InputValidationError } from './validation';
import { failureBody } from './errors';
import { messageOf, translate } from './messages';

/** Depth of a JSON text without parsing it (brackets outside strings), stopping past `limit`. */
export function jsonTextDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonTextDepth(text) > MAX_JSON_DEPTH) return done(new InputValidationError([{ code: 'custom', path: [], message: 'tooDeep' }], undefined), undefined);
    return parseJson(req, text, done);
  });

  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['body', req.body], ['query', req.query], ['params', req.params]] as const) {
      if (part === 'body' && jsonDepth(value) > MAX_JSON_DEPTH) throw new InputValidationError([{ code: 'custom', path: [], message: 'tooDeep' }], value);
      const path = badTextPath(value);
      if (path) throw new InputValidationError([{ code: 'custom', path, message: 'badText' }], value);
    }
  });
}

/** Fastify's frameworkErrors: a malformed URL (bad %-encoding) answers the envelope, not a framework text. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (_error, req, reply) => {
  const r = req as FastifyRequest;
  void (reply as FastifyReply).code(400).send(failureBody(r, 'INVALID_INPUT', { detail: translate('validation.badUrl', r.lang ?? 'zh_CN') }));
};

/**
 * Node refuses an oversized request head (a URL or headers past 16 kB) before Fastify sees it; the
 * answer still comes in the envelope, in Chinese (no language is known yet).
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (err, socket) => {
  if (!socket.writable) return void socket.destroy();
  const tooLarge = (err as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const code = 'INVALID_INPUT';
  const detail = translate(tooLarge ? 'validation.requestTooLarge' : 'validation.badRequest', 'zh_CN');
  const body = JSON.stringify({ data: null, success: false, code, msg: messageOf(code, 'zh_CN', { detail }) });
  socket.end(`HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
};

