/**
 * One declaration per API route: method, path, params, query, body, answer and access rule. The
 * server registers its handlers from these declarations (src/server/http/route.ts), so handlers get
 * typed params/query/body with no casts; the app calls them through a typed client
 * (src/app/api/typed-client.ts), so a path or a body that does not match fails `npm run typecheck`;
 * the OpenAPI document is generated from the same schemas.
 */
import type { z } from 'zod';

/** What a route reads or writes; a scoped route must run the guard of exactly this scope. */
export type Scope = 'none' | 'self' | 'company' | 'account' | 'accountYear' | 'period';

export type AccessRule =
  | { public: true }
  | {
      /** The right (or any of several) the caller must hold; null = any signed-in user. */
      right: number | readonly number[] | null;
      /** What the route reads or writes; scoped routes check the company link of every id they touch. */
      scope: Scope;
      /** Admin users only. */
      adminOnly?: boolean;
    };

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteDef<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
> {
  method: M;
  /** Path below /api, Fastify style (`/account/:id`). */
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The `data` of the {data, success, code, msg} answer. */
  answer: Answer;
  access: AccessRule;
  tags: string[];
  summary?: string;
  /** multipart/form-data routes (uploads) take a FormData body. */
  multipart?: boolean;
  /** Not in the OpenAPI document. */
  hidden?: boolean;
  /**
   * A POST that changes no data (an export task only writes a file). The route heads carry it (from
   * the 'export' tag, heads.test.ts): the app refreshes nothing after such a call.
   */
  readOnly?: boolean;
}

/** Declares a route; `const` keeps the literal method and path for the typed client. */
export function defineRoute<
  const M extends Method,
  const P extends string,
  Answer extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  const MP extends boolean | undefined = undefined,
>(def: RouteDef<M, P, Params, Query, Body, Answer> & { multipart?: MP }): RouteDef<M, P, Params, Query, Body, Answer> & (MP extends true ? { multipart: true } : unknown) {
  // `multipart: true` stays a literal in the type, so the typed client asks for a FormData body.
  return def as RouteDef<M, P, Params, Query, Body, Answer> & (MP extends true ? { multipart: true } : unknown);
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives (parsed by the schemas). */
export type ParamsOf<D> = D extends RouteDef<Method, string, infer P> ? Out<P> : never;
export type QueryOf<D> = D extends RouteDef<Method, string, z.ZodType | undefined, infer Q> ? Out<Q> : never;
export type BodyOf<D> = D extends RouteDef<Method, string, z.ZodType | undefined, z.ZodType | undefined, infer B> ? Out<B> : never;
/** What a handler answers (before the answer schema serializes it). */
export type AnswerIn<D> = D extends RouteDef<Method, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer A> ? z.input<A> : never;
/** What a caller receives. */
export type AnswerOf<D> = D extends RouteDef<Method, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer A> ? z.output<A> : never;

/** What a caller sends: only the parts the route declares, typed by the schemas' inputs. */
export type CallInput<D> = D extends RouteDef<Method, string, infer P, infer Q, infer B>
  ? (P extends z.ZodType ? { params: In<P> } : { params?: undefined }) &
      (Q extends z.ZodType ? (undefined extends In<Q> ? { query?: In<Q> } : Record<never, never> extends In<Q> ? { query?: In<Q> } : { query: In<Q> }) : { query?: undefined }) &
      (B extends z.ZodType ? (D extends { multipart: true } ? { body: FormData } : { body: In<B> }) : D extends { multipart: true } ? { body: FormData } : { body?: undefined })
  : never;

/** `/account/:id` with {id: 3} → `/account/3`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}
