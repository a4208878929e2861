/**
 * Writes answers without validating them on every call. The contract's zod answer schema stays the
 * single truth: once per route, at start-up, it is compiled into a copier that keeps exactly the
 * declared keys of every object (so an undeclared field — a password hash, a token — never leaves
 * the server, which is what zod's strip-on-parse guaranteed) and the result goes to JSON.stringify.
 * The types of the values are not checked per call: the API tests check every answer against the
 * same schema instead (`checkAnswers`, set by tests/api/harness.ts), and there the copier's output
 * must also equal zod's own, character for character. See docs/decisions/039-api-hot-path.md.
 *
 * Schema kinds the copier does not know (transforms, pipes, defaults, unions of structured options,
 * lazy schemas, catch-alls) fall back to zod's own encode for that part of the answer only, so an
 * unusual schema costs time, never safety.
 */
import { z } from 'zod';

/** A copier: the declared part of one value. Throws ResponseShapeError when the shape cannot hold. */
type Copier = (value: unknown) => unknown;

export class ResponseShapeError extends Error {
  constructor(message: string, readonly issues: unknown[] = []) {
    super(message);
  }
}

/** Values written as they are: scalars and `z.unknown()` (whose content zod does not look into either). */
const SCALARS = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum', 'unknown', 'any', 'undefined']);
/** Wrappers that let null or undefined through and otherwise copy the inner value. */
const PASS_EMPTY = new Set(['optional', 'nullable']);

const isScalarSchema = (schema: z.ZodType): boolean => {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; options?: z.ZodType[] };
  if (SCALARS.has(def.type)) return true;
  if (PASS_EMPTY.has(def.type)) return isScalarSchema(def.innerType!);
  if (def.type === 'union') return def.options!.every(isScalarSchema);
  return false;
};

/** Copiers that must see a missing value too (zod fills defaults, refuses a missing required value). */
const seesMissing = new WeakSet<Copier>();

/** zod's own encode of one part of an answer (for schema kinds the copier does not handle). */
function zodCopier(schema: z.ZodType): Copier {
  const copy: Copier = (value) => {
    const r = z.safeEncode(schema, value as never);
    if (!r.success) throw new ResponseShapeError('answer does not match its schema', r.error.issues);
    return r.data;
  };
  seesMissing.add(copy);
  return copy;
}

/**
 * null = the value is written as it is. `done` holds the copiers compiled so far for this answer
 * schema: recursive schemas (a subject tree whose children are subjects, declared with getters)
 * point back to a copier under construction instead of recursing for ever.
 */
function compile(schema: z.ZodType, done: Map<z.ZodType, Copier | null>): Copier | null {
  if (done.has(schema)) return done.get(schema)!;
  if (isScalarSchema(schema)) return null;
  let impl: Copier | null = null;
  // Placeholder for recursive references; replaced by the real copier below.
  done.set(schema, (v) => (impl ? impl(v) : v));
  impl = compileNew(schema, done);
  done.set(schema, impl);
  return impl;
}

function compileNew(schema: z.ZodType, done: Map<z.ZodType, Copier | null>): Copier | null {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType, done);
      if (!inner) return null;
      return (v) => (v === null || v === undefined ? v : inner(v));
    }
    case 'object': {
      // A catch-all (passthrough, or a schema for the undeclared keys) keeps keys the copier would drop.
      if (def.catchall && (def.catchall as z.ZodType)._zod.def.type !== 'never') return zodCopier(schema);
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const copiers = keys.map((k) => compile(shape[k], done));
      return objectCopier(keys, copiers);
    }
    case 'array': {
      const element = compile(def.element as z.ZodType, done);
      return (v) => {
        if (!Array.isArray(v)) throw new ResponseShapeError(`expected an array, got ${v === null ? 'null' : typeof v}`);
        if (element === null) return v;
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = element(v[i]);
        return out;
      };
    }
    case 'record': {
      const value = compile(def.valueType as z.ZodType, done);
      if ((def.keyType as z.ZodType)._zod.def.type !== 'string') return zodCopier(schema);
      return (v) => {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ResponseShapeError('expected a record');
        const out = Object.create(null) as Record<string, unknown>;
        for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = value === null ? x : value(x);
        return out;
      };
    }
    default:
      return zodCopier(schema);
  }
}

const notAnObject = (v: unknown) => new ResponseShapeError(`expected an object, got ${v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v}`);

/**
 * An object's copier as one generated function with an object literal of the declared keys, so
 * every copy of a row has the same shape from the start (V8 then copies and stringifies it fast;
 * a loop assigning keys one by one was 3× slower on 14,000 rows). Key names enter the source only
 * as JSON string literals. A missing value is left undefined (JSON.stringify drops it, as zod drops
 * the key), except for zod-written parts, which see it (defaults, required values).
 */
function objectCopier(keys: string[], copiers: Array<Copier | null>): Copier {
  // `__proto__` in a literal would set the prototype: such a schema takes the loop.
  if (keys.includes('__proto__')) return objectCopierLoop(keys, copiers);
  const fields = keys.map((k, i) => {
    const key = JSON.stringify(k);
    const c = copiers[i];
    if (c === null) return `${key}: v[${key}]`;
    if (seesMissing.has(c)) return `${key}: c[${i}](v[${key}])`;
    return `${key}: v[${key}] === undefined ? undefined : c[${i}](v[${key}])`;
  });
  // The source holds JSON-quoted key names only, never a value.
  const make = new Function('c', 'fail', `return function copy(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw fail(v);
  return { ${fields.join(', ')} };
};`) as (c: Array<Copier | null>, fail: (v: unknown) => Error) => Copier;
  return make(copiers, notAnObject);
}

function objectCopierLoop(keys: string[], copiers: Array<Copier | null>): Copier {
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw notAnObject(v);
    const src = v as Record<string, unknown>;
    // No prototype, so a key named __proto__ is an ordinary key.
    const out = Object.create(null) as Record<string, unknown>;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const x = Object.prototype.hasOwnProperty.call(src, k) ? src[k] : undefined;
      const c = copiers[i];
      if (x === undefined && (c === null || !seesMissing.has(c))) continue;
      out[k] = c === null ? x : c(x);
    }
    return out;
  };
}

/** The copier of a schema, compiled once. */
export function compileCopier(schema: z.ZodType): Copier {
  return compile(schema, new Map()) ?? ((v) => v);
}

export interface AnswerMismatch {
  method: string;
  url: string;
  /** zod's issues, or a note that the copier and zod wrote different answers. */
  issues: unknown[];
}

export interface AnswerSerializerOptions {
  /**
   * Tests: validate every answer with zod as well, and compare zod's answer with the copier's; a
   * mismatch is reported here and the answer fails (500), as it did when zod ran on every call.
   */
  checkAnswers?: (mismatch: AnswerMismatch) => void;
}

/** A route's response schema as Fastify hands it over: the zod schema, or `{properties: zodSchema}`. */
function resolveSchema(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const props = (schema as { properties?: unknown } | null)?.properties;
  if (props instanceof z.ZodType) return props;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/** Fastify serializer compiler: one copier per route and status, from the route's zod answer schema. */
export function answerSerializerCompiler(opts: AnswerSerializerOptions = {}) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = resolveSchema(schema);
    const copy = compileCopier(zodSchema);
    const check = opts.checkAnswers;
    if (!check) return (data: unknown) => JSON.stringify(copy(data));
    return (data: unknown) => {
      const expected = z.safeEncode(zodSchema, data as never);
      if (!expected.success) {
        check({ method, url, issues: expected.error.issues });
        throw new ResponseShapeError(`answer of ${method} ${url} does not match its schema`, expected.error.issues);
      }
      const zodText = JSON.stringify(expected.data);
      const text = JSON.stringify(copy(data));
      if (text !== zodText) {
        const issues = [{ message: 'the copier wrote another answer than zod', copier: text.slice(0, 2000), zod: zodText.slice(0, 2000) }];
        check({ method, url, issues });
        throw new ResponseShapeError(`answer of ${method} ${url}: copier and zod disagree`, issues);
      }
      return text;
    };
  };
}
