import { describe, expect, it } from 'vitest';
import { validateChangePassword, validateChangePasswordField } from './change-password';

const v = (oldPassword: string, newPassword: string, confirmPassword: string) => ({ oldPassword, newPassword, confirmPassword });

describe('change password rules', () => {
  it('requires every field (trimmed)', () => {
    expect(validateChangePassword(v('  ', '', ' '))).toEqual({
      oldPassword: 'shell:password.oldRequired',
      newPassword: 'shell:password.newRequired',
      confirmPassword: 'shell:password.confirmRequired',
    });
  });
  it('new password: 4–12 letters and digits, both', () => {
    expect(validateChangePasswordField('newPassword', v('x', 'abc', ''))).toBe('errors:INVALID_PASSWORD');
    expect(validateChangePasswordField('newPassword', v('x', 'abcdef', ''))).toBe('errors:INVALID_PASSWORD');
    expect(validateChangePasswordField('newPassword', v('x', 'abc_123', ''))).toBe('errors:INVALID_PASSWORD');
    expect(validateChangePasswordField('newPassword', v('x', 'abcdefg1234567', ''))).toBe('errors:INVALID_PASSWORD');
    expect(validateChangePasswordField('newPassword', v('x', 'abc123', ''))).toBeNull();
  });
  it('confirm must equal new', () => {
    expect(validateChangePasswordField('confirmPassword', v('x', 'abc123', 'abc124'))).toBe('errors:PASSWORDS_DO_NOT_MATCH');
    expect(validateChangePassword(v('old1', 'abc123', 'abc123'))).toEqual({});
  });
});
