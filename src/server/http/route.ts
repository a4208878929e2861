/**
 * Registers a handler for a route declared in src/contract: the declaration gives Fastify the
 * method, path, schemas (validation and OpenAPI) and access rule; the handler gets typed params,
 * query and body and answers the typed `data` of the envelope. Only this helper registers /api routes
 * (plugin.ts refuses any other), so every route is declared exactly once, in the contract.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AnswerIn, BodyOf, ParamsOf, QueryOf, RouteDef } from '../../contract/route';
import { z } from 'zod';
import { describedListQuery, envelope, type Envelope } from '../../contract/common';

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

/** A list's query schema with its filter's fields described (the filter travels as a JSON string). */
const documentedQuery = (query: RouteDef['query']) =>
  describedListQuery(query, (filter) => `Filter (a JSON object, or flat parameters). Fields: ${JSON.stringify(z.toJSONSchema(filter, { io: 'input', unrepresentable: 'any' }).properties ?? {})}`);

function schemaOf(def: RouteDef, raw: boolean) {
  return {
    tags: def.tags,
    ...(def.summary ? { summary: def.summary } : {}),
    ...(def.hidden ? { hide: true } : {}),
    ...('public' in def.access ? { security: [] } : {}),
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: documentedQuery(def.query) } : {}),
    ...(def.body && !def.multipart ? { body: def.body } : {}),
    ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(raw ? {} : { response: { 200: envelope(def.answer) } }),
  };
}

function register(app: FastifyInstance, def: RouteDef, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>, raw: boolean, extras: RouteExtras) {
  const options: RouteShorthandOptions = { config: { ...extras.config, access: def.access, contract: true }, schema: schemaOf(def, raw) };
  app.route({ method: def.method, url: def.path, ...options, handler });
}

/** Registers the handler of a declared route (answers the envelope). */
export function handle<D extends RouteDef>(app: FastifyInstance, def: D, handler: Handler<D>, extras: RouteExtras = {}): void {
  // The one place where Fastify's untyped request meets the declaration: the schemas above have
  // validated and parsed params, query and body into exactly these types before the handler runs.
  register(app, def, handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>, false, extras);
}

/** Registers the handler of a declared route that sends its own answer (binary files). */
export function handleRaw<D extends RouteDef>(app: FastifyInstance, def: D, handler: RawHandler<D>, extras: RouteExtras = {}): void {
  register(app, def, handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>, true, extras);
}
