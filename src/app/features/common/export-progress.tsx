/**
 * The shared export progress bar (spec 01 §7, spec 02 §4): `useExportProgress()` gives `run(call)`
 * (or `start(token)` for the token an export call answered) and the `bar` to put in the list's
 * toolbar. The task itself runs in the app's export store (export-tasks.ts), not in the page: it
 * goes on polling when the page is left, downloads the result when ready and says so in a notice
 * wherever the user is. The bar follows machines/export-progress.machine.ts (poll every 1.5 s,
 * reminder every 6 polls, failure after 20, hides 0.5 s after completion).
 *
 * A page's task is found again under its tab's path and `slot`: back on the page, the bar of a task
 * still running shows again and `running` refuses a second export. Two exports on one page that
 * must run side by side need two slots.
 */
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTabPath } from '../../shell/tab-state';
import { exportTasks, isBusy, type ExportTasks } from './export-tasks';

export interface ExportProgress {
  /** Follows the task of an export call's token (ignored while this page's export runs). */
  start: (token: string) => void;
  /**
   * Calls `begin` (the export call) and follows its task; busy from the call on. Answers false when
   * refused because this page's export is still running; rejects with the call's error.
   */
  run: (begin: () => Promise<{ token: string }>) => Promise<boolean>;
  /** This page's export is starting or running: another is refused. */
  running: boolean;
  bar: ReactNode;
}

/** The key a page's task is kept under. */
export const exportTaskKey = (tabPath: string, slot: string): string => `${tabPath}\u0000${slot}`;

export function useExportProgress(slot = 'export', tasks: ExportTasks = exportTasks): ExportProgress {
  const { t } = useTranslation('common');
  const key = exportTaskKey(useTabPath(), slot);
  const view = useSyncExternalStore(
    useCallback((l: () => void) => tasks.subscribe(key, l), [tasks, key]),
    () => tasks.view(key),
  );
  const done = view.phase === 'done';
  const { progress } = view;
  const bar = view.phase === 'running' || done ? (
    <Group gap="xs" wrap="nowrap" w={220} data-testid="export-progress" data-state={done ? 'done' : 'running'} aria-live="polite">
      <Progress value={progress} size="lg" style={{ flex: 1 }} animated={!done} aria-label={t('exporting', { progress })} />
      <Text size="xs" c="dimmed" data-testid="export-progress-value">{done ? t('exportDone') : t('exporting', { progress })}</Text>
    </Group>
  ) : null;
  return {
    start: (token) => tasks.start(key, token),
    run: (begin) => tasks.run(key, begin),
    running: isBusy(view),
    bar,
  };
}
