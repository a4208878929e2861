import { describe, expect, it } from 'vitest';
import { isValidPassword } from './password';

describe('password rule', () => {
  it.each(['ab12', 'admin123', 'A1b2C3d4E5f6'])('accepts %s', (p) => expect(isValidPassword(p)).toBe(true));
  it.each(['a1', 'abcd', '1234', 'abc 123', 'abc_123', 'A1b2C3d4E5f6g', '密码123a', ''])('refuses %s', (p) => expect(isValidPassword(p)).toBe(false));
});
