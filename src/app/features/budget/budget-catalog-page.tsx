/**
 * /budget/catalog: the budget catalogue of the current account year (spec 02 §2.2, §4). A tree list
 * (kind then code) with names indented by level; the annual budget is edited in place on leaf rows
 * (click, Enter or typing starts; Enter or leaving the cell saves at once in cents; Esc cancels);
 * Enter or a double click on any other cell of a row opens the budget in the popup;
 * parent rows show their children's total in bold; a profit row (level-1 income − level-1 outcome)
 * is pinned under the list. New (a child of the selected row: its code prefilled), Modify, Delete
 * (leaf rows only, after the used-check) and the 750×350 detail popup.
 */
import { useMemo, useRef } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CellEditRequestEvent, GridApi, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { RIGHTS } from '../../../domain/rights';
import { BUDGET_MAX_LEVEL } from '../../../domain/budget-code';
import { formatCents } from '../../../domain/money';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import { useHasRight, useScope } from '../../session/store';
import { budgetKeys, budgetListOptions, budgetSummaryOptions, budgetUsed, useDeleteBudget, useUpdateBudget } from '../../queries/budgets';
import { notifyError } from '../../queries/admin-common';
import { useDialogState } from '../common/confirm-dialog';
import { ListPage } from '../common/list-page';
import { useListTransfer } from '../common/list-transfer';
import { BudgetDialog, budgetValues, type BudgetEditorPayload } from './budget-dialog';
import { nonLeafRefusal, opensEditor, parseBudgetAmount, profitRow, toBudgetRow, type BudgetRow } from './budget-rows';

interface Ctx {
  t: (k: string, o?: Record<string, unknown>) => string;
}

const columns: ListColumn<BudgetRow>[] = [
  indexColumn(),
  { field: 'level', headerKey: 'budget:field.level', width: 80, format: 'level' },
  { field: 'code', headerKey: 'budget:field.code', width: 120 },
  { field: 'name', source: '*', headerKey: 'budget:field.name', minWidth: 220, flex: 1, renderer: 'name' },
  { field: 'kind', source: '*', headerKey: 'budget:field.kind', width: 100, renderer: 'kind' },
  { field: 'principal', headerKey: 'budget:field.principal', width: 130, format: 'ref' },
  { field: 'yuan', headerKey: 'budget:field.amount', width: 180, align: 'right', renderer: 'amount', editable: (r) => r.leaf && !r.summary },
  { field: 'disabled', headerKey: 'budget:field.disabled', width: 80, renderer: 'yes' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false, pinned: 'right' },
];

const renderers = {
  name: (p: ICellRendererParams<BudgetRow, BudgetRow, Ctx>) =>
    p.data ? (
      <span style={{ paddingLeft: (p.data.level - 1) * 16, fontWeight: p.data.leaf ? undefined : 700 }} data-testid={p.data.summary ? 'budget-profit-label' : `budget-row-${p.data.code}`}>
        {p.data.name}
      </span>
    ) : null,
  kind: (p: ICellRendererParams<BudgetRow, BudgetRow, Ctx>) => (p.data && !p.data.summary ? p.context.t(`budget:kind.${p.data.kind}`) : ''),
  // Leaves show their own amount; parents (and the profit row) their computed total, in bold.
  amount: (p: ICellRendererParams<BudgetRow, string, Ctx>) =>
    p.data ? (
      <span style={{ fontWeight: p.data.leaf ? undefined : 700 }} data-testid={p.data.summary ? 'budget-profit' : `budget-amount-${p.data.code}`}>
        {formatCents(p.data.total)}
      </span>
    ) : null,
  yes: (p: ICellRendererParams<BudgetRow, boolean, Ctx>) => (p.value ? p.context.t('budget:yes') : ''),
};

export function BudgetCatalogPage() {
  const { t } = useTranslation(['budget', 'admin', 'shell', 'errors']);
  const { companyId, accountYearId } = useScope();
  const canEdit = useHasRight(RIGHTS.BUDGET);
  const editor = useDialogState<BudgetEditorPayload>();
  const del = useDeleteBudget(accountYearId);
  const update = useUpdateBudget(accountYearId);
  const qc = useQueryClient();
  const apiRef = useRef<GridApi<BudgetRow> | null>(null);
  const transfer = useListTransfer<BudgetRow>({ kind: 'budget', scope: accountYearId ? { accountYearId } : null, canImport: canEdit, refresh: () => qc.invalidateQueries({ queryKey: budgetKeys.year(accountYearId) }) });
  const all = useQuery(budgetListOptions(accountYearId, { index: 0, size: MAX_PAGE_LIMIT, sort: {}, keyword: '' }, toBudgetRow));
  const summary = useQuery(budgetSummaryOptions(accountYearId));
  const budgets = useMemo(() => all.data?.content ?? [], [all.data]);
  const context = useMemo<Ctx>(() => ({ t: (k, o) => t(k, o) as string }), [t]);
  const formatters = useMemo(() => ({
    level: (v: unknown, row: BudgetRow | undefined) => (row?.summary ? '' : String(v ?? '')),
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
  }), []);
  const pinned = useMemo(() => [profitRow(t('profit'), summary.data?.profit ?? 0)], [t, summary.data]);

  if (!accountYearId || !companyId) return <Text c="dimmed">{t('shell:banner.accountYear')}</Text>;

  const onCellEditRequest = (e: CellEditRequestEvent<BudgetRow>) => {
    const row = e.data;
    if (!row || row.summary || !row.leaf || e.colDef.colId !== 'yuan') return;
    const cents = parseBudgetAmount(e.newValue);
    if (cents === null) return notifyError(new Error(t('amountInvalid')));
    if (cents === row.amount) return;
    update.mutate({ id: row.id, body: { amount: cents, version: row.version } });
  };

  // A new budget under the selected row (levels 1 and 2) starts with its code.
  const newPayload = (rows: BudgetRow[]): BudgetEditorPayload => {
    const parent = rows.length === 1 && rows[0].level < BUDGET_MAX_LEVEL ? rows[0] : undefined;
    return parent
      ? { budget: null, seed: { ...budgetValues(accountYearId), code: parent.code, kind: parent.kind }, key: `child${parent.id}${Date.now()}` }
      : { budget: null, key: `new${Date.now()}` };
  };

  return (
    <Stack gap={4} h="100%">
      <ListPage<BudgetRow, Ctx>
        gridId="budget.catalog"
        columns={columns}
        query={(req) => budgetListOptions(accountYearId, req, toBudgetRow)}
        resetKey={[accountYearId]}
        paged={false}
        getRowId={(b) => b.id}
        rowLabel={(b) => `${b.code} ${b.name}`}
        renderers={renderers}
        formatters={formatters}
        context={context}
        keywordPlaceholder={t('keyword')}
        pinnedBottomRowData={pinned}
        onCellEditRequest={canEdit ? onCellEditRequest : undefined}
        onGridApi={(api) => {
          apiRef.current = api;
        }}
        // Enter (or a double click) opens the row in the popup, as on the subject list; on a leaf's
        // amount it edits the amount in place instead, and the profit row opens nothing.
        onRowOpen={canEdit ? (b) => {
          const api = apiRef.current;
          const colId = api && !api.isDestroyed() ? api.getFocusedCell()?.column.getColId() : undefined;
          if (opensEditor(b, colId)) editor.open({ budget: b });
        } : undefined}
        actions={[
          { key: 'new', allowed: canEdit, testId: 'budget-new', run: (rows) => editor.open(newPayload(rows)) },
          { key: 'edit', allowed: canEdit, placement: 'both', selection: 'one', testId: 'budget-edit', run: (rows) => editor.open({ budget: rows[0] }) },
          ...transfer.actions,
        ]}
        toolbarExtra={transfer.bar}
        remove={{
          allowed: canEdit,
          placement: 'both',
          testId: 'budget-delete',
          // The row icon is on leaf rows only (spec 02 §2.2); a parent chosen in the toolbar is refused
          // with the reason (its button's tooltip; the Delete key says it), not silently.
          rowIcon: (b) => b.leaf,
          refusal: (rows) => nonLeafRefusal(rows, (codes) => t('nonEnd', { codes })),
          used: (b) => budgetUsed(b.id),
          one: (b) => del.mutateAsync(b.id),
        }}
        dialogs={
          <>
          {transfer.dialog}
          <BudgetDialog
            opened={editor.opened}
            payload={editor.payload}
            accountYearId={accountYearId}
            companyId={companyId}
            budgets={budgets}
            onClose={editor.close}
            onOpen={editor.open}
          />
          </>
        }
      />
      <Text size="xs" c="dimmed" data-testid="budget-tip">{t('tip')}</Text>
    </Stack>
  );
}
