import { describe, expect, it } from 'vitest';
import { codeKey, halfWidth } from './half-width';

describe('codes as typed', () => {
  it('reads full-width codes as their half-width forms', () => {
    expect(halfWidth('Ｃ００１')).toBe('C001');
    expect(halfWidth('０４４１０５７７２')).toBe('044105772');
  });

  it('knows a code by one key whatever the case of its letters, its width and the spaces around it', () => {
    expect(codeKey('C001')).toBe('c001');
    expect(codeKey('c001')).toBe(codeKey('C001'));
    expect(codeKey('Ｃ００１')).toBe(codeKey('c001'));
    expect(codeKey(' P2024-01 ')).toBe('p2024-01');
    expect(codeKey('C001')).not.toBe(codeKey('C0010'));
  });
});
