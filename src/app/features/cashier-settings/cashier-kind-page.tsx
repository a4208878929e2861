/**
 * /basic/income and /basic/outcome (spec 01 §2 cashier settings; decision 028): the income and
 * outcome kinds of the current ledger set, each with its counter-subject (an enabled last-level
 * subject that is not a cash or bank subject, typed or chosen with F7). New, Edit, Delete after the
 * used-check, keyword search.
 */
import { useMemo, useState } from 'react';
import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cashierKindCreateBody, type CashierKindDto } from '../../../contract/cashier-settings';
import { cashierKindSubjectProblem } from '../../../domain/cashier-settings';
import { RIGHTS } from '../../../domain/rights';
import type { ListColumn } from '../../../../grids/list/columns';
import { useHasRight, useScope } from '../../session/store';
import { cashierKindListOptions, cashierKindUsed, useCreateCashierKind, useDeleteCashierKind, useUpdateCashierKind, type Direction } from '../../queries/cashier-settings';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { ListPage } from '../common/list-page';
import { useEntityForm } from '../common/use-entity-form';
import { SubjectLinkField } from './subject-link-field';
import { localName } from '../../../domain/names';

const columns: ListColumn<CashierKindDto>[] = [
  { field: 'code', headerKey: 'cashier:settings.code', width: 110, sortable: true },
  { field: 'name', headerKey: 'cashier:settings.name', minWidth: 180, flex: 1, sortable: true },
  { field: 'subject', headerKey: 'cashier:settings.counterSubject', width: 240, format: 'subject' },
  { field: 'disabled', headerKey: 'cashier:settings.disabled', width: 80, renderer: 'yes' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false, pinned: 'right' },
];

interface Values extends Record<string, unknown> {
  accountYearId: number;
  code: string;
  name: string;
  subjectId: number | null;
  disabled: boolean;
}

const valuesOf = (accountYearId: number, k?: CashierKindDto | null): Values => ({
  accountYearId: k?.subject?.accountYearId ?? accountYearId, code: k?.code ?? '', name: k?.name ?? '', subjectId: k?.subjectId ?? null, disabled: !!k?.disabled,
});

function KindDialog({ direction, opened, accountId, accountYearId, kind, onClose, onNew }: {
  direction: Direction; opened: boolean; accountId: number; accountYearId: number; kind: CashierKindDto | null; onClose: () => void; onNew: () => void;
}) {
  const { t } = useTranslation(['cashier', 'admin']);
  const create = useCreateCashierKind(direction, accountId);
  const update = useUpdateCashierKind(direction, accountId);
  const [covered, setCovered] = useState(false);
  const form = useEntityForm({
    schema: cashierKindCreateBody,
    empty: () => valuesOf(accountYearId),
    required: ['code', 'name', 'subjectId'],
    serverFields: { CASHIER_KIND_CODE_DUPLICATE: 'code', CASHIER_SUBJECT_NOT_LEAF: 'subjectId', CASHIER_SUBJECT_DISABLED: 'subjectId', CASHIER_SUBJECT_CASH_OR_BANK: 'subjectId' },
  });
  const word = direction === 'INCOME' ? 'Income' : 'Outcome';
  const testId = direction === 'INCOME' ? 'income' : 'outcome';
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={kind ? t(`settings.edit${word}`, { name: kind.name }) : t(`settings.new${word}`)}
      form={form}
      values={kind ? valuesOf(accountYearId, kind) : undefined}
      recordKey={kind?.id ?? 'new'}
      onSave={(body) => {
        if (!kind) return create.mutateAsync(body);
        const subjectChanged = body.subjectId !== kind.subjectId;
        return update.mutateAsync({ id: kind.id, body: { ...body, accountYearId: subjectChanged ? accountYearId : body.accountYearId, version: kind.version } });
      }}
      saveAndNew
      onNew={onNew}
      size={520}
      covered={covered}
      testId={`${testId}-dialog`}
    >
      <Stack gap={6} mih={260}>
        <TextInput label={t('settings.code')} withAsterisk data-autofocus maxLength={50} {...form.text('code')} data-testid={`${testId}-code`} />
        <TextInput label={t('settings.name')} withAsterisk maxLength={50} {...form.text('name')} data-testid={`${testId}-name`} />
        <SubjectLinkField
          accountYearId={accountYearId}
          value={form.values.subjectId}
          current={kind?.subject ?? null}
          problem={cashierKindSubjectProblem}
          onChange={(s) => form.set('subjectId', s ? s.id : null)}
          onPopup={setCovered}
          label={t('settings.counterSubject')}
          description={kind && !kind.subject ? t('settings.noSubject') : t('settings.subjectRule.KIND')}
          error={form.error('subjectId')}
          testId={`${testId}-subject`}
        />
        <Checkbox label={t('settings.disabled')} {...form.checkbox('disabled')} data-testid={`${testId}-disabled`} />
      </Stack>
    </FormDialog>
  );
}

function CashierKindPage({ direction }: { direction: Direction }) {
  const { t, i18n } = useTranslation(['cashier', 'admin', 'shell']);
  const english = i18n.language === 'en_US';
  const { companyId, accountId, accountYearId } = useScope();
  const canEdit = useHasRight(RIGHTS.CASHIER_SETTINGS);
  const editor = useDialogState<CashierKindDto | null>();
  const del = useDeleteCashierKind(direction, accountId);
  const testId = direction === 'INCOME' ? 'income' : 'outcome';
  const formatters = useMemo(() => ({
    subject: (v: unknown) => {
      if (!v || typeof v !== 'object') return '';
      const s = v as { code: string; name: string; nameEn: string | null };
      return `${s.code} ${localName(english, s)}`;
    },
  }), [english]);
  const renderers = useMemo(() => ({ yes: (p: { value?: unknown }) => (p.value ? t('cashier:settings.yes') : '') }), [t]);

  if (!accountId || !companyId || !accountYearId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;

  return (
    <ListPage<CashierKindDto>
      gridId={`basic.${testId}`}
      columns={columns}
      query={(req) => cashierKindListOptions(direction, accountId, req)}
      resetKey={[accountId, direction]}
      getRowId={(k) => k.id}
      rowLabel={(k) => `${k.code} ${k.name}`}
      formatters={formatters}
      renderers={renderers}
      keywordPlaceholder={t('settings.kindKeyword')}
      actions={[
        { key: 'new', allowed: canEdit, testId: `${testId}-new`, run: () => editor.open(null) },
        { key: 'edit', allowed: canEdit, placement: 'both', selection: 'one', testId: `${testId}-edit`, run: (rows) => editor.open(rows[0]) },
      ]}
      remove={{ allowed: canEdit, placement: 'both', testId: `${testId}-delete`, used: (k) => cashierKindUsed(direction, k.id), one: (k) => del.mutateAsync(k.id) }}
      onRowOpen={canEdit ? (k) => editor.open(k) : undefined}
      dialogs={<KindDialog direction={direction} opened={editor.opened} accountId={accountId} accountYearId={accountYearId} kind={editor.payload} onClose={editor.close} onNew={() => editor.open(null)} />}
    />
  );
}

export const IncomeKindPage = () => <CashierKindPage direction="INCOME" />;
export const OutcomeKindPage = () => <CashierKindPage direction="OUTCOME" />;
