/**
 * /cashier/reimburseKind (decision 034): the company's expense kinds — New, Edit (the name) and
 * the Disable / Enable toggle. A disabled kind is not offered by the reimbursement sheet; lines
 * saved with it keep it. Writing needs manage-reimbursement (30104). After a toggle the caret is back
 * on the row, the kinds still ticked, and the toolbar offers what their new state allows (Enable
 * after Disable), as the list now shows them.
 */
import { useRef } from 'react';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridApi } from 'ag-grid-community';
import { useListCaretReturn } from '../../../../grids/list/caret-return';
import type { ListColumn } from '../../../../grids/list/columns';
import { expenseKindCreateBody, type ExpenseKindDto } from '../../../contract/expense';
import { RIGHTS } from '../../../domain/rights';
import { TEXT_BASE } from '../../../domain/constants';
import { useHasRight, useScope } from '../../session/store';
import { notifyError } from '../../queries/admin-common';
import { useDialogState } from '../common/confirm-dialog';
import { FormDialog } from '../common/form-dialog';
import { useEntityForm } from '../common/use-entity-form';
import { ListPage, NoCompany } from '../common/list-page';
import { createExpenseKind, expenseKeys, expenseKindPageOptions, updateExpenseKind } from './reimburse-queries';

const columns: ListColumn<ExpenseKindDto>[] = [
  { field: 'name', headerKey: 'reimburse:kinds.name', minWidth: 220, flex: 1, sortable: true },
  { field: 'disabled', headerKey: 'reimburse:kinds.disabled', width: 100, format: 'yes' },
];

export function ExpenseKindPage() {
  const { t } = useTranslation(['reimburse', 'common']);
  const { companyId } = useScope();
  const qc = useQueryClient();
  const canEdit = useHasRight(RIGHTS.REIMBURSE_MANAGE);
  const editor = useDialogState<ExpenseKindDto | null>();
  const apiRef = useRef<GridApi<ExpenseKindDto> | null>(null);
  const caretReturn = useListCaretReturn(apiRef, { defaultColId: 'name' });
  if (!companyId) return <NoCompany />;

  const refresh = () => qc.invalidateQueries({ queryKey: expenseKeys.kinds(companyId) });
  const toggle = async (rows: ExpenseKindDto[], disabled: boolean) => {
    if (!rows.length) return;
    // The caret goes back to the row once the list shows the new state (the button it was on may be disabled by then).
    caretReturn.note(rows[0].id);
    try {
      for (const k of rows) await updateExpenseKind(k.id, { disabled, version: k.version });
      notifications.show({ color: 'green', message: t(disabled ? 'reimburse:messages.kindsDisabled' : 'reimburse:messages.kindsEnabled', { names: rows.map((k) => k.name).join(t('reimburse:messages.nameSeparator')) }) });
    } catch (e) {
      notifyError(e);
    }
    await refresh();
    caretReturn.giveBack();
  };

  return (
    <>
      <ListPage<ExpenseKindDto>
        gridId="cashier.reimburseKind"
        columns={columns}
        query={(req) => expenseKindPageOptions(companyId, req)}
        resetKey={companyId}
        getRowId={(k) => k.id}
        rowLabel={(k) => k.name}
        formatters={{ yes: (v: unknown) => (v ? t('reimburse:kinds.yes') : '') }}
        actions={[
          { key: 'new', allowed: canEdit, testId: 'expense-kind-new', run: () => editor.open(null) },
          { key: 'edit', allowed: canEdit, placement: 'both', selection: 'one', testId: 'expense-kind-edit', run: (rows) => editor.open(rows[0]) },
          { key: 'disable', label: t('reimburse:actions.disable'), allowed: canEdit, placement: 'both', selection: 'some', when: (rows) => rows.every((r) => !r.disabled), testId: 'expense-kind-disable', run: (rows) => void toggle(rows, true) },
          { key: 'enable', label: t('reimburse:actions.enable'), allowed: canEdit, placement: 'both', selection: 'some', when: (rows) => rows.every((r) => r.disabled), testId: 'expense-kind-enable', run: (rows) => void toggle(rows, false) },
        ]}
        onRowOpen={canEdit ? (k) => editor.open(k) : undefined}
        onGridApi={(api) => {
          apiRef.current = api;
        }}
      />
      <ExpenseKindDialog opened={editor.opened} kind={editor.payload} companyId={companyId} onClose={editor.close} onNew={() => editor.open(null)} onSaved={() => void refresh()} />
    </>
  );
}

/**
 * New / rename an expense kind: the form dialog of every list (Enter saves, Ctrl+Enter saves and
 * starts the next, Esc with a name typed asks before dropping it, an empty name says 'Please enter',
 * a name the company already has is refused under the field).
 */
function ExpenseKindDialog(props: { opened: boolean; kind: ExpenseKindDto | null; companyId: number; onClose: () => void; onNew: () => void; onSaved: () => void }) {
  const { opened, kind, companyId, onClose, onNew, onSaved } = props;
  const { t } = useTranslation(['reimburse', 'common']);
  const form = useEntityForm({
    schema: expenseKindCreateBody,
    empty: () => ({ companyId, name: '', disabled: false as boolean | null }),
    required: ['name'],
    serverFields: { EXPENSE_KIND_NAME_DUPLICATE: 'name' },
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t(kind ? 'reimburse:kinds.editTitle' : 'reimburse:kinds.newTitle')}
      form={form}
      values={kind ? { companyId, name: kind.name, disabled: kind.disabled } : undefined}
      recordKey={kind?.id}
      onSave={async (body) => {
        if (kind) await updateExpenseKind(kind.id, { name: body.name, version: kind.version });
        else await createExpenseKind(companyId, body.name);
        notifications.show({ color: 'green', message: t('reimburse:messages.kindSaved') });
        onSaved();
      }}
      saveAndNew={!kind}
      onNew={onNew}
      size={420}
      testId="expense-kind-dialog"
    >
      <TextInput label={t('reimburse:kinds.name')} withAsterisk data-autofocus maxLength={TEXT_BASE} {...form.text('name')} data-testid="expense-kind-name" />
    </FormDialog>
  );
}
