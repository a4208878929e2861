/**
 * Shown when a page fails to load or render (e.g. its chunk cannot be fetched): retry or go home.
 * Imported with the router, not lazily: when chunks cannot be fetched (a new deployment replaced
 * them, and the router's one reload did not help) this one must already be there, or the app went
 * blank. The router's lazy pages reload the application once on such a failure first.
 */
import { useTranslation } from 'react-i18next';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function PageError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation('shell');
  const router = useRouter();
  const message = error instanceof Error ? error.message : null;
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
