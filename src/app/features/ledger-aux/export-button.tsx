/** The Export button of a report (the screen's filter, a background task) and its progress bar. */
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../queries/admin-common';
import { useExportProgress } from '../common/export-progress';

export function ReportExport({ start }: { start: (() => Promise<{ token: string }>) | null }) {
  const { t } = useTranslation('ledgerAux');
  const progress = useExportProgress();
  const run = async () => {
    if (!start) return;
    try {
      progress.start((await start()).token);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {progress.bar}
      <Button size="xs" variant="light" data-testid="al-export" disabled={!start || progress.running} onClick={() => void run()}>{t('export')}</Button>
    </Group>
  );
}
