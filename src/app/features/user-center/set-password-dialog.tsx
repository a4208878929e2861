/** Set-password dialog of the users screen (admin sets a new password; the user's sessions end). */
import { PasswordInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setPasswordBody, type UserDto } from '../../../contract/idm';
import { useSetUserPassword } from '../../queries/admin-users';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';

export function SetPasswordDialog({ user, onClose }: { user: UserDto | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'errors']);
  const mutation = useSetUserPassword();
  const form = useEntityForm({
    schema: setPasswordBody,
    empty: () => ({ userId: user?.id ?? 0, password: '', confirm: '' }),
    required: ['password'],
    rules: (v) => ({
      confirm: !v.confirm ? { key: 'admin:user.confirmRequired' } : v.confirm !== v.password ? { key: 'errors:PASSWORDS_DO_NOT_MATCH' } : undefined,
    }),
  });
  return (
    <FormDialog
      opened={!!user}
      onClose={onClose}
      title={t('admin:user.setPasswordTitle', { name: user?.name ?? '' })}
      form={form}
      recordKey={user?.id}
      onSave={(body) => mutation.mutateAsync(body)}
      size={400}
      testId="set-password-dialog"
    >
      <Text size="sm" c="dimmed">{t('admin:user.setPasswordHint')}</Text>
      <PasswordInput label={t('admin:user.newPassword')} withAsterisk data-autofocus {...form.text('password')} description={t('admin:user.passwordRule')} data-testid="new-password" />
      <PasswordInput label={t('admin:user.confirmPassword')} withAsterisk {...form.text('confirm')} data-testid="confirm-password" />
    </FormDialog>
  );
}
