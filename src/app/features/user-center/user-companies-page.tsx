/**
 * /userCenter/userCompany: companies × users. Pick a company on the left; its linked users are on
 * the right, with add (several users at once) and remove (which also drops the user's roles
 * in that company).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Grid, Group, MultiSelect, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { CompanyDto } from '../../../contract/company';
import { RIGHTS } from '../../../domain/rights';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { ListGrid } from '../../../../grids/list/list-grid';
import { linkCompaniesColumns, linkedUsersColumns } from '../../../../grids/list/user-companies.columns';
import { useHasRight, useScope } from '../../session/store';
import { companyListOptions } from '../../queries/admin-companies';
import { companyUsersPageOptions, useAddUserCompany, userCompaniesOptions, userPickerOptions, useRemoveUserCompany, type UserCompanyDto } from '../../queries/admin-users';
import { ConfirmDialog, FormDialog, useConfirm } from '../system/admin-dialogs';
import { RowActions } from '../system/admin-cells';

interface Ctx {
  t: (k: string) => string;
  canManage: boolean;
  onRemove: (l: UserCompanyDto) => void;
}

const linkRenderers = {
  actions: (p: ICellRendererParams<UserCompanyDto, unknown, Ctx>) =>
    p.data && p.context.canManage ? (
      <RowActions actions={[{ key: 'unlink', label: p.context.t('admin:userCompany.remove'), icon: <IconLinkOff size={16} />, color: 'red', onClick: () => p.context.onRemove(p.data!) }]} />
    ) : null,
};

export function UserCompaniesPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId: scopeCompanyId } = useScope();
  const canManage = useHasRight(RIGHTS.USER_CENTER);
  const [company, setCompany] = useState<CompanyDto | null>(null);
  const [selectedLinks, setSelectedLinks] = useState<UserCompanyDto[]>([]);
  const [adding, setAdding] = useState(false);
  const confirm = useConfirm<UserCompanyDto[]>();
  const remove = useRemoveUserCompany();
  const companyId = company?.id ?? scopeCompanyId;

  const context = useMemo<Ctx>(() => ({ t: (k) => t(k), canManage, onRemove: (l) => confirm.ask([l]) }), [t, canManage, confirm]);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <ListGrid<CompanyDto>
          gridId="userCenter.userCompany.companies"
          columns={linkCompaniesColumns}
          query={(req) => companyListOptions(req)}
          getRowId={(c) => c.id}
          selection="single"
          onSelectionChange={(rows) => rows[0] && setCompany(rows[0])}
          rowClassRules={{ 'ld-row-current': (p) => p.data?.id === companyId }}
          keywordPlaceholder={t('admin:company.keyword')}
          toolbar={<Title order={6}>{t('admin:userCompany.companies')}</Title>}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder padding="sm">
          <ListGrid<UserCompanyDto>
            gridId="userCenter.userCompany.users"
            columns={linkedUsersColumns}
            query={(req) => companyUsersPageOptions(companyId, req)}
            resetKey={companyId}
            searchable={false}
            getRowId={(l) => l.id}
            renderers={linkRenderers}
            context={context}
            onSelectionChange={setSelectedLinks}
            emptyText={t('admin:userCompany.empty')}
            height="calc(100vh - 166px)"
            toolbar={
              <Group gap="xs">
                <Title order={6} data-testid="user-company-title">
                  {t('admin:userCompany.usersOf', { name: company?.name ?? t('admin:userCompany.currentCompany') })}
                </Title>
                {canManage && companyId && (
                  <>
                    <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setAdding(true)} data-testid="user-company-add">
                      {t('admin:userCompany.add')}
                    </Button>
                    <Button size="xs" variant="default" color="red" leftSection={<IconLinkOff size={14} />} disabled={!selectedLinks.length} onClick={() => confirm.ask(selectedLinks)}>
                      {t('admin:userCompany.remove')}
                    </Button>
                  </>
                )}
              </Group>
            }
          />
        </Card>
      </Grid.Col>
      {companyId && <AddUsersDialog opened={adding} companyId={companyId} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        opened={confirm.opened}
        onCancel={confirm.close}
        loading={remove.isPending}
        message={t('admin:userCompany.removeConfirm')}
        onConfirm={async () => {
          try {
            for (const l of confirm.payload ?? []) await remove.mutateAsync(l.id);
          } finally {
            confirm.close();
          }
        }}
      />
    </Grid>
  );
}

function AddUsersDialog({ opened, companyId, onClose }: { opened: boolean; companyId: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const users = useQuery({ ...userPickerOptions(debounced), enabled: opened });
  const linked = useQuery({ ...userCompaniesOptions({ companyId }), enabled: opened });
  const add = useAddUserCompany();
  useEffect(() => {
    if (opened) {
      setUserIds([]);
      setSearch('');
      setError(undefined);
    }
  }, [opened]);
  const already = new Set((linked.data?.content ?? []).map((l) => l.userId));
  const [labels, setLabels] = useState<Record<string, string>>({});
  const options = (users.data?.content ?? []).filter((u) => !already.has(u.id)).map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }));
  // keep the labels of chosen users when the search changes the option list
  const data = [...options, ...userIds.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: labels[id] ?? id }))];

  const submit = async () => {
    if (!userIds.length) {
      setError(t('admin:validation.required'));
      return;
    }
    try {
      for (const id of userIds) await add.mutateAsync({ userId: Number(id), companyId });
      onClose();
    } catch {
      /* notified */
    }
  };

  return (
    <FormDialog opened={opened} title={t('admin:userCompany.addTitle')} onClose={onClose} onSubmit={submit} loading={add.isPending} testId="user-company-dialog">
      <MultiSelect
        label={t('admin:userCompany.users')}
        withAsterisk
        data-autofocus
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: o }) => o}
        data={data}
        value={userIds}
        onChange={(v) => {
          setUserIds(v);
          setLabels((l) => ({ ...l, ...Object.fromEntries(options.map((o) => [o.value, o.label])) }));
          setError(undefined);
        }}
        error={error}
        nothingFoundMessage={t('admin:list.empty')}
        comboboxProps={{ withinPortal: true }}
        data-testid="user-company-users"
      />
      <Text size="xs" c="dimmed">{t('admin:userCompany.addHint')}</Text>
    </FormDialog>
  );
}
