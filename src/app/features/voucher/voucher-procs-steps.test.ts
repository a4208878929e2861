/**
 * Every step the server writes into a voucher's processing record has a name in both languages
 * (a step without one showed raw, "SYNCED"). The steps are read from the server's sources: the
 * `action: '…'` literals of its proc inserts, the `proc(tx, …, '…')` calls and the PROC_STEP table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en_US/voucher.json';
import zh from '../../../../locales/zh_CN/voucher.json';

const dir = join(__dirname, '../../../server/features/voucher');

function stepsWritten(): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    const src = readFileSync(join(dir, f), 'utf8');
    for (const m of src.matchAll(/action: '([A-Z_]+)'/g)) out.add(m[1]);
    for (const m of src.matchAll(/\bproc\(tx, [^,]+, [^,]+, '([A-Z_]+)'/g)) out.add(m[1]);
    const table = /const PROC_STEP[^{]*\{([^}]*)\}/.exec(src);
    if (table) for (const m of table[1].matchAll(/: '([A-Z_]+)'/g)) out.add(m[1]);
  }
  return out;
}

describe('the processing record names every step', () => {
  it('finds the steps (the reading works)', () => {
    const steps = stepsWritten();
    for (const s of ['CREATED', 'UPDATED', 'AUDIT_SUCCESS', 'REVERSED', 'SYNCED', 'ARRANGE_CODE']) expect(steps).toContain(s);
  });
  it.each([['en_US', en], ['zh_CN', zh]] as const)('%s has a name for each', (_lang, bundle) => {
    const names = (bundle as { procs: { steps: Record<string, string> } }).procs.steps;
    expect([...stepsWritten()].filter((s) => !names[s])).toEqual([]);
  });
});
