/**
 * /cashier/cashBankJournalEdit (spec 01 §2; decision 035): the cash and bank journal of one bank
 * account and month as an entry sheet on the grid kit (grids/cash-journal.columns.ts): date, number,
 * summary, income / outcome kind (F7), counterparty, receipt, payment, the running balance (updated
 * as you type) and the voucher made from a line. Keys are the kit's (Enter past the last row adds
 * one, row menu on Shift+F10) plus Ctrl+S to save; leaving with unsaved changes asks first. Below
 * the sheet each day's closing balance; a cash account going below zero is warned about.
 * A kind of the other side typed on a line with an amount moves the amount to that side, and says so.
 * The voucher cell shows the voucher as the voucher list does ("记-0013", "General-0013"); Enter on
 * it opens the voucher in the editor.
 * Search params `bankAccountId` and `month` open a given sheet (the balance report drills here);
 * choosing another account or month writes them, so the tab returns to the sheet shown. The month
 * is typed (2026-10, Enter) or picked (Alt+↓) in the shared MonthField: half-typed, it opens nothing.
 *
 * Unsaved lines are kept with the tab (decision 043) like the voucher and reimbursement editors keep
 * theirs: going to another tab and back finds them; closing the tab, choosing another account or
 * month, or arriving with another account / month in the search (a drill from the query screen or
 * the balance report) asks Yes / No / Cancel first (save / discard / stay).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { EntryGrid, type EntryGridHandle, type PickerHook } from '../../../../grids/entry-grid';
import { FILL_END } from '../../../../grids/list/use-fill-height';
import { KeyHelp } from '../../../../grids/key-help';
import { useListPicker } from '../../../../grids/list-picker';
import { matchLookup, type LookupOption } from '../../../../grids/lookup-match';
import { RowToolbar } from '../../../../grids/row-toolbar';
import { createSheetState, reduceSheet, type SheetEvent, type SheetState } from '../../../../grids/sheet';
import type { SheetTotalsView } from '../../../../grids/use-sheet';
import { findColumn, isApplicable, isDataColumn } from '../../../../grids/sheet-schema';
import { cashJournalSchema, type CashJournalRow } from '../../../../grids/cash-journal.columns';
import type { CashLineDto } from '../../../contract/cashier-journal';
import type { BankAccountDto, CashierKindDto } from '../../../contract/cashier-settings';
import { cashJournalApi } from '../../../contract/heads';
import { formatCents } from '../../../domain/money';
import { RIGHTS } from '../../../domain/rights';
import { call } from '../../api/typed-client';
import { useHasRight, useScope } from '../../session/store';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { tabStateStore, useTabState, useTabPath } from '../../shell/tab-state';
import { notifySaveError } from '../../queries/admin-common';
import { journalRefsOptions, journalSheetOptions, useJournalInvalidate } from '../../queries/cashier-journal';
import { useSaveTip } from '../common/use-save-tip';
import { isCtrlLetter, useScreenKeys } from '../common/use-screen-keys';
import { useBusy } from '../common/use-busy';
import { SaveTipDialog } from '../common/save-tip-dialog';
import { leaveWithSaveTip } from '../common/save-tip';
import { changesKindOnly, dayClosings, isDirty, keepAmountsOnKindChange, type DayClosing, rowsOfLines, savePayload, storedIdOf, voucherLabelIn, withComputed, withDates } from './journal-sheet';
import { voucherKindsOptions } from '../voucher/voucher-queries';
import { FromVoucherDialog } from './from-voucher-dialog';
import type { VoucherKindDto } from '../../../contract/finance-settings';
import { todayIso } from '../common/today';
import { MonthField } from '../common/month-field';
import { FirstMatchSelect } from '../common/first-match-select';
import { FIELD_ROW } from '../../../../grids/list/field-row';
import { commitOpenEditor } from '../../../../grids/commit-open-editor';
import { caretAtOf, carryFocus, focusAddress, takeCarriedFocus } from '../../../../grids/focus-carry';

interface Refs {
  accounts: BankAccountDto[];
  kinds: CashierKindDto[];
  /** The ledger set's voucher kinds (their English names label the vouchers in English). */
  voucherKinds: VoucherKindDto[];
}

/**
 * Past this many rows the sheet keeps their height and scrolls its rows in the grid (decision 041's
 * kit prop): a month of a busy account is thousands of lines, which AG Grid's auto height would all
 * put in the page, so every key would restyle and lay out all of them.
 */
const JOURNAL_MAX_ROWS = 20;
/** At most JOURNAL_MAX_ROWS, fewer on a short window: the sheet ends at the window's bottom edge. */
const JOURNAL_FILL = { minRows: 5 };

type Loaded = { lines: CashLineDto[]; openingCents: number };

/** Where a sheet with unsaved lines is, kept with the tab (its rows are kept apart: they change on every key). */
interface DraftWhere {
  bankAccountId: number;
  month: string;
  loaded: Loaded;
  /** When `loaded` was fetched (the sheet's identity: a refetch does not replace a draft). */
  loadedAt: number;
}
const whereSlot = (accountId: number | null) => `journal:${accountId}:where`;
const rowsSlot = (accountId: number | null) => `journal:${accountId}:rows`;
const monthOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}$/.test(v) ? v : null);

export function JournalEditPage() {
  const { t } = useTranslation(['journal', 'errors', 'common']);
  const { accountId } = useScope();
  const navigate = useNavigate();
  const path = useTabPath();
  const search = useSearch({ strict: false }) as { bankAccountId?: unknown; month?: unknown };
  const refs = useQuery(journalRefsOptions(accountId));
  // Waited for before the sheet mounts (they label its vouchers in English); when they cannot be read
  // (no right: refusals are not retried) the vouchers keep the server's Chinese word.
  const voucherKinds = useQuery(voucherKindsOptions(accountId));
  const [draft, setDraft] = useTabState<DraftWhere | null>(whereSlot(accountId), () => null);
  // The sheet the route asks for: its search, else the kept draft's, else the first account and this month.
  const wantedAccount = Number(search.bankAccountId) || null;
  const accounts = useMemo(() => (refs.data?.accounts ?? []).filter((a) => !a.disabled || a.id === (wantedAccount ?? draft?.bankAccountId)), [refs.data, wantedAccount, draft]);
  const chosen = wantedAccount ?? draft?.bankAccountId ?? accounts[0]?.id ?? null;
  const month = monthOf(search.month) ?? draft?.month ?? dayjs().format('YYYY-MM');
  const sheet = useQuery(journalSheetOptions(accountId, chosen, month));
  const go = useCallback(
    (id: number, m: string) => void navigate({ href: `${path}?bankAccountId=${id}&month=${m}`, replace: true }),
    [navigate, path],
  );

  if (!accountId) return <Alert color="orange">{t('errors:MISSING_ACCOUNT_OR_PERIOD')}</Alert>;
  if (refs.isError) return <Alert color="red">{t('common:operationFailed')}</Alert>;
  if (!refs.data || voucherKinds.isPending) return <Text c="dimmed" p="md">…</Text>;
  if (!accounts.length) return <Alert color="orange" data-testid="journal-no-accounts">{t('journal:noAccounts')}</Alert>;
  // A kept draft is shown until its question is answered; the sheet asked for waits behind it.
  const shown: DraftWhere | null = draft ?? (sheet.data ? { bankAccountId: chosen!, month, loaded: sheet.data, loadedAt: sheet.dataUpdatedAt } : null);
  if (!draft && sheet.isError) return <Alert color="red">{t('common:operationFailed')}</Alert>;
  if (!shown) return <Text c="dimmed" p="md">…</Text>;
  const pending = draft && (draft.bankAccountId !== chosen || draft.month !== month) ? { bankAccountId: chosen!, month } : null;
  return (
    <JournalSheet
      key={`${accountId}:${shown.bankAccountId}:${shown.month}:${shown.loadedAt}`}
      refs={{ ...refs.data, voucherKinds: voucherKinds.data ?? [] }}
      accountId={accountId}
      bankAccountId={shown.bankAccountId}
      month={shown.month}
      loaded={shown.loaded}
      resume={draft !== null}
      pending={pending}
      onDraft={(dirty) => {
        if (!dirty) {
          tabStateStore.set(path, rowsSlot(accountId), undefined);
          setDraft(null);
        } else if (!draft) setDraft({ bankAccountId: shown.bankAccountId, month: shown.month, loaded: shown.loaded, loadedAt: shown.loadedAt });
      }}
      onChoose={(id, m) => {
        tabStateStore.set(path, rowsSlot(accountId), undefined);
        setDraft(null);
        go(id, m);
      }}
      onStay={() => go(shown.bankAccountId, shown.month)}
    />
  );
}

interface SheetProps {
  refs: Refs;
  accountId: number;
  bankAccountId: number;
  month: string;
  loaded: Loaded;
  /** Start from the rows kept with the tab (a draft of this sheet). */
  resume: boolean;
  /** The route asks for another sheet while this one has unsaved lines: ask, then choose or stay. */
  pending: { bankAccountId: number; month: string } | null;
  /** Told when the sheet becomes dirty (keep a draft) or clean again (drop it). */
  onDraft: (dirty: boolean) => void;
  /** Show another sheet (unsaved lines saved or dropped). */
  onChoose: (bankAccountId: number, month: string) => void;
  /** The user stayed on this sheet (Cancel, or a refused save). */
  onStay: () => void;
}

function JournalSheet({ refs, accountId, bankAccountId, month, loaded, resume, pending, onDraft, onChoose, onStay }: SheetProps) {
  const { t, i18n } = useTranslation(['journal', 'grid', 'errors', 'common']);
  const navigate = useNavigate();
  const canEdit = useHasRight(RIGHTS.CASHIER);
  const invalidate = useJournalInvalidate(accountId);
  const account = refs.accounts.find((a) => a.id === bankAccountId)!;
  const kinds = refs.kinds;
  const kindById = useMemo(() => new Map(kinds.map((k) => [String(k.id), k])), [kinds]);
  const kindOptions = useMemo<LookupOption[]>(() => kinds.filter((k) => !k.disabled).map((k) => ({ value: String(k.id), code: k.code, name: k.name })), [kinds]);
  // A voucher's "记-0013" in the reader's language: the sheet's voucher column and the bring-in dialog.
  const voucherLabel = useCallback((code: string) => voucherLabelIn(code, refs.voucherKinds, i18n.language), [refs.voucherKinds, i18n.language]);
  const schema = useMemo(
    () =>
      cashJournalSchema({
        month,
        kindLabel: (id) => {
          const k = kindById.get(id);
          return k ? `${k.code} ${k.name}` : '';
        },
        kindDirection: (id) => (id ? (kindById.get(id)?.direction ?? null) : null),
        resolveKind: (text) => matchLookup(text, kindOptions),
        dateNotInMonth: (date, m) => t('journal:dateNotInMonth', { date, month: m }),
        voucherLabel,
      }),
    [month, kindById, kindOptions, t, voucherLabel],
  );
  const stored = useMemo(() => new Map(loaded.lines.map((l) => [l.id, l])), [loaded]);
  const openingCents = loaded.openingCents;
  const today = todayIso();
  const fallbackDate = today.startsWith(month) ? today : `${month}-01`;

  // The kit's reducer, then the figures the screen computes (dates carried down, balances, numbers).
  const finish = useCallback(
    (s: SheetState<CashJournalRow>): SheetState<CashJournalRow> => {
      const rows = withComputed(withDates(s.rows, fallbackDate), stored, openingCents);
      return rows === s.rows ? s : { ...s, rows };
    },
    [fallbackDate, stored, openingCents],
  );
  // A kind of the other side takes the line's amount with it (never lost): receipt 100 → payment 100.
  const withKindSides = useCallback(
    (s: SheetState<CashJournalRow>, e: SheetEvent<CashJournalRow>, next: SheetState<CashJournalRow>) => {
      if (next === s || !changesKindOnly(e)) return { state: next, moved: [] };
      const kept = keepAmountsOnKindChange(s.rows, next.rows, (id) => (id ? (kindById.get(id)?.direction ?? null) : null));
      return { state: kept.moved.length ? { ...next, rows: kept.rows } : next, moved: kept.moved };
    },
    [kindById],
  );
  /** A line a voucher was made from stays: its row cannot be deleted (one brought in from a voucher may go). */
  const keepsVoucherLine = useCallback((e: SheetEvent<CashJournalRow>) => {
    if (e.type !== 'sheet.deleteRow') return false;
    const line = stored.get(storedIdOf(e.rowId) ?? -1);
    return !!line?.voucherId && !line.fromVoucher;
  }, [stored]);
  const reducer = useCallback(
    (s: SheetState<CashJournalRow>, e: SheetEvent<CashJournalRow>) => (keepsVoucherLine(e) ? s : finish(withKindSides(s, e, reduceSheet(schema, s, e)).state)),
    [schema, finish, keepsVoucherLine, withKindSides],
  );
  const path = useTabPath();
  const [state, dispatchToSheet] = useReducer(reducer, undefined, () => {
    const kept = resume ? (tabStateStore.get(path, rowsSlot(accountId)) as SheetState<CashJournalRow> | undefined) : undefined;
    return kept ?? finish(createSheetState(schema, rowsOfLines(loaded.lines)));
  });
  // The reducer stays pure (React may run it twice): what a kind moved, or a voucher's line kept, is
  // said here, once per event. The state as of the last event is known at once (stateRef): a save
  // right after the grid committed the cell being typed in reads it, not the last render's rows.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const dispatch = useCallback(
    (e: SheetEvent<CashJournalRow>) => {
      const s = stateRef.current;
      if (keepsVoucherLine(e)) {
        notifications.show({ color: 'orange', message: t('errors:CASH_LINE_HAS_VOUCHER') });
        return;
      }
      if (changesKindOnly(e)) {
        for (const m of withKindSides(s, e, reduceSheet(schema, s, e)).moved) {
          const kind = kindById.get(m.kindId);
          const side = t(`journal:columns.${m.to}`);
          notifications.show({ color: 'orange', message: t('journal:kindMoved', { row: m.rowIndex + 1, kind: kind ? `${kind.code} ${kind.name}` : '', side, amount: formatCents(m.cents) }) });
        }
      }
      stateRef.current = reducer(s, e);
      dispatchToSheet(e);
    },
    [schema, withKindSides, kindById, t, keepsVoucherLine, reducer],
  );
  const dirty = useMemo(() => isDirty(state.rows, stored), [state.rows, stored]);
  // The rows go to the tab's store on every change (nobody listens: read back when the sheet mounts
  // again); the page hears only when the sheet turns dirty or clean.
  const onDraftRef = useRef(onDraft);
  useEffect(() => {
    onDraftRef.current = onDraft;
  });
  // Set once the user chose another sheet: until the page swaps this one out, it keeps no draft.
  const leftRef = useRef(false);
  useEffect(() => {
    if (dirty && !leftRef.current) tabStateStore.set(path, rowsSlot(accountId), state);
  }, [dirty, state, path, accountId]);
  useEffect(() => {
    if ((dirty || resume) && !leftRef.current) onDraftRef.current(dirty);
  }, [dirty, resume]);
  const days = useMemo(() => dayClosings(state.rows, openingCents), [state.rows, openingCents]);
  const closing = days.at(-1)?.closingCents ?? openingCents;
  const negativeDays = account.kind === 'CASH' ? days.filter((d) => d.closingCents < 0) : [];
  const gridRef = useRef<EntryGridHandle>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  // The sheet mounts again with the saved lines: the caret comes back to the cell it was in (grids/focus-carry.ts).
  const tabPath = useTabPath();
  const carryKey = `${tabPath}#${bankAccountId}:${month}`;
  const [carried] = useState(() => takeCarriedFocus(carryKey));
  const { busy, busyNow, setBusy } = useBusy();
  const [problems, setProblems] = useState<string[]>([]);
  const saveTip = useSaveTip();

  // One save at a time: a second Ctrl+S while the first waits for the cell being typed in does nothing.
  const saving = useRef(false);
  const save = useCallback(async (): Promise<boolean> => {
    if (saving.current) return false;
    saving.current = true;
    try {
      // The cell being typed in first (Ctrl+S right after an amount saves that amount).
      await commitOpenEditor(gridRef.current?.api());
      const rows = stateRef.current.rows;
      const p = savePayload(rows, stored);
      if (p.problems.length) {
        setProblems(p.problems.map((x) => t(`journal:problems.${x.problem}`, { row: x.rowIndex + 1 })));
        // The caret goes to the first refused line's cell: its date, or the amount its kind takes.
        const first = p.problems[0];
        const row = rows[first.rowIndex];
        if (row) {
          // The amount cells the line's kind takes (the grid's own rule), the one holding an amount first.
          const amounts = (['receipt', 'payment'] as const).filter((f) => {
            const column = findColumn(schema, f);
            return column !== undefined && isDataColumn(column) && isApplicable(column, row);
          });
          const field = first.problem === 'noDate' ? 'date' : (amounts.find((f) => row[f] !== null) ?? amounts[0] ?? 'receipt');
          requestAnimationFrame(() => gridRef.current?.focusCell(row.id, field));
        }
        return false;
      }
      setProblems([]);
      if (!p.lines.length && !p.deleteIds.length) return true;
      setBusy(true);
      try {
        await call(cashJournalApi.save, { body: { bankAccountId, lines: p.lines, deleteIds: p.deleteIds } });
        carryFocus(carryKey, focusAddress(rootRef.current, gridRef.current?.element() ?? null, gridRef.current?.api() ?? null));
        notifications.show({ color: 'green', message: t('journal:saved') });
        await invalidate();
        // Saved: the draft goes, and the page shows the sheet as the server now has it.
        onDraftRef.current(false);
        return true;
      } catch (err) {
        notifySaveError(err);
        return false;
      } finally {
        setBusy(false);
      }
    } finally {
      saving.current = false;
    }
  }, [stored, bankAccountId, invalidate, setBusy, t, schema, carryKey]);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  // Kept with the tab: the tab stays dirty while the user works elsewhere; closing it asks.
  useTabDirty(
    dirty,
    (close) =>
      void leaveWithSaveTip({ dirty: true, ask: saveTip.ask, save: () => saveRef.current(), proceed: close }),
    // save: logout or a company switch asks Yes / No / Cancel and Yes saves here (shell/dirty-guard.tsx).
    { kept: true, save: () => saveRef.current() },
  );

  /** Another account or month: unsaved changes ask first (Yes saves, No drops them, Cancel stays). */
  const choose = async (id: number, m: string) => {
    const proceed = () => {
      leftRef.current = true;
      onChoose(id, m);
    };
    if (!(await leaveWithSaveTip({ dirty, ask: saveTip.ask, save: () => saveRef.current(), proceed }))) onStay();
  };
  const chooseRef = useRef(choose);
  useEffect(() => {
    chooseRef.current = choose;
  });
  // The route asked for another sheet (a drill, the tab's search) while this one has unsaved lines.
  const pendingKey = pending ? `${pending.bankAccountId}:${pending.month}` : null;
  useEffect(() => {
    if (!pendingKey) return;
    const [id, m] = pendingKey.split(':');
    void chooseRef.current(Number(id), m);
  }, [pendingKey]);

  // 从凭证引入: the sheet is read again afterwards, so unsaved lines are saved (or kept) first.
  const [fromVoucher, setFromVoucher] = useState(false);
  const openFromVoucher = () => {
    if (dirty) {
      notifications.show({ color: 'orange', message: t('journal:fromVoucher.saveFirst') });
      return;
    }
    setFromVoucher(true);
  };

  // Ctrl+S saves, wherever the focus is on this screen; Enter on a voucher cell opens the voucher;
  // Alt+I brings in voucher lines.
  useScreenKeys(rootRef, (e) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey) {
      const id = voucherAtCaret(e);
      if (id === null) return false;
      void navigate({ href: `/newVoucher/${id}` });
      return true;
    }
    if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyI') {
      if (canEdit) openFromVoucher();
      return true;
    }
    if (!isCtrlLetter(e, 's')) return false;
    // busyNow, not busy: a second Ctrl+S in the same frame sees the first one's save running.
    if (canEdit && !busyNow()) void save();
    return true;
  });

  /** The voucher of the line whose voucher cell has the focus (the key pressed on that cell itself, not in an editor or the totals). */
  const voucherAtCaret = (e: KeyboardEvent): number | null => {
    const target = e.target instanceof Element ? e.target : null;
    const cell = target?.closest('.ag-cell[col-id="voucher"]');
    const row = cell?.closest('.ag-row');
    if (!cell || !row || row.classList.contains('ag-row-pinned') || !gridRef.current?.element()?.contains(cell)) return null;
    return stored.get(storedIdOf(row.getAttribute('row-id') ?? '') ?? -1)?.voucherId ?? null;
  };

  const { open: openPicker, picker: kindPicker } = useListPicker<CashJournalRow>();
  const pickers = useMemo<Record<string, PickerHook<CashJournalRow>>>(
    () => ({
      kind: (request) => {
        // A row with an amount offers the kinds of its side only.
        const side = request.row.receipt !== null ? 'INCOME' : request.row.payment !== null ? 'OUTCOME' : null;
        openPicker(request, { title: t('journal:pickKind'), options: kindOptions.filter((o) => !side || kindById.get(o.value)?.direction === side) });
      },
    }),
    [kindOptions, kindById, openPicker, t],
  );

  // The receipts and payments totals stand in their digit cells on the same row; the label adds
  // the month's closing balance (the figures once more in words would not fit the label's cells).
  // From the totals the row is drawn with, so it can never lag behind them (the grid redraws the
  // row when its totals change, not when this page's other figures do).
  const totalsLabel = useCallback(
    (tv: SheetTotalsView) => (
      <Text size="sm" fw={600} data-testid="journal-totals">
        {t('journal:totals', { closing: formatCents(openingCents + (tv.byField.receipt ?? 0) - (tv.byField.payment ?? 0)) })}
      </Text>
    ),
    [t, openingCents],
  );

  const accountOptions = useMemo(() => refs.accounts.filter((a) => !a.disabled || a.id === bankAccountId).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })), [refs.accounts, bankAccountId]);
  return (
    <Stack gap="xs" p="xs" ref={rootRef} data-testid="journal-edit">
      <Paper withBorder p="xs">
        <Group gap="md" align="flex-end" wrap="wrap" className={FIELD_ROW}>
          <FirstMatchSelect
            label={t('journal:bankAccount')}
            data={accountOptions}
            value={String(bankAccountId)}
            onChange={(v) => v && void choose(Number(v), month)}
            allowDeselect={false}
            w={240}
            size="xs"
            data-testid="journal-account"
          />
          {/* Chosen on Enter or a pick only (a half-typed month opens nothing); unsaved lines ask first (choose). */}
          <MonthField label={t('journal:month')} value={month} onChange={(m) => void choose(bankAccountId, m)} w={130} size="xs" data-testid="journal-month" />
          <Text size="sm" data-testid="journal-opening">
            {t('journal:openingOfMonth', { amount: formatCents(openingCents) })}
          </Text>
          <Text size="sm" fw={600} data-testid="journal-closing" c={closing < 0 ? 'red' : undefined}>
            {t('journal:closingOfMonth', { amount: formatCents(closing) })}
          </Text>
          <Badge variant="light" color={dirty ? 'yellow' : 'blue'} data-testid="journal-state">
            {dirty ? t('journal:unsaved') : t('journal:savedState')}
          </Badge>
          <Group gap={4} ml="auto">
            <Tooltip label="Alt+I" withArrow>
              <Button size="xs" variant="default" onClick={openFromVoucher} disabled={!canEdit} data-testid="journal-from-voucher-open">
                {t('journal:fromVoucher.button')}
              </Button>
            </Tooltip>
            <Tooltip label="Ctrl+S" withArrow>
              <Button size="xs" onClick={() => void save()} loading={busy} disabled={!canEdit || !dirty} data-testid="journal-save">
                {t('journal:save')}
              </Button>
            </Tooltip>
            <KeyHelp />
          </Group>
        </Group>
      </Paper>

      {problems.length > 0 && (
        <Alert color="red" withCloseButton onClose={() => setProblems([])} p="xs" data-testid="journal-problems">
          {problems.map((m, i) => (
            <Text key={i} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      {negativeDays.length > 0 && (
        <Alert color="orange" p="xs" data-testid="journal-negative">
          {t('journal:negativeCash', { days: negativeDays.map((d) => d.date.slice(5)).join(', ') })}
        </Alert>
      )}

      <RowToolbar grid={gridRef} readOnly={!canEdit} testId="journal-row-toolbar" />
      {/* The sheet fills the window down to its bottom edge (its totals row with it); the days'
          closings under it are read by scrolling the page. */}
      <div {...FILL_END}>
        <EntryGrid
          schema={schema}
          state={state}
          dispatch={dispatch}
          readOnly={!canEdit}
          pickers={pickers}
          totalsLabel={totalsLabel}
          maxRows={JOURNAL_MAX_ROWS}
          fillPage={JOURNAL_FILL}
          autoFocus
          caretAt={caretAtOf(carried)}
          testId="journal-grid"
          handleRef={gridRef}
        />
      </div>

      <DayClosingsTable days={days} />

      <SaveTipDialog {...saveTip.dialog} message={t('journal:saveTip')} />
      {fromVoucher && (
        <FromVoucherDialog
          accountId={accountId}
          bankAccount={account}
          month={month}
          voucherLabel={voucherLabel}
          onClose={() => setFromVoucher(false)}
          onDone={() => {
            setFromVoucher(false);
            // Not the dialog's own lines: it is closing (they are asked for afresh when it opens again).
            void invalidate('fromVoucher');
          }}
        />
      )}
      {kindPicker}
    </Stack>
  );
}

/** Each day's closing under the sheet: redrawn only when a day's figures change, not on every edit. */
const DayClosingsTable = memo(
  function DayClosingsTable({ days }: { days: DayClosing[] }) {
    const { t } = useTranslation('journal');
    return (
      <Paper withBorder p="xs">
        <Text size="sm" fw={600} mb={4}>
          {t('journal:dailyClosings')}
        </Text>
        {days.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('journal:noLines')}
          </Text>
        ) : (
          <Table withTableBorder striped data-testid="journal-days" fz="sm" verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('journal:columns.date')}</Table.Th>
                <Table.Th ta="right">{t('journal:columns.receipt')}</Table.Th>
                <Table.Th ta="right">{t('journal:columns.payment')}</Table.Th>
                <Table.Th ta="right">{t('journal:dayClosing')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.map((d) => (
                <Table.Tr key={d.date} data-testid={`journal-day-${d.date}`}>
                  <Table.Td>{d.date}</Table.Td>
                  <Table.Td ta="right">{formatCents(d.receiptCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(d.paymentCents)}</Table.Td>
                  <Table.Td ta="right" c={d.closingCents < 0 ? 'red' : undefined}>
                    {formatCents(d.closingCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    );
  },
  (a, b) => a.days.length === b.days.length && a.days.every((d, i) => d.date === b.days[i].date && d.receiptCents === b.days[i].receiptCents && d.paymentCents === b.days[i].paymentCents && d.closingCents === b.days[i].closingCents),
);
