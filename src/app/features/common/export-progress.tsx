/**
 * The shared export progress bar (spec 01 §7, spec 02 §4): `useExportProgress()` gives `start(token)`
 * for the token an export call answers and the `bar` to put in the list's toolbar. The bar follows
 * machines/export-progress.machine.ts (poll every 1.5 s, reminder every 6 polls, failure after 20,
 * hides 0.5 s after completion) and downloads the result when the task completes.
 */
import { useMemo, type ReactNode } from 'react';
import { Group, Progress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { exportProgressMachine } from '../../../../machines/export-progress.machine';
import { fetchExportTask } from '../../queries/export';
import { i18n } from '../../i18n';

/** Downloads a file URL (the server answers it as an attachment). */
function downloadUrl(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function useExportProgress(): { start: (token: string) => void; running: boolean; bar: ReactNode } {
  const { t } = useTranslation('common');
  const machine = useMemo(() => exportProgressMachine.provide({
    actions: {
      remind: () => notifications.show({ color: 'blue', message: i18n.t('common:exportGenerating') }),
      download: ({ context }) => {
        if (context.result) downloadUrl(context.result);
      },
      reportFailure: ({ context }) => notifications.show({ color: 'red', message: context.error ?? i18n.t('common:exportFail') }),
    },
  }), []);
  const [snapshot, send] = useMachine(machine, { input: { fetchTask: fetchExportTask } });
  const visible = snapshot.matches('running') || snapshot.matches('done');
  const { progress } = snapshot.context;
  const bar = visible ? (
    <Group gap="xs" wrap="nowrap" w={220} data-testid="export-progress" data-state={snapshot.matches('done') ? 'done' : 'running'} aria-live="polite">
      <Progress value={progress} size="lg" style={{ flex: 1 }} animated={!snapshot.matches('done')} aria-label={t('exporting', { progress })} />
      <Text size="xs" c="dimmed" data-testid="export-progress-value">{snapshot.matches('done') ? t('exportDone') : t('exporting', { progress })}</Text>
    </Group>
  ) : null;
  return { start: (token) => send({ type: 'export.start', token }), running: snapshot.matches('running'), bar };
}
