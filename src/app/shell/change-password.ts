/**
 * Change-password form rules (spec 01 §5): old, new and confirm are required (trimmed) and
 * validated on blur; the new password follows the password rule; confirm must equal new.
 * Returns message keys (shell namespace, or errors: for the catalogue), not texts.
 */
import { isValidPassword } from '../../domain/password';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ChangePasswordField = keyof ChangePasswordValues;

export function validateChangePasswordField(field: ChangePasswordField, values: ChangePasswordValues): string | null {
  const v = values[field].trim();
  switch (field) {
    case 'oldPassword':
      return v ? null : 'shell:password.oldRequired';
    case 'newPassword':
      if (!v) return 'shell:password.newRequired';
      return isValidPassword(v) ? null : 'errors:INVALID_PASSWORD';
    case 'confirmPassword':
      if (!v) return 'shell:password.confirmRequired';
      return v === values.newPassword.trim() ? null : 'errors:PASSWORDS_DO_NOT_MATCH';
  }
}

export function validateChangePassword(values: ChangePasswordValues): Partial<Record<ChangePasswordField, string>> {
  const out: Partial<Record<ChangePasswordField, string>> = {};
  for (const f of ['oldPassword', 'newPassword', 'confirmPassword'] as const) {
    const e = validateChangePasswordField(f, values);
    if (e) out[f] = e;
  }
  return out;
}
