/**
 * The OpenAPI document (/api/docs/json, /api/openapi.json), generated from the contract's zod schemas
 * by fastify-type-provider-zod, with what that generator cannot know by itself:
 *
 * - Recursive schemas (a department tree whose sub-items are departments, declared with getters)
 *   become components: the generator writes a cycle as a `$ref` to a component but emits only
 *   components registered with an id, so an unnamed recursive schema left a dangling reference
 *   (`#/components/schemas/schema0`) and the document did not compile. Every cycle is given an id
 *   here, before its route is converted, and `openApiComponents` writes the components.
 * - A list's `filter` is a JSON object in one query parameter: it is documented with its own schema
 *   (`content: application/json`, required keys included), not as a bare string.
 * - Uploads (multipart routes) document their form: the file and the scope fields, which may come as
 *   form fields or in the query (http/upload.ts).
 * - A nullable union says its null where OpenAPI 3.0 reads it (nullableWithType).
 */
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { listFilterOf } from '../../contract/common';

type Io = 'input' | 'output';
type JsonSchema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>>; required?: string[] };

/** JSON-schema keywords that hold subschemas: a name for a recursive schema comes from the property above them. */
const STRUCTURAL = new Set(['properties', 'items', 'prefixItems', 'additionalProperties', 'anyOf', 'allOf', 'oneOf', 'not', '$defs', 'definitions']);

const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** A component name for a recursive schema found at `path`, unique in the registry. */
function componentName(path: ReadonlyArray<string | number>, fallback: string): string {
  const key = [...path].reverse().find((seg) => typeof seg === 'string' && !STRUCTURAL.has(seg));
  const base = `${pascal(String(key ?? fallback)) || 'Recursive'}Node`;
  let name = base;
  for (let n = 2; z.globalRegistry._idmap.has(name) || z.globalRegistry._idmap.has(`${name}Input`); n++) name = `${base}${n}`;
  return name;
}

/**
 * Gives every recursive part of `schema` (a schema met again while it is being converted) an id in
 * zod's global registry, so the generator references it as a component that the document then holds.
 * Schemas already named keep their id.
 */
export function nameRecursiveSchemas(schema: z.ZodType, io: Io, fallback = 'Recursive'): void {
  const gen = new z.core.JSONSchemaGenerator({ io, unrepresentable: 'any' });
  gen.process(schema);
  for (const [part, seen] of gen.seen) {
    if (!seen.cycle || z.globalRegistry.get(part)?.id) continue;
    z.globalRegistry.add(part, { ...z.globalRegistry.get(part), id: componentName(seen.path ?? [], fallback) });
  }
}

/** The documented form of each list query, made once. */
const documentedLists = new WeakMap<z.ZodType, z.ZodType>();

/** Paging words of a list query as the document shows them (the values travel as text). */
const PAGING_DOC = {
  offset: z.number().int().min(0).optional().meta({ description: 'Rows to skip (or `start`).' }),
  start: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).optional().meta({ description: 'Page size, at most 1000 (or `size`).' }),
  index: z.number().int().min(0).optional().meta({ description: 'Zero-based page, with `size`.' }),
  size: z.number().int().min(1).optional(),
  sort: z.string().optional().meta({
    description: 'A JSON object {"<key>": "asc" | "desc"}, or the plain form `code,-name` (`-` = descending). A key the list cannot sort by, or malformed text, is refused (400).',
  }),
  order: z.string().optional().meta({ description: 'The same as `sort`.' }),
  expand: z.string().optional().meta({ description: 'Comma-separated related data to include (or `include`).' }),
  include: z.string().optional(),
  fields: z.string().optional().meta({ description: 'Comma-separated keys: each content item is answered with only these keys (and `id`). An unknown key is refused (400).' }),
};

/**
 * A list query as the document shows it: `filter` is a JSON object described by the list's own
 * filter schema (its required keys are the ones the server enforces); the paging words as text.
 * Validation keeps using the list query itself.
 */
export function documentedListQuery(query: z.ZodType): z.ZodType | undefined {
  const filter = listFilterOf(query);
  if (!filter) return undefined;
  let doc = documentedLists.get(query);
  if (!doc) {
    const required = (z.toJSONSchema(filter, { io: 'input', unrepresentable: 'any' }).required ?? []) as string[];
    const description = `The list's filter: a JSON object (its fields may also be sent as flat query parameters).${required.length ? ` Required: ${required.join(', ')}.` : ''}`;
    doc = z.object({ filter: filter.meta({ description, 'x-consume': 'application/json' }).optional(), ...PAGING_DOC });
    documentedLists.set(query, doc);
  }
  return doc;
}

/** The multipart form of an upload: the file, and the query's fields as form fields (either place works). */
function multipartBody(query: JsonSchema | undefined): JsonSchema {
  const properties: Record<string, Record<string, unknown>> = { file: { type: 'string', format: 'binary', description: 'The file to upload (one).' } };
  for (const [k, v] of Object.entries(query?.properties ?? {})) properties[k] = { ...v, description: `${v.description ? `${String(v.description)} ` : ''}May also be sent as the query parameter ${k}.` };
  return { type: 'object', properties, required: ['file', ...(query?.required ?? [])] };
}

/** A query whose fields may come in the form instead: none of them is required in the query. */
function optionalQuery(query: JsonSchema): JsonSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [k, v] of Object.entries(query.properties ?? {})) properties[k] = { ...v, description: `${v.description ? `${String(v.description)} ` : ''}May also be sent as a form field of the multipart body.` };
  const { required: _required, ...rest } = query;
  return { ...rest, properties };
}

/** OpenAPI 3.0's null (zod writes z.null() so). */
const NULL_SCHEMA = { type: 'string', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type` ("adds null to the type given"), but the generator
 * writes a nullable union of several options as `{nullable: true, anyOf: [...]}` (and a nullable
 * reference as `{nullable: true, $ref}`): null was not in fact allowed, and validators refuse the
 * schema ("nullable cannot be used without type"). Each option takes the null instead: typed options
 * become nullable themselves, otherwise a null option is added. A nullable enum lists null too.
 */
export function nullableWithType(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableWithType);
  if (value === null || typeof value !== 'object') return value;
  const node: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) node[k] = nullableWithType(v);
  if (node.nullable !== true) return node;
  // A nullable enum lists null among its values, or null is still refused by the enum.
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  if ('type' in node) return node;
  const { nullable: _nullable, ...rest } = node;
  if (Array.isArray(rest.anyOf) || Array.isArray(rest.oneOf)) {
    const key = Array.isArray(rest.anyOf) ? 'anyOf' : 'oneOf';
    const options = rest[key] as Array<Record<string, unknown>>;
    rest[key] = options.every((o) => 'type' in o) ? options.map((o) => nullableWithType({ ...o, nullable: true })) : [...options, NULL_SCHEMA];
    return rest;
  }
  // A bare nullable (any value) allows null already; a reference or anything else gets a null option.
  return Object.keys(rest).length ? { anyOf: [rest, NULL_SCHEMA] } : rest;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** @fastify/swagger's per-route transform (see the header). */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const name = String(input.url).split('/').filter((s) => s && !s.startsWith(':')).pop() ?? 'Recursive';
  for (const part of ['querystring', 'body', 'params', 'headers'] as const) {
    if (schema[part] instanceof z.ZodType) nameRecursiveSchemas(schema[part], 'input', name);
  }
  for (const answer of Object.values((schema.response ?? {}) as Record<string, unknown>)) {
    if (answer instanceof z.ZodType) nameRecursiveSchemas(answer, 'output', name);
  }
  const listDoc = schema.querystring instanceof z.ZodType ? documentedListQuery(schema.querystring) : undefined;
  const out = jsonSchemaTransform({ ...input, schema: listDoc ? { ...schema, querystring: listDoc } : schema } as TransformInput);
  const t = out.schema as Record<string, unknown>;
  for (const part of ['querystring', 'body', 'params', 'headers', 'response'] as const) if (t[part]) t[part] = nullableWithType(t[part]);
  const consumes = schema.consumes as string[] | undefined;
  if (consumes?.includes('multipart/form-data')) {
    const query = t.querystring as JsonSchema | undefined;
    t.body = multipartBody(query);
    if (query) t.querystring = optionalQuery(query);
  }
  return out;
}

/** @fastify/swagger's whole-document transform: the named (recursive) schemas as components. */
export function openApiComponents(input: Parameters<typeof jsonSchemaTransformObject>[0]): ReturnType<typeof jsonSchemaTransformObject> {
  const doc = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  if (doc.components?.schemas) doc.components.schemas = nullableWithType(doc.components.schemas) as Record<string, unknown>;
  return doc as ReturnType<typeof jsonSchemaTransformObject>;
}
