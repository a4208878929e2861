/**
 * One rights vocabulary (issue 6 §3): the route table and the app name rights through the
 * RIGHTS constants of src/domain/rights.ts, never as bare numbers, and every right a menu entry
 * needs exists in the catalogue the server grants from.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RIGHT_IDS, RIGHTS } from '../../domain/rights';
import { routeTable, type RouteNode } from './route-table';

const authIds = (nodes: RouteNode[]): number[] => nodes.flatMap((n) => [...(n.authId !== undefined ? [n.authId] : []), ...authIds(n.children ?? [])]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('rights vocabulary', () => {
  it('every authId of the route table is a named right of the catalogue', () => {
    const named = new Set<number>(Object.values(RIGHTS));
    for (const id of authIds(routeTable)) {
      expect(named.has(id), `authId ${id} has no RIGHTS constant`).toBe(true);
      expect(ALL_RIGHT_IDS, `authId ${id} is not in the rights catalogue`).toContain(id);
    }
  });
  it('no file of the app writes a right as a bare number', () => {
    const offenders: string[] = [];
    for (const file of sources(join(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(authId\s*:\s*\d+|(?:hasRight|useHasRight)\([^)]*?\b\d{1,7}\b[^)]*\))/g)) offenders.push(`${file}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
