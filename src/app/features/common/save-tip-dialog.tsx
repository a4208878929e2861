/**
 * "Save the changes?" with Yes (focused: Enter saves), No and Cancel (spec 02 §2.10); keys Y, N and
 * Esc answer too. Driven by useSaveTip(): `<SaveTipDialog {...tip.dialog} />`.
 */
import { Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { answerOfKey, type SaveTipAnswer } from './save-tip';

export function SaveTipDialog({ opened, onAnswer, message }: { opened: boolean; onAnswer: (a: SaveTipAnswer) => void; message?: string }) {
  const { t } = useTranslation('common');
  return (
    // Esc answers after this key event: the editor's own modal reads its latest props on the same
    // Escape (Mantine's window listeners), and must still see the question open, or it would ask again.
    <Modal opened={opened} onClose={() => setTimeout(() => onAnswer('cancel'))} title={t('unsaved.title')} size="sm" centered>
      <Stack
        gap="md"
        data-testid="unsaved-dialog"
        onKeyDown={(e) => {
          const a = answerOfKey(e);
          if (a && a !== 'cancel') {
            e.preventDefault();
            e.stopPropagation();
            onAnswer(a);
          }
        }}
      >
        <Text size="sm">{message ?? t('unsaved.body')}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => onAnswer('cancel')} aria-keyshortcuts="Escape" data-testid="unsaved-cancel">
            {t('cancel')} <Kbd ml={6} size="xs">Esc</Kbd>
          </Button>
          <Button variant="default" color="red" onClick={() => onAnswer('no')} aria-keyshortcuts="N" data-testid="unsaved-discard">
            {t('unsaved.no')} <Kbd ml={6} size="xs">N</Kbd>
          </Button>
          <Button onClick={() => onAnswer('yes')} data-autofocus aria-keyshortcuts="Y Enter" data-testid="unsaved-save">
            {t('unsaved.yes')} <Kbd ml={6} size="xs">Y</Kbd>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
