import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

function keysOf(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('locale key parity', () => {
  const zhFiles = readdirSync(join(root, 'zh_CN')).filter((f) => f.endsWith('.json')).sort();
  const enFiles = readdirSync(join(root, 'en_US')).filter((f) => f.endsWith('.json')).sort();

  it('zh_CN and en_US hold the same files', () => {
    expect(enFiles).toEqual(zhFiles);
    expect(zhFiles.length).toBeGreaterThan(0);
  });

  for (const file of zhFiles) {
    it(`${file} has the same keys in both languages, none empty`, () => {
      const zh = JSON.parse(readFileSync(join(root, 'zh_CN', file), 'utf8'));
      const en = JSON.parse(readFileSync(join(root, 'en_US', file), 'utf8'));
      expect(keysOf(en).sort()).toEqual(keysOf(zh).sort());
      for (const k of keysOf(zh)) {
        const get = (o: any) => k.split('.').reduce((a, p) => a?.[p], o);
        expect(String(get(zh)).length, `zh_CN ${file}:${k}`).toBeGreaterThan(0);
        expect(String(get(en)).length, `en_US ${file}:${k}`).toBeGreaterThan(0);
      }
    });
  }
});
