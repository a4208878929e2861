/**
 * "Save the changes?" with Yes (focused: Enter saves), No and Cancel (spec 02 §2.10); keys Y, N and
 * Esc answer too. Driven by useSaveTip(): `<SaveTipDialog {...tip.dialog} />`.
 */
import { Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerOfKey, type SaveTipAnswer } from './save-tip';

/** The test ids of a question's parts (the editors' dialog and the shell's leave question keep their own). */
export interface SaveTipTestIds {
  root: string;
  body?: string;
  cancel: string;
  no: string;
  yes: string;
}

const DIALOG_IDS: SaveTipTestIds = { root: 'unsaved-dialog', cancel: 'unsaved-cancel', no: 'unsaved-discard', yes: 'unsaved-save' };

/**
 * The question itself, for any modal: the message, then Cancel (Esc), No (N) and Yes (Y, focused:
 * Enter saves). Y and N answer anywhere in it; Esc is the modal's own close, which answers Cancel.
 */
export function SaveTipQuestion({ message, onAnswer, testIds = DIALOG_IDS }: { message: string; onAnswer: (a: SaveTipAnswer) => void; testIds?: SaveTipTestIds }) {
  const { t } = useTranslation('common');
  return (
    <Stack
      gap="md"
      data-testid={testIds.root}
      onKeyDown={(e) => {
        const a = answerOfKey(e);
        if (a && a !== 'cancel') {
          e.preventDefault();
          e.stopPropagation();
          onAnswer(a);
        }
      }}
    >
      <Text size="sm" data-testid={testIds.body}>{message}</Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => onAnswer('cancel')} aria-keyshortcuts="Escape" data-testid={testIds.cancel}>
          {t('cancel')} <Kbd ml={6} size="xs">Esc</Kbd>
        </Button>
        <Button variant="default" color="red" onClick={() => onAnswer('no')} aria-keyshortcuts="N" data-testid={testIds.no}>
          {t('unsaved.no')} <Kbd ml={6} size="xs">N</Kbd>
        </Button>
        <Button onClick={() => onAnswer('yes')} data-autofocus aria-keyshortcuts="Y Enter" data-testid={testIds.yes}>
          {t('unsaved.yes')} <Kbd ml={6} size="xs">Y</Kbd>
        </Button>
      </Group>
    </Stack>
  );
}

export function SaveTipDialog({ opened, onAnswer, message }: { opened: boolean; onAnswer: (a: SaveTipAnswer) => void; message?: string }) {
  const { t } = useTranslation('common');
  // Yes and No move on (a new voucher, the next one, the form closing): the screen puts the caret
  // there itself, and the modal's own focus return (10 ms after closing, to the cell it opened over)
  // must not race it: on a busy machine it focused a row about to be replaced and the caret was lost
  // (the voucher editor's 'Alt+N, No'). Cancel stays: the focus goes back where it was.
  const [movingOn, setMovingOn] = useState(false);
  useEffect(() => {
    if (opened) setMovingOn(false);
  }, [opened]);
  const answer = (a: SaveTipAnswer) => {
    setMovingOn(a !== 'cancel');
    onAnswer(a);
  };
  return (
    // Esc answers after this key event: the editor's own modal reads its latest props on the same
    // Escape (Mantine's window listeners), and must still see the question open, or it would ask again.
    <Modal opened={opened} onClose={() => setTimeout(() => onAnswer('cancel'))} returnFocus={!movingOn} title={t('unsaved.title')} size="sm" centered>
      <SaveTipQuestion message={message ?? t('unsaved.body')} onAnswer={answer} />
    </Modal>
  );
}
