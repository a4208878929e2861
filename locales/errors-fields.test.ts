/**
 * Every name a validation message can show has a label in both languages (errors.json fields.*):
 * the fields of each declared route's params, query and body, at any depth, and the fields of each
 * list filter (they travel inside `filter`, so the query schema alone does not show them). A field
 * without a label would reach an accountant as the raw key ("【code】", "amount must be …").
 *
 * The services' own INVALID_INPUT raises are read from their source: each names its field and rule,
 * and both have a message (a bare raise would answer the catalogue's prefix with nothing after it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en_US/errors.json';
import zh from './zh_CN/errors.json';
import { allRoutes } from '../src/contract/index';
import { listFilterOf } from '../src/contract/common';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The object keys a schema accepts, at any depth, each with the first route that takes it. */
function collect(schema: unknown, where: string, out: Map<string, string>, seen = new Set<unknown>()): void {
  const d = defOf(schema);
  if (!d || seen.has(schema)) return;
  seen.add(schema);
  const walk = (s: unknown) => collect(s, where, out, seen);
  switch (d.type) {
    case 'object':
      for (const [k, v] of Object.entries(d.shape as Record<string, unknown>)) {
        if (!out.has(k)) out.set(k, where);
        walk(v);
      }
      walk(d.catchall);
      return;
    case 'pipe':
      walk(d.in);
      walk(d.out);
      return;
    case 'array':
      walk(d.element);
      return;
    case 'union':
      for (const o of d.options as unknown[]) walk(o);
      return;
    case 'intersection':
      walk(d.left);
      walk(d.right);
      return;
    case 'record':
      walk(d.valueType);
      return;
    case 'tuple':
      for (const o of d.items as unknown[]) walk(o);
      walk(d.rest);
      return;
    case 'lazy':
      walk((d.getter as () => unknown)());
      return;
    default:
      walk(d.innerType);
  }
}

function contractFieldNames(): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of allRoutes) {
    const where = `${r.method} ${r.path}`;
    for (const s of [r.params, r.query, r.body]) collect(s, where, out);
    // A list query keeps its filter schema in a closure; listFilterOf hands it over.
    const filter = listFilterOf(r.query);
    if (filter) collect(filter, `${where} (filter)`, out);
  }
  return out;
}

const catalogues = { zh_CN: zh, en_US: en } as unknown as Record<string, { fields: Record<string, string>; validation: Record<string, unknown> }>;

describe('validation labels of errors.json', () => {
  it('every field of every route (params, query, body, list filters) has a label in both languages', () => {
    const names = contractFieldNames();
    // The walk reaches the contract: list filters and bodies alike.
    for (const known of ['companyId', 'leaderId', 'auxTypeId', 'birthday', 'code', 'amount']) expect(names.has(known), known).toBe(true);
    for (const [lang, cat] of Object.entries(catalogues)) {
      const missing = [...names].filter(([k]) => !cat.fields[k]).map(([k, where]) => `${k} (${where})`);
      expect(missing, `fields.* missing in ${lang}/errors.json`).toEqual([]);
    }
  });

  it('every INVALID_INPUT raised by a service names a known field and rule', () => {
    const root = join(import.meta.dirname, '../src/server');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const bare: string[] = [];
    const unknown: string[] = [];
    let raises = 0;
    for (const f of files) {
      const text = readFileSync(join(root, f), 'utf8');
      const at = (i: number) => `${relative(join(root, '..'), join(root, f))}:${text.slice(0, i).split('\n').length}`;
      for (const m of text.matchAll(/(?:DomainError|fail)\(\s*'INVALID_INPUT'\s*(\)|,\s*\{([^}]*)\})/g)) {
        raises++;
        if (m[1] === ')') {
          bare.push(at(m.index));
          continue;
        }
        const params = m[2] ?? '';
        const field = /\b(?:field|detail): '([\w.]+)'/.exec(params)?.[1];
        const rule = /\brule: '(\w+)'/.exec(params)?.[1];
        for (const cat of Object.values(catalogues)) {
          if (field) for (const seg of field.split('.')) if (!/^\d+$/.test(seg) && !cat.fields[seg]) unknown.push(`${at(m.index)} field ${seg}`);
          if (rule && typeof cat.validation[rule] !== 'string') unknown.push(`${at(m.index)} rule ${rule}`);
        }
      }
    }
    expect(raises).toBeGreaterThan(5);
    expect(bare, 'bare INVALID_INPUT raises (name the field and the rule)').toEqual([]);
    expect(unknown).toEqual([]);
  });
});
