/**
 * /basic/bankAccount (spec 01 §2 cashier settings; decision 028): the bank accounts of the current
 * ledger set. Keyword search, New, Edit, Delete after the used-check, Excel template / import /
 * export (in the current account year: subjects by code). The edit popup: code, name, kind, bank
 * (BANK accounts; a missing bank is added from the form), account number, currency, subject
 * (typed or chosen with F7 in the subject catalogue, refused by the kind's rule), opening date,
 * disabled and remark. The rules are the server's (src/domain/cashier-settings.ts).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { Select } from '../common/select';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bankAccountCreateBody, type BankAccountDto } from '../../../contract/cashier-settings';
import { bankAccountKinds } from '../../../domain/enums';
import { bankAccountSubjectProblem, kindHasBank, type BankAccountKind, type SubjectLike } from '../../../domain/cashier-settings';
import { RIGHTS } from '../../../domain/rights';
import type { ListColumn } from '../../../../grids/list/columns';
import { useHasRight, useScope } from '../../session/store';
import { bankAccountListOptions, bankAccountUsed, bankOptions, cashierKeys, useCreateBank, useCreateBankAccount, useDeleteBankAccount, useUpdateBankAccount } from '../../queries/cashier-settings';
import { currencyListOptions } from '../../queries/finance-settings';
import { useDialogState } from '../common/confirm-dialog';
import { DateField } from '../common/date-field';
import { FormDialog } from '../common/form-dialog';
import { ListPage } from '../common/list-page';
import { useListTransfer } from '../common/list-transfer';
import { useEntityForm } from '../common/use-entity-form';
import { SubjectLinkField } from './subject-link-field';
import { BanksDialog } from './banks-dialog';
import { localName } from '../../../domain/names';

const columns: ListColumn<BankAccountDto>[] = [
  { field: 'code', headerKey: 'cashier:settings.code', width: 100, sortable: true },
  { field: 'name', headerKey: 'cashier:settings.name', minWidth: 140, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'cashier:settings.kind', width: 110, format: 'kind', sortable: true },
  { field: 'bank', headerKey: 'cashier:settings.bank', width: 120, format: 'ref' },
  { field: 'accountNo', headerKey: 'cashier:settings.accountNo', width: 170 },
  { field: 'currency', headerKey: 'cashier:settings.currency', width: 88, format: 'code' },
  { field: 'subject', headerKey: 'cashier:settings.subject', width: 150, format: 'subject' },
  { field: 'openedAt', headerKey: 'cashier:settings.openedAt', width: 105 },
  { field: 'disabled', headerKey: 'cashier:settings.disabled', width: 80, renderer: 'yes' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false, pinned: 'right' },
];

interface Values extends Record<string, unknown> {
  accountYearId: number;
  code: string;
  name: string;
  kind: BankAccountKind;
  bankId: string | null;
  accountNo: string;
  currencyId: string | null;
  subjectId: number | null;
  openedAt: string | null;
  disabled: boolean;
  remark: string;
}

const valuesOf = (accountYearId: number, a?: BankAccountDto | null): Values => ({
  accountYearId: a?.subject?.accountYearId ?? accountYearId, code: a?.code ?? '', name: a?.name ?? '', kind: a?.kind ?? 'BANK',
  bankId: a?.bankId ? String(a.bankId) : null, accountNo: a?.accountNo ?? '', currencyId: a?.currencyId ? String(a.currencyId) : null,
  subjectId: a?.subjectId ?? null, openedAt: a?.openedAt ?? null, disabled: !!a?.disabled, remark: a?.remark ?? '',
});

/** A bank added from the account form (code and name), then chosen. */
function NewBankDialog({ opened, companyId, onClose, onCreated }: { opened: boolean; companyId: number; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation(['cashier', 'admin']);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateBank(companyId);
  const codeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const save = async () => {
    // Enter on a half-filled form says what is missing (Save is greyed out, which says nothing) and
    // puts the caret there.
    if (!code.trim() || !name.trim()) {
      setError(t('settings.bankFieldsNeeded'));
      (code.trim() ? nameRef : codeRef).current?.focus();
      return;
    }
    try {
      const b = await create.mutateAsync({ companyId, code, name });
      setCode('');
      setName('');
      setError(null);
      onCreated(b.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  // Reopened, the form starts afresh (no text or message left from a cancelled bank).
  const close = () => {
    setCode('');
    setName('');
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('settings.newBank')} size={360} centered data-testid="bank-new-dialog">
      <Stack gap={8} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); void save(); } }}>
        <TextInput label={t('settings.bankCode')} withAsterisk data-autofocus ref={codeRef} value={code} onChange={(e) => { setCode(e.currentTarget.value); setError(null); }} maxLength={50} data-testid="bank-new-code" />
        <TextInput label={t('settings.bankName')} withAsterisk ref={nameRef} value={name} onChange={(e) => { setName(e.currentTarget.value); setError(null); }} maxLength={50} data-testid="bank-new-name" />
        {error ? <Text c="red" size="sm" data-testid="bank-new-error">{error}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{t('common:cancel')}</Button>
          <Button onClick={() => void save()} loading={create.isPending} disabled={!code.trim() || !name.trim()} data-testid="bank-new-save">{t('common:save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function BankAccountDialog({ opened, companyId, accountId, accountYearId, account, onClose, onNew }: {
  opened: boolean; companyId: number; accountId: number; accountYearId: number; account: BankAccountDto | null; onClose: () => void; onNew: () => void;
}) {
  const { t } = useTranslation(['cashier', 'admin']);
  const create = useCreateBankAccount(accountId);
  const update = useUpdateBankAccount(accountId);
  const banks = useQuery(bankOptions(companyId));
  const currencies = useQuery(currencyListOptions(companyId, { index: 0, size: 100, sort: {}, keyword: '' }));
  const [covered, setCovered] = useState(false);
  const [addingBank, setAddingBank] = useState(false);
  const form = useEntityForm({
    schema: bankAccountCreateBody,
    empty: () => valuesOf(accountYearId),
    required: ['code', 'name', 'kind', 'subjectId'],
    toInput: (v) => ({ ...v, bankId: kindHasBank(v.kind) && v.bankId ? Number(v.bankId) : null, currencyId: v.currencyId ? Number(v.currencyId) : null, openedAt: v.openedAt || null }),
    rules: (v) => (kindHasBank(v.kind) && !v.bankId ? { bankId: { key: 'cashier:settings.bankNeeded' } } : {}),
    serverFields: {
      BANK_ACCOUNT_CODE_DUPLICATE: 'code', BANK_ACCOUNT_NO_DUPLICATE: 'accountNo', BANK_ACCOUNT_BANK_REQUIRED: 'bankId',
      CASHIER_SUBJECT_NOT_LEAF: 'subjectId', CASHIER_SUBJECT_DISABLED: 'subjectId', CASHIER_SUBJECT_NOT_CASH: 'subjectId', CASHIER_SUBJECT_NOT_BANK: 'subjectId',
    },
  });
  const kind = form.values.kind;
  const problem = useCallback((s: SubjectLike) => bankAccountSubjectProblem(kind, s), [kind]);
  const ruleKey = kind === 'CASH' || kind === 'BANK' ? kind : 'ANY';
  const otherYear = account?.subject && account.subject.accountYearId !== accountYearId && form.values.subjectId === account.subjectId;
  const bankData = (banks.data?.content ?? []).filter((b) => !b.disabled || String(b.id) === form.values.bankId).map((b) => ({ value: String(b.id), label: `${b.code} ${b.name}` }));
  const currencyData = (currencies.data?.content ?? []).map((c) => ({ value: String(c.id), label: `${c.code} ${c.name}` }));
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={account ? t('settings.editAccount', { name: account.name }) : t('settings.newAccount')}
      form={form}
      values={account ? valuesOf(accountYearId, account) : undefined}
      recordKey={account?.id ?? 'new'}
      onSave={(body) => {
        if (!account) return create.mutateAsync(body);
        // A subject chosen now is of the current year; an untouched one keeps its own.
        const subjectChanged = body.subjectId !== account.subjectId;
        return update.mutateAsync({ id: account.id, body: { ...body, accountYearId: subjectChanged ? accountYearId : body.accountYearId, version: account.version } });
      }}
      saveAndNew
      onNew={onNew}
      size={620}
      covered={covered || addingBank}
      testId="bank-account-dialog"
    >
      <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
        <TextInput label={t('settings.code')} withAsterisk data-autofocus maxLength={50} {...form.text('code')} data-testid="bank-account-code" />
        <TextInput label={t('settings.name')} withAsterisk maxLength={50} {...form.text('name')} data-testid="bank-account-name" />
        <Select
          label={t('settings.kind')}
          withAsterisk
          allowDeselect={false}
          data={bankAccountKinds.map((k) => ({ value: k, label: t(`settings.kinds.${k}`) }))}
          value={kind}
          onChange={(v) => v && form.set('kind', v as BankAccountKind)}
          data-testid="bank-account-kind"
        />
        <Group gap={4} align="flex-end" wrap="nowrap">
          <Select
            style={{ flex: 1 }}
            label={t('settings.bank')}
            withAsterisk={kindHasBank(kind)}
            searchable
            clearable
            disabled={!kindHasBank(kind)}
            data={bankData}
            {...form.field('bankId')}
            value={kindHasBank(kind) ? form.values.bankId : null}
            data-testid="bank-account-bank"
          />
          <Tooltip label={t('settings.newBank')}>
            <ActionIcon variant="default" size={36} aria-label={t('settings.newBank')} disabled={!kindHasBank(kind)} onClick={() => setAddingBank(true)} data-testid="bank-account-new-bank">
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <TextInput label={t('settings.accountNo')} maxLength={80} {...form.text('accountNo')} data-testid="bank-account-no" />
        <Select label={t('settings.currency')} clearable searchable data={currencyData} {...form.field('currencyId')} data-testid="bank-account-currency" />
      </SimpleGrid>
      <Stack gap={6} mt={6}>
        <SubjectLinkField
          accountYearId={accountYearId}
          value={form.values.subjectId}
          current={account?.subject ?? null}
          problem={problem}
          onChange={(s) => form.set('subjectId', s ? s.id : null)}
          onPopup={setCovered}
          label={t('settings.subject')}
          description={otherYear ? t('settings.otherYear') : account && !account.subject ? t('settings.noSubject') : t(`settings.subjectRule.${ruleKey}`)}
          error={form.error('subjectId')}
          testId="bank-account-subject"
        />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
          {/* Typed as every date of the app is; its clear button takes no Tab (emptying the text clears it). */}
          <DateField label={t('settings.openedAt')} {...form.field('openedAt')} onChange={(v) => form.set('openedAt', v || null)} data-testid="bank-account-opened" />
          <Checkbox mt={28} label={t('settings.disabled')} {...form.checkbox('disabled')} data-testid="bank-account-disabled" />
        </SimpleGrid>
        <Textarea label={t('settings.remark')} maxLength={200} autosize minRows={2} maxRows={3} {...form.text('remark')} data-testid="bank-account-remark" />
      </Stack>
      <NewBankDialog
        opened={addingBank}
        companyId={companyId}
        onClose={() => setAddingBank(false)}
        onCreated={(id) => {
          setAddingBank(false);
          form.set('bankId', String(id));
        }}
      />
    </FormDialog>
  );
}

export function BankAccountPage() {
  const { t, i18n } = useTranslation(['cashier', 'admin', 'shell']);
  const english = i18n.language === 'en_US';
  const { companyId, accountId, accountYearId } = useScope();
  const canEdit = useHasRight(RIGHTS.CASHIER_SETTINGS);
  const editor = useDialogState<BankAccountDto | null>();
  const [banksOpen, setBanksOpen] = useState(false);
  const del = useDeleteBankAccount(accountId);
  const qc = useQueryClient();
  const transfer = useListTransfer<BankAccountDto>({ kind: 'bankAccount', scope: accountYearId ? { accountYearId } : null, canImport: canEdit, refresh: () => qc.invalidateQueries({ queryKey: cashierKeys.accounts(accountId) }) });
  const formatters = useMemo(() => ({
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
    code: (v: unknown) => (v && typeof v === 'object' && 'code' in v ? String((v as { code: string }).code) : ''),
    subject: (v: unknown) => {
      if (!v || typeof v !== 'object') return '';
      const s = v as { code: string; name: string; nameEn: string | null };
      return `${s.code} ${localName(english, s)}`;
    },
    kind: (v: unknown) => (v ? t(`cashier:settings.kinds.${String(v)}`) : ''),
  }), [t, english]);
  const renderers = useMemo(() => ({ yes: (p: { value?: unknown }) => (p.value ? t('cashier:settings.yes') : '') }), [t]);

  if (!accountId || !companyId || !accountYearId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;

  return (
    <ListPage<BankAccountDto>
      gridId="basic.bankAccount"
      columns={columns}
      query={(req) => bankAccountListOptions(accountId, req)}
      resetKey={[accountId]}
      getRowId={(a) => a.id}
      rowLabel={(a) => `${a.code} ${a.name}`}
      formatters={formatters}
      renderers={renderers}
      keywordPlaceholder={t('settings.accountKeyword')}
      actions={[
        { key: 'new', allowed: canEdit, testId: 'bank-account-new', run: () => editor.open(null) },
        { key: 'edit', allowed: canEdit, placement: 'both', selection: 'one', testId: 'bank-account-edit', run: (rows) => editor.open(rows[0]) },
        { key: 'banks', label: t('settings.banks'), icon: <IconBuildingBank size={16} />, selection: 'none', testId: 'bank-account-banks', run: () => setBanksOpen(true) },
        ...transfer.actions,
      ]}
      toolbarExtra={transfer.bar}
      remove={{ allowed: canEdit, placement: 'both', testId: 'bank-account-delete', used: (a) => bankAccountUsed(a.id), one: (a) => del.mutateAsync(a.id) }}
      onRowOpen={canEdit ? (a) => editor.open(a) : undefined}
      dialogs={
        <>
          {transfer.dialog}
          <BanksDialog opened={banksOpen} companyId={companyId} canEdit={canEdit} onClose={() => setBanksOpen(false)} />
          <BankAccountDialog opened={editor.opened} companyId={companyId} accountId={accountId} accountYearId={accountYearId} account={editor.payload} onClose={editor.close} onNew={() => editor.open(null)} />
        </>
      }
    />
  );
}
