/**
 * The editor's small dialogs: the save tip (Yes / No / Cancel before new, copy, stepping or
 * closing with unsaved changes) and the reason of an "examine as error". Both are keyboard-first:
 * the first useful button or field has the focus, Enter confirms, Esc cancels.
 */
import { useCallback, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SaveTipAnswer = 'yes' | 'no' | 'cancel';

/** `ask()` opens the save tip and resolves with the answer. */
export function useSaveTip() {
  const { t } = useTranslation('voucher');
  const [open, setOpen] = useState(false);
  const resolver = useRef<((a: SaveTipAnswer) => void) | null>(null);
  const answer = (a: SaveTipAnswer) => {
    setOpen(false);
    resolver.current?.(a);
    resolver.current = null;
  };
  const ask = useCallback(
    () =>
      new Promise<SaveTipAnswer>((resolve) => {
        resolver.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const element = (
    <Modal opened={open} onClose={() => answer('cancel')} title={t('saveTip.title')} size="sm" centered>
      <Stack gap="md" data-testid="voucher-save-tip">
        <Text size="sm">{t('saveTip.body')}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => answer('cancel')} data-testid="save-tip-cancel">
            {t('saveTip.cancel')}
          </Button>
          <Button variant="light" color="red" onClick={() => answer('no')} data-testid="save-tip-no">
            {t('saveTip.no')}
          </Button>
          <Button onClick={() => answer('yes')} data-autofocus data-testid="save-tip-yes">
            {t('saveTip.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask, element };
}

export function ReasonDialog({ opened, onCancel, onConfirm }: { opened: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation(['voucher', 'common']);
  const [reason, setReason] = useState('');
  const submit = () => {
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={t('voucher:reason.title')} size="md" centered>
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
