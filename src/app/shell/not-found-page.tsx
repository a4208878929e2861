/** /404: where unknown paths land (spec 01 §2). */
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Center mih="100vh" data-testid="not-found">
      <Stack align="center" gap="sm">
        <Title order={1} c="blue.7">404</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to="/">{t('backHome')}</Button>
      </Stack>
    </Center>
  );
}
