/**
 * /cashier/reimburseKind (decision 034): the company's expense kinds — New, Edit (the name) and
 * the Disable / Enable toggle. A disabled kind is not offered by the reimbursement sheet; lines
 * saved with it keep it. Writing needs manage-reimbursement (30104). After a toggle the caret is back
 * on the row, the kinds still ticked, and the toolbar offers what their new state allows (Enable
 * after Disable), as the list now shows them.
 */
import { useRef, useState } from 'react';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GridApi } from 'ag-grid-community';
import { useListCaretReturn } from '../../../../grids/list/caret-return';
import type { ListColumn } from '../../../../grids/list/columns';
import type { ExpenseKindDto } from '../../../contract/expense';
import { RIGHTS } from '../../../domain/rights';
import { TEXT_BASE } from '../../../domain/constants';
import { useHasRight, useScope } from '../../session/store';
import { notifyError, notifySaveError } from '../../queries/admin-common';
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
  const [editing, setEditing] = useState<{ kind: ExpenseKindDto | null; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const apiRef = useRef<GridApi<ExpenseKindDto> | null>(null);
  const caretReturn = useListCaretReturn(apiRef, { defaultColId: 'name' });
  if (!companyId) return <NoCompany />;

  const refresh = () => qc.invalidateQueries({ queryKey: expenseKeys.kinds(companyId) });
  const saveName = async () => {
    if (!editing || !editing.name.trim()) return;
    setBusy(true);
    try {
      if (editing.kind) await updateExpenseKind(editing.kind.id, { name: editing.name.trim(), version: editing.kind.version });
      else await createExpenseKind(companyId, editing.name.trim());
      notifications.show({ color: 'green', message: t('reimburse:messages.kindSaved') });
      setEditing(null);
      void refresh();
    } catch (e) {
      notifySaveError(e);
    } finally {
      setBusy(false);
    }
  };
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
          { key: 'new', allowed: canEdit, testId: 'expense-kind-new', run: () => setEditing({ kind: null, name: '' }) },
          { key: 'edit', allowed: canEdit, placement: 'both', selection: 'one', testId: 'expense-kind-edit', run: (rows) => setEditing({ kind: rows[0], name: rows[0].name }) },
          { key: 'disable', label: t('reimburse:actions.disable'), allowed: canEdit, placement: 'both', selection: 'some', when: (rows) => rows.every((r) => !r.disabled), testId: 'expense-kind-disable', run: (rows) => void toggle(rows, true) },
          { key: 'enable', label: t('reimburse:actions.enable'), allowed: canEdit, placement: 'both', selection: 'some', when: (rows) => rows.every((r) => r.disabled), testId: 'expense-kind-enable', run: (rows) => void toggle(rows, false) },
        ]}
        onRowOpen={canEdit ? (k) => setEditing({ kind: k, name: k.name }) : undefined}
        onGridApi={(api) => {
          apiRef.current = api;
        }}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t(editing?.kind ? 'reimburse:kinds.editTitle' : 'reimburse:kinds.newTitle')} size={420}>
        <form onSubmit={(e) => { e.preventDefault(); void saveName(); }}>
          <TextInput label={t('reimburse:kinds.name')} withAsterisk data-autofocus maxLength={TEXT_BASE} value={editing?.name ?? ''} onChange={(e) => { const v = e.currentTarget.value; setEditing((x) => (x ? { ...x, name: v } : x)); }} data-testid="expense-kind-name" />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setEditing(null)}>{t('common:cancel', { defaultValue: 'Cancel' })}</Button>
            <Button type="submit" loading={busy} disabled={!editing?.name.trim()} data-testid="expense-kind-save">{t('reimburse:actions.save')}</Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
