/** A picker opened without a company (vendor and multi-employee pickers need one): the query-failed message (spec 02 §5). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEscapeCloses } from './use-escape-closes';

export function NoCompanyPicker({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation('pickers');
  useEscapeCloses(onClose);
  return (
    <Modal opened onClose={onClose} title={title} centered closeOnEscape={false} transitionProps={{ duration: 0 }} onKeyDown={(e) => e.stopPropagation()} data-testid="picker-no-company">
      <Text c="red" data-testid="picker-query-failed">{t('queryFailed')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>{t('cancel')}</Button>
      </Group>
    </Modal>
  );
}
