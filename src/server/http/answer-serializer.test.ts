import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, compileCopier, type AnswerMismatch } from './answer-serializer';
import { allRoutes } from '../../contract/index';
import { envelope } from '../../contract/common';

const user = z.object({ id: z.number(), name: z.string(), email: z.string().nullable().optional(), tags: z.array(z.string()), extra: z.unknown().optional() });
const answer = envelope(z.object({ content: z.array(user), total: z.number(), code: z.union([z.literal(0), z.string()]) }));

const row = { id: 1, name: 'a', passwordHash: '$argon2id$x', tags: ['t'], email: null, extra: { anything: [1, 2] } };
const data = { data: { content: [row, { ...row, id: 2, email: 'e@x', token: 'secret' }], total: 2, code: 0, hidden: true }, success: true, code: 0, msg: '', leaked: 1 };

describe('answer copier', () => {
  it('keeps exactly the declared keys, like zod', () => {
    const copied = compileCopier(answer)(data);
    expect(JSON.stringify(copied)).toBe(JSON.stringify(z.encode(answer, data as never)));
    expect(JSON.stringify(copied)).not.toMatch(/passwordHash|secret|hidden|leaked/);
  });

  it('falls back to zod for schema kinds it does not know, and refuses what zod refuses there', () => {
    const unusual = z.object({ a: z.number().default(3), b: z.object({ x: z.string() }).catchall(z.number()), c: z.union([z.object({ k: z.literal(1) }), z.object({ k: z.literal(2), m: z.string() })]) });
    const copy = compileCopier(unusual);
    const value = { a: 1, b: { x: 'x', n: 1 }, c: { k: 2, m: 'm', secret: 's' } };
    expect(copy(value)).toEqual(z.encode(unusual, value as never));
    expect(copy(value)).toEqual({ a: 1, b: { x: 'x', n: 1 }, c: { k: 2, m: 'm' } });
    expect(() => copy({ ...value, b: { x: 'x', n: 'no' } })).toThrow();
    expect(() => copy({ b: value.b, c: value.c })).toThrow(); // zod's encode refuses a missing value with a default too
  });

  it('copies odd key names as data, never as code or prototype', () => {
    const odd = z.object({ 'a"b': z.string(), "c'); throw 1; ('": z.number(), 'x\\n': z.boolean() });
    const v = { 'a"b': 's', "c'); throw 1; ('": 1, 'x\\n': true, other: 2 };
    expect(JSON.stringify(compileCopier(odd)(v))).toBe(JSON.stringify(z.encode(odd, v as never)));
    const proto = z.object({ ['__proto__']: z.object({ polluted: z.boolean() }).optional(), a: z.number() });
    const copied = compileCopier(proto)(JSON.parse('{"__proto__": {"polluted": true, "x": 1}, "a": 1}')) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(copied)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });

  it('refuses a shape that cannot hold (not an object, not an array)', () => {
    expect(() => compileCopier(answer)({ data: null, success: true, code: 0, msg: '' })).toThrow(/expected an object/);
    expect(() => compileCopier(answer)({ data: { content: {}, total: 0, code: 0 }, success: true, code: 0, msg: '' })).toThrow(/expected an array/);
  });

  it('reports answers that do not match their schema when checking (tests)', () => {
    const seen: AnswerMismatch[] = [];
    const write = answerSerializerCompiler({ checkAnswers: (m) => seen.push(m) })({ schema: answer, method: 'GET', url: '/x' });
    expect(write(data)).toBe(JSON.stringify(z.encode(answer, data as never)));
    expect(() => write({ ...data, success: 'yes' })).toThrow();
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/x');
  });

  it('compiles the answer schema of every declared route', () => {
    for (const r of allRoutes) expect(() => compileCopier(envelope(r.answer))).not.toThrow();
  });
});
