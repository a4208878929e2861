/**
 * Registers a handler for a route declared in src/contract: the declaration gives Fastify the
 * method, path, schemas (validation and OpenAPI) and access rule; the handler gets typed params,
 * query and body and answers the typed `data` of the envelope. Only this helper registers /api routes
 * (plugin.ts refuses any other), so every route is declared exactly once, in the contract.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnswerIn, BodyOf, ParamsOf, QueryOf, RouteDef } from '../../contract/route';
import { z } from 'zod';
import { envelope, type Envelope, type Paging } from '../../contract/common';
import { uploadFormReader } from './upload';
import { InputValidationError, noSuchKeyIssue } from './validation';

export type TypedRequest<D> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOf<D>;
  query: QueryOf<D>;
  body: BodyOf<D>;
};

export type Handler<D> = (req: TypedRequest<D>, reply: FastifyReply) => Promise<Envelope<AnswerIn<D>>>;
/** For routes that answer something other than JSON (file downloads). */
export type RawHandler<D> = (req: TypedRequest<D>, reply: FastifyReply) => Promise<FastifyReply>;

export interface RouteExtras {
  /** Extra route config (rate limits). */
  config?: Record<string, unknown>;
}

type AnyHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function schemaOf(def: RouteDef, raw: boolean) {
  return {
    tags: def.tags,
    ...(def.summary ? { summary: def.summary } : {}),
    ...(def.hidden ? { hide: true } : {}),
    ...('public' in def.access ? { security: [] } : {}),
    ...(def.params ? { params: def.params } : {}),
    // A list's filter is documented from its schema by the OpenAPI transform (http/openapi.ts).
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.body && !def.multipart ? { body: def.body } : {}),
    ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(raw ? {} : { response: { 200: envelope(def.answer) } }),
  };
}

/** The keys of a list answer's items ({content: [item], total}), or null for any other answer. */
export function listItemKeys(answer: z.ZodType): string[] | null {
  if (!(answer instanceof z.ZodObject)) return null;
  const content = answer.shape.content as z.ZodType | undefined;
  if (!(content instanceof z.ZodArray) || !('total' in answer.shape)) return null;
  const item = content.element;
  return item instanceof z.ZodObject ? Object.keys(item.shape) : null;
}

/**
 * `fields=code,name` on a list (spec 01 §7): each content item is answered with only those keys
 * and its id. The answer is written in full by the route's serializer first (so it is the declared
 * answer, checked as any other), then cut down; an unknown key is refused before the handler runs.
 */
function withFields(handler: AnyHandler, itemKeys: string[]): AnyHandler {
  return async (req, reply) => {
    const fields = (req.query as Partial<Paging> | undefined)?.fields;
    if (!fields?.length) return handler(req, reply);
    const unknown = fields.filter((f) => !itemKeys.includes(f));
    if (unknown.length) throw new InputValidationError([noSuchKeyIssue('fields', unknown, itemKeys)], { fields: fields.join(',') });
    const answer = await handler(req, reply);
    if (reply.sent) return reply;
    const full = JSON.parse(String(reply.serialize(answer))) as { data?: { content?: unknown } };
    const keep = new Set(['id', ...fields]);
    if (full.data && Array.isArray(full.data.content)) {
      full.data.content = full.data.content.map((item: unknown) =>
        item && typeof item === 'object' ? Object.fromEntries(Object.entries(item).filter(([k]) => keep.has(k))) : item);
    }
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(full));
  };
}

function register(app: FastifyInstance, def: RouteDef, handler: AnyHandler, raw: boolean, extras: RouteExtras) {
  const options: RouteShorthandOptions = { config: { ...extras.config, access: def.access, contract: true }, schema: schemaOf(def, raw) };
  // Uploads with a query (imports): the form's scope fields are read before the query is validated (http/upload.ts).
  if (def.multipart && def.query) options.preValidation = uploadFormReader(def.query instanceof z.ZodObject ? Object.keys(def.query.shape) : []);
  const itemKeys = raw ? null : listItemKeys(def.answer);
  app.route({ method: def.method, url: def.path, ...options, handler: itemKeys ? withFields(handler, itemKeys) : handler });
}

/** Registers the handler of a declared route (answers the envelope). */
export function handle<D extends RouteDef>(app: FastifyInstance, def: D, handler: Handler<D>, extras: RouteExtras = {}): void {
  // The one place where Fastify's untyped request meets the declaration: the schemas above have
  // validated and parsed params, query and body into exactly these types before the handler runs.
  register(app, def, handler as unknown as AnyHandler, false, extras);
}

/** Registers the handler of a declared route that sends its own answer (binary files). */
export function handleRaw<D extends RouteDef>(app: FastifyInstance, def: D, handler: RawHandler<D>, extras: RouteExtras = {}): void {
  register(app, def, handler as unknown as AnyHandler, true, extras);
}
