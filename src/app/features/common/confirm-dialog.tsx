/**
 * The product's confirmation dialog ('Cannot be recovered after deletion!…' by default) and the
 * open/closed state of a screen's dialogs.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { BusyButton } from './busy-button';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  message?: ReactNode;
  confirmLabel?: ReactNode;
  color?: string;
}

/** The confirm button takes the focus, so Enter confirms and Esc cancels. */
export function ConfirmDialog({ opened, onCancel, onConfirm, loading, message, confirmLabel, color = 'red' }: ConfirmDialogProps) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Modal opened={opened} onClose={onCancel} title={t('admin:confirm.title')} size="sm" centered>
      <Stack gap="md" data-testid="confirm-dialog">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconAlertTriangle color="var(--mantine-color-orange-6)" size={22} style={{ flexShrink: 0 }} />
          <Text size="sm">{message ?? t('admin:confirm.delete')}</Text>
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          {/* Busy, not disabled, while the work runs: the focus stays in the dialog (busy-button.tsx). */}
          <BusyButton color={color} busy={loading} onClick={onConfirm} data-autofocus data-testid="confirm-ok">
            {confirmLabel ?? t('common:confirm')}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A dialog's state: closed, or open with a payload (the record being edited, null for a new one).
 *
 *   const editor = useDialogState<CompanyDto | null>();
 *   editor.open(null);            // new
 *   <CompanyDialog opened={editor.opened} company={editor.payload ?? null} onClose={editor.close} />
 */
export function useDialogState<P>() {
  const [state, setState] = useState<{ payload: P } | null>(null);
  return {
    opened: state !== null,
    payload: state ? state.payload : null,
    open: (payload: P) => setState({ payload }),
    close: () => setState(null),
  };
}

/**
 * 'Cannot be recovered after deletion!…' for one record of a card or list: confirming runs the
 * delete mutation (its failure is already notified) and closes, whatever the answer.
 */
export function ConfirmDeleteDialog<T extends { id: number }>({ target, onDone, remove }: {
  target: T | null;
  onDone: () => void;
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
}) {
  return (
    <ConfirmDialog
      opened={!!target}
      loading={remove.isPending}
      onCancel={onDone}
      onConfirm={() => {
        if (target) void remove.mutateAsync(target.id).catch(() => undefined).finally(onDone);
      }}
    />
  );
}
