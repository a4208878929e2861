import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { z } from 'zod';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from './answer-serializer';
import { nullableWithType, openApiComponents, openApiTransform } from './openapi';

/** The `$ref`s of a document that point nowhere in it. */
function danglingRefs(doc: unknown): string[] {
  const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]);
  return refs.filter((ref) => ref.split('/').reduce<unknown>((node, seg) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined), doc) === undefined);
}

async function documentOf(routes: Array<{ url: string; answer: z.ZodType; body?: z.ZodType }>) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler());
  await app.register(fastifySwagger, { openapi: { info: { title: 't', version: '1' } }, transform: openApiTransform, transformObject: openApiComponents });
  for (const r of routes) app.post(r.url, { schema: { response: { 200: r.answer }, ...(r.body ? { body: r.body } : {}) } }, async () => ({}));
  await app.ready();
  const doc = app.swagger() as { components: { schemas: Record<string, unknown> } };
  await app.close();
  return doc;
}

describe('OpenAPI document: recursive schemas', () => {
  it('makes every recursive schema a component its references resolve to (answers and bodies, unnamed ones too)', async () => {
    interface Node { name: string; children: Node[] }
    const node: z.ZodType<Node> = z.object({ name: z.string(), get children() { return z.array(node); } });
    interface Expr { op: string; args: Expr[] }
    const expr: z.ZodType<Expr> = z.object({ op: z.string(), get args() { return z.array(expr); } });
    const doc = await documentOf([
      { url: '/tree', answer: z.object({ roots: z.array(node), count: z.number() }) },
      // The same recursive schema in a second route, and another one in a body.
      { url: '/again', answer: z.array(node), body: z.object({ formula: expr }) },
    ]);
    expect(danglingRefs(doc)).toEqual([]);
    const names = Object.keys(doc.components.schemas);
    expect(names.length).toBeGreaterThanOrEqual(2);
    // Each component refers to itself by its own name.
    for (const name of names) expect(JSON.stringify(doc.components.schemas[name])).toContain(`"#/components/schemas/${name}"`);
  });
});

describe('OpenAPI document: nullable', () => {
  it('puts the null of a nullable union into its options, and into a nullable enum', () => {
    expect(nullableWithType({ nullable: true, anyOf: [{ type: 'number', enum: [0] }, { type: 'number', enum: [1] }] })).toEqual({
      anyOf: [{ type: 'number', enum: [0, null], nullable: true }, { type: 'number', enum: [1, null], nullable: true }],
    });
    expect(nullableWithType({ nullable: true, $ref: '#/components/schemas/X' })).toEqual({ anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'string', nullable: true, enum: [null] }] });
    expect(nullableWithType({ type: 'string', enum: ['a'], nullable: true })).toEqual({ type: 'string', enum: ['a', null], nullable: true });
    expect(nullableWithType({ nullable: true })).toEqual({});
    // Typed nullables and properties named "nullable" are left as they are.
    const props = { type: 'object', properties: { nullable: { type: 'boolean' }, note: { type: 'string', nullable: true } } };
    expect(nullableWithType(props)).toEqual(props);
  });
});
