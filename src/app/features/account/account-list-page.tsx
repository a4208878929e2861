/**
 * /basic/accountList: the ledger sets (accounts) of the current company. Create (optionally with
 * its first account year), rename, set main, delete when unused, and open its periods. Changes
 * refresh the shell's account selector (['accounts', companyId]).
 */
import { useMemo } from 'react';
import { Badge, Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconStar } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { accountCreateBody, accountUpdateBody, type AccountDto, type AccountYearDto } from '../../../contract/account';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { accountListOptions, useCreateAccount, useDeleteAccount, useRenameAccount, useSetMainAccount } from '../../queries/admin-accounts';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { formatDateTime } from '../common/row-actions';
import { useEntityForm } from '../common/use-entity-form';
import { accountsColumns } from './accounts.columns';

interface Ctx {
  t: (k: string) => string;
}

const renderers = {
  main: (p: ICellRendererParams<AccountDto, 0 | 1, Ctx>) =>
    p.value === 1 ? <Badge tt="none" color="blue" variant="filled" leftSection={<IconStar size={10} />} data-testid="account-main-badge">{p.context.t('admin:account.mainBadge')}</Badge> : null,
  state: (p: ICellRendererParams<AccountDto, AccountDto['state'], Ctx>) =>
    p.value ? <Badge tt="none" variant="dot" color={p.value === 'NORMAL' ? 'green' : 'gray'}>{p.context.t(`admin:account.states.${p.value}`)}</Badge> : null,
};

const formatters = {
  dateTime: formatDateTime,
  years: (v: unknown) => ((v as AccountYearDto[] | undefined) ?? []).map((y) => y.year).sort((a, b) => a - b).join(', '),
};

export function AccountListPage() {
  const { t } = useTranslation(['admin', 'common']);
  const { companyId, accountId } = useScope();
  const canManage = useHasRight(RIGHTS.ACCOUNT_MANAGE);
  const navigate = useNavigate();
  const creating = useDialogState<null>();
  const renaming = useDialogState<AccountDto>();
  const setMain = useSetMainAccount();
  const del = useDeleteAccount();
  const context = useMemo<Ctx>(() => ({ t: (k) => t(k) }), [t]);

  if (!companyId) return <NoCompany />;

  return (
    <ListPage<AccountDto, Ctx>
      gridId="basic.accountList"
      columns={accountsColumns}
      query={(req) => accountListOptions(companyId, req)}
      resetKey={companyId}
      getRowId={(a) => a.id}
      rowLabel={(a) => a.name}
      selection="single"
      renderers={renderers}
      formatters={formatters}
      context={context}
      onRowOpen={canManage ? renaming.open : undefined}
      keywordPlaceholder={t('admin:account.keyword')}
      rowClassRules={{ 'ld-row-current': (p) => p.data?.id === accountId }}
      actions={[
        { key: 'new', allowed: canManage, testId: 'account-new', run: () => creating.open(null) },
        { key: 'rename', label: t('admin:account.rename'), icon: <IconEdit size={16} />, selection: 'one', allowed: canManage, placement: 'both', run: ([a]) => renaming.open(a) },
        {
          key: 'main',
          label: t('admin:account.setMain'),
          icon: <IconStar size={16} />,
          selection: 'one',
          when: ([a]) => a.main !== 1,
          allowed: canManage,
          placement: 'both',
          loading: setMain.isPending,
          testId: 'account-set-main',
          run: ([a]) => setMain.mutate({ id: a.id, companyId }),
        },
        { key: 'periods', label: t('admin:account.periods'), icon: <IconCalendarEvent size={16} />, placement: 'row', run: ([a]) => void navigate({ href: `/basic/accountPeriod?accountId=${a.id}` }) },
      ]}
      remove={{ allowed: canManage, selection: 'one', placement: 'both', testId: 'account-delete', one: (a) => del.mutateAsync({ id: a.id, companyId }) }}
      dialogs={
        <>
          <CreateAccountDialog opened={creating.opened} companyId={companyId} onClose={creating.close} />
          <RenameAccountDialog account={renaming.payload} companyId={companyId} onClose={renaming.close} />
        </>
      }
    />
  );
}

function CreateAccountDialog({ opened, companyId, onClose }: { opened: boolean; companyId: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const create = useCreateAccount();
  const form = useEntityForm({
    schema: accountCreateBody,
    empty: () => ({ companyId, name: '', main: false, withYear: true, year: new Date().getFullYear() as number | string }),
    required: ['name'],
    // The first year is sent only when asked for; an empty year box then is an error.
    toInput: (v) => ({ companyId: v.companyId, name: v.name, main: v.main, year: v.withYear && v.year !== '' ? v.year : undefined }),
    rules: (v) => (v.withYear && v.year === '' ? { year: { key: 'admin:account.yearRange' } } : {}),
    messages: { year: { key: 'admin:account.yearRange' } },
  });
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('admin:account.newTitle')} form={form} onSave={(body) => create.mutateAsync(body)} saveAndNew testId="account-dialog">
      <TextInput label={t('admin:account.name')} withAsterisk data-autofocus {...form.text('name')} data-testid="account-name" />
      <Checkbox label={t('admin:account.makeMain')} {...form.checkbox('main')} data-testid="account-main" />
      <Stack gap={4}>
        <Checkbox label={t('admin:account.withFirstYear')} {...form.checkbox('withYear')} data-testid="account-with-year" />
        <Group gap="xs" align="flex-start">
          <NumberInput
            w={140}
            aria-label={t('admin:account.firstYear')}
            disabled={!form.values.withYear}
            min={1990}
            max={2200}
            // A year out of range stays as typed and its message says why (clamped on leaving, 1800
            // became 1990 under a message about 1800).
            clampBehavior="none"
            allowDecimal={false}
            {...form.field('year')}
            data-testid="account-year"
          />
          <Text size="xs" c="dimmed" mt={8}>{t('admin:account.firstYearHint')}</Text>
        </Group>
      </Stack>
    </FormDialog>
  );
}

function RenameAccountDialog({ account, companyId, onClose }: { account: AccountDto | null; companyId: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const rename = useRenameAccount();
  const form = useEntityForm({ schema: accountUpdateBody, empty: () => ({ name: '' }), required: ['name'] });
  return (
    <FormDialog
      opened={!!account}
      onClose={onClose}
      title={t('admin:account.renameTitle')}
      form={form}
      values={account ? { name: account.name } : undefined}
      recordKey={account?.id}
      onSave={(body) => rename.mutateAsync({ id: account!.id, name: body.name ?? '', companyId, version: account!.version })}
      size="sm"
      testId="account-rename-dialog"
    >
      <TextInput label={t('admin:account.name')} withAsterisk data-autofocus {...form.text('name')} data-testid="account-rename" />
    </FormDialog>
  );
}
