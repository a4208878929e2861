/**
 * Change-password dialog (spec 01 §2: 400×300; §5 rules, validated on blur). A successful change
 * ends every session of the user on the server, so the user is logged out and sent to /login.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { changePassword } from '../queries/session';
import { validateChangePassword, validateChangePasswordField, type ChangePasswordField, type ChangePasswordValues } from './change-password';
import { logout } from './session-actions';

const empty: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common', 'errors']);
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<ChangePasswordField, string>>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setValues(empty);
    setErrors({});
    onClose();
  };
  const field = (name: ChangePasswordField, label: string) => (
    <PasswordInput
      label={label}
      name={name}
      withAsterisk
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
      value={values[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      onBlur={() => {
        const e = validateChangePasswordField(name, values);
        setErrors((prev) => ({ ...prev, [name]: e ?? undefined }));
      }}
      error={errors[name] ? t(errors[name]!) : undefined}
      data-testid={`pw-${name}`}
    />
  );

  const submit = async () => {
    const errs = validateChangePassword(values);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await changePassword(values.oldPassword.trim(), values.newPassword.trim());
      notifications.show({ color: 'green', message: t('shell:password.changed') });
      close();
      await logout();
      await navigate({ to: '/login' });
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof ApiError && err.message ? err.message : t('common:operationFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('shell:password.title')} size={400} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="xs" mih={230}>
          {field('oldPassword', t('shell:password.old'))}
          {field('newPassword', t('shell:password.new'))}
          {field('confirmPassword', t('shell:password.confirm'))}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>{t('common:cancel')}</Button>
            <Button type="submit" loading={busy}>{t('common:confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
