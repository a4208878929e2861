import { describe, expect, it } from 'vitest';
import { FILE_SECONDS, longestFirst } from './vitest-sequencer';

describe('longestFirst', () => {
  const f = (project: string, path: string) => ({ project, path });
  const order = (files: { project: string; path: string }[]) => longestFirst(files, (x) => x.project, (x) => x.path).map((x) => `${x.project}:${x.path}`);

  it('starts the longest API files first, whatever order Vitest had them in', () => {
    const files = [f('api', 'tests/api/tenancy.test.ts'), f('api', 'tests/api/balances.test.ts'), f('api', 'tests/api/route-fuzz.test.ts')];
    expect(order(files)).toEqual(['api:tests/api/route-fuzz.test.ts', 'api:tests/api/balances.test.ts', 'api:tests/api/tenancy.test.ts']);
  });

  it('keeps projects apart, in their first-seen order, and unlisted files in their given order', () => {
    const files = [f('unit', 'b.test.ts'), f('api', 'x.test.ts'), f('unit', 'a.test.ts'), f('api', 'tests/api/auth.test.ts')];
    expect(order(files)).toEqual(['unit:b.test.ts', 'unit:a.test.ts', 'api:tests/api/auth.test.ts', 'api:x.test.ts']);
  });

  it('names only files that exist', async () => {
    const { existsSync } = await import('node:fs');
    expect(Object.keys(FILE_SECONDS).filter((p) => !existsSync(p))).toEqual([]);
  });
});
