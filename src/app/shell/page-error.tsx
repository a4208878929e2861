/**
 * Shown when a page fails to load or render: retry or go home. A page whose code cannot be fetched
 * because a new version was deployed (its chunks were replaced) says so and offers to reload the app,
 * rather than retrying a file that is gone. Imported with the router, not lazily: when chunks cannot
 * be fetched this one must already be there.
 */
import { useTranslation } from 'react-i18next';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Whether an error is the browser failing to fetch a code chunk (a new version replaced the files). */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message);
}

export function PageError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation('shell');
  const router = useRouter();
  const message = error instanceof Error ? error.message : null;
  if (isStaleChunkError(error)) {
    return (
      <Center py={60} data-testid="page-error-new-version">
        <Stack align="center" gap="sm" maw={520}>
          <ThemeIcon size={56} radius="xl" color="blue" variant="light"><IconAlertTriangle size={30} /></ThemeIcon>
          <Title order={3}>{t('pageError.newVersionTitle')}</Title>
          <Text c="dimmed" ta="center">{t('pageError.newVersionBody')}</Text>
          <Button data-autofocus autoFocus onClick={() => window.location.reload()}>{t('pageError.reload')}</Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py={60} data-testid="page-error">
      <Stack align="center" gap="sm" maw={520}>
        <ThemeIcon size={56} radius="xl" color="orange" variant="light"><IconAlertTriangle size={30} /></ThemeIcon>
        <Title order={3}>{t('pageError.title')}</Title>
        <Text c="dimmed" ta="center">{t('pageError.body')}</Text>
        {message && <Code>{message}</Code>}
        <Group>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t('pageError.retry')}
          </Button>
          <Button component={Link} to="/" variant="light">{t('backHome')}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
