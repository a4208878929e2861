/**
 * The session's watchdogs inside the shell (spec 01 §4, §8):
 * - loads the current user after a reload; failures are retried and counted, above
 *   USER_LOAD_MAX_FAILURES the user is logged out with the login-failed message (and
 *   'Verification failed, please Login again.' when the answer holds no user);
 * - the expired-login alert on network status 0, an expired or an idle token (re-login only);
 * - the idle time-out (machines/session-idle.machine.ts): clicks and keys are activity; after an
 *   hour the alert with re-login only.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Box, Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { sessionIdleMachine } from '../../../machines/session-idle.machine';
import { onSessionProblem } from '../api/client';
import { currentUserQueryOptions, isSessionProblem } from '../queries/session';
import { sessionStore, useSession } from '../session/store';
import { logout, relogin } from './session-actions';

/** Loads the user (after a reload) and logs out after too many failures. Returns whether the user is ready. */
export function useUserLoad(): boolean {
  const { t } = useTranslation(['errors', 'shell']);
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  // Attempts are counted (the options' retry); the expired-login alert handles dead sessions.
  const query = useQuery({ ...currentUserQueryOptions(), enabled: !!token });

  useEffect(() => {
    if (query.isSuccess) {
      if (query.data && query.data.id) {
        if (query.data !== sessionStore.getState().user) sessionStore.setUser(query.data);
        return;
      }
      notifications.show({ color: 'red', message: t('errors:VERIFICATION_FAILED') });
      void logout().then(() => navigate({ to: '/login' }));
    } else if (query.isError && !isSessionProblem(query.error)) {
      // More than USER_LOAD_MAX_FAILURES - 1 failed loads: the login-failed message (spec 01 §4, §8).
      notifications.show({ color: 'red', message: t('shell:userLoadFailed') });
      void logout().then(() => navigate({ to: '/login' }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isSuccess, query.isError, query.data]);

  return !!user;
}

function ReloginAlert({ opened, title, message, testId, onRelogin }: { opened: boolean; title: string; message: string; testId: string; onRelogin: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size={400}
      zIndex={1000}
    >
      <Box data-testid={testId} role="alertdialog" aria-label={title}>
        <Group gap={6} mb="sm"><IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" /><Text fw={600}>{title}</Text></Group>
        <Text size="sm" mb="lg">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onRelogin} data-testid={`${testId}-relogin`}>{t('relogin')}</Button>
        </Group>
      </Box>
    </Modal>
  );
}

/** Expired-login alert (status 0, UNAUTHENTICATED, SESSION_IDLE answers) and the idle time-out. */
export function SessionAlerts() {
  const { t } = useTranslation(['shell', 'errors']);
  const [problem, setProblem] = useState<{ kind: 'network' | 'unauthenticated' | 'idle'; message: string } | null>(null);
  useEffect(() => {
    const off = onSessionProblem((p) => setProblem((prev) => prev ?? p));
    return () => {
      off();
    };
  }, []);

  const idle = useActorRef(sessionIdleMachine.provide({ actions: { relogin: () => void relogin() } }), { input: {} });
  const timedOut = useSelector(idle, (s) => s.value === 'timedOut' || s.value === 'loggedOut');
  useEffect(() => {
    // One activity event a second is plenty for an hour's time-out checked every 5 s, and keeps
    // the machine's snapshot from changing on every key a clerk types.
    let lastSent = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastSent < 1000) return;
      lastSent = now;
      idle.send({ type: 'session.activity' });
    };
    document.addEventListener('click', onActivity, true);
    document.addEventListener('keydown', onActivity, true);
    return () => {
      document.removeEventListener('click', onActivity, true);
      document.removeEventListener('keydown', onActivity, true);
    };
  }, [idle]);

  const problemMessage =
    problem?.kind === 'idle' ? t('errors:SESSION_IDLE') : problem?.kind === 'unauthenticated' ? problem.message || t('errors:UNAUTHENTICATED') : t('errors:LOGIN_EXPIRED');
  return (
    <>
      <ReloginAlert opened={timedOut} title={t('shell:idle.title')} message={t('errors:SESSION_IDLE')} testId="idle-alert" onRelogin={() => idle.send({ type: 'session.relogin' })} />
      <ReloginAlert opened={!timedOut && !!problem} title={t('shell:expired.title')} message={problemMessage} testId="expired-alert" onRelogin={() => void relogin()} />
    </>
  );
}
