/**
 * The list-page scaffold every list screen is built on: a toolbar of declared actions (enabled by
 * the selection and hidden without the right), the keyword box, filters, the ListGrid with server
 * paging and saved column widths, the icons of each row's actions cell, the confirm-delete flow
 * (one request per record, a result per record) and a slot for the screen's dialogs. Forms in
 * those dialogs follow form-dialog.tsx + use-entity-form.ts. See docs/list-pages.md.
 *
 * A minimal screen (columns in `vendors.columns.ts` next to it, with an `actions` column whose
 * renderer is 'actions' if rows get icons):
 *
 *   export function VendorListPage() {
 *     const { t } = useTranslation(['admin', 'common']);
 *     const { companyId } = useScope();
 *     const canEdit = useHasRight(RIGHTS.VENDOR);
 *     const editor = useDialogState<VendorDto | null>();
 *     const del = useDeleteVendor();
 *     if (!companyId) return <NoCompany />;
 *     return (
 *       <ListPage<VendorDto>
 *         gridId="system.vendor"
 *         columns={vendorsColumns}
 *         query={(req) => vendorListOptions(companyId, req)}
 *         resetKey={companyId}
 *         getRowId={(v) => v.id}
 *         rowLabel={(v) => v.name}
 *         keywordPlaceholder={t('admin:vendor.keyword')}
 *         actions={[
 *           { key: 'new', allowed: canEdit, testId: 'vendor-new', run: () => editor.open(null) },
 *           { key: 'edit', allowed: canEdit, placement: 'both', run: ([v]) => editor.open(v) },
 *         ]}
 *         remove={{ allowed: canEdit, placement: 'both', one: (v) => del.mutateAsync(v.id) }}
 *         onRowOpen={canEdit ? (v) => editor.open(v) : undefined}
 *         dialogs={<VendorDialog opened={editor.opened} vendor={editor.payload} onClose={editor.close} />}
 *       />
 *     );
 *   }
 *
 * An action's `run` gets the rows acted on and what the list shows (its searched keyword and sort):
 * an export of the filter sends the keyword with the screen's filters, so the file is the list.
 */
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Kbd, Text, Tooltip } from '@mantine/core';
import {
  IconBan, IconCircleCheck, IconCopy, IconEdit, IconEye, IconFileDownload, IconFileExport, IconFileImport, IconPlus, IconTrash, type Icon,
} from '@tabler/icons-react';
import type { ColDef, GridApi, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { returnCaretAfterDelete, rowCaretOf, type RowCaret } from '../../../../grids/list/caret-return';
import { ListGrid, type KeywordHandle, type ListGridProps, type ListView } from '../../../../grids/list/list-grid';
import { useTabKept } from '../../shell/tab-state';
import { notifyError } from '../../queries/admin-common';
import { BusyButton } from './busy-button';
import { ConfirmDialog } from './confirm-dialog';
import {
  actionEnabled, actionForKey, actionsSignature, deleteSummary, resolveAction, rowActions, runDeletes, shortcutHint, toolbarActions, type ActionPlacement, type ActionSelection, type DeleteOutcome, type ListAction, type ListShown, type ResolvedAction,
} from './list-actions';
import { RowActions } from './row-actions';
import { SavedFilters, type SavedFiltersOption } from './saved-filters';

const ICONS: Record<string, Icon> = {
  new: IconPlus, edit: IconEdit, view: IconEye, copy: IconCopy, enable: IconCircleCheck, disable: IconBan,
  import: IconFileImport, template: IconFileDownload, export: IconFileExport, delete: IconTrash,
};

/** The delete action: confirmation, then one `one(row)` per record; failures are reported per record. */
export interface ListRemove<T> {
  /** Deletes one record (usually a mutation's mutateAsync); a rejection marks that record failed. */
  one: (row: T) => Promise<unknown>;
  allowed?: boolean;
  /** Default 'some' (several rows at once); 'one' for records deleted singly. */
  selection?: Exclude<ActionSelection, 'none'>;
  when?: (rows: T[]) => boolean;
  /** Why the rows may not be deleted (translated), or null: disables the delete with that tooltip (ListAction.refusal). */
  refusal?: (rows: T[]) => string | null;
  /** Default 'toolbar'; 'both' adds a row icon. */
  placement?: ActionPlacement;
  /** Which rows get the row icon (ListAction.rowIcon); default every row. */
  rowIcon?: (row: T) => boolean;
  /** Action key (row icon test id `row-action-<key>`); default 'delete'. */
  key?: string;
  label?: string;
  icon?: ReactNode;
  testId?: string;
  /** The question asked (default: the product's "Cannot be recovered after deletion!…"). */
  message?: (rows: T[]) => ReactNode;
  /** Checked before asking, e.g. the spec's used-check: a message refuses the delete. */
  guard?: (rows: T[]) => Promise<string | null>;
  /**
   * The spec's used-check of one row, run for each chosen row after the guard: a used row refuses
   * the delete with 'Already in use, cannot be deleted!'. A failed check refuses too (never "not used").
   */
  used?: (row: T) => Promise<boolean>;
  /** The refusal naming the used rows (a subject's codes, spec 02 §5); default 'Already in use, cannot be deleted!'. */
  usedMessage?: (used: T[]) => string;
  onDone?: (outcome: DeleteOutcome<string | number>) => void;
}

/** What cell renderers find in `p.context.listPage` besides the screen's own context fields. */
export interface ListPageCellContext<T> {
  listPage: { rowCell: (row: T) => ReactNode };
}

export interface ListPageProps<T, C extends object = object> extends Omit<ListGridProps<T>, 'toolbar' | 'context' | 'onSelectionChange'> {
  /** Shown first in the toolbar (a panel title on two-list screens). */
  title?: ReactNode;
  /** Toolbar buttons and row icons, in order; the delete action (`remove`) comes last. */
  actions?: ListAction<T>[];
  remove?: ListRemove<T>;
  /** How a record is named in per-record delete results (default its id). */
  rowLabel?: (row: T) => string;
  /** Shown after the actions (hints). */
  toolbarExtra?: ReactNode;
  /** Screen fields handed to its cell renderers as `p.context` (memoize it). */
  context?: C;
  onSelectionChange?: (rows: T[]) => void;
  /** The screen's dialogs (editor, import…), rendered after the list. */
  dialogs?: ReactNode;
  /** Opt in to the user's saved filters (keyword plus the screen's own filter values): saved-filters.tsx. */
  savedFilters?: SavedFiltersOption<any>;
  /**
   * Cells that act instead of opening their row (column id → action key): Enter or a double-click
   * on such a cell runs that action on the cell's row (a bound-account cell binds or unbinds), as
   * its link does for the mouse; other cells open the row.
   */
  cellActions?: Record<string, string>;
}

/** Cell renderer of the row actions column (`renderer: 'actions'`), registered by ListPage. */
function ActionsCell<T>(p: ICellRendererParams<T, unknown, ListPageCellContext<T>>) {
  return p.data && !p.node.rowPinned ? p.context.listPage.rowCell(p.data) : null;
}

/** Whether a key lands in a text box or a cell editor (list keys leave it alone). */
export const isTyping = (el: EventTarget | null): boolean => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

export function ListPage<T, C extends object = object>(props: ListPageProps<T, C>) {
  const { title, actions = [], remove, rowLabel, toolbarExtra, context, onSelectionChange, dialogs, renderers, getRowId, savedFilters, cellActions, ...grid } = props;
  const keywordHandle = useRef<KeywordHandle>(null);
  // Back from another tab, the list stands where it was: page, size, sort, keyword.
  const view = useTabKept<ListView>(`list:${grid.gridId}`);
  // What the grid shows (its searched keyword and sort), handed to every action it runs.
  const shown = useRef<ListShown>({ keyword: view.kept?.keyword ?? '', sort: view.kept?.sort ?? {} });
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const [selected, setSelected] = useState<T[]>([]);
  const [pendingDelete, setPendingDelete] = useState<T[] | null>(null);
  const [deleting, setDeleting] = useState(false);

  /** The used-check's refusal, before the question: every used row named when the screen says how; a failed check refuses too. */
  const usedRefusal = async (rows: T[], used: (row: T) => Promise<boolean>) => {
    try {
      const hits: T[] = [];
      for (const r of rows) {
        if (!(await used(r))) continue;
        if (!remove?.usedMessage) return t('errors:IN_USE');
        hits.push(r);
      }
      return hits.length ? remove!.usedMessage!(hits) : null;
    } catch (err) {
      return err instanceof Error ? err.message : t('common:operationFailed');
    }
  };
  const askDelete = async (rows: T[]) => {
    if (!remove || !rows.length) return;
    caretBeforeDelete.current = rowCaretOf(gridApi.current);
    const refusal = (remove.guard ? await remove.guard(rows) : null) ?? (remove.used ? await usedRefusal(rows, remove.used) : null);
    if (refusal) notifyError(new Error(refusal));
    else setPendingDelete(rows);
  };

  const all: ListAction<T>[] = remove
    ? [
        ...actions,
        {
          key: remove.key ?? 'delete',
          label: remove.label,
          icon: remove.icon,
          tone: 'danger',
          selection: remove.selection ?? 'some',
          when: remove.when,
          refusal: remove.refusal,
          allowed: remove.allowed,
          placement: remove.placement,
          rowIcon: remove.rowIcon,
          testId: remove.testId,
          loading: deleting,
          run: (rows) => void askDelete(rows),
        },
      ]
    : actions;
  // Cells render outside this render pass: they read the latest declarations through a ref.
  const latest = useRef({ all, remove });
  latest.current = { all, remove };

  const labelOf = (a: ResolvedAction<T>) => a.label ?? (a.labelKey ? t(a.labelKey) : a.key);
  const iconOf = (a: ResolvedAction<T>, size: number) => {
    if (a.icon) return a.icon;
    const I = ICONS[a.key];
    return I ? <I size={size} /> : undefined;
  };

  const signature = actionsSignature(all);
  const gridContext = useMemo(
    () => ({
      ...context,
      listPage: {
        rowCell: (row: T) => (
          <RowActions
            actions={rowActions(latest.current.all, row).map(({ action, enabled, reason }) => ({
              key: action.key,
              label: labelOf(action),
              icon: iconOf(action, 16),
              color: action.tone === 'danger' ? 'red' : undefined,
              disabled: !enabled,
              busy: !!action.loading,
              reason,
              onClick: () => action.run([row], shown.current),
            }))}
          />
        ),
      },
    }),
    // labelOf/iconOf read `t` and the latest declarations; the signature says when cells must redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [context, signature, t],
  );

  const hasRowActions = all.some((a) => resolveAction(a).placement !== 'toolbar');
  const gridRenderers = useMemo(
    () => (hasRowActions && !renderers?.actions ? { ...renderers, actions: ActionsCell as ColDef<T>['cellRenderer'] } : renderers),
    [renderers, hasRowActions],
  );

  // The selection as the grid holds it now: a key or click right after a Space comes before React
  // has drawn the new selection, and must act on every row ticked.
  const gridApi = useRef<GridApi<T> | null>(null);
  // Where the caret was when a delete was asked. The confirmation would give the focus back to the
  // deleted row's cell, which is gone with its row: the caret comes back to the same place instead
  // (the next row moves up into it) once the list shows the rows left.
  const caretBeforeDelete = useRef<RowCaret | null>(null);
  const currentRows = () => (gridApi.current && !gridApi.current.isDestroyed() ? gridApi.current.getSelectedRows() : selected);
  // A refused action (its key, or a click on its refused button) says why instead of running.
  const runNow = (action: ResolvedAction<T>) => {
    const rows = currentRows();
    const state = toolbarActions(latest.current.all, rows).find((s) => s.action.key === action.key);
    if (state?.enabled) action.run(rows, shown.current);
    else if (state?.reason) notifyError(new Error(state.reason));
  };

  const buttons = toolbarActions(all, selected).map(({ action, enabled, reason }) => {
    const button = (
      <BusyButton
        key={action.key}
        variant={action.tone === 'primary' ? 'filled' : 'default'}
        color={action.tone === 'danger' ? 'red' : undefined}
        leftSection={iconOf(action, 16)}
        // A refused button keeps its pointer events (a disabled one has none), so its tooltip tells why.
        disabled={!enabled && !action.loading && !reason}
        data-disabled={reason ? true : undefined}
        aria-disabled={(!enabled && !action.loading) || undefined}
        // A running action spins but keeps the focus (Enter on Export leaves the caret on Export).
        busy={action.loading}
        onClick={() => runNow(action)}
        aria-keyshortcuts={action.shortcut ? shortcutHint(action.shortcut) : undefined}
        data-testid={action.testId ?? `list-action-${action.key}`}
      >
        {labelOf(action)}
        {action.shortcut && <Kbd ml={6} size="xs">{shortcutHint(action.shortcut)}</Kbd>}
      </BusyButton>
    );
    return reason ? <Tooltip key={action.key} label={reason} withArrow multiline maw={320}>{button}</Tooltip> : button;
  });

  // A cell that acts (cellActions) runs its action on its row; any other cell opens the row.
  const openRow = grid.onRowOpen;
  const onRowOpen = cellActions && Object.keys(cellActions).length
    ? (row: T) => {
        const api = gridApi.current;
        const colId = api && !api.isDestroyed() ? api.getFocusedCell()?.column.getColId() : undefined;
        const key = colId ? cellActions[colId] : undefined;
        const action = key ? latest.current.all.map(resolveAction).find((a) => a.key === key && a.allowed) : undefined;
        if (!key) openRow?.(row);
        else if (action && actionEnabled({ ...action, selection: 'none' }, [row])) action.run([row], shown.current);
      }
    : openRow;

  // An action's shortcut runs it on the selection, from anywhere in the list (not from the screen's
  // dialogs, whose keys bubble here through their portals). Delete on a selected row asks to delete
  // it (not while typing in a box or a cell editor), on the grid's own selection (currentRows).
  const onKeyDown = (e: KeyboardEvent) => {
    const keyed = e.currentTarget.contains(e.target as Node) ? actionForKey(latest.current.all, e.nativeEvent) : undefined;
    if (keyed) {
      e.preventDefault();
      runNow(keyed);
      return;
    }
    if (e.key !== 'Delete' || !remove || isTyping(e.target)) return;
    const rows = currentRows();
    const state = toolbarActions(latest.current.all, rows).find((s) => s.action.key === (remove.key ?? 'delete'));
    if (state?.enabled) {
      e.preventDefault();
      void askDelete(rows);
    } else if (state?.reason) {
      e.preventDefault();
      notifyError(new Error(state.reason));
    }
  };

  const toolbar = title || buttons.length || toolbarExtra ? <>{title}{buttons}{toolbarExtra}</> : undefined;

  return (
    <Box onKeyDown={onKeyDown} style={{ minWidth: 0 }}>
      <ListGrid<T>
        {...grid}
        onRowOpen={onRowOpen}
        getRowId={getRowId}
        keywordHandle={keywordHandle}
        // A list page arrives on its keyword box: typing searches at once, ↓ goes into the rows.
        autoFocusKeyword={grid.autoFocusKeyword ?? true}
        kept={view.kept}
        onViewChange={(v) => {
          shown.current = { keyword: v.keyword, sort: v.sort };
          view.keep(v);
          grid.onViewChange?.(v);
        }}
        filters={
          savedFilters ? (
            <>
              <SavedFilters option={savedFilters} keyword={() => keywordHandle.current?.get() ?? ''} applyKeyword={(k) => keywordHandle.current?.set(k)} />
              {grid.filters}
            </>
          ) : grid.filters
        }
        renderers={gridRenderers}
        context={gridContext}
        toolbar={toolbar}
        onGridApi={(api) => {
          gridApi.current = api;
          grid.onGridApi?.(api);
        }}
        onSelectionChange={(rows) => {
          setSelected(rows);
          onSelectionChange?.(rows);
        }}
      />
      <ConfirmDialog
        opened={!!pendingDelete}
        message={pendingDelete && remove?.message ? remove.message(pendingDelete) : pendingDelete && pendingDelete.length > 1 ? t('admin:confirm.deleteMany', { count: pendingDelete.length }) : undefined}
        loading={deleting}
        onCancel={() => !deleting && setPendingDelete(null)}
        onConfirm={async () => {
          const rows = pendingDelete;
          const current = latest.current.remove;
          if (!rows || !current || deleting) return;
          setDeleting(true);
          try {
            const outcome = await runDeletes(rows, current.one, getRowId, rowLabel);
            const summary = deleteSummary(outcome);
            if (summary) notifyError(new Error(t(summary.key, summary.values)));
            const caret = caretBeforeDelete.current;
            if (caret && gridApi.current && outcome.deleted.length) returnCaretAfterDelete(gridApi.current, caret, outcome.deleted);
            current.onDone?.(outcome);
          } finally {
            setDeleting(false);
            setPendingDelete(null);
            caretBeforeDelete.current = null;
          }
        }}
      />
      {dialogs}
    </Box>
  );
}

/** Shown instead of a company-scoped list while no company is chosen. */
export function NoCompany() {
  const { t } = useTranslation('admin');
  return <Text c="dimmed">{t('noCompany')}</Text>;
}
