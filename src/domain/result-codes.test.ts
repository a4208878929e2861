import { describe, expect, it } from 'vitest';
import en from '../../locales/en_US/errors.json';
import zh from '../../locales/zh_CN/errors.json';
import { resultCodes } from './result-codes';

describe('result codes', () => {
  it('every code has a message in both languages, with the same placeholders', () => {
    for (const [code, { key }] of Object.entries(resultCodes)) {
      const name = key.replace(/^errors\./, '');
      const messages = [en, zh].map((m) => (m as unknown as Record<string, unknown>)[name]);
      expect(messages.every((m) => typeof m === 'string' && m.length > 0), code).toBe(true);
      const placeholders = messages.map((m) => [...String(m).matchAll(/\{\{(\w+)\}\}/g)].map((x) => x[1]).sort());
      expect(placeholders[0], code).toEqual(placeholders[1]);
    }
  });
});
