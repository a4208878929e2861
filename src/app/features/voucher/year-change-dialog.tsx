/**
 * Spec 01 §5: the mark date moved into another account year while lines name subjects (subjects
 * belong to one year). Clear the subjects (focused: Enter; key C) and go on in the new year, or
 * keep the old date (key K, Esc).
 */
import { Button, Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface YearChangeQuestion {
  date: string;
  fromYear: number;
  toYear: number;
}

export function YearChangeDialog({ question, onClear, onKeep }: { question: YearChangeQuestion | null; onClear: () => void; onKeep: () => void }) {
  const { t } = useTranslation('voucher');
  return (
    <Modal opened={question !== null} onClose={() => setTimeout(onKeep)} title={t('yearChange.title')} size="md" centered>
      <Stack
        gap="md"
        data-testid="voucher-year-dialog"
        onKeyDown={(e) => {
          if (e.ctrlKey || e.altKey || e.metaKey) return;
          const key = e.key.toLowerCase();
          if (key === 'c' || key === 'k') {
            e.preventDefault();
            e.stopPropagation();
            if (key === 'c') onClear();
            else onKeep();
          }
        }}
      >
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
