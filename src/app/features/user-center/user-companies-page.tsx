/**
 * /userCenter/userCompany: companies × users. Pick a company on the left; its linked users are on
 * the right, with add (several users at once) and remove (which also drops the user's roles
 * in that company).
 */
import { useState } from 'react';
import { Card, Grid, Text, Title } from '@mantine/core';
import { FirstMatchMultiSelect } from '../common/first-match-select';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CompanyDto } from '../../../contract/company';
import { userCompanyBody } from '../../../contract/idm';
import { RIGHTS } from '../../../domain/rights';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { useHasRight, useScope } from '../../session/store';
import { companyListOptions } from '../../queries/admin-companies';
import { companyUsersPageOptions, useAddUserCompany, userCompaniesOptions, userPickerOptions, useRemoveUserCompany, type UserCompanyDto } from '../../queries/admin-users';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage } from '../common/list-page';
import { useEntityForm } from '../common/use-entity-form';
import { linkCompaniesColumns, linkedUsersColumns } from './user-companies.columns';

export function UserCompaniesPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId: scopeCompanyId } = useScope();
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  const [company, setCompany] = useState<CompanyDto | null>(null);
  const adding = useDialogState<null>();
  const remove = useRemoveUserCompany();
  const companyId = company?.id ?? scopeCompanyId;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ListPage<CompanyDto>
          gridId="userCenter.userCompany.companies"
          columns={linkCompaniesColumns}
          query={(req) => companyListOptions(req)}
          getRowId={(c) => c.id}
          selection="single"
          onSelectionChange={(rows) => rows[0] && setCompany(rows[0])}
          rowClassRules={{ 'ld-row-current': (p) => p.data?.id === companyId }}
          keywordPlaceholder={t('admin:company.keyword')}
          title={<Title order={6}>{t('admin:userCompany.companies')}</Title>}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder padding="sm">
          <ListPage<UserCompanyDto>
            gridId="userCenter.userCompany.users"
            columns={linkedUsersColumns}
            query={(req) => companyUsersPageOptions(companyId, req)}
            resetKey={companyId}
            searchable={false}
            getRowId={(l) => l.id}
            rowLabel={(l) => l.username ?? String(l.userId)}
            emptyText={t('admin:userCompany.empty')}
            title={
              <Title order={6} data-testid="user-company-title">
                {t('admin:userCompany.usersOf', { name: company?.name ?? t('admin:userCompany.currentCompany') })}
              </Title>
            }
            actions={[
              { key: 'add', label: t('admin:userCompany.add'), icon: <IconUserPlus size={16} />, tone: 'primary', allowed: canManage && !!companyId, testId: 'user-company-add', run: () => adding.open(null) },
            ]}
            remove={{
              key: 'unlink',
              label: t('admin:userCompany.remove'),
              icon: <IconLinkOff size={16} />,
              allowed: canManage && !!companyId,
              placement: 'both',
              message: () => t('admin:userCompany.removeConfirm'),
              one: (l) => remove.mutateAsync(l.id),
            }}
            dialogs={companyId && <AddUsersDialog opened={adding.opened} companyId={companyId} onClose={adding.close} />}
          />
        </Card>
      </Grid.Col>
    </Grid>
  );
}

// Several users at once: the contract's link body, one user id per link.
const addUsersSchema = z.object({ userIds: z.array(userCompanyBody.shape.userId).min(1) });

function AddUsersDialog({ opened, companyId, onClose }: { opened: boolean; companyId: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const users = useQuery({ ...userPickerOptions(debounced), enabled: opened });
  const linked = useQuery({ ...userCompaniesOptions({ companyId }), enabled: opened });
  const add = useAddUserCompany();
  const form = useEntityForm({ schema: addUsersSchema, empty: () => ({ userIds: [] as string[] }), required: ['userIds'] });
  const already = new Set((linked.data?.content ?? []).map((l) => l.userId));
  const options = (users.data?.content ?? []).filter((u) => !already.has(u.id)).map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }));
  const userIds = form.values.userIds;
  // keep the labels of chosen users when the search changes the option list
  const data = [...options, ...userIds.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: labels[id] ?? id }))];

  return (
    <FormDialog
      opened={opened}
      onClose={() => {
        setSearch('');
        onClose();
      }}
      title={t('admin:userCompany.addTitle')}
      form={form}
      onSave={async (body) => {
        for (const userId of body.userIds) await add.mutateAsync({ userId, companyId });
      }}
      testId="user-company-dialog"
    >
      <FirstMatchMultiSelect
        label={t('admin:userCompany.users')}
        withAsterisk
        data-autofocus
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: o }) => o}
        data={data}
        value={userIds}
        onChange={(v) => {
          form.set('userIds', v);
          setLabels((l) => ({ ...l, ...Object.fromEntries(options.map((o) => [o.value, o.label])) }));
        }}
        error={form.error('userIds')}
        nothingFoundMessage={t('admin:list.empty')}
        comboboxProps={{ withinPortal: true }}
        data-testid="user-company-users"
      />
      <Text size="xs" c="dimmed">{t('admin:userCompany.addHint')}</Text>
    </FormDialog>
  );
}
