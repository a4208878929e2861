/**
 * /voucher/daily/list (spec 01 §2, §4; issue 8 "Voucher list"): the vouchers of the year, one row
 * each (date, kind-code, first summary, debit and credit, attachments, maker, auditor, bookkeeper,
 * cashier, tags — 已结账 on a voucher of a settled period; invalid vouchers grey), filtered by period
 * range (a reversed one flagged, never swapped), kind, code range, state, subject, maker (制单人),
 * summary, amount and the search box, with saved filters. Multi-select and batch actions enabled by
 * the editor toolbar's machine for the selected vouchers (hidden without the right; a disabled one
 * says why, 期间已结账 first); every batch ends with a report naming each voucher done or refused
 * with the reason. A voucher opened with Enter steps within the list's result in the editor
 * (voucher-step-scope.ts), and keys pressed while it opens wait for it. 凭证整理
 * (arrangeCode) after a confirmation showing what changes. Keys: arrows move, Space selects, Enter
 * opens the voucher in the editor, Delete deletes, F8 examines the focused voucher and moves on,
 * Shift+F8 examines it as an error after asking the reason (docs/decisions/023); moving on from
 * the last row of a page goes to the next page's first row, as PageDown there does (the list grid).
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useScreenKeys } from '../common/use-screen-keys';
import { ActionIcon, Alert, Badge, Box, Button, Group, Menu, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Select } from '../common/select';
import { IconFilterOff } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import type { GridApi, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { ListAnswer } from '../../../contract/common';
import type { VoucherDto, VoucherFilter } from '../../../contract/voucher';
import { formatCents } from '../../../domain/money';
import { hasRight } from '../../../domain/rights';
import { voucherActionSpecs, type VoucherAction } from '../../../domain/voucher-lifecycle';
import { periodsQueryOptions } from '../../queries/account';
import { notifyError } from '../../queries/admin-common';
import { allSubjectsOptions } from '../../queries/subjects';
import { useScope, useSession } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { FirstMatchSelect } from '../common/first-match-select';
import { ConfirmDialog } from '../common/confirm-dialog';
import { useClearSavedFilter } from '../common/saved-filters';
import { ListPage } from '../common/list-page';
import type { PagerHandle } from '../../../../grids/list/list-grid';
import { returnCaretAfterDelete, rowCaretOf, useListCaretReturn, type RowCaret } from '../../../../grids/list/caret-return';
import { ReasonDialog } from './voucher-dialogs';
import { ArrangeCodesDialog, BatchReportDialog, type BatchReport } from './voucher-list-dialogs';
import {
  actionableCount, batchRefusal, batchReport, emptyVoucherListFilter, filterProblems, firstSummary, focusAfterAudit, LIST_MAIN_ACTIONS, LIST_MORE_ACTIONS, pageTotals, readSavedVoucherFilter, rowTags,
  toApiFilter, voucherListKeyLabel, withLinkIds, type BatchReportLine, type VoucherListFilterState,
} from './voucher-list-model';
import { isVoucherTotalKey, runVoucherBatch, voucherListOptions, voucherMakersOptions, voucherTotalOptions } from './voucher-list-queries';
import { matchVoucherKey, matchVoucherListKey } from './voucher-keys';
import { editorHref, noteStepScope } from './voucher-step-scope';
import { HOLD_MS, typeAhead } from '../../../../grids/type-ahead';
import { useVoucherExport } from './voucher-export';
import { auxFilterValuesOptions, deleteVoucher, runVoucherAction, voucherKeys, voucherKindsOptions } from './voucher-queries';
import { disabledReason, toolbarSnapshot, type ServerAction } from './voucher-toolbar-model';
import { vouchersColumns } from './vouchers.columns';
import { localName } from '../../../domain/names';
import { useBusy } from '../common/use-busy';
import { FIELD_ROW } from '../../../../grids/list/field-row';
import { useOpenedRowCaret } from './voucher-list-caret';

/** The auxiliary types a line may carry (1 department … 6 budget item), as the filter offers them. */
const AUX_TYPE_IDS = [1, 2, 3, 4, 5, 6] as const;

interface Ctx {
  t: (k: string) => string;
  kindLabel: (v: Pick<VoucherDto, 'kindId' | 'kindName'>) => string;
  /** The settled periods of the year: their vouchers show 已结账. */
  settled: ReadonlySet<number>;
}

const TAG_COLORS = { invalid: 'gray', auditSuccess: 'green', auditError: 'red', bookkept: 'blue', cashier: 'grape', settled: 'orange' } as const;

/** Why a batch item is disabled, under its label (read with the menu, not only on hover), as the editor's menu says it. */
function MenuReason({ text }: { text: string }) {
  return <Text size="xs" c="dimmed" maw={260} style={{ whiteSpace: 'normal' }} data-testid="voucher-list-menu-reason">{text}</Text>;
}

// The pinned row under the list is the page's total (合计): no voucher behind it.
const renderers = {
  label: (p: ICellRendererParams<VoucherDto, unknown, Ctx>) =>
    p.node.rowPinned ? <b data-testid="voucher-page-total">{p.context.t('voucher:list.pageTotal')}</b>
      : p.data ? <span data-testid="voucher-row-label">{p.context.kindLabel(p.data)}-{p.data.codeText}</span> : null,
  summary: (p: ICellRendererParams<VoucherDto, unknown, Ctx>) => (p.data && !p.node.rowPinned ? firstSummary(p.data) : null),
  tags: (p: ICellRendererParams<VoucherDto, unknown, Ctx>) =>
    p.data && !p.node.rowPinned ? (
      <Group gap={4} wrap="nowrap" h="100%" align="center" data-testid="voucher-row-tags" data-lifecycle={p.data.lifecycle}>
        {rowTags(p.data, p.context.settled.has(p.data.periodId)).map((tag) => (
          <Badge key={tag} size="xs" variant="light" tt="none" color={TAG_COLORS[tag]}>{p.context.t(`voucher:list.tags.${tag}`)}</Badge>
        ))}
      </Group>
    ) : null,
};

/** How long keys pressed while a voucher opens from the list wait for the editor's caret (ms). */
const OPEN_HOLD_MS = 10_000;

type ReasonFor = { mode: 'batch' } | { mode: 'one'; id: number; colId: string | null };

export function VoucherListPage() {
  const { t, i18n } = useTranslation(['voucher', 'admin', 'common', 'errors', 'periodEnd']);
  const { companyId, accountId, accountYearId } = useScope();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const router = useRouter();
  // ?ids=1,2,3: only these vouchers (the period end's checklist links here with the vouchers blocking a settle).
  const idsParam = useRouterState({ select: (s) => String((s.location.search as Record<string, unknown>)?.ids ?? '') });
  const linkIds = useMemo(() => idsParam.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0).slice(0, 1000), [idsParam]);
  const qc = useQueryClient();
  const exporter = useVoucherExport();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const kinds = useQuery(voucherKindsOptions(accountId));
  const subjects = useQuery(allSubjectsOptions(accountYearId));
  const makers = useQuery(voucherMakersOptions(accountId));
  const [filter, setFilter] = useTabState<VoucherListFilterState>(`voucherList:${accountYearId}`, emptyVoucherListFilter);
  // Every auxiliary value of the year (disabled ones and parents too), read once the type field is reached
  // or a type is chosen (a saved filter), so they are there by the time a value is typed.
  const [auxWanted, setAuxWanted] = useState(false);
  const auxValues = useQuery({ ...auxFilterValuesOptions(companyId, accountId, accountYearId), enabled: (auxWanted || filter.auxTypeId !== null) && companyId !== null && accountId !== null && accountYearId !== null });
  const [debounced] = useDebouncedValue(filter, 300);
  const [rows, setRows] = useState<VoucherDto[]>([]);
  // The filter of the page last answered (search box included): the footer totals every voucher under it.
  const askedFilter = useRef<VoucherFilter | null>(null);
  // …and its sort: a voucher opened from the list steps within both (voucher-step-scope.ts).
  const askedSort = useRef<Record<string, 'asc' | 'desc'>>({});
  const [totalFilter, setTotalFilter] = useState<VoucherFilter | null>(null);
  const filterTotal = useQuery(voucherTotalOptions(totalFilter));
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const { busy, busyNow, setBusy } = useBusy();
  const [report, setReport] = useState<BatchReport | null>(null);
  // The box of saved filters empties when the filter is reset (it no longer describes the list).
  const clearSavedFilter = useClearSavedFilter({ queryId: 'voucher.list', scope: `y${accountYearId}` });
  const [reasonFor, setReasonFor] = useState<ReasonFor | null>(null);
  const [pendingDelete, setPendingDelete] = useState<VoucherDto[] | null>(null);
  const [arrange, setArrange] = useState<{ periodId: number | null; kindId: number | null } | null>(null);
  const apiRef = useRef<GridApi<VoucherDto> | null>(null);
  const gridBoxRef = useRef<HTMLDivElement>(null);
  // Alt+N starts a new voucher from anywhere on the list (the filters, the rows), as on every list
  // and in the editor: a clerk never reaches for the New button.
  const rootRef = useRef<HTMLDivElement>(null);
  const allowedRef = useRef<(action: VoucherAction) => boolean>(() => false);
  useScreenKeys(rootRef, (e) => {
    // Read at the press (the handler is the latest render's): `allowed` is declared below.
    if (!(e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyN') || !allowedRef.current('save')) return false;
    void navigate({ href: '/newVoucher/new' });
    return true;
  });
  const rowsRef = useRef<VoucherDto[]>([]);
  const pendingFocus = useRef<{ beforeIds: number[]; auditedId: number; colId: string | null } | null>(null);
  const pagerRef = useRef<PagerHandle>(null);
  // Back from the voucher opened with Enter, the caret is on it again (voucher-list-caret.ts).
  const openedCaret = useOpenedRowCaret(`voucherList:${accountYearId}`, apiRef, 'markTime');

  const english = i18n.language === 'en_US';
  const kindLabels = useMemo(() => new Map((kinds.data ?? []).map((k) => [k.id, localName(english, k)])), [kinds.data, english]);
  const settledIds = useMemo(() => new Set((periods.data ?? []).filter((p) => p.rolled).map((p) => p.id)), [periods.data]);
  const context = useMemo<Ctx>(() => ({ t: (k) => t(k), kindLabel: (v) => kindLabels.get(v.kindId) ?? v.kindName, settled: settledIds }), [t, kindLabels, settledIds]);
  const formatters = useMemo(() => ({
    date: (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : ''),
    cents: (v: unknown) => (v === null || v === undefined || v === '' ? '' : formatCents(Number(v))),
  }), []);
  const holder = useMemo(() => (user ? { id: user.id, kind: user.kind, rightIds: user.rightIds } : null), [user]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const selected = useMemo(() => selectedIds.map((id) => byId.get(id)).filter((v): v is VoucherDto => !!v), [selectedIds, byId]);
  const totalRow = useMemo(() => (rows.length ? [{ id: -1, ...pageTotals(rows) } as unknown as VoucherDto] : []), [rows]);
  const allowed = (action: VoucherAction) => !!holder && hasRight(holder, voucherActionSpecs[action].right);
  allowedRef.current = allowed;
  const countFor = (action: VoucherAction) => actionableCount(action, selected, holder, settledIds);
  /** Why no selected voucher can take `action` (its item disabled), localized; null when one can or none is chosen. */
  const refusalFor = (action: VoucherAction) => {
    const code = batchRefusal(action, selected, holder, settledIds);
    return code ? t(`errors:${code}`) : null;
  };

  const focusRow = useCallback((index: number, colId: string | null) => {
    const api = apiRef.current;
    if (!api) return;
    const col = colId ?? api.getAllDisplayedColumns().find((c) => c.getColId() === 'markTime')?.getColId() ?? 'markTime';
    api.ensureIndexVisible(index);
    api.setFocusedCell(index, col);
  }, []);

  // Where the caret was when vouchers were deleted, and which of them went (see the report's close).
  const caretAfterDelete = useRef<{ caret: RowCaret; gone: number[] } | null>(null);
  // Where the caret was when a batch ran (else the first chosen voucher): it comes back there once
  // the report has gone, so Enter on its OK leaves the arrows working (grids/list/caret-return.ts).
  const caretReturn = useListCaretReturn(apiRef, { defaultColId: 'markTime' });

  const onAnswer = useCallback((answer: ListAnswer<VoucherDto>) => {
    openedCaret.onAnswer();
    rowsRef.current = answer.content;
    setRows(answer.content);
    const asked = askedFilter.current;
    setTotalFilter((was) => (asked && JSON.stringify(was) === JSON.stringify(asked) ? was : asked));
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const after = answer.content.map((v) => v.id);
    const target = focusAfterAudit(pending.beforeIds, pending.auditedId, after);
    // Nothing after it on this page (a "to be audited" list pulls the next page's first row up
    // instead): the next page's first voucher takes the focus; after the last voucher of all, it stays.
    if (!target || target.id === pending.auditedId) {
      if (pagerRef.current?.turn(1, pending.colId)) return;
      notifications.show({ color: 'blue', message: t('voucher:list.lastVoucher') });
    }
    if (target) requestAnimationFrame(() => focusRow(target.index, pending.colId));
  }, [focusRow, t, openedCaret]);

  /**
   * Refetches the rows (awaited: F8's next press waits for them) and lets the footer's total follow
   * on its own. Awaiting the total too kept the page busy after the new rows were drawn, so a key
   * pressed on them was dropped (Shift+F8 right after F8 opened no reason dialog).
   */
  const refresh = useCallback(async () => {
    const key = voucherKeys.all(accountId);
    void qc.invalidateQueries({ queryKey: key, predicate: (q) => isVoucherTotalKey(q.queryKey) });
    await qc.invalidateQueries({ queryKey: key, predicate: (q) => !isVoucherTotalKey(q.queryKey) });
  }, [qc, accountId]);

  /** F8 / Shift+F8 on the focused voucher: the machine first (its localized reason), then the server; on success the focus moves on. */
  const auditFocused = async (id: number, colId: string | null, action: 'audit' | 'auditError', reason?: string) => {
    // Rows from the latest answer (rowsRef), not from the render this handler was made in.
    const v = rowsRef.current.find((r) => r.id === id);
    // A key held down or pressed twice acts once: the next press waits for this voucher's answer.
    if (!v || busyNow()) return;
    const why = disabledReason(toolbarSnapshot({ voucher: v, user: holder, periodSettled: settledIds.has(v.periodId), dirty: false }), action);
    if (why) {
      notifications.show({ color: 'orange', message: `${context.kindLabel(v)}-${v.codeText}: ${t(`errors:${why}`)}` });
      return;
    }
    if (action === 'auditError' && reason === undefined) {
      setReasonFor({ mode: 'one', id, colId });
      return;
    }
    setBusy(true);
    const beforeIds = rowsRef.current.map((r) => r.id);
    try {
      await runVoucherAction(v.id, action, v.version, reason);
      notifications.show({ color: 'green', message: t('voucher:list.actedOne', { label: `${context.kindLabel(v)}-${v.codeText}`, action: t(`voucher:actions.${action}`) }) });
      pendingFocus.current = { beforeIds, auditedId: id, colId };
      await refresh();
    } catch (e) {
      pendingFocus.current = null;
      notifyError(e);
      const index = rowsRef.current.findIndex((r) => r.id === id);
      if (index >= 0) focusRow(index, colId);
    } finally {
      setBusy(false);
    }
  };

  const runBatch = async (action: ServerAction, reason?: string) => {
    const chosen = selected;
    if (!chosen.length || busyNow()) return;
    if (action === 'auditError' && reason === undefined) {
      setReasonFor({ mode: 'batch' });
      return;
    }
    caretReturn.note(chosen[0].id);
    setBusy(true);
    try {
      const answers = await runVoucherBatch(action, chosen.map((v) => v.id), reason);
      const labelled = chosen.map((v) => ({ ...v, kindName: context.kindLabel(v) }));
      setReport({ action: t(`voucher:actions.${action}`), ...batchReport(answers, labelled) });
    } catch (e) {
      caretReturn.forget();
      notifyError(e);
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  const runDeletes = async (chosen: VoucherDto[]) => {
    setPendingDelete(null);
    const caret = rowCaretOf(apiRef.current);
    caretReturn.forget();
    setBusy(true);
    const lines: BatchReportLine[] = [];
    for (const v of chosen) {
      const base = { id: v.id, label: `${context.kindLabel(v)}-${v.codeText}`, markTime: v.markTime.slice(0, 10) };
      try {
        await deleteVoucher(v.id);
        lines.push({ ...base, ok: true, message: null });
      } catch (e) {
        lines.push({ ...base, ok: false, message: e instanceof Error ? e.message : String(e) });
      }
    }
    const done = lines.filter((l) => l.ok).length;
    caretAfterDelete.current = caret ? { caret, gone: lines.filter((l) => l.ok).map((l) => l.id) } : null;
    setReport({ action: t('voucher:actions.delete'), lines, done, refused: lines.length - done });
    setBusy(false);
    void refresh();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    const rowEl = target.closest?.('.ag-row') as HTMLElement | null;
    if (!rowEl || !gridBoxRef.current?.contains(rowEl) || rowEl.classList.contains('ag-row-pinned')) return;
    const id = Number(rowEl.getAttribute('row-id'));
    const colId = target.closest('.ag-cell')?.getAttribute('col-id') ?? null;
    const command = matchVoucherListKey(e.nativeEvent);
    if (command) {
      e.preventDefault();
      e.stopPropagation();
      void auditFocused(id, colId, command === 'auditNext' ? 'audit' : 'auditError');
      return;
    }
    if (e.key === 'Delete' && !e.ctrlKey && !e.altKey && allowed('delete')) {
      const chosen = selected.length ? selected : [byId.get(id)].filter((v): v is VoucherDto => !!v);
      if (chosen.length && actionableCount('delete', chosen, holder, settledIds) > 0) {
        e.preventDefault();
        setPendingDelete(chosen);
      }
    }
  };

  if (!accountId || !accountYearId) return <Alert color="orange">{t('errors:MISSING_ACCOUNT_OR_PERIOD')}</Alert>;
  const scope = { accountId, accountYearId };
  const periodList = periods.data ?? [];
  const periodOptions = periodList.map((p) => ({ value: String(p.id), label: p.name }));
  const kindOptions = [...kindLabels.entries()].map(([id, label]) => ({ value: String(id), label }));
  // The chosen maker stays named while the choices load or after they changed (a saved filter).
  const makerOptions = (makers.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  const subjectOptions = (subjects.data?.content ?? []).map((s) => ({ value: s.code, label: `${s.code} ${localName(english, s)}` }));
  const auxOptions = filter.auxTypeId === null ? [] : (auxValues.data?.[filter.auxTypeId] ?? []).map((v) => ({ value: String(v.id), label: `${v.code} ${v.name}` }));
  const patch = (p: Partial<VoucherListFilterState>) => setFilter((f) => ({ ...f, ...p }));
  // Under the field as it is typed; the list is not asked with it (it keeps its rows) until put right.
  const problems = filterProblems(filter, periodList);
  const problem = (field: keyof typeof problems) => {
    const m = problems[field];
    return m ? t(m.key, m.values) : undefined;
  };
  const held = Object.keys(filterProblems(debounced, periodList)).length > 0;
  const num = (v: string | null) => (v ? Number(v) : null);

  const actionButton = (action: ServerAction) => {
    if (!allowed(action)) return null;
    const n = countFor(action);
    const key = action === 'audit' ? voucherListKeyLabel('auditNext') : action === 'auditError' ? voucherListKeyLabel('auditErrorNext') : null;
    const why = n === 0 ? refusalFor(action) : null;
    const tip = [
      selected.length ? t('voucher:list.canCount', { count: n, total: selected.length }) : t('voucher:list.selectFirst'),
      why,
      key ? t(`voucher:list.keys.${action === 'audit' ? 'auditNext' : 'auditErrorNext'}`) + ` (${key})` : null,
    ].filter(Boolean).join(' · ');
    return (
      <Tooltip key={action} label={tip} withArrow>
        <Button size="xs" variant="default" disabled={busy || n === 0} onClick={() => void runBatch(action)} data-testid={`voucher-list-action-${action}`}>
          {t(`voucher:actions.${action}`)}
          {selected.length > 0 && n > 0 ? ` (${n})` : ''}
        </Button>
      </Tooltip>
    );
  };
  const moreActions = LIST_MORE_ACTIONS.filter(allowed);
  const canEdit = allowed('save');

  const toolbar = (
    <Group gap={6} wrap="wrap" data-testid="voucher-list-toolbar">
      {linkIds.length > 0 && (
        <Badge size="lg" tt="none" variant="light" color="orange" data-testid="voucher-list-ids"
          rightSection={<ActionIcon size="xs" variant="transparent" aria-label={t('periodEnd:clearFilter')} title={t('periodEnd:clearFilter')} onClick={() => void navigate({ href: '/voucher/daily/list' })}><IconFilterOff size={12} /></ActionIcon>}>
          {t('periodEnd:filterChip', { count: linkIds.length })}
        </Badge>
      )}
      {canEdit && (
        <Tooltip label="Alt+N" withArrow>
          <Button size="xs" onClick={() => void navigate({ href: '/newVoucher/new' })} data-testid="voucher-list-new">
            {t('voucher:actions.new')}
          </Button>
        </Tooltip>
      )}
      {LIST_MAIN_ACTIONS.map(actionButton)}
      {moreActions.length > 0 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" disabled={busy || selected.length === 0} data-testid="voucher-list-more">
              {t('voucher:actions.more')} ▾
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {moreActions.map((action) => {
              const n = countFor(action);
              // A disabled item says why (期间已结账, 凭证未记账 …), as the editor's menu does.
              const why = n === 0 ? refusalFor(action) : null;
              return (
                <Menu.Item key={action} disabled={n === 0} onClick={() => void runBatch(action)} data-testid={`voucher-list-action-${action}`}
                  title={why ?? undefined} data-reason={why ? batchRefusal(action, selected, holder, settledIds) ?? undefined : undefined}>
                  {t(`voucher:actions.${action}`)}{n > 0 ? ` (${n})` : ''}
                  {why && <MenuReason text={why} />}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
      {allowed('delete') && (
        <Button size="xs" variant="default" color="red" disabled={busy || countFor('delete') === 0} onClick={() => setPendingDelete(selected)} data-testid="voucher-list-action-delete">
          {t('voucher:actions.delete')}
        </Button>
      )}
      {canEdit && (
        <Button
          size="xs"
          variant="default"
          disabled={busy}
          onClick={() => setArrange({ periodId: filter.periodFrom ?? periodList.find((p) => !p.rolled)?.id ?? periodList[0]?.id ?? null, kindId: filter.kindId })}
          data-testid="voucher-list-arrange"
        >
          {t('voucher:list.arrange.button')}
        </Button>
      )}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" loading={exporter.running} data-testid="voucher-list-export">
            {t('voucher:list.export.button')} ▾
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={selected.length === 0} onClick={() => void exporter.exportPdf(selected.map((v) => v.id))} data-testid="voucher-list-export-pdf">
            {t('voucher:list.export.pdfSelected', { count: selected.length })}
          </Menu.Item>
          <Menu.Item disabled={selected.length === 0} onClick={() => void exporter.exportXls({ accountId: scope.accountId!, id: selected.map((v) => v.id) })} data-testid="voucher-list-export-xls-selected">
            {t('voucher:list.export.xlsSelected', { count: selected.length })}
          </Menu.Item>
          {/* The vouchers the list shows: the filter it last asked for, its search box included. */}
          <Menu.Item onClick={() => void exporter.exportXls(askedFilter.current ?? toApiFilter(debounced, scope, periodList, ''))} data-testid="voucher-list-export-xls-filtered">
            {t('voucher:list.export.xlsFiltered')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {exporter.bar}
    </Group>
  );

  const filters = (
    <Paper withBorder p="xs" data-testid="voucher-list-filters">
      <Group gap={8} align="flex-end" wrap="wrap" className={FIELD_ROW}>
        <Select size="xs" w={105} label={t('voucher:list.filters.periodFrom')} data={periodOptions} value={filter.periodFrom === null ? null : String(filter.periodFrom)} onChange={(v) => patch({ periodFrom: num(v) })} clearable placeholder={t('voucher:list.filters.any')} data-testid="voucher-filter-period-from" />
        <Select size="xs" w={105} label={t('voucher:list.filters.periodTo')} data={periodOptions} value={filter.periodTo === null ? null : String(filter.periodTo)} onChange={(v) => patch({ periodTo: num(v) })} error={problem('periodTo')} clearable placeholder={t('voucher:list.filters.any')} data-testid="voucher-filter-period-to" />
        <Select size="xs" w={95} label={t('voucher:list.filters.kind')} data={kindOptions} value={filter.kindId === null ? null : String(filter.kindId)} onChange={(v) => patch({ kindId: num(v) })} clearable placeholder={t('voucher:list.filters.allKinds')} data-testid="voucher-filter-kind" />
        <TextInput size="xs" w={64} label={t('voucher:list.filters.codeFrom')} value={filter.codeFrom} onChange={(e) => patch({ codeFrom: e.currentTarget.value.replace(/\D/g, '').slice(0, 9) })} inputMode="numeric" data-testid="voucher-filter-code-from" />
        <TextInput size="xs" w={64} label={t('voucher:list.filters.codeTo')} value={filter.codeTo} onChange={(e) => patch({ codeTo: e.currentTarget.value.replace(/\D/g, '').slice(0, 9) })} error={problem('codeTo')} inputMode="numeric" data-testid="voucher-filter-code-to" />
        <Select
          size="xs"
          w={125}
          label={t('voucher:list.filters.state')}
          data={(['ALL', 'TO_AUDIT', 'TO_CASHIER', 'TO_BOOK', 'ERROR'] as const).map((s) => ({ value: s, label: t(`voucher:list.states.${s}`) }))}
          value={filter.listState}
          onChange={(v) => v && patch({ listState: v as VoucherListFilterState['listState'] })}
          allowDeselect={false}
          data-testid="voucher-filter-state"
        />
        <FirstMatchSelect size="xs" w={160} label={t('voucher:list.filters.subject')} data={subjectOptions} value={filter.subjectCode} onChange={(v) => patch({ subjectCode: v })} clearable limit={50} placeholder={t('voucher:list.filters.any')} data-testid="voucher-filter-subject" />
        <Select size="xs" w={110} label={t('voucher:list.filters.maker')} data={makerOptions} value={filter.makerId === null ? null : String(filter.makerId)} onChange={(v) => patch({ makerId: num(v) })} clearable placeholder={t('voucher:list.filters.any')} data-testid="voucher-filter-maker" />
        <Select size="xs" w={english ? 125 : 95} label={t('voucher:list.filters.auxType')} data={AUX_TYPE_IDS.map((id) => ({ value: String(id), label: t(`voucher:auxTypes.${id}`) }))} value={filter.auxTypeId === null ? null : String(filter.auxTypeId)} onChange={(v) => patch({ auxTypeId: num(v), auxId: null })} onFocus={() => setAuxWanted(true)} clearable placeholder={t('voucher:list.filters.any')} data-testid="voucher-filter-aux-type" />
        <FirstMatchSelect size="xs" w={170} label={t('voucher:list.filters.auxValue')} data={auxOptions} value={filter.auxId === null ? null : String(filter.auxId)} onChange={(v) => patch({ auxId: num(v) })} disabled={filter.auxTypeId === null} clearable limit={50} placeholder={filter.auxTypeId === null ? t('voucher:list.filters.auxTypeFirst') : t('voucher:list.filters.any')} data-testid="voucher-filter-aux-value" />
        <TextInput size="xs" w={115} label={t('voucher:list.filters.summary')} value={filter.summary} onChange={(e) => patch({ summary: e.currentTarget.value.slice(0, 50) })} data-testid="voucher-filter-summary" />
        <TextInput size="xs" w={82} label={t('voucher:list.filters.amountFrom')} value={filter.amountFrom} onChange={(e) => patch({ amountFrom: e.currentTarget.value.slice(0, 20) })} error={problem('amountFrom')} inputMode="decimal" data-testid="voucher-filter-amount-from" />
        <TextInput size="xs" w={82} label={t('voucher:list.filters.amountTo')} value={filter.amountTo} onChange={(e) => patch({ amountTo: e.currentTarget.value.slice(0, 20) })} error={problem('amountTo')} inputMode="decimal" data-testid="voucher-filter-amount-to" />
        <Tooltip label={t('voucher:list.filters.reset')} withArrow>
          <ActionIcon size="md" variant="subtle" aria-label={t('voucher:list.filters.reset')} onClick={() => { setFilter(emptyVoucherListFilter()); clearSavedFilter(); }} data-testid="voucher-filter-reset">
            <IconFilterOff size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );

  return (
    <Stack gap="xs" data-testid="voucher-list" ref={rootRef}>
      {filters}
      <Box ref={gridBoxRef} onKeyDown={onKeyDown}>
        <ListPage<VoucherDto, Ctx>
          gridId="voucher.list"
          savedFilters={{ queryId: 'voucher.list', scope: `y${accountYearId}`, value: filter, apply: (f: unknown) => setFilter(readSavedVoucherFilter(f)) }}
          title={toolbar}
          columns={vouchersColumns}
          query={(req) => {
            const apiFilter = withLinkIds(toApiFilter(debounced, scope, periodList, req.keyword), linkIds);
            askedFilter.current = apiFilter;
            askedSort.current = req.sort;
            return voucherListOptions(apiFilter, req, !!periods.data && !held);
          }}
          resetKey={[accountId, accountYearId, debounced, idsParam]}
          getRowId={(v) => v.id}
          renderers={renderers}
          formatters={formatters}
          context={context}
          keywordPlaceholder={t('voucher:list.keyword')}
          // The page opens in the search box: ↓ goes into the rows, where F8 starts the auditor's flow.
          autoFocusKeyword
          rowClassRules={{ 'ld-row-muted': (p) => p.data?.state === 'INVALID' }}
          onSelectionChange={(list) => setSelectedIds(list.map((v) => v.id))}
          onRowOpen={(v) => {
            openedCaret.noteOpened(v.id);
            // The editor steps within what the list shows (its filter and order), not the whole year.
            const within = askedFilter.current ? noteStepScope({ filter: askedFilter.current, sort: askedSort.current }) : null;
            // Keys pressed while the editor opens (PageDown at once) wait for its caret and run there
            // in order, its own commands included, instead of meeting a page still loading. The hold
            // is the editor's to land: a navigation elsewhere first (Alt+PageUp back to the list,
            // another tab) ends it, so the keys pressed there are not held for a voucher that went.
            const editorPath = `/newVoucher/${v.id}`;
            // An editor opening in an app just loaded (its code, the year's subjects) may take a few
            // seconds: the keys wait up to OPEN_HOLD_MS for its caret (not HOLD_MS), then are dropped.
            const hold = typeAhead().holdForSave((e) => matchVoucherKey(e)?.command, undefined, OPEN_HOLD_MS);
            const off = router.subscribe('onBeforeNavigate', (e) => {
              if (e.toLocation.pathname === editorPath) return;
              off();
              typeAhead().drop(hold);
            });
            setTimeout(off, OPEN_HOLD_MS + HOLD_MS);
            void navigate({ href: editorHref(v.id, within) });
          }}
          onAnswer={onAnswer}
          pinnedBottomRowData={totalRow}
          onGridApi={(api) => {
            apiRef.current = api;
          }}
          pagerHandle={pagerRef}
          emptyText={t('voucher:list.empty')}
        />
      </Box>
      {filterTotal.data && (
        <Text size="xs" data-testid="voucher-filter-total">
          {t('voucher:list.filterTotal', {
            count: filterTotal.data.count,
            debit: formatCents(Number(filterTotal.data.debitCents)),
            credit: formatCents(Number(filterTotal.data.creditCents)),
          })}
          {filterTotal.data.invalidCount > 0 && t('voucher:list.filterTotalInvalid', { count: filterTotal.data.invalidCount })}
        </Text>
      )}
      <Text size="xs" c="dimmed" data-testid="voucher-list-keys">
        {t('voucher:list.keys.hint')}
        {allowed('audit') && t('voucher:list.keys.hintAudit', { audit: voucherListKeyLabel('auditNext'), error: voucherListKeyLabel('auditErrorNext') })}
        {allowed('delete') && t('voucher:list.keys.hintDelete')}
      </Text>

      <BatchReportDialog
        report={report}
        onClose={() => setReport(null)}
        // The report gives no focus back itself: once it has gone, the caret goes back to the row
        // the batch came from. After deletes it comes back where the first deleted voucher was (the
        // next one moves up into place) once the list no longer shows them.
        onExited={() => {
          const after = caretAfterDelete.current;
          caretAfterDelete.current = null;
          if (after && apiRef.current) returnCaretAfterDelete(apiRef.current, after.caret, after.gone, { defaultColId: 'markTime' });
          else caretReturn.giveBack();
        }}
      />
      <ConfirmDialog
        opened={pendingDelete !== null}
        message={pendingDelete && pendingDelete.length > 1 ? t('voucher:list.confirmDeleteMany', { count: pendingDelete.length }) : t('voucher:messages.confirmDelete')}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => pendingDelete && void runDeletes(pendingDelete)}
      />
      <ReasonDialog
        key={reasonFor ? `${reasonFor.mode}${reasonFor.mode === 'one' ? reasonFor.id : ''}` : 'closed'}
        opened={reasonFor !== null}
        returnFocus={reasonFor?.mode !== 'one'}
        onCancel={() => {
          const r = reasonFor;
          setReasonFor(null);
          if (r?.mode === 'one') {
            const index = rowsRef.current.findIndex((v) => v.id === r.id);
            if (index >= 0) requestAnimationFrame(() => focusRow(index, r.colId));
          }
        }}
        onConfirm={(reason) => {
          const r = reasonFor;
          setReasonFor(null);
          if (r?.mode === 'one') void auditFocused(r.id, r.colId, 'auditError', reason);
          else void runBatch('auditError', reason);
        }}
      />
      {arrange && (
        <ArrangeCodesDialog
          opened
          accountId={accountId}
          periods={periodList}
          kinds={[...kindLabels.entries()].map(([id, label]) => ({ id, label }))}
          periodId={arrange.periodId}
          kindId={arrange.kindId}
          onChange={setArrange}
          onClose={() => setArrange(null)}
          onDone={(changed) => {
            setArrange(null);
            notifications.show({ color: 'green', message: t('voucher:list.arrange.done', { count: changed }) });
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
