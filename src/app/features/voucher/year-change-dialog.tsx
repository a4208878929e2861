/**
 * Spec 01 §5: the mark date moved into another account year while lines name subjects (subjects
 * belong to one year). Clear the subjects (focused when the dialog opens: Enter; key C) and go on
 * in the new year, or keep the old date (key K, Esc). C and K answer wherever the focus is while
 * the question is open (it is modal: no key is for the page behind); the ✕ is for the mouse only
 * (out of the Tab order: Enter on it kept the old date though the focused answer says "C Enter").
 */
import { useEffect, useRef } from 'react';
import { Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface YearChangeQuestion {
  date: string;
  fromYear: number;
  toYear: number;
}

/** The answer a key gives ('clear' for C, 'keep' for K), or null: a plain key only, once per press. */
export function yearAnswerOfKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'repeat' | 'isComposing'>): 'clear' | 'keep' | null {
  if (e.ctrlKey || e.altKey || e.metaKey || e.repeat || e.isComposing) return null;
  const key = e.key.toLowerCase();
  return key === 'c' ? 'clear' : key === 'k' ? 'keep' : null;
}

export function YearChangeDialog({ question, onClear, onKeep }: { question: YearChangeQuestion | null; onClear: () => void; onKeep: () => void }) {
  const { t } = useTranslation('voucher');
  const opened = question !== null;
  const answers = useRef({ onClear, onKeep });
  useEffect(() => {
    answers.current = { onClear, onKeep };
  });
  useEffect(() => {
    if (!opened) return;
    // One answer per question: a second key before the dialog has gone is not a second answer.
    let answered = false;
    const onKeyDown = (e: KeyboardEvent) => {
      const answer = yearAnswerOfKey(e);
      if (!answer) return;
      e.preventDefault();
      e.stopPropagation();
      if (answered) return;
      answered = true;
      if (answer === 'clear') answers.current.onClear();
      else answers.current.onKeep();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={() => setTimeout(onKeep)} title={t('yearChange.title')} size="md" centered closeButtonProps={{ tabIndex: -1 }}>
      <Stack gap="md" data-testid="voucher-year-dialog">
        <Text size="sm">{question ? t('yearChange.body', { date: question.date, from: question.fromYear, to: question.toYear }) : ''}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onKeep} aria-keyshortcuts="K Escape" data-testid="voucher-year-keep">
            {t('yearChange.keep')} <Kbd ml={6} size="xs">K</Kbd>
          </Button>
          <Button color="orange" onClick={onClear} data-autofocus aria-keyshortcuts="C Enter" data-testid="voucher-year-clear">
            {t('yearChange.clear')} <Kbd ml={6} size="xs">C</Kbd>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
