/**
 * The reimbursement editor (/newReimburse/$id, spec 02 §2.8, §4, §5; decision 034): header (code,
 * mark date, submit date, submitter, pay date, pay amount), the Detail tab with the grid kit's
 * reimbursement sheet (grids/reimburse.columns.ts, wired, not forked) and the Summary tab by
 * expense kind, the footer with auditor and maker; the toolbar's buttons are enabled by the
 * reimbursement machine (machines/reimbursement.machine.ts), the one the server decides with.
 * Rules of §5 are checked here as the clerk types (a repeated invoice number: within the sheet and
 * through /expense/check; a disabled kind on a new or changed line) and again by the server on
 * save; every line the server names in a refusal is flagged and the caret goes to the first. Ctrl+S saves; unsaved changes ask
 * Yes / No / Cancel before New or closing the tab.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { EntryGrid, type EntryGridHandle, type PickerHook } from '../../../../grids/entry-grid';
import { screenCommands, typeAhead } from '../../../../grids/type-ahead';
import { caretAtOf, landCarriedField, NOTHING_TO_SAVE, saveCarryingFocus, takeCarriedFocus } from '../../../../grids/focus-carry';
import { FILL_END } from '../../../../grids/list/use-fill-height';
import { KeyHelp } from '../../../../grids/key-help';
import { useListPicker } from '../../../../grids/list-picker';
import type { LookupOption } from '../../../../grids/lookup-match';
import { RowToolbar } from '../../../../grids/row-toolbar';
import type { SheetEvent } from '../../../../grids/sheet';
import type { FieldOf } from '../../../../grids/sheet-schema';
import { reimburseSchema, type ReimburseCatalog, type ReimburseRow } from '../../../../grids/reimburse.columns';
import { enabledReimbursementActions, explainReimbursementAction, reimbursementSnapshot } from '../../../../machines/reimbursement.machine';
import type { ExpenseDto, ExpenseKindDto } from '../../../contract/expense';
import { formatCents } from '../../../domain/money';
import { MAX_COST_CENTS } from '../../../domain/constants';
import { checkLines, formatReimbursementCode, lineProblemField, normalizeInvoiceNo, storedKindsOf, type KindRule, type LineProblem } from '../../../domain/reimbursement';
import { reimbursementStateOf, type ReimbursementAction } from '../../../domain/reimbursement-lifecycle';
import { ApiError } from '../../api/client';
import { useScope, useSession } from '../../session/store';
import { tabsStore } from '../../shell/tabs-store';
import { useTabState } from '../../shell/tab-state';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { useTabLabel } from '../../shell/tab-labels';
import { notifyError, notifySaveError } from '../../queries/admin-common';
import { useSaveTip } from '../common/use-save-tip';
import { SaveTipDialog } from '../common/save-tip-dialog';
import { ConfirmDialog } from '../common/confirm-dialog';
import { AmountInput } from '../common/amount-input';
import { EmployeeField } from '../pickers/employee-field';
import { linesOf, loadedReimburseState, newReimburseState, reduceReimburse, reimburseTotals, type ReimburseEditorState, type ReimburseEvent, type ReimburseHeader } from './reimburse-editor-state';
import { serverLineRefusals, standingLineRefusals, type ServerLineRefusal } from './reimburse-line-refusals';
import { firstRefusedField, headerRuleBreaks, payAmountCentsOf, REIMBURSE_HEADER_FIELDS, refusedHeaderFields, serverHeaderRefusal, type ReimburseHeaderField, type ReimburseHeaderRule, type ServerHeaderRefusal } from './reimburse-header-refusals';
import { replacesShown } from '../../queries/stored-record';
import { checkInvoiceNo, deleteExpense, expenseKeys, expenseKindsOptions, expenseOptions, lockExpenses, saveExpense } from './reimburse-queries';
import { DateField } from '../common/date-field';
import { useBusy } from '../common/use-busy';
import { isCtrlLetter, useScreenKeys } from '../common/use-screen-keys';
import { useHeldCommands } from '../common/use-held-commands';
import { todayIso } from '../common/today';
import { editorRouteId, NEW_ID } from '../common/editor-route-id';
import { useLocalVoucherCode } from '../voucher/voucher-sources';
import { FIELD_ROW } from '../../../../grids/list/field-row';
import { commitOpenEditor } from '../../../../grids/commit-open-editor';

/** The editor's one command key, Ctrl+S: held with the type-ahead while a save runs (grids/type-ahead.ts). */
const reimburseCommandOf = (e: KeyboardEvent) => (isCtrlLetter(e, 's') ? 'save' : undefined);

/**
 * The lines show as many rows as fit the window (at most 20) with the total, auditor and maker in
 * view under them; the rest scroll in the grid (never fewer than 5 rows: a short window scrolls the page).
 */
const REIMBURSE_SHOWN_ROWS = 20;
const REIMBURSE_FILL = { minRows: 5 };
export function ReimburseEditorPage() {
  const { id: routeId } = useParams({ strict: false }) as { id?: string };
  const { companyId } = useScope();
  const { t } = useTranslation(['reimburse', 'common', 'errors']);
  const address = editorRouteId(routeId);
  const docId = address.kind === 'stored' ? address.id : null;
  const kinds = useQuery(expenseKindsOptions(companyId));
  const stored = useQuery(expenseOptions(companyId, docId));
  if (address.kind === 'invalid') return <Alert color="red" data-testid="reimburse-load-error">{t('reimburse:messages.notFound')}</Alert>;
  if (!companyId) return <Alert color="orange">{t('reimburse:messages.noCompany')}</Alert>;
  if (stored.isError) return <Alert color="red" data-testid="reimburse-load-error">{stored.error instanceof ApiError ? stored.error.message : t('reimburse:messages.notFound')}</Alert>;
  if (!kinds.data || (docId !== null && !stored.data)) return <Text c="dimmed" p="md">…</Text>;
  if (stored.data && stored.data.companyId !== companyId) return <Alert color="orange">{t('reimburse:messages.otherCompany')}</Alert>;
  return <ReimburseEditor key={`${companyId}:${routeId}`} routeId={routeId ?? NEW_ID} companyId={companyId} kinds={kinds.data} stored={stored.data ?? null} />;
}

const freshHeader = (): ReimburseHeader => ({ markAt: todayIso(), submitAt: todayIso(), submitterId: null, submitter: null, payAt: '', payAmount: '' });

type Issues = Record<string, Partial<Record<FieldOf<ReimburseRow>, string>>>;
/** A save's refusal in the banner: `lines`, the kinds of line problem it is about; `rule`, the header rule. */
interface RuleError { text: string; lines?: ReadonlyArray<LineProblem['kind']>; rule?: ReimburseHeaderRule }

function ReimburseEditor({ routeId, companyId, kinds, stored }: { routeId: string; companyId: number; kinds: ExpenseKindDto[]; stored: ExpenseDto | null }) {
  const { t } = useTranslation(['reimburse', 'grid', 'errors', 'common']);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const path = `/newReimburse/${routeId}`;
  const voucherCode = useLocalVoucherCode(useScope().accountId);

  // Only enabled kinds are offered (spec 02 §7); every kind shows by its name, so a stored line
  // keeps showing a kind disabled since (the server keeps it on that line: domain KindRule).
  const kindOptions: LookupOption[] = useMemo(() => kinds.filter((k) => !k.disabled).map((k, i) => ({ value: String(k.id), code: String(i + 1), name: k.name })), [kinds]);
  const kindNames = useMemo(() => new Map(kinds.map((k) => [String(k.id), k.name])), [kinds]);
  const disabledKindIds = useMemo(() => new Set(kinds.filter((k) => k.disabled).map((k) => k.id)), [kinds]);
  // One catalog for both schemas (the state's and the grid's): a stored line shows the same name in each.
  const catalog: ReimburseCatalog = useMemo(() => ({ kinds: kindOptions, names: kindNames, year: dayjs().year() }), [kindOptions, kindNames]);
  const baseSchema = useMemo(() => reimburseSchema(catalog), [catalog]);
  const [state, setState] = useTabState<ReimburseEditorState>(`reimburse:${companyId}:${routeId}`, () => (stored ? loadedReimburseState(baseSchema, stored) : newReimburseState(baseSchema, freshHeader())));
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  // ---- rules as the clerk types -----------------------------------------------------------------
  /** Invoice numbers the server says are reimbursed by another document (normalized number → code). */
  const [taken, setTaken] = useState<Record<string, string | null>>({});
  /** Incomplete lines and broken header rules are flagged once a save was tried (not while being typed). */
  const [saveTried, setSaveTried] = useState(false);
  /** The server's refusal of a header field (the submitter disabled meanwhile, the month's numbers used up). */
  const [serverRefusal, setServerRefusal] = useState<ServerHeaderRefusal | null>(null);
  /** The lines the server refused at the last save (a kind disabled meanwhile…): flagged while the cell keeps the refused value. */
  const [serverLines, setServerLines] = useState<ServerLineRefusal[]>([]);
  const docIdOf = state.doc?.id;
  // A disabled kind stays on the lines of the stored document that carried it, as the server decides.
  const storedInvoices = state.doc?.invoices;
  const kindRule: KindRule = useMemo(() => ({ disabledKindIds, storedKinds: storedKindsOf(storedInvoices ?? []) }), [disabledKindIds, storedInvoices]);
  useEffect(() => {
    const keys = [...new Set(state.sheet.rows.map((r) => normalizeInvoiceNo(r.no)).filter(Boolean))].filter((k) => !(k in taken));
    if (!keys.length) return;
    let live = true;
    void Promise.all(keys.map(async (k) => [k, await checkInvoiceNo(companyId, k, docIdOf).then((r) => (r.duplicate ? (r.code ?? '') : null), () => null)] as const)).then((pairs) => {
      if (live) setTaken((prev) => ({ ...prev, ...Object.fromEntries(pairs) }));
    });
    return () => {
      live = false;
    };
  }, [state.sheet.rows, taken, companyId, docIdOf]);

  /** A line's problem as its cell's message (the editor's own check and the server's alike). */
  const problemMessage = useCallback(
    (p: LineProblem): string => {
      switch (p.kind) {
        case 'incomplete':
          return t('reimburse:rules.cannotBeEmpty');
        case 'duplicate':
          return t('reimburse:rules.duplicate');
        case 'amountTooLarge':
          return t('reimburse:rules.tooLarge', { max: formatCents(MAX_COST_CENTS) });
        case 'kindDisabled':
          return t('reimburse:rules.kindDisabled', { name: kindNames.get(String(p.expenseKindId)) ?? String(p.expenseKindId) });
        case 'issueAfterMark':
          return t('reimburse:rules.issueAfterMark', { markAt: p.markAt });
      }
    },
    [kindNames, t],
  );

  // An invoice issued after the mark date is flagged as the dates are typed (the server refuses it too).
  const markAt = state.header.markAt;
  const { issues, standingKinds } = useMemo(() => {
    const takenKeys = new Set(Object.entries(taken).filter(([, v]) => v !== null).map(([k]) => k));
    const check = checkLines(linesOf(state.sheet.rows), takenKeys, kindRule, markAt);
    const out: Issues = {};
    /** The kinds of problem some line has now (a save's refusal about one stands while a line has it). */
    const kinds = new Set<LineProblem['kind']>(check.problems.map((p) => p.kind));
    for (const p of check.problems) {
      const row = state.sheet.rows[p.index];
      const cell = (out[row.id] ??= {});
      if (p.kind === 'incomplete') {
        if (saveTried) for (const f of p.fields) cell[f] = problemMessage(p);
      } else cell[lineProblemField(p)] = problemMessage(p);
    }
    // What the server refused and the editor could not know (its kinds or numbers were out of date).
    for (const r of standingLineRefusals(serverLines, state.sheet.rows)) {
      (out[r.rowId] ??= {})[r.field] ??= problemMessage(r.problem);
      kinds.add(r.problem.kind);
    }
    return { issues: out, standingKinds: kinds };
  }, [state.sheet.rows, taken, saveTried, kindRule, markAt, serverLines, problemMessage]);
  const schema = useMemo(() => reimburseSchema(catalog, (row, field) => issues[row.id]?.[field] ?? null), [catalog, issues]);

  // The latest state is known at once, in the event that changed it (a cell's commit arrives in an
  // event AG Grid fires from a timeout; a save reading right after it sees it, not the last render).
  const send = useCallback(
    (event: ReimburseEvent) => {
      const next = reduceReimburse(schema, latest.current, event);
      latest.current = next;
      setState(next);
    },
    [schema, setState],
  );
  const dispatchSheet = useCallback((event: SheetEvent<ReimburseRow>) => send({ type: 'sheet', event }), [send]);

  // A newer stored version replaces a clean editor (never an older answer drawn late: ../../queries/stored-record.ts).
  useEffect(() => {
    if (stored && !latest.current.dirty && replacesShown(latest.current.doc, stored)) send({ type: 'loaded', doc: stored });
  }, [stored, send]);

  // ---- the machine: which buttons are enabled --------------------------------------------------
  const lifecycle = reimbursementStateOf(state.doc ? { id: state.doc.id, lockAt: state.doc.lockAt } : null);
  // The maker cannot audit their own document: the Audit button is disabled and says why (REIMBURSE_SELF_AUDIT), as the server refuses it.
  const makerId = state.doc?.markerId ?? null;
  const snapshot = useMemo(() => reimbursementSnapshot(lifecycle, { user: user ? { id: user.id, kind: user.kind, rightIds: user.rightIds } : { id: 0, kind: 'OTHER', rightIds: [] }, dirty: state.dirty, makerId }), [lifecycle, user, state.dirty, makerId]);
  const enabled = enabledReimbursementActions(snapshot);
  const editable = lifecycle === 'audited' ? false : enabled.save;
  const reasonOf = (action: ReimbursementAction) => {
    const r = explainReimbursementAction(snapshot, action);
    return r.ok ? null : r.code;
  };

  const saveTip = useSaveTip();
  const saveRef = useRef<() => Promise<ExpenseDto | null | typeof NOTHING_TO_SAVE>>(async () => null);
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
  const [tab, setTab] = useState<string>('detail');
  /**
   * The last save's refusals, each with what it is about: one about the lines' problems of a kind
   * (a reimbursed number…) or a header rule goes as soon as no line or field breaks it any more.
   */
  const [ruleErrors, setRuleErrors] = useState<RuleError[]>([]);
  const { busy, busyNow, setBusy, exclusive } = useBusy();
  const [confirm, setConfirm] = useState<{ message: string; resolve: (ok: boolean) => void } | null>(null);
  const ask = (message: string) => new Promise<boolean>((resolve) => setConfirm({ message, resolve: (ok) => { setConfirm(null); resolve(ok); } }));
  const { open: openPicker, picker: kindPicker } = useListPicker<ReimburseRow>();
  const gridRef = useRef<EntryGridHandle>(null);
  // A new document saved for the first time shows again under its id, the focus where it was (grids/focus-carry.ts).
  const [carried] = useState(() => takeCarriedFocus(path));
  const [caret, setCaret] = useState<{ rowId: string; field: string } | null>(null);
  const headerRefs = useRef<Partial<Record<ReimburseHeaderField, HTMLInputElement | null>>>({});
  // One callback per field for the whole life of the editor (a new one each render would be called twice per keystroke).
  const headerRef = useMemo(() => {
    const refs = new Map(REIMBURSE_HEADER_FIELDS.map((f) => [f, (el: HTMLInputElement | null) => void (headerRefs.current[f] = el)]));
    return (field: ReimburseHeaderField) => refs.get(field)!;
  }, []);
  /** The caret to a refused header field, its text selected so that the clerk types over it. */
  const focusHeader = useCallback((field: ReimburseHeaderField) => {
    requestAnimationFrame(() => {
      const el = headerRefs.current[field];
      el?.focus();
      el?.select();
    });
  }, []);
  const ruleMessage = useCallback((rule: ReimburseHeaderRule) => t(rule, { max: formatCents(MAX_COST_CENTS) }), [t]);

  /**
   * Saves; resolves with the saved document, null (rules refused, server refused) or NOTHING_TO_SAVE
   * (a new document nothing was entered in). `why`: Ctrl+S (`save`) says when there is nothing to save.
   */
  const saveNow = useCallback(async (why?: 'save'): Promise<ExpenseDto | null | typeof NOTHING_TO_SAVE> => {
    await commitOpenEditor(gridRef.current?.api());
    const s = latest.current;
    if (!s.dirty) {
      // A stored document with nothing changed is not sent again (a Ctrl+S held during its first
      // save runs here), nor a new one nothing was entered in (its rules would refuse it): Ctrl+S
      // says so, and keys typed after it go on where the caret is.
      if (why === 'save') notifications.show({ color: 'blue', message: t(s.doc ? 'reimburse:messages.noChanges' : 'reimburse:messages.nothingEntered') });
      return s.doc ?? NOTHING_TO_SAVE;
    }
    setSaveTried(true);
    const lines = linesOf(s.sheet.rows);
    const takenKeys = new Set(Object.entries(taken).filter(([, v]) => v !== null).map(([k]) => k));
    const check = checkLines(lines, takenKeys, kindRule, s.header.markAt);
    // The header's refusals come first, as the header comes before the lines on screen.
    const headerBreaks = headerRuleBreaks(s.header);
    const errors: RuleError[] = headerBreaks.map((rule) => ({ text: ruleMessage(rule), rule }));
    if (check.problems.some((p) => p.kind === 'incomplete')) errors.push({ text: t('reimburse:rules.required'), lines: ['incomplete'] });
    for (const kind of ['duplicate', 'amountTooLarge', 'kindDisabled', 'issueAfterMark'] as const) {
      const p = check.problems.find((x) => x.kind === kind);
      if (p) errors.push({ text: problemMessage(p), lines: [kind] });
    }
    if (!check.problems.length && !check.complete.length) errors.push({ text: t('reimburse:rules.noValidData') });
    setRuleErrors(errors);
    if (errors.length) {
      notifications.show({ color: 'red', message: errors[0].text });
      // The caret goes to the first refused header field, else to the first flagged cell (the lines' problems come in line order).
      const first = check.problems[0];
      const row = first ? s.sheet.rows[first.index] : undefined;
      const headerField = firstRefusedField(refusedHeaderFields(s.header, { saveTried: true, server: serverRefusal, message: ruleMessage }));
      if (headerField) focusHeader(headerField);
      else if (first && row) requestAnimationFrame(() => gridRef.current?.focusCell(row.id, lineProblemField(first)));
      return null;
    }
    try {
      const saved = await saveExpense(
        s.doc?.id ?? null,
        {
          companyId, markAt: s.header.markAt, submitAt: s.header.submitAt || null, submitterId: s.header.submitterId, payAt: s.header.payAt || null,
          payAmount: payAmountCentsOf(s.header.payAmount), markerId: null, invoices: lines,
        },
        s.doc?.version,
      );
      qc.setQueryData(expenseKeys.one(companyId, saved.id), saved);
      void qc.invalidateQueries({ queryKey: expenseKeys.all(companyId) });
      send({ type: 'loaded', doc: saved });
      setSaveTried(false);
      setServerRefusal(null);
      setServerLines([]);
      notifications.show({ color: 'green', message: t('reimburse:messages.saved', { code: formatReimbursementCode(saved.code) }) });
      return saved;
    } catch (e) {
      // The server's own check names the lines it refuses (a number reimbursed or a kind disabled
      // meanwhile): each named cell is flagged, whatever the code, and the first takes the caret.
      const refusedLines = e instanceof ApiError ? serverLineRefusals(e.appendix, s.sheet.rows) : [];
      setServerLines(refusedLines);
      // A number reimbursed meanwhile stays taken wherever it is typed again.
      const takenNow = refusedLines.flatMap((r) => (r.problem.kind === 'duplicate' ? [normalizeInvoiceNo(String(r.value ?? ''))] : []));
      if (takenNow.length) setTaken((prev) => ({ ...prev, ...Object.fromEntries(takenNow.map((k) => [k, ''])) }));
      // A kind disabled meanwhile: the list offers it no more.
      if (refusedLines.some((r) => r.problem.kind === 'kindDisabled')) void qc.invalidateQueries({ queryKey: expenseKeys.kinds(companyId) });
      // A refusal of a header field (the submitter disabled meanwhile…) frames it and takes the caret.
      const refusal = e instanceof ApiError ? serverHeaderRefusal(e.code, e.message, s.header) : null;
      setServerRefusal(refusal);
      if (refusal) focusHeader(refusal.field);
      else if (refusedLines[0]) {
        const { rowId, field } = refusedLines[0];
        requestAnimationFrame(() => gridRef.current?.focusCell(rowId, field));
      }
      // A refusal naming lines goes once none of them is flagged any more.
      setRuleErrors([{ text: e instanceof Error ? e.message : String(e), ...(refusedLines.length ? { lines: [...new Set(refusedLines.map((r) => r.problem.kind))] } : {}) }]);
      notifySaveError(e);
      return null;
    }
  }, [companyId, focusHeader, kindRule, problemMessage, qc, ruleMessage, send, serverRefusal, t, taken]);
  // Busy from the press on (before the first await): a second Ctrl+S in the same frame is refused.
  const save = useCallback((why?: 'save') => exclusive(() => saveNow(why), null), [exclusive, saveNow]);
  /** Keys typed during a save that did not answer within SAVE_HOLD_MS were dropped: said, not silent. */
  const keysDropped = useCallback(() => notifications.show({ color: 'orange', message: t('reimburse:messages.keysDropped') }), [t]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const settle = useCallback(async (): Promise<boolean> => {
    if (!latest.current.dirty) return true;
    const answer = await saveTip.ask();
    if (answer === 'cancel') return false;
    if (answer === 'no') return true;
    return (await save()) !== null;
  }, [save, saveTip]);

  const goTo = useCallback(
    async (target: number | 'new') => {
      const to = `/newReimburse/${target}`;
      if (to === path) {
        if (target === 'new') send({ type: 'reset', header: freshHeader() });
        return;
      }
      if (target === 'new') tabsStore.discard(to);
      await navigate({ href: to });
      tabsStore.discard(path);
      tabsStore.close([path], to, () => undefined);
    },
    [navigate, path, send],
  );

  const doSave = useCallback(async () => {
    if (busyNow()) return;
    await saveCarryingFocus({
      fresh: routeId === NEW_ID,
      save: () => save('save'),
      pathOf: (id) => `/newReimburse/${id}`,
      goTo,
      page: rootRef.current,
      grid: gridRef.current,
      rows: () => latest.current.sheet.rows,
      commands: reimburseCommandOf,
      onHoldExpired: keysDropped,
    });
  }, [busyNow, goTo, keysDropped, routeId, save]);

  const doNew = useCallback(async () => {
    if (!(await settle())) return;
    // Keys typed from here on are the new document's first line (grids/type-ahead.ts).
    typeAhead().hold(reimburseCommandOf);
    await goTo('new');
    requestAnimationFrame(() => gridRef.current?.focusFirstCell());
  }, [goTo, settle]);

  /**
   * Audit and Cancel audit replace each other: the button pressed stays disabled, so the focus
   * (which the busy watch would give back to it, shell/busy-focus.ts) goes to the one that took its
   * place once the answer is drawn, else to the sheet's caret.
   */
  const [landAfterLock, setLandAfterLock] = useState<'audit' | 'cancelAudit' | null>(null);
  useEffect(() => {
    // Once the answer is drawn: not busy, the document in its new state.
    if (!landAfterLock || busy || lifecycle !== (landAfterLock === 'cancelAudit' ? 'audited' : 'unaudited')) return;
    setLandAfterLock(null);
    const root = rootRef.current;
    const land = (tries: number) => {
      if (!root?.isConnected) return;
      const active = document.activeElement;
      // The Cancel audit question may still be closing (its button, then the focus it gives back):
      // wait for it to go (a second at most; a dialog the clerk opened meanwhile keeps the focus).
      if (active?.closest('[role="dialog"]') && tries < 60) {
        requestAnimationFrame(() => land(tries + 1));
        return;
      }
      // Only a focus the press left behind moves (the clerk may have clicked or typed elsewhere meanwhile).
      if (active && active !== document.body && !(active instanceof HTMLButtonElement && active.disabled)) return;
      const button = root?.querySelector<HTMLButtonElement>(`[data-testid="reimburse-action-${landAfterLock}"]`);
      if (button && !button.disabled) button.focus();
      else if (caret) gridRef.current?.focusCell(caret.rowId, caret.field);
      else gridRef.current?.focusFirstCell();
    };
    // Not cancelled when this effect runs again (setting landAfterLock to null does that): the wait
    // ends by itself, with the page gone or the dialog closed.
    land(0);
  }, [landAfterLock, busy, lifecycle, caret]);

  const runLock = async (action: 'audit' | 'cancelAudit') => {
    const doc = latest.current.doc;
    const refusal = reasonOf(action);
    if (refusal === 'REIMBURSE_SAVE_FIRST') {
      // Unsaved edits: the save prompt first (spec 02 §4).
      if (!(await settle()) || latest.current.dirty) return;
    } else if (refusal || !doc) {
      notifications.show({ color: 'orange', message: t(`errors:${refusal ?? 'REIMBURSE_NOT_SAVED'}`) });
      return;
    }
    const current = latest.current.doc;
    if (!current) return;
    if (action === 'cancelAudit' && !(await ask(t('reimburse:messages.confirmCancelAudit')))) return;
    setBusy(true);
    try {
      const [r] = await lockExpenses(action === 'audit', [current.id]);
      if (!r.ok) {
        notifications.show({ color: 'red', message: r.msg ?? t('errors:OPERATION_FAILED') });
        return;
      }
      const fresh = await qc.fetchQuery({ ...expenseOptions(companyId, current.id), staleTime: 0 });
      send({ type: 'loaded', doc: fresh });
      void qc.invalidateQueries({ queryKey: expenseKeys.all(companyId) });
      notifications.show({ color: 'green', message: t(action === 'audit' ? 'reimburse:messages.audited' : 'reimburse:messages.auditCancelled') });
      setLandAfterLock(action === 'audit' ? 'cancelAudit' : 'audit');
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const runDelete = async () => {
    const doc = latest.current.doc;
    if (!doc || !enabled.delete) return;
    if (!(await ask(t('reimburse:messages.confirmDelete')))) return;
    try {
      await deleteExpense(doc.id);
      void qc.invalidateQueries({ queryKey: expenseKeys.all(companyId) });
      notifications.show({ color: 'green', message: t('reimburse:messages.deleted') });
      send({ type: 'reset', header: freshHeader() });
      await goTo('new');
    } catch (e) {
      notifyError(e);
    }
  };

  // Ctrl+S saves (before AG Grid and the browser see it).
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => landCarriedField(carried, rootRef.current, gridRef.current), [carried]);
  useScreenKeys(rootRef, (e) => {
    if (!isCtrlLetter(e, 's')) return false;
    // Pressed during a save (or while a new document opens) it waits its turn with the keys typed
    // around it and runs where the caret lands (grids/type-ahead.ts).
    if (typeAhead().holdCommand(e)) return true;
    if (editable) void doSave();
    else {
      // A locked document says why it is not saved (silence read as "saved").
      const reason = reasonOf('save');
      if (reason) notifications.show({ color: 'orange', message: t(`errors:${reason}`) });
    }
    return true;
  });
  useHeldCommands(rootRef, async (command) => {
    if (command === 'save' && editable) await doSave();
  });
  // The grid's holds name it too (the caret returning from F7's list or the lookup list): a Ctrl+S
  // pressed after the amount typed past the pick waits behind it and saves the amount.
  useLayoutEffect(() => (rootRef.current ? screenCommands(rootRef.current, reimburseCommandOf) : undefined), []);

  useTabLabel(path, state.doc ? { key: 'reimburse:tabTitle', params: { code: formatReimbursementCode(state.doc.code) } } : { key: 'reimburse:newTitle' });

  const pickers = useMemo<Record<string, PickerHook<ReimburseRow>>>(() => ({ kind: (request) => openPicker(request, { title: t('reimburse:picker.kind'), options: kindOptions }) }), [openPicker, t, kindOptions]);

  const trackCaret = useCallback(() => {
    const api = gridRef.current?.api();
    const cell = api?.getFocusedCell();
    if (!api || !cell || cell.rowPinned) return;
    const rowId = api.getDisplayedRowAtIndex(cell.rowIndex)?.id;
    if (rowId) setCaret({ rowId, field: cell.column.getColId() });
  }, []);
  const caretIssue = caret ? issues[caret.rowId]?.[caret.field as FieldOf<ReimburseRow>] ?? null : null;
  const flaggedRows = state.sheet.rows.map((r, i) => ({ r, i })).filter(({ r }) => issues[r.id] && Object.keys(issues[r.id]).length);

  const kindName = (id: number | null) => (id === null ? t('reimburse:summary.noKind') : (kindNames.get(String(id)) ?? String(id)));
  // One total: the sheet's, as its totals row shows it (the footer and the Summary tab show the same).
  const summary = useMemo(() => reimburseTotals(schema, state.sheet.rows), [schema, state.sheet.rows]);
  const total = summary.totalCents;

  const header = state.header;
  // The banner keeps what still stands: a refusal about lines or a header rule no line or field breaks any more goes.
  const shownErrors = useMemo(() => {
    const breaks = new Set(headerRuleBreaks(header));
    return ruleErrors.filter((e) => (e.lines ? e.lines.some((k) => standingKinds.has(k)) : e.rule ? breaks.has(e.rule) : true));
  }, [ruleErrors, standingKinds, header]);
  const headerIssues = useMemo(() => refusedHeaderFields(header, { saveTried, server: serverRefusal, message: ruleMessage }), [header, saveTried, serverRefusal, ruleMessage]);
  const patch = (p: Partial<ReimburseHeader>) => send({ type: 'header', patch: p });
  const actionButton = (action: 'save' | 'audit' | 'cancelAudit' | 'delete', onClick: () => void, label: string, extra?: string) => {
    const reason = reasonOf(action);
    // Audit with unsaved edits stays clickable: it asks to save first.
    const clickable = enabled[action] || (reason === 'REIMBURSE_SAVE_FIRST');
    return (
      <Tooltip key={action} label={reason ? t(`errors:${reason}`) : (extra ?? label)} withArrow>
        <Button size="xs" variant={action === 'save' ? 'filled' : 'default'} disabled={busy || !clickable} onClick={onClick} data-testid={`reimburse-action-${action}`}>
          {label}
        </Button>
      </Tooltip>
    );
  };

  return (
    <Stack gap="xs" ref={rootRef} data-testid="reimburse-editor" data-lifecycle={lifecycle} data-dirty={state.dirty || undefined}>
      <Group gap={6} wrap="wrap" data-testid="reimburse-toolbar">
        <Button size="xs" variant="default" onClick={() => void doNew()} data-testid="reimburse-action-new">
          {t('reimburse:actions.new')}
        </Button>
        {actionButton('save', () => void doSave(), t('reimburse:actions.save'), `${t('reimburse:actions.save')} (Ctrl+S)`)}
        {actionButton('audit', () => void runLock('audit'), t('reimburse:actions.audit'))}
        {actionButton('cancelAudit', () => void runLock('cancelAudit'), t('reimburse:actions.cancelAudit'))}
        {actionButton('delete', () => void runDelete(), t('reimburse:actions.delete'))}
        <Group gap={4} ml="auto">
          <KeyHelp />
        </Group>
      </Group>

      <Paper withBorder p="xs">
        <Group gap="md" align="flex-end" wrap="nowrap" className={FIELD_ROW}>
          <fieldset disabled={!editable} style={{ border: 0, margin: 0, padding: 0, minWidth: 0, flex: 1 }}>
            {/* Top-aligned: a refused field's message under it does not lift its box above the others. */}
            <Group gap="md" align="flex-start" wrap="wrap">
              <TextInput label={t('reimburse:header.code')} value={state.doc ? formatReimbursementCode(state.doc.code) : t('reimburse:header.codeNew')} readOnly w={130} data-testid="reimburse-code" tabIndex={-1} />
              <DateField ref={headerRef('markAt')} label={t('reimburse:header.markAt')} value={header.markAt} onChange={(v) => patch({ markAt: v })} error={headerIssues.markAt} w={160} withAsterisk data-testid="reimburse-mark-at" />
              <DateField ref={headerRef('submitAt')} label={t('reimburse:header.submitAt')} value={header.submitAt} onChange={(v) => patch({ submitAt: v })} error={headerIssues.submitAt} w={160} data-testid="reimburse-submit-at" />
              <div style={{ width: 220 }}>
                <EmployeeField
                  ref={headerRef('submitterId')}
                  companyId={companyId}
                  value={header.submitterId}
                  current={header.submitter}
                  onChange={(e) => patch({ submitterId: e?.id ?? null, submitter: e ? { id: e.id, code: e.code, name: e.name } : null })}
                  label={t('reimburse:header.submitter')}
                  error={headerIssues.submitterId}
                  testId="reimburse-submitter"
                />
              </div>
              <DateField ref={headerRef('payAt')} label={t('reimburse:header.payAt')} value={header.payAt} onChange={(v) => patch({ payAt: v })} error={headerIssues.payAt} w={160} data-testid="reimburse-pay-at" />
              <div style={{ width: 160 }}>
                <AmountInput ref={headerRef('payAmount')} label={t('reimburse:header.payAmount')} value={header.payAmount} onChange={(v) => patch({ payAmount: v })} onBlur={() => undefined} error={headerIssues.payAmount} readOnly={!editable} testId="reimburse-pay-amount" />
              </div>
            </Group>
          </fieldset>
          {/* Beside the fields, not among them: among them it wrapped onto a line of its own at 1440 px and pushed the sheet down as the state changed. */}
          <Badge style={{ flexShrink: 0 }} mb={6} variant="light" color={lifecycle === 'audited' ? 'orange' : state.dirty ? 'yellow' : 'blue'} data-testid="reimburse-state">
            {t(`reimburse:states.${lifecycle}`)}
            {state.dirty && lifecycle !== 'new' ? ' *' : ''}
          </Badge>
          {/* The voucher generated from it (decision 037), outside the locked fieldset: it opens from the keyboard. */}
          {state.doc?.voucherId ? (
            <Tooltip label={t('reimburse:header.openVoucher')} withArrow>
              <Button size="xs" variant="light" onClick={() => void navigate({ href: `/newVoucher/${state.doc!.voucherId}` })} data-testid="reimburse-voucher">
                {t('reimburse:header.voucher', { code: voucherCode(state.doc.voucherCode) || `#${state.doc.voucherId}` })}
              </Button>
            </Tooltip>
          ) : null}
        </Group>
      </Paper>

      {shownErrors.length > 0 && (
        <Alert color="red" withCloseButton onClose={() => setRuleErrors([])} data-testid="reimburse-rule-errors" p="xs">
          {shownErrors.map((m, i) => (
            <Text key={i} size="sm">{m.text}</Text>
          ))}
          {flaggedRows.slice(0, 8).map(({ r, i }) => (
            <Text key={r.id} size="xs" data-testid="reimburse-flagged-line">
              {t('reimburse:rules.line', { row: i + 1, text: Object.entries(issues[r.id]).map(([f, m]) => `${t(`reimburse:columns.${f}`)}: ${m}`).join('; ') })}
            </Text>
          ))}
        </Alert>
      )}

      <Tabs value={tab} onChange={(v) => setTab(v ?? 'detail')} keepMounted>
        {/* The row buttons stand on the tabs' line (a line more of the document fits the window). */}
        <Group gap="xs" justify="space-between" align="flex-end" wrap="nowrap">
          <Tabs.List style={{ flex: 1 }}>
            <Tabs.Tab value="detail" data-testid="reimburse-tab-detail">{t('reimburse:tabs.detail')}</Tabs.Tab>
            <Tabs.Tab value="summary" data-testid="reimburse-tab-summary">{t('reimburse:tabs.summary')}</Tabs.Tab>
          </Tabs.List>
          {tab === 'detail' && <RowToolbar grid={gridRef} readOnly={!editable} testId="reimburse-row-toolbar" />}
        </Group>
        <Tabs.Panel value="detail" pt="xs">
          <div onFocus={trackCaret} onKeyUp={trackCaret}>
            <EntryGrid
              schema={schema}
              state={state.sheet}
              dispatch={dispatchSheet}
              readOnly={!editable}
              lockReason={t('reimburse:states.audited')}
              pickers={pickers}
              totalsLabel={() => <span className="ld-totals-label">{t('reimburse:total')}</span>}
              maxRows={REIMBURSE_SHOWN_ROWS}
              fillPage={REIMBURSE_FILL}
              autoFocus
              caretAt={caretAtOf(carried)}
              testId="reimburse-grid"
              handleRef={gridRef}
            />
          </div>
          <Text size="xs" c={caretIssue ? 'red' : 'dimmed'} mt={4} data-testid="reimburse-caret-hint" role={caretIssue ? 'alert' : undefined}>
            {caretIssue ?? t('reimburse:hint')}
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="summary" pt="xs">
          {tab === 'summary' && (
            <Table withTableBorder withColumnBorders striped data-testid="reimburse-summary">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reimburse:columns.expenseKindId')}</Table.Th>
                  <Table.Th>{t('reimburse:summary.count')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('reimburse:columns.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.byKind.map((r) => (
                  <Table.Tr key={r.expenseKindId ?? 'none'}>
                    <Table.Td>{kindName(r.expenseKindId)}</Table.Td>
                    <Table.Td>{r.count}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', color: r.amount < 0 ? 'var(--mantine-color-red-7)' : undefined }}>{formatCents(r.amount)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr fw={700} data-testid="reimburse-summary-total">
                  <Table.Td>{t('reimburse:total')}</Table.Td>
                  <Table.Td>{summary.count}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatCents(total)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
      </Tabs>

      <Paper withBorder px="xs" py={4} {...FILL_END}>
        <Group gap="xl">
          <Text size="sm" data-testid="reimburse-total">{t('reimburse:footer.total', { amount: formatCents(total) })}</Text>
          <Text size="sm" data-testid="reimburse-auditor">{t('reimburse:footer.auditor', { name: state.doc?.locker?.name ?? '' })}</Text>
          <Text size="sm" data-testid="reimburse-maker">{t('reimburse:footer.maker', { name: state.doc?.marker?.name ?? user?.name ?? '' })}</Text>
        </Group>
      </Paper>

      <SaveTipDialog {...saveTip.dialog} message={t('reimburse:saveTip')} />
      <ConfirmDialog opened={confirm !== null} message={confirm?.message} color="orange" onCancel={() => confirm?.resolve(false)} onConfirm={() => confirm?.resolve(true)} />
      {kindPicker}
    </Stack>
  );
}
