/**
 * The reason of an "examine as error": the field has the focus, Enter confirms, Esc cancels. (The
 * save tip before new, copy, stepping or closing is the shared one of features/common.)
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `returnFocus: false` when the caller moves the focus itself afterwards (the list's auditor flow). */
export function ReasonDialog({ opened, onCancel, onConfirm, returnFocus = true }: { opened: boolean; onCancel: () => void; onConfirm: (reason: string) => void; returnFocus?: boolean }) {
  const { t } = useTranslation(['voucher', 'common']);
  const [reason, setReason] = useState('');
  const submit = () => {
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={t('voucher:reason.title')} size="md" centered returnFocus={returnFocus}>
      <Stack gap="sm" data-testid="voucher-reason-dialog">
        <Textarea
          data-autofocus
          label={t('voucher:reason.label')}
          placeholder={t('voucher:reason.placeholder')}
          value={reason}
          maxLength={200}
          autosize
          minRows={2}
          required
          onChange={(e) => setReason(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          data-testid="voucher-reason"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button color="orange" disabled={!reason.trim()} onClick={submit} data-testid="voucher-reason-ok">
            {t('voucher:reason.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
