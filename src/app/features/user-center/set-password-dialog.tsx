/** Set-password dialog of the users screen (admin sets a new password; the user's sessions end). */
import { useEffect, useState } from 'react';
import { PasswordInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordSchema, type UserDto } from '../../../contract/idm';
import { useSetUserPassword } from '../../queries/admin-users';
import { FormDialog } from '../system/admin-dialogs';
import { validateValue, type MessageRef } from '../system/form-validation';

export function SetPasswordDialog({ user, onClose }: { user: UserDto | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'errors']);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: MessageRef | null; confirm?: MessageRef | null }>({});
  const mutation = useSetUserPassword();
  useEffect(() => {
    setPassword('');
    setConfirm('');
    setErrors({});
  }, [user?.id]);

  const checkPassword = (v = password) => {
    const e = validateValue(passwordSchema, v, true);
    setErrors((x) => ({ ...x, password: e }));
    return e;
  };
  const checkConfirm = (v = confirm) => {
    const e: MessageRef | null = !v ? { key: 'admin:user.confirmRequired' } : v !== password ? { key: 'errors:PASSWORDS_DO_NOT_MATCH' } : null;
    setErrors((x) => ({ ...x, confirm: e }));
    return e;
  };
  const msg = (m?: MessageRef | null) => (m ? t(m.key, m.values) : undefined);

  const submit = async () => {
    const a = checkPassword();
    const b = checkConfirm();
    if (a || b || !user) return;
    try {
      await mutation.mutateAsync({ userId: user.id, password });
      onClose();
    } catch {
      /* notified */
    }
  };

  return (
    <FormDialog opened={!!user} title={t('admin:user.setPasswordTitle', { name: user?.name ?? '' })} onClose={onClose} onSubmit={submit} loading={mutation.isPending} size={400} testId="set-password-dialog">
      <Text size="sm" c="dimmed">{t('admin:user.setPasswordHint')}</Text>
      <PasswordInput
        label={t('admin:user.newPassword')}
        withAsterisk
        data-autofocus
        value={password}
        onChange={(e) => {
          setPassword(e.currentTarget.value);
          if (errors.password) checkPassword(e.currentTarget.value);
        }}
        onBlur={() => checkPassword()}
        error={msg(errors.password)}
        description={t('admin:user.passwordRule')}
        data-testid="new-password"
      />
      <PasswordInput
        label={t('admin:user.confirmPassword')}
        withAsterisk
        value={confirm}
        onChange={(e) => {
          setConfirm(e.currentTarget.value);
          if (errors.confirm) checkConfirm(e.currentTarget.value);
        }}
        onBlur={() => checkConfirm()}
        error={msg(errors.confirm)}
        data-testid="confirm-password"
      />
    </FormDialog>
  );
}
