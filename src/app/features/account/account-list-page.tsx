/**
 * /basic/accountList: the ledger sets (accounts) of the current company. Create (optionally with
 * its first account year), rename, set main, delete when unused, and open its periods. Changes
 * refresh the shell's account selector (['accounts', companyId]).
 */
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { accountCreateBody, type AccountDto, type AccountYearDto } from '../../../contract/account';
import { RIGHTS } from '../../../domain/rights';
import { ListGrid } from '../../../../grids/list/list-grid';
import { accountsColumns } from '../../../../grids/list/accounts.columns';
import { useHasRight, useScope } from '../../session/store';
import { accountListOptions, useCreateAccount, useDeleteAccount, useRenameAccount, useSetMainAccount } from '../../queries/admin-accounts';
import { ConfirmDialog, FormDialog, useConfirm } from '../system/admin-dialogs';
import { formatDateTime, RowActions } from '../system/admin-cells';
import { validateValue, type MessageRef } from '../system/form-validation';

interface Ctx {
  t: (k: string, o?: Record<string, unknown>) => string;
  canManage: boolean;
  currentId: number | null;
  onRename: (a: AccountDto) => void;
  onMain: (a: AccountDto) => void;
  onPeriods: (a: AccountDto) => void;
  onDelete: (a: AccountDto) => void;
}

const renderers = {
  main: (p: ICellRendererParams<AccountDto, 0 | 1, Ctx>) =>
    p.value === 1 ? <Badge tt="none" color="blue" variant="filled" leftSection={<IconStar size={10} />} data-testid="account-main-badge">{p.context.t('admin:account.mainBadge')}</Badge> : null,
  state: (p: ICellRendererParams<AccountDto, AccountDto['state'], Ctx>) =>
    p.value ? <Badge tt="none" variant="dot" color={p.value === 'NORMAL' ? 'green' : 'gray'}>{p.context.t(`admin:account.states.${p.value}`)}</Badge> : null,
  actions: (p: ICellRendererParams<AccountDto, unknown, Ctx>) => {
    const a = p.data;
    if (!a) return null;
    const c = p.context;
    return (
      <RowActions
        actions={[
          { key: 'rename', label: c.t('admin:account.rename'), icon: <IconEdit size={16} />, onClick: () => c.onRename(a), hidden: !c.canManage },
          { key: 'main', label: c.t('admin:account.setMain'), icon: <IconStar size={16} />, onClick: () => c.onMain(a), hidden: !c.canManage, disabled: a.main === 1 },
          { key: 'periods', label: c.t('admin:account.periods'), icon: <IconCalendarEvent size={16} />, onClick: () => c.onPeriods(a) },
          { key: 'delete', label: c.t('common:delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => c.onDelete(a), hidden: !c.canManage },
        ]}
      />
    );
  },
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
  const [selected, setSelected] = useState<AccountDto[]>([]);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<AccountDto | null>(null);
  const confirm = useConfirm<AccountDto>();
  const setMain = useSetMainAccount();
  const del = useDeleteAccount();

  const context = useMemo<Ctx>(
    () => ({
      t: (k, o) => t(k, o),
      canManage,
      currentId: accountId,
      onRename: setRenaming,
      onMain: (a) => companyId && setMain.mutate({ id: a.id, companyId }),
      onPeriods: (a) => void navigate({ href: `/basic/accountPeriod?accountId=${a.id}` }),
      onDelete: (a) => confirm.ask(a),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canManage, accountId, companyId],
  );

  if (!companyId) return <Text c="dimmed">{t('admin:noCompany')}</Text>;
  const one = selected.length === 1 ? selected[0] : null;

  return (
    <>
      <ListGrid<AccountDto>
        gridId="basic.accountList"
        columns={accountsColumns}
        query={(req) => accountListOptions(companyId, req)}
        resetKey={companyId}
        getRowId={(a) => a.id}
        selection="single"
        renderers={renderers}
        formatters={formatters}
        context={context}
        onSelectionChange={setSelected}
        onRowOpen={(a) => canManage && setRenaming(a)}
        keywordPlaceholder={t('admin:account.keyword')}
        rowClassRules={{ 'ld-row-current': (p) => p.data?.id === accountId }}
        toolbar={
          canManage && (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="account-new">
                {t('common:new')}
              </Button>
              <Button variant="default" leftSection={<IconEdit size={16} />} disabled={!one} onClick={() => one && setRenaming(one)}>
                {t('admin:account.rename')}
              </Button>
              <Button variant="default" leftSection={<IconStar size={16} />} disabled={!one || one.main === 1} loading={setMain.isPending} onClick={() => one && setMain.mutate({ id: one.id, companyId })} data-testid="account-set-main">
                {t('admin:account.setMain')}
              </Button>
              <Button variant="default" color="red" leftSection={<IconTrash size={16} />} disabled={!one} onClick={() => one && confirm.ask(one)} data-testid="account-delete">
                {t('common:delete')}
              </Button>
            </>
          )
        }
      />
      <CreateAccountDialog opened={creating} companyId={companyId} onClose={() => setCreating(false)} />
      <RenameAccountDialog account={renaming} companyId={companyId} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        opened={confirm.opened}
        onCancel={confirm.close}
        loading={del.isPending}
        onConfirm={async () => {
          try {
            if (confirm.payload) await del.mutateAsync({ id: confirm.payload.id, companyId });
          } finally {
            confirm.close();
          }
        }}
      />
    </>
  );
}

const nameSchema = accountCreateBody.shape.name;
const yearSchema = accountCreateBody.shape.year;

function CreateAccountDialog({ opened, companyId, onClose }: { opened: boolean; companyId: number; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [name, setName] = useState('');
  const [main, setMainFlag] = useState(false);
  const [withYear, setWithYear] = useState(true);
  const [year, setYear] = useState<number | string>(new Date().getFullYear());
  const [errors, setErrors] = useState<{ name?: MessageRef | null; year?: MessageRef | null }>({});
  const create = useCreateAccount();
  useEffect(() => {
    if (opened) {
      setName('');
      setMainFlag(false);
      setWithYear(true);
      setYear(new Date().getFullYear());
      setErrors({});
    }
  }, [opened]);
  const msg = (m?: MessageRef | null) => (m ? t(m.key, m.values) : undefined);
  const checkName = (v = name) => {
    const e = validateValue(nameSchema, v, true);
    setErrors((x) => ({ ...x, name: e }));
    return e;
  };
  const checkYear = (v = year) => {
    const e = withYear ? validateValue(yearSchema, v === '' ? undefined : v, true) : null;
    setErrors((x) => ({ ...x, year: e ? { key: 'admin:account.yearRange' } : null }));
    return e;
  };
  const submit = async () => {
    if (checkName() || checkYear()) return;
    try {
      await create.mutateAsync({ companyId, name: name.trim(), main, ...(withYear ? { year: Number(year) } : {}) });
      onClose();
    } catch {
      /* notified */
    }
  };
  return (
    <FormDialog opened={opened} title={t('admin:account.newTitle')} onClose={onClose} onSubmit={submit} loading={create.isPending} testId="account-dialog">
      <TextInput
        label={t('admin:account.name')}
        withAsterisk
        data-autofocus
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          if (errors.name) checkName(e.currentTarget.value);
        }}
        onBlur={() => checkName()}
        error={msg(errors.name)}
        data-testid="account-name"
      />
      <Checkbox label={t('admin:account.makeMain')} checked={main} onChange={(e) => setMainFlag(e.currentTarget.checked)} data-testid="account-main" />
      <Stack gap={4}>
        <Checkbox label={t('admin:account.withFirstYear')} checked={withYear} onChange={(e) => setWithYear(e.currentTarget.checked)} data-testid="account-with-year" />
        <Group gap="xs" align="flex-start">
          <NumberInput
            w={140}
            aria-label={t('admin:account.firstYear')}
            disabled={!withYear}
            min={1990}
            max={2200}
            allowDecimal={false}
            value={year}
            onChange={setYear}
            onBlur={() => checkYear()}
            error={msg(errors.year)}
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
  const [name, setName] = useState('');
  const [error, setError] = useState<MessageRef | null>(null);
  const rename = useRenameAccount();
  useEffect(() => {
    setName(account?.name ?? '');
    setError(null);
  }, [account]);
  const check = (v = name) => {
    const e = validateValue(nameSchema, v, true);
    setError(e);
    return e;
  };
  const submit = async () => {
    if (check() || !account) return;
    try {
      await rename.mutateAsync({ id: account.id, name: name.trim(), companyId });
      onClose();
    } catch {
      /* notified */
    }
  };
  return (
    <FormDialog opened={!!account} title={t('admin:account.renameTitle')} onClose={onClose} onSubmit={submit} loading={rename.isPending} size="sm" testId="account-rename-dialog">
      <TextInput
        label={t('admin:account.name')}
        withAsterisk
        data-autofocus
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          if (error) check(e.currentTarget.value);
        }}
        onBlur={() => check()}
        error={error ? t(error.key, error.values) : undefined}
        data-testid="account-rename"
      />
    </FormDialog>
  );
}
