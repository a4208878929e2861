/**
 * The voucher editor (/newVoucher/$id, spec 01 §2): header (kind, code, date, bill count), the
 * detail tab with the grid kit's entry grid (grids/, wired, not forked) and a summary tab, the
 * footer with totals, the total in Chinese uppercase and the processing names, and the toolbar
 * whose actions the voucher machine enables (machines/voucher.machine.ts via @xstate/react).
 * `$id` is a voucher id or "new". Keys: the kit's, plus voucher-keys.ts (F9 / Shift+F9: the
 * auditor's examine-and-next). The editor works in the voucher's own account year (its subjects,
 * periods and stepping — within the voucher list's result instead when opened from the list,
 * voucher-step-scope.ts, said by a hint beside the step buttons); moving the date into another
 * year asks first (year-change-dialog.tsx). A read-only grid says why in the toolbar's words
 * (readOnlyReason: no edit right, settled period, locked, red-reversal pair, invalid).
 * Below the grid: the balance of the caret's subject (subject-balance-bar.tsx) and the voucher's
 * processing records (voucher-procs.tsx).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, CloseButton, Group, Menu, NumberInput, Paper, Stack, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { Select } from '../common/select';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { useTranslation } from 'react-i18next';
import { EntryGrid, type EntryGridHandle, type EntryGridProps, type PickerHook, type PickerRequest } from '../../../../grids/entry-grid';
import { KeyHelp } from '../../../../grids/key-help';
import { useListPicker } from '../../../../grids/list-picker';
import { RowToolbar } from '../../../../grids/row-toolbar';
import type { SheetEvent } from '../../../../grids/sheet';
import { useSheetTotals, type SheetTotalsView } from '../../../../grids/use-sheet';
import type { SheetSchema } from '../../../../grids/sheet-schema';
import { voucherKitSchema, type VoucherKitRow } from '../../../../grids/voucher-kit.columns';
import { holdDuring, screenCommands, typeAhead } from '../../../../grids/type-ahead';
import { caretAtOf, landCarriedField, NOTHING_TO_SAVE, saveCarryingFocus, takeCarriedFocus } from '../../../../grids/focus-carry';
import { voucherMachine } from '../../../../machines/voucher.machine';
import type { VoucherDto } from '../../../contract/voucher';
import { VOUCHER_CODE_LENGTH_DEFAULT, VOUCHER_DEFAULT_ROWS } from '../../../domain/constants';
import { formatCents } from '../../../domain/money';
import { isDateString, resolveMarkDate, validateVoucherHeader, type VoucherRuleError } from '../../../domain/voucher-rules';
import { voucherGuards, type VoucherAction } from '../../../domain/voucher-lifecycle';
import { ApiError } from '../../api/client';
import { periodsQueryOptions, accountsQueryOptions } from '../../queries/account';
import { sessionStore, useHasRight, useScope, useSession } from '../../session/store';
import { confirmDiscardDirtyTabs } from '../../shell/dirty-guard';
import { RIGHTS } from '../../../domain/rights';
import { tabsStore } from '../../shell/tabs-store';
import { tabStateStore } from '../../shell/tab-state';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { useTabLabel } from '../../shell/tab-labels';
import { notifyError, notifySaveError } from '../../queries/admin-common';
import { AuxPopup } from './aux-popup';
import { auxEntryEvents, type AuxEntry } from './voucher-aux';
import { createVoucherCatalog, type VoucherCatalog } from './voucher-catalog';
import { ReasonDialog } from './voucher-dialogs';
import { useSaveTip } from '../common/use-save-tip';
import { SaveTipDialog } from '../common/save-tip-dialog';
import { ConfirmDialog } from '../common/confirm-dialog';
import { loadedEditorState, newEditorState, reduceEditor, type EditorEvent, type VoucherEditorState, type VoucherHeaderState } from './voucher-editor-state';
import { movementOf } from './voucher-balance';
import { createValueStore, selectCodeGenerated, selectDirty, selectHeader, selectRows, selectSheet, selectVoucher, useEditorSlice, useEditorStore, useValue, type EditorStore, type ValueStore } from './voucher-editor-store';
import { matchVoucherKey, VOUCHER_COMMANDS, voucherKeyLabel, type VoucherCommand } from './voucher-keys';
import { auxLabelsOfVoucher, checkVoucherRows, flaggedCells, padCode, refusedCells, voucherLabel, voucherLabelOf } from './voucher-mapping';
import { useSummaryPicker } from './common-summaries';
import { auxValuesOptions, codeRuleOptions, createReversal, deleteVoucher, fetchNextCode, leafSubjectsOptions, runVoucherAction, saveVoucher, stepVoucher, voucherKeys, voucherKindsOptions, voucherOptions } from './voucher-queries';
import { dayWithin, isServerAction, reversalRefusal, reversalTarget, toolbarSnapshot, toolbarViewOf, TOOLBAR_MAIN_ACTIONS, TOOLBAR_MORE_ACTIONS, disabledReason, readOnlyReason } from './voucher-toolbar-model';
import { SubjectBalanceBar, subjectBalanceKeys } from './subject-balance-bar';
import { VoucherKeyHelp } from './voucher-key-help';
import { VoucherProcs } from './voucher-procs';
import { YearChangeDialog, type YearChangeQuestion } from './year-change-dialog';
import { VoucherFooter, VoucherSummaryTab } from './voucher-summary';
import { VoucherSyncButton } from './voucher-sync';
import { OtherScopeNotice, VoucherRelationsButton } from './voucher-relations';
import { VoucherSources } from './voucher-sources';
import { VoucherDocsActions } from './voucher-print-drawer';
import { DateField, type DateChange } from '../common/date-field';
import { localName } from '../../../domain/names';
import { useBusy } from '../common/use-busy';
import { useScreenKeys } from '../common/use-screen-keys';
import { useHeldCommands } from '../common/use-held-commands';
import { todayIso } from '../common/today';
import { editorRouteId, NEW_ID } from '../common/editor-route-id';
import { editorHref, STEP_SCOPE_PARAM, stepScopeOf } from './voucher-step-scope';
import { FIELD_ROW } from '../../../../grids/list/field-row';
import { commitOpenEditor } from '../../../../grids/commit-open-editor';
import { replacesShown } from '../../queries/stored-record';


/** The slot of the tab state that keeps the editor's state (voucher-editor-store.ts). */
const editorSlot = (accountId: number, routeId: string) => `voucher:${accountId}:${routeId}`;

/** The editor's command a key is: held with the type-ahead while a save runs or the caret is re-seated (grids/type-ahead.ts). */
const voucherCommandOf = (e: KeyboardEvent): VoucherCommand | undefined => matchVoucherKey(e)?.command;
const isVoucherCommand = (command: string): command is VoucherCommand => VOUCHER_COMMANDS.has(command);

/** Toolbar actions whose tooltip names an editor key. */
const KEY_OF_ACTION: Partial<Record<VoucherAction, VoucherCommand>> = { save: 'save', audit: 'auditAndNext', auditError: 'auditErrorAndNext' };

/** The result codes of the lifecycle's guards: refusals of a rule, not of the voucher's state. */
const GUARD_REASONS: ReadonlySet<string> = new Set(Object.values(voucherGuards).map((g) => g.code));

/** Why a menu item is refused, under its label (read with the menu, not only on hover). */
function MenuReason({ text }: { text: string }) {
  return <Text size="xs" c="dimmed" maw={260} style={{ whiteSpace: 'normal' }} data-testid="voucher-menu-reason">{text}</Text>;
}

export function VoucherEditorPage() {
  const { id: routeId } = useParams({ strict: false }) as { id?: string };
  const { companyId, accountId, accountYearId } = useScope();
  const { t } = useTranslation(['voucher', 'grid', 'errors', 'common']);
  const address = editorRouteId(routeId);
  const voucherId = address.kind === 'stored' ? address.id : null;

  const kinds = useQuery(voucherKindsOptions(accountId));
  const codeRule = useQuery(codeRuleOptions(accountId));
  const stored = useQuery(voucherOptions(accountId, voucherId));
  // The voucher's own year: a stored voucher may lie in another year than the top bar's.
  const yearId = voucherId === null ? accountYearId : (stored.data?.accountYearId ?? null);
  const subjects = useQuery(leafSubjectsOptions(yearId));
  const auxValues = useQuery(auxValuesOptions(companyId, accountId, yearId));
  const periods = useQuery(periodsQueryOptions(yearId));
  const accounts = useQuery(accountsQueryOptions(companyId));

  if (address.kind === 'invalid') return <Alert color="red" data-testid="voucher-load-error">{t('voucher:messages.notFound')}</Alert>;
  if (!accountId || !accountYearId) return <Alert color="orange">{t('errors:MISSING_ACCOUNT_OR_PERIOD')}</Alert>;
  if (stored.data && (stored.data.accountId !== accountId || stored.data.accountYearId !== accountYearId)) return <OtherScopeNotice voucher={stored.data} />;
  if (stored.isError) return <Alert color="red" data-testid="voucher-load-error">{stored.error instanceof ApiError ? stored.error.message : t('voucher:messages.notFound')}</Alert>;
  const ready = kinds.data && subjects.data && auxValues.data && periods.data && codeRule.data && accounts.data && (voucherId === null || stored.data);
  if (!ready || !companyId) return <Text c="dimmed" p="md">{t('common:loading', { defaultValue: '…' })}</Text>;
  const years = [...(accounts.data?.find((a) => a.id === accountId)?.accountYears ?? [])]
    .map((y) => ({ id: y.id, year: y.year, startAt: y.startAt, endAt: y.endAt }))
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
  return (
    <VoucherEditor
      key={`${accountId}:${routeId}`}
      routeId={routeId ?? NEW_ID}
      companyId={companyId}
      accountId={accountId}
      accountYearId={accountYearId}
      kinds={kinds.data!}
      codeLength={codeRule.data?.length ?? VOUCHER_CODE_LENGTH_DEFAULT}
      catalogInput={{ subjects: subjects.data!, aux: auxValues.data! }}
      periods={periods.data!}
      years={years}
      stored={stored.data ?? null}
    />
  );
}

interface YearSpan {
  id: number;
  year: number;
  startAt: string;
  endAt: string;
}

interface EditorProps {
  routeId: string;
  companyId: number;
  accountId: number;
  /** The top bar's account year: a new voucher starts in it. */
  accountYearId: number;
  kinds: { id: number; name: string; nameEn: string | null; isDefault: boolean }[];
  codeLength: number;
  /** The subjects and auxiliary values of the voucher's year as the page loaded them (later years load here). */
  catalogInput: { subjects: Parameters<typeof createVoucherCatalog>[0]; aux: Parameters<typeof createVoucherCatalog>[1] };
  periods: { id: number; startAt: string; endAt: string; rolled: boolean; name: string }[];
  /** The ledger set's account years, first to last. */
  years: YearSpan[];
  stored: VoucherDto | null;
}

const todayIn = (span: { startAt: string; endAt: string } | null): string => dayWithin(todayIso(), span);

function VoucherEditor(props: EditorProps) {
  const { routeId, companyId, accountId, accountYearId, kinds, codeLength, years, stored } = props;
  const { t, i18n } = useTranslation(['voucher', 'grid', 'errors', 'common']);
  // Subjects and voucher kinds are named in the reader's language (a language switch names them again).
  const language = i18n.language;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const path = `/newVoucher/${routeId}`;
  // Opened from the voucher list: the stepping stays within the list's filter and order (its key in
  // the address, voucher-step-scope.ts); otherwise through the voucher's whole year.
  const withinParam = useRouterState({ select: (s) => (s.location.search as Record<string, unknown> | undefined)?.[STEP_SCOPE_PARAM] });
  const within = useMemo(() => (routeId === NEW_ID ? null : stepScopeOf(withinParam)), [routeId, withinParam]);

  const storedAux = useMemo(() => auxLabelsOfVoucher(stored?.items ?? []), [stored]);
  const defaultKind = kinds.find((k) => k.isDefault)?.id ?? kinds[0]?.id ?? null;
  const scopeYear = years.find((y) => y.id === accountYearId) ?? null;
  const freshHeader = useCallback(
    (): VoucherHeaderState => ({ accountYearId, kindId: defaultKind, code: '', markDate: todayIn(scopeYear), billCount: 0 }),
    [accountYearId, defaultKind, scopeYear],
  );
  /** A voucher's label in the reader's language ("General-0007" in English), for the messages. */
  const labelOf = useCallback((v: VoucherDto) => voucherLabelOf(v, kinds, language), [kinds, language]);

  // The first state only needs the rows' shape; the catalogue of the state's year follows below.
  const [initialSchema] = useState(() => voucherKitSchema(createVoucherCatalog(props.catalogInput.subjects, props.catalogInput.aux, { knownAux: storedAux, language: i18n.language })));
  // The state is read in slices (voucher-editor-store.ts): this component follows the header, the
  // stored voucher and the dirty flag; the sheet's parts (grid, totals, balance bar, summary) follow
  // the sheet themselves, so a keystroke does not re-render the toolbar and header.
  const store = useEditorStore(editorSlot(accountId, routeId), () => (stored ? loadedEditorState(initialSchema, stored) : newEditorState(initialSchema, freshHeader())));
  const state = {
    header: useEditorSlice(store, selectHeader),
    voucher: useEditorSlice(store, selectVoucher),
    dirty: useEditorSlice(store, selectDirty),
    codeGenerated: useEditorSlice(store, selectCodeGenerated),
  };
  const yearId = state.header.accountYearId ?? accountYearId;
  const year = years.find((y) => y.id === yearId) ?? null;
  // The year's subjects, auxiliary values and periods (cached for the page's year; another year loads when the date moves there).
  const subjectsQ = useQuery({ ...leafSubjectsOptions(yearId), placeholderData: keepPreviousData });
  const auxQ = useQuery({ ...auxValuesOptions(companyId, accountId, yearId), placeholderData: keepPreviousData });
  const periodsQ = useQuery({ ...periodsQueryOptions(yearId), placeholderData: keepPreviousData });
  const subjectList = subjectsQ.data ?? props.catalogInput.subjects;
  const auxLists = auxQ.data ?? props.catalogInput.aux;
  const periods = periodsQ.data ?? props.periods;
  // The stored voucher's auxiliary values the lists do not name (any more), by content: a save (or
  // its refetch) hands a new voucher object with the same labels, and a new catalogue would give
  // the grid new columns, which closed the cell editor the clerk had opened after Ctrl+S.
  const knownAuxKey = useMemo(
    () => JSON.stringify([...storedAux].filter(([key]) => {
      const [type, id] = key.split(':').map(Number);
      return !auxLists[type]?.some((v) => v.id === id);
    })),
    [storedAux, auxLists],
  );
  const knownAux = useMemo(() => new Map(JSON.parse(knownAuxKey) as Array<[string, string]>), [knownAuxKey]);
  const catalog: VoucherCatalog = useMemo(() => createVoucherCatalog(subjectList, auxLists, { knownAux, language }), [subjectList, auxLists, knownAux, language]);
  const baseSchema = useMemo(() => voucherKitSchema(catalog), [catalog]);
  // After a save the rules refused, the cells they refuse are flagged (a red frame) until they are
  // put right; another voucher (new, loaded, saved) starts unflagged. Followed as a text key, so a
  // keystroke re-renders the page only when the flags change.
  const [showIssues, setShowIssues] = useState(false);
  const selectIssues = useCallback(
    (s: VoucherEditorState) => {
      if (!showIssues) return '';
      const cells = flaggedCells(s.sheet.rows, catalog.auxTypesOf);
      return cells.length ? JSON.stringify(cells.map((c) => [c.rowId, c.field, c.code, c.row + 1])) : '';
    },
    [showIssues, catalog],
  );
  const issuesKey = useEditorSlice(store, selectIssues);
  const schema = useMemo(() => {
    if (!issuesKey) return baseSchema;
    const flags = new Map((JSON.parse(issuesKey) as Array<[string, string, string, number]>).map(([rowId, field, code, row]) => [`${rowId} ${field}`, t(`errors:${code}`, { row })]));
    return { ...baseSchema, cellIssue: (row: VoucherKitRow, field: string) => flags.get(`${row.id} ${field}`) ?? null };
  }, [baseSchema, issuesKey, t]);
  /** The store (for handlers: `latest.current.get()` is the state as it is now; rendering reads the slices above). */
  const latest = useRef(store);
  useEffect(() => {
    latest.current = store;
  });
  // The rules of the sheet are the base schema's (the flags only draw): `send` keeps its identity
  // when the flags change, so nothing that follows it (the code's request) runs again.
  // Each new voucher on this tab asks for its code (below), also one of the same kind and date as the last.
  const [codeAsked, setCodeAsked] = useState(0);
  const send = useCallback(
    (event: EditorEvent) => {
      if (event.type === 'reset' || event.type === 'loaded') setShowIssues(false);
      if (event.type === 'reset' || event.type === 'copied') setCodeAsked((n) => n + 1);
      store.update((prev) => reduceEditor(baseSchema, prev, event));
    },
    [baseSchema, store],
  );
  const dispatchSheet = useCallback((event: SheetEvent<VoucherKitRow>) => send({ type: 'sheet', event }), [send]);

  // A newer stored version (another user, an action) replaces a clean editor; an older answer drawn late never does (../../queries/stored-record.ts).
  useEffect(() => {
    const now = latest.current.get();
    if (stored && !now.dirty && replacesShown(now.voucher, stored)) send({ type: 'loaded', voucher: stored });
  }, [stored, send]);

  // The period the header's date falls in (shown beside it), and the stored voucher's own: the
  // toolbar's actions concern the stored voucher, so its period says whether they are open; a date
  // moved into a settled period refuses the save only (the date itself stays editable to move back).
  const period = periods.find((p) => p.id === state.voucher?.periodId && state.voucher.markTime.slice(0, 10) === state.header.markDate) ?? periods.find((p) => p.startAt <= state.header.markDate && state.header.markDate <= p.endAt) ?? periods.at(-1);
  const periodOfVoucher = useCallback((v: VoucherDto | null) => (v ? periods.find((p) => p.id === v.periodId) : undefined), [periods]);
  const storedSettled = !!periodOfVoucher(state.voucher)?.rolled;
  const dateSettled = !!period?.rolled && !storedSettled;
  const snapshot = useMemo(
    () => toolbarSnapshot({ voucher: state.voucher, user: user ? { ...user, id: user.id } : null, periodSettled: storedSettled, dirty: state.dirty }),
    [state.voucher, user, storedSettled, state.dirty],
  );
  const snapshotRef = useRef(snapshot);
  useEffect(() => {
    snapshotRef.current = snapshot;
  });
  // The machine drives the toolbar: an actor started at each snapshot (the stored voucher, the
  // rights, the period, the unsaved flag); one kept from the first render showed a stale view
  // while the lifecycle state stayed the same.
  const actor = useMemo(() => createActor(voucherMachine, { snapshot, input: snapshot.context }).start(), [snapshot]);
  useEffect(() => () => void actor.stop(), [actor]);
  const liveView = useSelector(actor, toolbarViewOf);
  const editable = liveView.lifecycle === 'new' ? liveView.enabled.save : liveView.editable;
  // Why the grid takes no edit, as the toolbar's tooltips say it (no right, settled period, locked …): one rule.
  const readOnlyCode = editable ? null : readOnlyReason(snapshot);
  const lockMessage = readOnlyCode ? t(`errors:${readOnlyCode}`) : undefined;

  const saveTip = useSaveTip();
  const [tab, setTab] = useState<string>('detail');
  // Closing the tab with unsaved changes asks Yes / No / Cancel too (saveRef: the save below).
  const saveRef = useRef<() => Promise<VoucherDto | null | typeof NOTHING_TO_SAVE>>(async () => null);
  useTabDirty(
    state.dirty,
    (close) =>
      void (async () => {
        const answer = await saveTip.ask();
        if (answer === 'cancel' || (answer === 'yes' && (await saveRef.current()) === null)) return;
        close();
      })(),
    // save: logout or a company switch asks Yes / No / Cancel and Yes saves here (shell/dirty-guard.tsx).
    { kept: true, save: async () => (await saveRef.current()) !== null },
  );
  const [reasonOpen, setReasonOpen] = useState(false);
  /** The reason dialog was opened by Shift+F9: after the error is recorded, the next voucher shows. */
  const reasonThenNext = useRef(false);
  /** A held Shift+F9's turn ends when its reason dialog closes (the keys after it wait for that). */
  const reasonClosed = useRef<(() => void) | null>(null);
  // The editor going away closes the dialog too: a replay waiting for it must not wait forever.
  useEffect(() => () => reasonClosed.current?.(), []);
  const [yearQuestion, setYearQuestion] = useState<(YearChangeQuestion & { toYearId: number }) | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const [caretRow] = useState(() => createValueStore<string | null>(null));
  // The delete confirmation ('Cannot be recovered after deletion!…'), answered through a promise.
  const [deleteAnswer, setDeleteAnswer] = useState<((ok: boolean) => void) | null>(null);
  const confirmDelete = () => new Promise<boolean>((resolve) => setDeleteAnswer(() => (ok: boolean) => {
    setDeleteAnswer(null);
    resolve(ok);
  }));
  // The red reversal's question (it writes a voucher at once), answered the same way.
  const [reverseAnswer, setReverseAnswer] = useState<{ label: string; date: string; year: string | null; answer: (ok: boolean) => void } | null>(null);
  const confirmReverse = (label: string, date: string, year: string | null) => new Promise<boolean>((resolve) => setReverseAnswer({ label, date, year, answer: (ok: boolean) => {
    setReverseAnswer(null);
    resolve(ok);
  } }));
  const [ruleErrors, setRuleErrors] = useState<string[]>([]);
  const { busy, busyNow, setBusy, exclusive } = useBusy();
  const [auxLine, setAuxLine] = useState<{ request: PickerRequest<VoucherKitRow> } | null>(null);
  const { open: openPicker, picker: subjectPicker } = useListPicker<VoucherKitRow>();
  // A new voucher is for a user who may save one (spec 01 §4: buttons follow the user's rights).
  const mayCreate = useHasRight(RIGHTS.VOUCHER_EDIT);
  const summaryPicker = useSummaryPicker<VoucherKitRow>(companyId, mayCreate, openPicker);
  const gridRef = useRef<EntryGridHandle>(null);
  /**
   * Puts the caret on the first cell once the grid shows the editor's rows as they are now: after a
   * reset (a new voucher on the same tab) the grid renders the fresh rows a task or a frame later,
   * and a caret put on the rows about to go is lost with them (no cell focused, keys held for the
   * caret wait in vain). At most a second of frames, then the caret goes where it can.
   */
  const focusFirstWhenShown = useCallback(() => {
    let frames = 0;
    const step = () => {
      const want = latest.current.get().sheet.rows[0]?.id;
      const shown = gridRef.current?.api()?.getDisplayedRowAtIndex(0)?.id;
      if (gridRef.current && want !== undefined && shown !== want && frames++ < 60) {
        requestAnimationFrame(step);
        return;
      }
      gridRef.current?.focusFirstCell();
    };
    requestAnimationFrame(step);
  }, []);
  // A new voucher saved for the first time shows again under its id: the focus goes back where the
  // clerk had it (grids/focus-carry.ts), a header field here, a cell through the grid's `caretAt`.
  const [carried] = useState(() => takeCarriedFocus(path));

  // The code of a new voucher follows its kind and date (/voucher/code) until the clerk types one.
  // A new voucher again on the same tab (Alt+N or F12 there, the old one discarded or saved; a copy)
  // starts without a code: asked for again (`codeAsked`), also for the same kind and date.
  const { kindId, markDate } = state.header;
  useEffect(() => {
    if (!state.codeGenerated || kindId === null || !/^\d{4}-\d{2}-\d{2}$/.test(markDate)) return;
    let live = true;
    fetchNextCode(accountId, kindId, markDate).then(
      (r) => live && send({ type: 'generatedCode', code: r.codeText }),
      (e: unknown) => live && notifications.show({ color: 'orange', message: t('voucher:messages.codeFailed', { msg: e instanceof Error ? e.message : '' }) }),
    );
    return () => {
      live = false;
    };
  }, [accountId, kindId, markDate, state.codeGenerated, codeAsked, send, t]);

  const messageOf = useCallback((e: VoucherRuleError) => t(`errors:${e.code}`, { ...e.params, field: e.params.field ? t(`voucher:header.${String(e.params.field)}`) : undefined }), [t]);

  /** The save rules on the voucher as it is: the messages of the header, the date and the lines, and the lines' check. */
  const rulesOf = useCallback(
    (s: VoucherEditorState) => {
      const errors: string[] = [];
      const header = validateVoucherHeader({ ...s.header, code: s.header.code || '1' }, codeLength);
      errors.push(...header.map(messageOf));
      if (years.length && isDateString(s.header.markDate)) {
        // Every year bounds the date (first to last); the date's own year must be the editor's (the year question saw to it).
        const r = resolveMarkDate(s.header.markDate, years.map((y) => ({ ...y, periods: y.id === yearId ? periods : [] })));
        if (!r.ok) errors.push(r.code === 'MARK_DATE_OUT_OF_RANGE' ? t('voucher:messages.dateOutOfRange', r.params) : t(`errors:${r.code}`, r.params));
        // A date in a settled period (the server refuses it too): said before anything is sent.
        const target = periods.find((p) => p.startAt <= s.header.markDate && s.header.markDate <= p.endAt);
        if (target?.rolled && target.id !== s.voucher?.periodId) errors.push(t('voucher:messages.periodSettled', { name: target.name }));
      }
      const rows = checkVoucherRows(s.sheet.rows, catalog.auxTypesOf);
      if (!rows.ok) errors.push(...rows.errors.map(messageOf));
      return { errors, rows };
    },
    [catalog, codeLength, messageOf, periods, t, yearId, years],
  );
  // A refused save's banner follows the voucher while it shows: each message goes once its input is
  // put right (the code corrected, the required cell filled), the banner with the last one. It only
  // shrinks: lines being typed meanwhile are the next save's to judge.
  const showingRefusal = ruleErrors.length > 0;
  const rulesNow = useEditorSlice(store, useCallback((s: VoucherEditorState) => (showingRefusal ? JSON.stringify(rulesOf(s).errors) : ''), [showingRefusal, rulesOf]));
  useEffect(() => {
    if (!rulesNow) return;
    const now = new Set(JSON.parse(rulesNow) as string[]);
    setRuleErrors((shown) => (shown.every((m) => now.has(m)) ? shown : shown.filter((m) => now.has(m))));
  }, [rulesNow]);

  /**
   * Saves; resolves with the saved voucher, null (rules refused, server refused) or NOTHING_TO_SAVE
   * (a new voucher nothing was entered in). `why`: Ctrl+S (`save`) says when there is nothing to save.
   */
  const saveNow = useCallback(async (why?: 'save'): Promise<VoucherDto | null | typeof NOTHING_TO_SAVE> => {
    await commitOpenEditor(gridRef.current?.api());
    const s = latest.current.get();
    if (!s.dirty) {
      // A stored voucher with nothing changed is not sent again (Ctrl+S says so, or why the voucher
      // cannot be saved: locked; F12 just opens a new voucher); so a Ctrl+S or F12 held during its
      // first save stores it once. A new voucher nothing was entered in is not saved either (its
      // rules would refuse it): Ctrl+S says so, F12 stays on it; keys typed after go on there.
      if (why === 'save') {
        const reason = s.voucher ? disabledReason(snapshotRef.current, 'save') : null;
        notifications.show({ color: reason ? 'orange' : 'blue', message: reason ? t(`errors:${reason}`) : t(s.voucher ? 'voucher:messages.noChanges' : 'voucher:messages.nothingEntered') });
      }
      return s.voucher ?? NOTHING_TO_SAVE;
    }
    const { errors, rows } = rulesOf(s);
    setRuleErrors(errors);
    if (!rows.ok) {
      // The refused cells are flagged and the caret goes to the first of them.
      setShowIssues(true);
      const first = refusedCells(s.sheet.rows, rows.errors)[0];
      if (first) requestAnimationFrame(() => gridRef.current?.focusCell(first.rowId, first.field));
    }
    if (errors.length || !rows.ok) return null;
    try {
      // A new voucher's proposed code (not typed) is the server's to give: it numbers the voucher in
      // the same statement that stores it, so a code proposed for another date a moment ago (the
      // answer for the new date still on its way) or taken by a colleague meanwhile never refuses the save.
      const code = !s.voucher && s.codeGenerated ? '' : s.header.code.trim().replace(/^0+/, '');
      const saved = await saveVoucher(
        s.voucher?.id ?? null,
        { accountId, kindId: s.header.kindId!, markTime: s.header.markDate, billCount: s.header.billCount ?? 0, code: code || undefined!, items: rows.items },
        s.voucher?.version,
      );
      qc.setQueryData(voucherKeys.one(accountId, saved.id), saved);
      void qc.invalidateQueries({ queryKey: voucherKeys.all(accountId) });
      void qc.invalidateQueries({ queryKey: subjectBalanceKeys.all });
      send({ type: 'loaded', voucher: saved });
      notifications.show({ color: 'green', message: t('voucher:messages.saved', { label: labelOf(saved) }) });
      return saved;
    } catch (e) {
      notifySaveError(e);
      return null;
    }
  }, [accountId, labelOf, qc, rulesOf, send, t]);
  // Busy from the press on (before the first await): a second Ctrl+S in the same frame is refused.
  const save = useCallback((why?: 'save') => exclusive(() => saveNow(why), null), [exclusive, saveNow]);
  /** Keys typed during a save that did not answer within SAVE_HOLD_MS were dropped: said, not silent. */
  const keysDropped = useCallback(() => notifications.show({ color: 'orange', message: t('voucher:messages.keysDropped') }), [t]);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  /** Before leaving the voucher: the save tip when there are unsaved changes. Resolves false to stay. */
  const settle = useCallback(async (): Promise<boolean> => {
    if (!latest.current.get().dirty) return true;
    const answer = await saveTip.ask();
    if (answer === 'cancel') return false;
    if (answer === 'no') return true;
    return (await save()) !== null;
  }, [save, saveTip]);

  /**
   * Shows another voucher in place of this one (the old tab goes, so stepping does not pile up tabs).
   * A stored voucher stepped to keeps the stepping's scope (the list's filter); a new one has none.
   */
  const goTo = useCallback(
    async (target: number | 'new') => {
      const to = `/newVoucher/${target}`;
      if (to === path) {
        if (target === 'new') send({ type: 'reset', header: freshHeader() });
        return;
      }
      // A new voucher starts empty: whatever an earlier "new" tab kept is dropped first.
      if (target === 'new') tabsStore.discard(to);
      await navigate({ href: editorHref(target, within?.key) });
      tabsStore.discard(path);
      tabsStore.close([path], to, () => undefined);
    },
    [freshHeader, navigate, path, send, within],
  );

  /**
   * Shows the first / previous / next / last voucher: of the list's result in the list's order when
   * the editor was opened from the list (`within`), else of the voucher's year (mark date, code, id);
   * says so when there is none that way (the first / last of that set). Resolves whether another
   * voucher is shown.
   */
  const stepTo = useCallback(
    async (command: 'first' | 'previous' | 'next' | 'last'): Promise<boolean> => {
      const s = latest.current.get().voucher;
      const current = s ? { id: s.id, markTime: s.markTime.slice(0, 10), code: s.code } : null;
      try {
        const target = await stepVoucher(accountId, s?.accountYearId ?? yearId, command, current, within?.scope);
        if (!target) {
          notifications.show({ color: 'blue', message: t(current === null ? 'voucher:messages.noVouchers' : command === 'previous' || command === 'first' ? 'voucher:messages.firstReached' : 'voucher:messages.lastReached') });
          return false;
        }
        if (target.id === s?.id) {
          notifications.show({ color: 'blue', message: t(command === 'first' ? 'voucher:messages.firstReached' : 'voucher:messages.lastReached') });
          return false;
        }
        await goTo(target.id);
        return true;
      } catch (e) {
        notifyError(e);
        return false;
      }
    },
    [accountId, goTo, t, yearId, within],
  );

  const runCommand = useCallback(
    async (command: VoucherCommand) => {
      if (busyNow()) return;
      if (command === 'save') {
        await saveCarryingFocus({
          fresh: routeId === NEW_ID,
          save: () => save('save'),
          pathOf: (id) => `/newVoucher/${id}`,
          goTo,
          page: rootRef.current,
          grid: gridRef.current,
          rows: () => latest.current.get().sheet.rows,
          commands: voucherCommandOf,
          onHoldExpired: keysDropped,
        });
        return;
      }
      if (command === 'saveAndNew') {
        // Keys typed from here on are the next voucher's: kept until its caret lands (grids/type-ahead.ts),
        // however long the save takes.
        typeAhead().holdForSave(voucherCommandOf, keysDropped);
        const saved = await save();
        // Nothing entered in this new voucher: it stays, and the keys go on where the caret is.
        if (saved === NOTHING_TO_SAVE) {
          typeAhead().land();
          return;
        }
        if (!saved) {
          typeAhead().drop();
          return;
        }
        typeAhead().answered();
        if (routeId === NEW_ID) send({ type: 'reset', header: { ...freshHeader(), accountYearId: saved.accountYearId, kindId: saved.kindId, markDate: saved.markTime.slice(0, 10) } });
        else await goTo('new');
        focusFirstWhenShown();
        return;
      }
      if (command === 'auditAndNext' || command === 'auditErrorAndNext') return;
      if (command !== 'new') {
        // Keys pressed until the other voucher's caret lands wait for it and run there, in order
        // (PageDown five times moves five vouchers; each step starts from the voucher the last one showed).
        // No voucher that way (the last reached, said): the keys held after it were for vouchers that do not come.
        await holdDuring(async () => (!(await settle()) ? 'stayed' : (await stepTo(command)) ? 'moved' : 'refused'), voucherCommandOf, keysDropped);
        return;
      }
      if (!mayCreate) return;
      if (!(await settle())) return;
      typeAhead().hold(voucherCommandOf);
      await goTo('new');
      focusFirstWhenShown();
    },
    [busyNow, focusFirstWhenShown, freshHeader, goTo, keysDropped, mayCreate, routeId, save, send, settle, stepTo],
  );

  const runAction = useCallback(
    async (action: VoucherAction, reason?: string): Promise<boolean> => {
      const v = latest.current.get().voucher;
      if (action === 'copy') {
        if (!(await settle())) return false;
        const source = latest.current.get();
        // The copy stays in the source's year (its subjects are that year's), dated today within it.
        const copied: EditorEvent = { type: 'copied', header: { ...freshHeader(), accountYearId: source.header.accountYearId ?? accountYearId, markDate: todayIn(year), kindId: source.header.kindId } };
        if (routeId === NEW_ID) send(copied);
        else {
          // The copy opens as a new voucher in the "new" tab, the source's tab stays as it is. The
          // editor there mounts again (its state is kept per address): the copy is put into that
          // address's state before going there, in place of whatever an earlier "new" tab kept.
          const to = `/newVoucher/${NEW_ID}`;
          tabsStore.discard(to);
          tabStateStore.set(to, editorSlot(accountId, NEW_ID), reduceEditor(baseSchema, source, copied));
          await navigate({ href: to });
        }
        notifications.show({ color: 'blue', message: t('voucher:messages.copied') });
        return true;
      }
      if (action === 'save') {
        await runCommand('save');
        return !latest.current.get().dirty;
      }
      if (!v) return false;
      if (action === 'auditError' && reason === undefined) {
        setReasonOpen(true);
        return false;
      }
      if (action === 'delete') {
        if (!(await confirmDelete())) return false;
        setBusy(true);
        try {
          await deleteVoucher(v.id);
          void qc.invalidateQueries({ queryKey: voucherKeys.all(accountId) });
          notifications.show({ color: 'green', message: t('voucher:messages.deleted') });
          send({ type: 'reset', header: freshHeader() });
          await goTo('new');
          return true;
        } catch (e) {
          notifyError(e);
          return false;
        } finally {
          setBusy(false);
        }
      }
      if (!isServerAction(action)) return false;
      if (!(await settle())) return false;
      setBusy(true);
      try {
        const done = await runVoucherAction(v.id, action, latest.current.get().voucher?.version ?? v.version, reason);
        qc.setQueryData(voucherKeys.one(accountId, done.id), done);
        void qc.invalidateQueries({ queryKey: voucherKeys.all(accountId) });
        void qc.invalidateQueries({ queryKey: subjectBalanceKeys.all });
        send({ type: 'loaded', voucher: done });
        notifications.show({ color: 'green', message: t('voucher:messages.done', { action: t(`voucher:actions.${action}`) }) });
        return true;
      } catch (e) {
        notifyError(e);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [accountId, accountYearId, baseSchema, freshHeader, goTo, navigate, qc, routeId, runCommand, send, setBusy, settle, t, year],
  );

  /**
   * The date of a red reversal: today within the voucher's year; its period is the one that holds it
   * (else the year's last, as the server places it). When that period is settled (the year is closed)
   * and a later year of the ledger set holds today, the reversal goes there, dated today: the server
   * puts its lines on that year's subjects of the same codes (小企业会计准则: an earlier year's error
   * is corrected in the current year).
   */
  const laterYearId = reversalTarget({ today: todayIso(), year, periods, years }).intoYear?.id ?? null;
  const laterPeriods = useQuery({ ...periodsQueryOptions(laterYearId), enabled: laterYearId !== null && !!state.voucher });
  const target = reversalTarget({ today: todayIso(), year, periods, years, laterPeriods: laterPeriods.data });
  const reversalDate = target.date;
  const reversalReason = reversalRefusal({ voucher: state.voucher, user: user ? { ...user, id: user.id } : null, targetPeriodSettled: !!target.period?.rolled });
  const reversalYear = target.intoYear ? target.intoYear.startAt.slice(0, 4) : null;

  /**
   * Red reversal (红字冲销): the server makes a new voucher of the same kind with the lines negated,
   * dated today within the voucher's year, linked both ways; it opens in its own tab (this one
   * stays, and shows the relation once reloaded).
   */
  const reverse = useCallback(async () => {
    if (busyNow() || !(await settle())) return;
    const v = latest.current.get().voucher;
    if (!v) return;
    // It writes a voucher dated today at once: asked first, naming the voucher and the date.
    if (!(await confirmReverse(labelOf(v), reversalDate, reversalYear))) return;
    setBusy(true);
    let made: VoucherDto;
    try {
      made = await createReversal(v, v.kindId, reversalDate);
    } catch (e) {
      notifyError(e);
      return;
    } finally {
      setBusy(false);
    }
    qc.setQueryData(voucherKeys.one(accountId, made.id), made);
    void qc.invalidateQueries({ queryKey: voucherKeys.all(accountId) });
    void qc.invalidateQueries({ queryKey: subjectBalanceKeys.all });
    notifications.show({ color: 'green', message: t('voucher:messages.reversed', { label: labelOf(made) }) });
    // A reversal into a later year opens in that year (the editor works in the shell's year), as associated vouchers do.
    if (made.accountYearId !== accountYearId) {
      if (!(await confirmDiscardDirtyTabs())) return;
      sessionStore.setScope({ accountId, accountYearId: made.accountYearId });
    }
    await navigate({ href: `/newVoucher/${made.id}` });
  }, [accountId, accountYearId, busyNow, labelOf, navigate, qc, reversalDate, reversalYear, setBusy, settle, t]);

  /**
   * The auditor's flow (F9 / Shift+F9): examine the voucher (as an error: after the reason) and show
   * the next one. A voucher already examined is passed over to the next; one the auditor may not
   * examine (own voucher, no right, settled period, unsaved changes…) stays, with the reason, and
   * the keys pressed after the F9 are dropped. Keys pressed while it runs wait for the next voucher
   * (`holdDuring`, decision 060).
   */
  const auditStep = useCallback(
    async (asError: boolean): Promise<unknown> => {
      if (busyNow()) return;
      const v = latest.current.get().voucher;
      const action = asError ? 'auditError' : 'audit';
      const refusalOf = (voucher: VoucherDto) => disabledReason(toolbarSnapshot({ voucher, user: user ? { ...user, id: user.id } : null, periodSettled: !!periodOfVoucher(voucher)?.rolled, dirty: latest.current.get().dirty }), action);
      if (asError && v && v.auditAt === null && !refusalOf(v)) {
        // The reason first: the dialog has the keyboard (its keys are its own); its Enter holds the
        // keys pressed after it (onConfirm). A held Shift+F9 waits for the dialog to close.
        reasonThenNext.current = true;
        setReasonOpen(true);
        return new Promise<void>((resolve) => {
          reasonClosed.current = resolve;
        });
      }
      // From the press on, keys (F9, PageDown…) wait until the next voucher's caret lands and run
      // there in order (decision 060): each press counts, and none runs on the voucher just examined.
      return holdDuring(
        async () => {
          if (!v) {
            notifications.show({ color: 'orange', message: t('voucher:messages.saveFirst') });
            return 'refused';
          }
          const label = labelOf(v);
          if (v.auditAt !== null) {
            notifications.show({ color: 'blue', message: t(v.auditPass === false ? 'voucher:messages.alreadyExaminedError' : 'voucher:messages.alreadyExamined', { label }) });
            return !(await settle()) ? 'stayed' : (await stepTo('next')) ? 'moved' : 'refused';
          }
          const refusal = refusalOf(v);
          if (refusal) {
            // A refused audit drops the keys held after it, as a refused save does: the auditor reads why.
            notifications.show({ color: 'orange', message: t('voucher:messages.notExamined', { label, reason: t(`errors:${refusal}`) }) });
            return 'refused';
          }
          if (!(await runAction('audit'))) return 'refused';
          // The last voucher examined ("the last voucher", said): F9s held after it would only say so again.
          return (await stepTo('next')) ? 'moved' : 'refused';
        },
        voucherCommandOf,
        keysDropped,
      );
    },
    [busyNow, keysDropped, labelOf, periodOfVoucher, runAction, settle, stepTo, t, user],
  );

  // The editor's keys, before AG Grid and the browser see them (PageUp/PageDown, Ctrl+S, F12).
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => landCarriedField(carried, rootRef.current, gridRef.current), [carried]);
  /** Runs an editor key's command. */
  const runKey = useCallback(
    (command: VoucherCommand) => (command === 'auditAndNext' || command === 'auditErrorAndNext' ? auditStep(command === 'auditErrorAndNext') : runCommand(command)),
    [auditStep, runCommand],
  );
  useScreenKeys(rootRef, (e) => {
    const binding = matchVoucherKey(e);
    if (!binding) return false;
    // During a save (or while a new voucher opens) the command waits its turn with the keys typed
    // around it, and runs where the caret lands: after a new voucher's first save, on its page under its id.
    if (!typeAhead().holdCommand(e)) void runKey(binding.command);
    return true;
  });
  useHeldCommands(rootRef, async (command) => {
    if (isVoucherCommand(command)) await runKey(command);
  });
  // The grid's holds name these too (the caret returning from a picker): Ctrl+S after "3000" saves the 3000.
  useLayoutEffect(() => (rootRef.current ? screenCommands(rootRef.current, voucherCommandOf) : undefined), []);

  // The last date typed that lies in the editor's year: "keep the old date" goes back to it.
  const keptDate = useRef(state.header.markDate);
  useEffect(() => {
    if (year && year.startAt <= state.header.markDate && state.header.markDate <= year.endAt) keptDate.current = state.header.markDate;
  }, [state.header.markDate, year]);

  /**
   * A date in another account year (spec 01 §5): without subjects on the lines the voucher simply
   * moves there; with subjects the clerk chooses between clearing them and keeping the old date —
   * asked once the date is settled (Enter, the field left, a day picked), about the date typed:
   * while the clerk is still typing in the field the keys are not the question's. A date before
   * the first account year or after the last is not taken: the field says why (`dateOutside`).
   */
  const changeDate = (value: string, how: DateChange) => {
    const target = isDateString(value) ? years.find((y) => y.startAt <= value && value <= y.endAt) : undefined;
    if (!target || target.id === yearId) return send({ type: 'header', patch: { markDate: value }, byUser: true });
    if (!latest.current.get().sheet.rows.some((r) => r.subjectId !== null || r.auxId !== null)) return send({ type: 'header', patch: { markDate: value, accountYearId: target.id }, byUser: true });
    if (how === 'settled') setYearQuestion({ date: value, fromYear: year?.year ?? 0, toYear: target.year, toYearId: target.id });
  };
  /** A typed date outside the account years (spec 01 §5: within the first and the last): said, as the field shows the date again. */
  const dateOutside = () => {
    const from = years[0]?.startAt ?? '';
    const to = years.at(-1)?.endAt ?? '';
    notifications.show({ color: 'orange', message: t('errors:MARK_DATE_OUT_OF_RANGE', { from, to }) });
  };
  const answerYear = (clear: boolean) => {
    const q = yearQuestion;
    setYearQuestion(null);
    if (!q) return;
    if (clear) send({ type: 'movedToYear', accountYearId: q.toYearId, markDate: q.date });
    else send({ type: 'header', patch: { markDate: keptDate.current }, byUser: true });
    requestAnimationFrame(() => dateRef.current?.focus());
  };

  /** The caret's row (for the balance of its subject): AG Grid's focused cell whenever focus moves in the grid. */
  const trackCaret = useCallback(() => {
    const api = gridRef.current?.api();
    const cell = api?.getFocusedCell();
    if (!api || !cell || cell.rowPinned) return;
    caretRow.set(api.getDisplayedRowAtIndex(cell.rowIndex)?.id ?? null);
  }, [caretRow]);

  // The tab names the voucher in both languages (the kind's Chinese and English names), so it follows
  // a language switch while the tab is in the background.
  const tabLabelOf = (v: { kindId: number | null; kindName: string; codeText: string }) => {
    const k = kinds.find((x) => x.id === v.kindId);
    const zh = voucherLabel(k ? k.name : v.kindName, v.codeText);
    const en = voucherLabel(k ? localName(true, k) : v.kindName, v.codeText);
    return { key: 'voucher:tabTitle', params: { label: zh }, paramsByLanguage: { zh_CN: { label: zh }, en_US: { label: en } } };
  };
  useTabLabel(path, state.voucher ? tabLabelOf(state.voucher) : { key: 'voucher:newTitle' });

  const pickers = useMemo<Record<string, PickerHook<VoucherKitRow>>>(
    () => ({
      // Typed text that matched (code, name, mnemonic or pinyin initials) shows its 10 matches; else the whole list, filtered by the text.
      subject: (request) => {
        const hits = request.query.trim() ? catalog.searchSubjects(request.query) : [];
        // The catalogue's options: named in the reader's language, searched as the cell searches.
        openPicker(request, { options: hits.length ? hits : catalog.subjectOptions, query: hits.length ? '' : request.query, title: t('voucher:picker.subject') });
      },
      aux: (request) => setAuxLine({ request }),
      summary: summaryPicker,
    }),
    [catalog, t, openPicker, summaryPicker],
  );

  const applyAux = (entries: AuxEntry[]) => {
    const current = auxLine;
    setAuxLine(null);
    if (!current) return;
    const events = auxEntryEvents(schema, latest.current.get().sheet, current.request.rowId, entries);
    // The first entry goes through the request (the caret moves on as after a pick); the rest follow.
    const [first, ...rest] = events;
    if (first?.type === 'sheet.setCell') current.request.commit(first.value);
    for (const e of rest) dispatchSheet(e);
  };

  const totalsLabel = useCallback(
    (v: SheetTotalsView) => (
      <span className="ld-totals-label">
        <span className="ld-totals-label__text" data-testid="voucher-uppercase-inline">
          {v.uppercase === null ? t('grid:totals.uppercaseOutOfRange') : t('grid:totals.uppercase', { text: v.uppercase })}
        </span>
        {v.differenceCents ? <span className="ld-totals-label__difference">{t('grid:totals.difference', { amount: formatCents(v.differenceCents) })}</span> : null}
      </span>
    ),
    [t],
  );

  const kindOptions = kinds.map((k) => ({ value: String(k.id), label: localName(i18n.language, k) }));
  const header = state.header;
  const patch = (p: Partial<VoucherHeaderState>) => send({ type: 'header', patch: p, byUser: true });
  const actionButton = (action: VoucherAction) => {
    const reason = disabledReason(snapshot, action);
    const settledDate = action === 'save' && dateSettled && period ? t('voucher:header.periodSettled', { name: period.name }) : null;
    return (
      <Tooltip key={action} label={settledDate ?? (reason ? t(`errors:${reason}`) : (KEY_OF_ACTION[action] ? `${t(`voucher:keys.${KEY_OF_ACTION[action]}`)} (${voucherKeyLabel(KEY_OF_ACTION[action]!)})` : t(`voucher:actions.${action}`)))} withArrow>
        <Button size="xs" variant={action === 'save' ? 'filled' : 'default'} disabled={busy || !liveView.enabled[action] || (action === 'save' && dateSettled)} onClick={() => void runAction(action)} data-testid={`voucher-action-${action}`}>
          {t(`voucher:actions.${action}`)}
        </Button>
      </Tooltip>
    );
  };

  return (
    <Stack gap="xs" ref={rootRef} data-testid="voucher-editor" data-voucher-id={state.voucher?.id ?? NEW_ID} data-lifecycle={liveView.lifecycle} data-readonly-reason={readOnlyCode ?? undefined} data-dirty={state.dirty || undefined}>
      <Group gap={6} wrap="wrap" data-testid="voucher-toolbar">
        <Tooltip label={voucherKeyLabel('new')} withArrow>
          <Button size="xs" variant="default" onClick={() => void runCommand('new')} disabled={!mayCreate} data-reason={mayCreate ? undefined : 'NO_PERMISSION'} data-testid="voucher-action-new">
            {t('voucher:actions.new')}
          </Button>
        </Tooltip>
        {TOOLBAR_MAIN_ACTIONS.map(actionButton)}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" data-testid="voucher-action-more">
              {t('voucher:actions.more')} ▾
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              disabled={busy || reversalReason !== null}
              title={reversalReason ? t(`errors:${reversalReason}`) : undefined}
              onClick={() => void reverse()}
              data-testid="voucher-action-reversal"
              data-reason={reversalReason ?? undefined}
            >
              {t('voucher:actions.reversal')}
              {reversalReason && reversalReason !== 'VOUCHER_NOT_SAVED' && <MenuReason text={t(`errors:${reversalReason}`)} />}
            </Menu.Item>
            {TOOLBAR_MORE_ACTIONS.map((action) => {
              // Every disabled item says why on hover; one the voucher's state would allow but a rule
              // refuses (its red reversal stands, its period is settled …) says so in the menu too.
              const reason = liveView.enabled[action] ? null : disabledReason(snapshot, action);
              return (
                <Menu.Item key={action} disabled={busy || !liveView.enabled[action]} onClick={() => void runAction(action)} data-testid={`voucher-action-${action}`}
                  title={reason ? t(`errors:${reason}`) : undefined} data-reason={reason ?? undefined}>
                  {t(`voucher:actions.${action}`)}
                  {reason && GUARD_REASONS.has(reason) && <MenuReason text={t(`errors:${reason}`)} />}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
        <VoucherSyncButton voucher={state.voucher} enabled={!busy && !state.dirty && liveView.enabled.syncCopy} reason={disabledReason(snapshot, 'syncCopy') ? t(`errors:${disabledReason(snapshot, 'syncCopy')}`) : null} />
        <VoucherRelationsButton voucher={state.voucher} />
        <VoucherSources voucher={state.voucher} />
        <VoucherDocsActions voucher={state.voucher} dirty={state.dirty} rootRef={rootRef} />
        <Group gap={4} ml="auto">
          {(['first', 'previous', 'next', 'last'] as const).map((c) => (
            <Tooltip key={c} label={voucherKeyLabel(c)} withArrow>
              <Button size="xs" variant="subtle" onClick={() => void runCommand(c)} data-testid={`voucher-step-${c}`}>
                {t(`voucher:actions.${c}`)}
              </Button>
            </Tooltip>
          ))}
          {within && (
            <Tooltip label={t('voucher:stepScope.tooltip')} withArrow multiline w={260}>
              <Badge variant="light" color="teal" tt="none" data-testid="voucher-step-scope"
                rightSection={<CloseButton size="xs" aria-label={t('voucher:stepScope.wholeYear')} title={t('voucher:stepScope.wholeYear')} onClick={() => void navigate({ href: path, replace: true })} data-testid="voucher-step-scope-clear" />}>
                {t('voucher:stepScope.withinList')}
              </Badge>
            </Tooltip>
          )}
          <VoucherKeyHelp />
          <KeyHelp />
        </Group>
      </Group>

      <Paper withBorder p="xs">
        <Group gap="md" align="flex-end" wrap="wrap" className={FIELD_ROW}>
          <Select
            label={t('voucher:header.kind')}
            data={kindOptions}
            value={header.kindId === null ? null : String(header.kindId)}
            onChange={(v) => v && patch({ kindId: Number(v) })}
            disabled={!editable}
            allowDeselect={false}
            w={120}
            size="xs"
            data-testid="voucher-kind"
          />
          <TextInput
            label={t('voucher:header.code')}
            value={header.code}
            onChange={(e) => patch({ code: e.currentTarget.value.replace(/\D/g, '').slice(0, codeLength) })}
            onBlur={() => header.code && send({ type: 'header', patch: { code: padCode(header.code, codeLength) }, byUser: false })}
            disabled={!editable}
            w={100}
            size="xs"
            inputMode="numeric"
            data-testid="voucher-code"
          />
          <DateField
            label={t('voucher:header.markDate')}
            ref={dateRef}
            value={header.markDate}
            min={years[0]?.startAt}
            max={years.at(-1)?.endAt}
            clearable={false}
            onChange={(v, how) => v && changeDate(v, how)}
            onOutOfRange={dateOutside}
            disabled={!editable}
            w={150}
            size="xs"
            data-testid="voucher-date"
          />
          <NumberInput
            label={t('voucher:header.billCount')}
            value={header.billCount ?? ''}
            onChange={(v) => patch({ billCount: typeof v === 'number' ? v : v === '' ? null : Number(v) })}
            min={0}
            max={9999}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            rightSection={<Text size="xs" c="dimmed">{t('voucher:header.billCountSuffix')}</Text>}
            rightSectionWidth={40}
            disabled={!editable}
            w={130}
            size="xs"
            data-testid="voucher-bill-count"
          />
          {/* A stored voucher in a settled period is read only: said beside the date, not only by disabled buttons. */}
          {storedSettled && state.voucher
            ? <Badge variant="outline" color="gray" tt="none" data-testid="voucher-period-closed">{t('voucher:header.periodClosed', { name: periodOfVoucher(state.voucher)?.name })}</Badge>
            : period && (dateSettled && editable
              ? <Text size="xs" c="red" fw={500} data-testid="voucher-period-settled">{t('voucher:header.periodSettled', { name: period.name })}</Text>
              : <Text size="xs" c="dimmed">{t('voucher:header.period', { name: period.name })}</Text>)}
          <Badge ml="auto" variant="light" color={liveView.locked ? 'orange' : liveView.lifecycle === 'invalid' ? 'gray' : state.dirty ? 'yellow' : 'blue'} data-testid="voucher-state">
            {t(`voucher:states.${liveView.lifecycle}`)}
            {state.dirty && liveView.lifecycle !== 'new' ? ' *' : ''}
          </Badge>
        </Group>
      </Paper>

      {ruleErrors.length > 0 && (
        <Alert color="red" withCloseButton onClose={() => setRuleErrors([])} data-testid="voucher-rule-errors" p="xs">
          {ruleErrors.map((m, i) => (
            <Text key={i} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}

      {/* The grid stays mounted (keepMounted); the summary table is drawn only while its tab is open,
          so a keystroke in a 300-line voucher does not re-render 300 hidden table rows. */}
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'detail')} keepMounted>
        {/* The row buttons stand on the tabs' line (a line more of the voucher fits the window). */}
        <Group gap="xs" justify="space-between" align="flex-end" wrap="nowrap">
          <Tabs.List style={{ flex: 1 }}>
            <Tabs.Tab value="detail" data-testid="voucher-tab-detail">
              {t('voucher:tabs.detail')}
            </Tabs.Tab>
            <Tabs.Tab value="summary" data-testid="voucher-tab-summary">
              {t('voucher:tabs.summary')}
            </Tabs.Tab>
          </Tabs.List>
          {tab === 'detail' && <RowToolbar grid={gridRef} readOnly={!editable} testId="voucher-row-toolbar" />}
        </Group>
        <Tabs.Panel value="detail" pt="xs">
          <div onFocus={trackCaret}>
          <LiveEntryGrid
            store={store}
            schema={schema}
            dispatch={dispatchSheet}
            readOnly={!editable}
            lockMessage={lockMessage}
            pickers={pickers}
            totalsLabel={totalsLabel}
            maxRows={VOUCHER_DEFAULT_ROWS}
            fillPage={VOUCHER_FILL}
            autoFocus
            caretAt={caretAtOf(carried)}
            testId="voucher-grid"
            handleRef={gridRef}
          />
          </div>
          <Paper withBorder px="xs" py={4} mt={4}>
            <LiveBalanceBar store={store} caretRow={caretRow} accountYearId={yearId} markDate={header.markDate} voucherId={state.voucher?.id ?? null} catalog={catalog} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="summary" pt="xs">
          {tab === 'summary' && <LiveSummaryTab store={store} catalog={catalog} />}
        </Tabs.Panel>
      </Tabs>

      <LiveFooter store={store} schema={schema} voucher={state.voucher} makerName={state.voucher?.createdByName ?? user?.name ?? null} />
      {state.voucher && (
        <Paper withBorder p="xs">
          <VoucherProcs accountId={accountId} voucherId={state.voucher.id} version={state.voucher.version} />
        </Paper>
      )}

      <SaveTipDialog {...saveTip.dialog} message={t('voucher:saveTip.body')} />
      <ConfirmDialog opened={deleteAnswer !== null} message={t('voucher:messages.confirmDelete')} onCancel={() => deleteAnswer?.(false)} onConfirm={() => deleteAnswer?.(true)} />
      <ConfirmDialog
        opened={reverseAnswer !== null}
        color="blue"
        message={!reverseAnswer ? '' : reverseAnswer.year
          ? t('voucher:messages.confirmReversalIntoYear', { label: reverseAnswer.label, date: reverseAnswer.date, year: reverseAnswer.year })
          : t('voucher:messages.confirmReversal', { label: reverseAnswer.label, date: reverseAnswer.date })}
        confirmLabel={t('voucher:actions.reversal')}
        onCancel={() => reverseAnswer?.answer(false)}
        onConfirm={() => reverseAnswer?.answer(true)}
      />
      <ReasonDialog
        key={String(reasonOpen)}
        opened={reasonOpen}
        onCancel={() => {
          reasonThenNext.current = false;
          setReasonOpen(false);
          reasonClosed.current?.();
          reasonClosed.current = null;
        }}
        onConfirm={(r) => {
          const thenNext = reasonThenNext.current;
          reasonThenNext.current = false;
          setReasonOpen(false);
          if (!thenNext) void runAction('auditError', r);
          // Shift+F9's Enter: the keys pressed from here on (F9 at once) wait for the next voucher.
          else void holdDuring(async () => ((await runAction('auditError', r)) && (await stepTo('next')) ? 'moved' : 'refused'), voucherCommandOf, keysDropped);
          reasonClosed.current?.();
          reasonClosed.current = null;
        }}
      />
      <YearChangeDialog question={yearQuestion} onClear={() => answerYear(true)} onKeep={() => answerYear(false)} />
      {auxLine && <AuxPopup line={auxLine.request.row} catalog={catalog} onConfirm={applyAux} onCancel={() => { const c = auxLine; setAuxLine(null); c.request.cancel(); }} />}
      {subjectPicker}
    </Stack>
  );
}

/**
 * The lines show as many rows as fit the window with the totals, the uppercase total and the
 * signatures in view under them (a clerk watches debit against credit while typing); the rest scroll
 * in the grid. Never fewer than 5 rows on a short window: the page scrolls then.
 */
const VOUCHER_FILL = { minRows: 5 };

/** The entry grid on the editor's sheet: the one part that follows every edit of the lines. */
function LiveEntryGrid({ store, ...props }: Omit<EntryGridProps<VoucherKitRow>, 'state'> & { store: EditorStore }) {
  const sheet = useEditorSlice(store, selectSheet);
  return <EntryGrid {...props} state={sheet} />;
}

/** The footer's totals and uppercase follow the lines; the rest of the footer the stored voucher. */
function LiveFooter({ store, schema, voucher, makerName }: { store: EditorStore; schema: SheetSchema<VoucherKitRow>; voucher: VoucherDto | null; makerName: string | null }) {
  const totals = useSheetTotals(schema, useEditorSlice(store, selectRows));
  return <VoucherFooter totals={totals} voucher={voucher} makerName={makerName} />;
}

/**
 * The caret subject's balance, with the lines on screen counted in. It follows three numbers of
 * the lines (the caret row's subject, that subject's debit and credit on screen), so an edit that
 * changes none of them (typing a summary, another subject's amount) does not re-render it.
 */
function LiveBalanceBar({ store, caretRow, ...props }: Omit<Parameters<typeof SubjectBalanceBar>[0], 'subjectId' | 'debitCents' | 'creditCents'> & { store: EditorStore; caretRow: ValueStore<string | null> }) {
  const rowId = useValue(caretRow);
  const subjectId = useEditorSlice(store, useCallback((s: VoucherEditorState) => s.sheet.rows.find((r) => r.id === rowId)?.subjectId ?? null, [rowId]));
  const debitCents = useEditorSlice(store, useCallback((s: VoucherEditorState) => movementOf(s.sheet.rows, subjectId).debitCents, [subjectId]));
  const creditCents = useEditorSlice(store, useCallback((s: VoucherEditorState) => movementOf(s.sheet.rows, subjectId).creditCents, [subjectId]));
  return <SubjectBalanceBar {...props} subjectId={subjectId} debitCents={debitCents} creditCents={creditCents} />;
}

function LiveSummaryTab({ store, catalog }: { store: EditorStore; catalog: VoucherCatalog }) {
  return <VoucherSummaryTab rows={useEditorSlice(store, selectRows)} catalog={catalog} />;
}
