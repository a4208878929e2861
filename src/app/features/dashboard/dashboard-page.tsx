/**
 * Home ('/'): a greeting, the way to any screen (the command palette, focused after sign-in) and the current working scope — company, ledger set, account year and
 * its periods (loaded for the selected year, so it reloads when the scope changes). The dashboards
 * of the menu are manage-page.tsx and business-page.tsx.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Group, Kbd, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { shortcutPlatform } from '../../../../grids/key-bindings';
import { openPalette } from '../../shell/command-palette';
import { bindingOf, shellKeyLabel } from '../../shell/key-map';
import { myCompaniesQueryOptions } from '../../queries/company';
import { accountsQueryOptions, periodsQueryOptions } from '../../queries/account';
import { useScope, useSession } from '../../session/store';

export function DashboardPage() {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const scope = useScope();
  const companies = useQuery(myCompaniesQueryOptions());
  const accounts = useQuery(accountsQueryOptions(scope.companyId));
  const periods = useQuery(periodsQueryOptions(scope.accountYearId));
  const company = companies.data?.find((c) => c.id === scope.companyId);
  const account = accounts.data?.find((a) => a.id === scope.accountId);
  const year = account?.accountYears?.find((y) => y.id === scope.accountYearId);
  const none = <Text c="dimmed">{t('dashboard.notSelected')}</Text>;

  return (
    <Stack gap="md" data-testid="home-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={3}>{t('dashboard.welcome', { name: user?.name ?? '' })}</Title>
        {/* The landing page's first control (focused after sign-in): the way to any screen. */}
        <Button
          variant="default"
          leftSection={<IconSearch size={16} />}
          rightSection={<Kbd size="xs">{shellKeyLabel(bindingOf('palette.open'), shortcutPlatform())}</Kbd>}
          onClick={openPalette}
          data-autofocus
          data-testid="home-palette"
        >
          {t('palette.placeholder')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="xs" c="dimmed">{t('company')}</Text>
          {companies.isLoading ? <Skeleton h={24} /> : company ? <Text fw={600} data-testid="home-company">{company.name}</Text> : none}
        </Card>
        <Card withBorder>
          <Text size="xs" c="dimmed">{t('account')}</Text>
          {accounts.isLoading ? <Skeleton h={24} /> : account ? (
            <Group gap="xs">
              <Text fw={600} data-testid="home-account">{account.name}</Text>
              {account.main === 1 && <Badge size="xs" variant="light">{t('mainAccount')}</Badge>}
            </Group>
          ) : none}
        </Card>
        <Card withBorder>
          <Text size="xs" c="dimmed">{t('accountYear')}</Text>
          {year ? <Text fw={600} data-testid="home-year">{year.year}</Text> : none}
        </Card>
      </SimpleGrid>
      {scope.accountYearId !== null && (
        <Card withBorder>
          <Text fw={600} mb="xs">{t('dashboard.periods')}</Text>
          {periods.isLoading ? <Skeleton h={120} /> : (
            <Table striped withTableBorder={false} data-testid="home-periods">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.period')}</Table.Th>
                  <Table.Th>{t('dashboard.startAt')}</Table.Th>
                  <Table.Th>{t('dashboard.endAt')}</Table.Th>
                  <Table.Th>{t('dashboard.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(periods.data ?? []).map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.startAt}</Table.Td>
                    <Table.Td>{p.endAt}</Table.Td>
                    <Table.Td>{p.rolled ? <Badge color="gray" size="sm">{t('dashboard.rolled')}</Badge> : <Badge color="green" size="sm" variant="light">{t('dashboard.open')}</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}
    </Stack>
  );
}
