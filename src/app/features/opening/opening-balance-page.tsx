/**
 * /basic/subjectOpeningBalance (期初余额, spec 01 §2 /basic initialization; issue 9; decision 029):
 * the year's chart in code order with each subject's opening on its own side, the year-to-date
 * debit and credit of a set started mid-year and the year-start balance; parents (bold, read-only)
 * sum their children as the clerk types. Keyboard first: arrows move, typing or Enter edits,
 * Enter commits and goes down, Ctrl+S saves, Ctrl+Home / Ctrl+End reach the first / last row; F7
 * or Enter (or the button) opens the auxiliary breakdown of a subject with auxiliary types, whose
 * figures come from it (a key typed on its amounts says so); F8 checks the trial balance of what
 * is saved. The panel under the grid checks what the screen shows as it changes. Read-only once
 * the year's first period is settled, or once the previous year's settled year end has carried its
 * closing balances here (until that period is reverse-settled). Figures typed and not saved stay with the page's tab (another
 * tab and back), which shows them unsaved: closing it, logout or a scope switch ask Yes / No / Cancel.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { CellClassParams, CellKeyDownEvent, ColDef, GridApi, ValueFormatterParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { openingApi } from '../../../contract/heads';
import type { TrialBalanceDto } from '../../../contract/opening';
import { formatCents, formatCentsForEdit } from '../../../domain/money';
import { evaluateAmountInput } from '../../../domain/amount-expression';
import { VOUCHER_LINE_MAX_CENTS } from '../../../domain/constants';
import { auxTypes } from '../../../domain/enums';
import type { TrialBalance, TrialBalanceProblem } from '../../../domain/opening-balance';
import { call } from '../../api/typed-client';
import { useScope } from '../../session/store';
import { notifyError, notifySaveError, notifySuccess } from '../../queries/admin-common';
import { auxValuesOptions, leafSubjectsOptions } from '../voucher/voucher-queries';
import { createVoucherCatalog } from '../voucher/voucher-catalog';
import { applyDrafts, currentAmount, editableRow, hasAux, liveTrialBalance, rowsToSave, withDraft, type AmountField, type OpeningDraft, type OpeningViewRow } from './opening-model';
import { OpeningAuxPopup } from './opening-aux-popup';
import { isCtrlLetter, useScreenKeys } from '../common/use-screen-keys';
import { useTabState } from '../../shell/tab-state';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { useSaveTip } from '../common/use-save-tip';
import { leaveWithSaveTip } from '../common/save-tip';
import { SaveTipDialog } from '../common/save-tip-dialog';
import './opening-balance.css';
import { localName, localTypeName } from '../../../domain/names';
import { FillHeight } from '../../../../grids/list/use-fill-height';

const EDITABLE: readonly AmountField[] = ['amountCents', 'ytdDebitCents', 'ytdCreditCents'];

/** A key that would start typing into (or clearing) an editable cell. */
const typesIntoCell = (ev: KeyboardEvent) => ev.key.length === 1 || ev.key === 'Backspace' || ev.key === 'Delete';

/** Trial balance figures, from the server (strings) or the screen (numbers). */
type Figures = Pick<TrialBalance, 'debitCents' | 'creditCents' | 'ytdDebitCents' | 'ytdCreditCents' | 'assetsCents' | 'liabilitiesCents' | 'equityCents' | 'profitLossCents' | 'problems' | 'passed'>;

export function OpeningBalancePage() {
  const { t, i18n } = useTranslation(['opening', 'errors', 'common']);
  const { companyId, accountId, accountYearId } = useScope();
  const qc = useQueryClient();
  const listKey = ['opening', 'list', accountYearId] as const;
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => call(openingApi.list, { query: { accountYearId: accountYearId! } }, { signal }),
    enabled: !!accountYearId,
  });
  const subjects = useQuery(leafSubjectsOptions(accountYearId));
  const auxValues = useQuery(auxValuesOptions(companyId, accountId, accountYearId));
  const language = i18n.language;
  const catalog = useMemo(() => (subjects.data && auxValues.data ? createVoucherCatalog(subjects.data, auxValues.data, { language }) : null), [subjects.data, auxValues.data, language]);

  // The unsaved figures are kept with the tab, per account year: they survive a visit to another
  // tab (the page unmounts) and go when the tab closes or its changes are discarded.
  const [drafts, setDraftState] = useTabState<ReadonlyMap<number, OpeningDraft>>(accountYearId ? `opening:drafts:${accountYearId}` : null, () => new Map());
  // The latest edits, also between a commit and the render it causes (Ctrl+S right after typing).
  const draftsRef = useRef(drafts);
  // Drafts replaced from outside (another year's, or dropped by the shell) are the latest too.
  const draftsSeen = useRef(drafts);
  if (draftsSeen.current !== drafts) {
    draftsSeen.current = drafts;
    draftsRef.current = drafts;
  }
  const setDrafts = (next: ReadonlyMap<number, OpeningDraft>) => {
    draftsRef.current = next;
    setDraftState(next);
  };
  const view = useMemo(() => (list.data ? applyDrafts(list.data.rows, drafts) : []), [list.data, drafts]);
  // The saved figures by subject, for the cells' current amounts (currentAmount).
  const savedById = useRef(new Map<number, Pick<OpeningViewRow, AmountField>>());
  savedById.current = useMemo(() => new Map((list.data?.rows ?? []).map((r) => [r.subjectId, { amountCents: Number(r.amountCents), ytdDebitCents: Number(r.ytdDebitCents), ytdCreditCents: Number(r.ytdCreditCents) }])), [list.data]);
  const amountNow = (row: OpeningViewRow, field: AmountField) => currentAmount(row, field, draftsRef.current, savedById.current);
  const live = useMemo(() => liveTrialBalance(view), [view]);
  // Read-only: the year's first period is settled, or the previous year's settled year end carried
  // its closing balances into these openings (until that period is reverse-settled).
  const carriedFrom = list.data?.carriedFrom ?? null;
  const settled = (list.data?.settled ?? false) || carriedFrom !== null;
  const lockReason = list.data?.settled ? t('opening:settled') : carriedFrom ? t('opening:carried', { period: carriedFrom }) : undefined;
  const [auxFor, setAuxFor] = useState<OpeningViewRow | null>(null);
  const [checking, setChecking] = useState(false);
  const check = useQuery({
    queryKey: ['opening', 'trialBalance', accountYearId],
    queryFn: ({ signal }) => call(openingApi.trialBalance, { query: { accountYearId: accountYearId! } }, { signal }),
    enabled: checking && !!accountYearId,
    gcTime: 0,
    staleTime: 0,
  });
  const gridApi = useRef<GridApi<OpeningViewRow> | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: (rows: ReturnType<typeof rowsToSave>) => call(openingApi.save, { body: { accountYearId: accountYearId!, rows } }),
    onSuccess: (answer) => {
      qc.setQueryData(listKey, answer);
      setDrafts(new Map());
      void qc.invalidateQueries({ queryKey: ['opening', 'trialBalance', accountYearId] });
      notifySuccess(t('opening:saved'));
    },
    onError: notifySaveError,
  });
  /** Saves the unsaved figures; resolves whether they are saved (nothing to save counts as saved). */
  const saveNow = async (): Promise<boolean> => {
    if (settled) return false;
    gridApi.current?.stopEditing();
    // stopEditing commits the cell being typed in (its valueSetter); save on the next frame, after its render.
    await new Promise((r) => requestAnimationFrame(r));
    const rows = list.data ? rowsToSave(applyDrafts(list.data.rows, draftsRef.current)) : [];
    if (!rows.length) {
      notifySuccess(t('opening:nothingToSave'));
      return true;
    }
    try {
      await save.mutateAsync(rows);
      return true;
    } catch {
      return false; // notified (onError)
    }
  };
  const saveAll = () => void saveNow();
  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;
  const openAux = (row: OpeningViewRow | undefined) => {
    if (!row) return;
    if (!row.leaf || !hasAux(row)) return notifyError(new Error(t('opening:aux.notApplicable', { code: row.code })));
    if (draftsRef.current.size) return notifyError(new Error(t('opening:aux.saveFirst')));
    setAuxFor(row);
  };
  /**
   * The caret back on a subject's amount once the auxiliary popup is gone, so the keys go on where
   * they were (the popup does not return the focus itself: the element it would return to may have
   * been drawn again meanwhile, and the keys then went nowhere).
   */
  const focusSubject = (id: number) => requestAnimationFrame(() => {
    const index = gridApi.current?.getRowNode(String(id))?.rowIndex;
    if (index !== null && index !== undefined) gridApi.current?.setFocusedCell(index, 'amountCents');
  });
  const openAuxRef = useRef(openAux);
  openAuxRef.current = openAux;
  const focusedRow = () => {
    const cell = gridApi.current?.getFocusedCell();
    return cell ? gridApi.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data : undefined;
  };
  const openCheck = () => {
    setChecking(true);
    void qc.invalidateQueries({ queryKey: ['opening', 'trialBalance', accountYearId] });
  };

  // The columns' valueSetter calls the latest commitAmount (defined below, after the columns).
  const commitRef = useRef<(row: OpeningViewRow | undefined, field: AmountField, newValue: unknown) => boolean>(() => false);
  const subjectName = (r: OpeningViewRow) => localName(i18n.language, r);
  const columns = useMemo<Array<ColDef<OpeningViewRow>>>(() => {
    const amountCol = (field: AmountField, headerKey: string, width = 120): ColDef<OpeningViewRow> => ({
      colId: field, headerName: t(headerKey), width, type: 'rightAligned', cellDataType: false,
      editable: (p) => !settled && !!p.data && editableRow(p.data),
      valueSetter: (p) => commitRef.current(p.data, field, p.newValue),
      // The editor starts from the amount as typed ("1234.5"); the cell shows it formatted.
      // Read through the latest commit (amountNow), not only the row the grid holds (see currentAmount).
      valueGetter: (p) => (p.data && amountNow(p.data, field) !== 0 ? formatCentsForEdit(amountNow(p.data, field)) : ''),
      valueFormatter: (p: ValueFormatterParams<OpeningViewRow>) => (p.data && amountNow(p.data, field) !== 0 ? formatCents(amountNow(p.data, field)) : ''),
      cellClassRules: {
        'ld-ob-negative': (p: CellClassParams<OpeningViewRow>) => !!p.data && amountNow(p.data, field) < 0,
        'ld-ob-editable': (p: CellClassParams<OpeningViewRow>) => !settled && !!p.data && editableRow(p.data),
        'ld-ob-dirty': (p: CellClassParams<OpeningViewRow>) => !!p.data?.dirty,
      },
    });
    return [
      { colId: 'code', headerName: t('opening:columns.code'), field: 'code', width: 100, pinned: 'left' },
      { colId: 'name', headerName: t('opening:columns.name'), minWidth: 180, flex: 1,
        valueGetter: (p) => (p.data ? `${'\u3000'.repeat(p.data.level - 1)}${subjectName(p.data)}` : '') },
      { colId: 'direction', headerName: t('opening:columns.direction'), width: 70,
        valueGetter: (p) => (p.data ? t(p.data.direction ? 'opening:directions.debit' : 'opening:directions.credit') : '') },
      { colId: 'aux', headerName: t('opening:columns.aux'), width: 130,
        valueGetter: (p) => (p.data ? p.data.auxTypeIds.map((id) => {
          const a = auxTypes.find((x) => x.id === id);
          return a ? localTypeName(i18n.language, a) : '';
        }).join(i18n.language === 'en_US' ? ', ' : '、') : ''),
        cellRenderer: (p: { data?: OpeningViewRow; value: string }) => (p.data && p.data.leaf && hasAux(p.data) ? (
          <Group gap={4} wrap="nowrap">
            <Text size="xs" truncate>{p.value}</Text>
            <Button size="compact-xs" variant="light" tabIndex={-1} data-testid={`ob-aux-${p.data.code}`} onClick={() => openAuxRef.current(p.data)}>{t('opening:aux.open')}</Button>
          </Group>
        ) : p.value) },
      amountCol('amountCents', 'opening:columns.amount', 150),
      amountCol('ytdDebitCents', 'opening:columns.ytdDebit'),
      amountCol('ytdCreditCents', 'opening:columns.ytdCredit'),
      { colId: 'yearStart', headerName: t('opening:columns.yearStart'), width: 120, type: 'rightAligned', cellDataType: false,
        valueGetter: (p) => (p.data && p.data.yearStartCents !== 0 ? formatCents(p.data.yearStartCents) : ''),
        cellClassRules: { 'ld-ob-negative': (p: CellClassParams<OpeningViewRow>) => !!p.data && p.data.yearStartCents < 0 } },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subjectName follows i18n.language
  }, [t, i18n.language, settled]);

  /**
   * A committed amount becomes a draft. Called by the column's valueSetter, inside the grid's commit:
   * the readOnlyEdit event (cellEditRequest) reached the page on a timer, after keys already queued,
   * so an edit started before it began from the figure before the last commit (and typing that figure
   * again was no change: lost). The row objects are never written; the cells read amountNow.
   */
  const commitAmount = (row: OpeningViewRow | undefined, field: AmountField, newValue: unknown): boolean => {
    if (!EDITABLE.includes(field) || !row || !editableRow(row) || settled) return false;
    const text = newValue === null || newValue === undefined ? '' : String(newValue).trim();
    let cents = 0;
    if (text !== '') {
      const r = evaluateAmountInput(text, { maxAbsCents: VOUCHER_LINE_MAX_CENTS });
      if (!r.ok) {
        notifyError(new Error(t('opening:invalidAmount', { text })));
        return false;
      }
      cents = r.cents;
    }
    if (field !== 'amountCents' && cents < 0) {
      notifyError(new Error(t('opening:ytdNegative')));
      return false;
    }
    const id = row.subjectId;
    const d = draftsRef.current;
    const saved = list.data?.rows.find((r) => r.subjectId === id);
    const draft = { amountCents: amountNow(row, 'amountCents'), ytdDebitCents: amountNow(row, 'ytdDebitCents'), ytdCreditCents: amountNow(row, 'ytdCreditCents'), [field]: cents };
    setDrafts(saved ? withDraft(d, saved, draft) : new Map(d).set(id, draft));
    return true;
  };
  commitRef.current = commitAmount;

  const onCellKeyDown = (e: CellKeyDownEvent<OpeningViewRow>) => {
    const ev = e.event as KeyboardEvent | null;
    if (!ev) return;
    if (ev.key === 'F7') {
      ev.preventDefault();
      openAux(e.data);
      return;
    }
    // A subject with auxiliary accounting takes its figures from its breakdown: Enter opens it (as a
    // double click does), and a key typed into one of its amounts (which AG Grid would drop without a
    // word, the cell not being editable) says where its figures are entered.
    const row = e.data;
    if (!row || !row.leaf || !hasAux(row) || ev.ctrlKey || ev.altKey || ev.metaKey) return;
    if (ev.key === 'Enter') {
      ev.preventDefault();
      openAux(row);
    } else if (!settled && EDITABLE.includes(e.colDef.colId as AmountField) && typesIntoCell(ev)) {
      notifications.show({ color: 'blue', message: t('opening:aux.typeHint', { code: row.code }) });
    }
  };

  // The screen's keys, as on every screen (useScreenKeys): Ctrl+S saves, F8 shows the saved trial
  // balance. The auxiliary popup has its own (it is not inside this screen's root).
  useScreenKeys(wrapper, (ev) => {
    if (auxFor) return false;
    if (isCtrlLetter(ev, 's')) {
      saveAll();
      return true;
    }
    if (ev.key === 'F8' && !ev.ctrlKey && !ev.altKey && !ev.metaKey && !ev.shiftKey) {
      openCheck();
      return true;
    }
    return false;
  });

  const liveFigures: Figures = live;
  const dirtyCount = rowsToSave(view).length;
  // The tab shows the unsaved figures; closing it asks Yes / No / Cancel (Yes saves first), and so do
  // logout and a company switch (shell/dirty-guard.tsx: `save`). Kept: the tab stays unsaved while
  // the user works in another one.
  const saveTip = useSaveTip();
  useTabDirty(
    !settled && dirtyCount > 0,
    (close) => void leaveWithSaveTip({ dirty: true, ask: saveTip.ask, save: () => saveRef.current(), proceed: close }),
    { kept: true, save: () => saveRef.current() },
  );

  return (
    <Stack gap="sm" h="100%" data-testid="opening-balance" ref={wrapper}>
      <Group justify="space-between">
        <Title order={4}>{t('opening:title')}</Title>
        <Group gap="xs">
          {dirtyCount > 0 && <Badge color="orange" variant="light" data-testid="ob-dirty">{t('opening:unsaved', { count: dirtyCount })}</Badge>}
          <Button variant="default" onClick={() => openAux(focusedRow())} disabled={!catalog} data-testid="ob-aux-button">{t('opening:aux.button')}</Button>
          <Button variant="default" onClick={openCheck} data-testid="ob-check-button">{t('opening:trial.button')}</Button>
          <Button onClick={saveAll} disabled={settled} loading={save.isPending} data-testid="ob-save">{t('opening:save')}</Button>
        </Group>
      </Group>
      {settled && <Alert color="yellow" data-testid="ob-settled">{lockReason}</Alert>}
      <Text size="xs" c="dimmed">{t('opening:hint')}</Text>
      {list.error && <Alert color="red">{list.error.message}</Alert>}
      <FillHeight min={300} fallback="calc(100vh - 400px)" data-testid="ob-grid">
        <ReadGrid<OpeningViewRow>
          tabWalksCells
          columnDefs={columns}
          rowData={view}
          getRowId={(p) => String(p.data.subjectId)}
          onCellKeyDown={onCellKeyDown}
          onCellDoubleClicked={(e) => { if (e.data && e.data.leaf && hasAux(e.data)) openAux(e.data); }}
          enterNavigatesVerticallyAfterEdit
          stopEditingWhenCellsLoseFocus
          rowClassRules={{ 'ld-ob-parent': (p) => !!p.data && !p.data.leaf }}
          onGridReady={(e) => { gridApi.current = e.api; }}
          onFirstDataRendered={(e) => {
            const first = view.findIndex((r) => editableRow(r));
            e.api.setFocusedCell(Math.max(first, 0), 'amountCents');
          }}
          loading={list.isFetching && !list.data}
        />
      </FillHeight>
      <TrialBalancePanel figures={liveFigures} title={t('opening:trial.live')} testId="ob-live" />
      {auxFor && catalog && accountYearId && (
        <OpeningAuxPopup
          accountYearId={accountYearId}
          subject={{ subjectId: auxFor.subjectId, code: auxFor.code, name: subjectName(auxFor), direction: auxFor.direction, auxTypeIds: auxFor.auxTypeIds }}
          catalog={catalog}
          readOnly={settled}
          lockReason={lockReason}
          onSaved={() => {
            const id = auxFor.subjectId;
            setAuxFor(null);
            focusSubject(id);
            // Once more when the refreshed figures are in (the row is drawn again).
            void qc.invalidateQueries({ queryKey: ['opening'] }).then(() => focusSubject(id));
            notifySuccess(t('opening:saved'));
          }}
          onClose={() => {
            const id = auxFor.subjectId;
            setAuxFor(null);
            focusSubject(id);
          }}
        />
      )}
      <SaveTipDialog {...saveTip.dialog} />
      <Modal opened={checking} onClose={() => setChecking(false)} title={t('opening:trial.title')} size="xl" centered data-testid="ob-check">
        {check.data ? (
          <TrialBalancePanel
            figures={figuresOf(check.data)}
            title={dirtyCount ? t('opening:trial.savedOnly') : ''}
            testId="ob-check-panel"
            carryDiffers={check.data.carryDiffers}
          />
        ) : (
          <Text size="sm">{check.error ? check.error.message : t('opening:loading')}</Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button onClick={() => setChecking(false)} data-autofocus data-testid="ob-check-close">{t('opening:trial.close')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** The server's answer (cents in strings) as the panel's figures. */
function figuresOf(d: TrialBalanceDto): Figures {
  return {
    debitCents: Number(d.debitCents), creditCents: Number(d.creditCents), ytdDebitCents: Number(d.ytdDebitCents), ytdCreditCents: Number(d.ytdCreditCents),
    assetsCents: Number(d.assetsCents), liabilitiesCents: Number(d.liabilitiesCents), equityCents: Number(d.equityCents), profitLossCents: Number(d.profitLossCents),
    problems: d.problems, passed: d.passed,
  };
}

function TrialBalancePanel({ figures: f, title, testId, carryDiffers = [] }: { figures: Figures; title: string; testId: string; carryDiffers?: TrialBalanceDto['carryDiffers'] }) {
  const { t, i18n } = useTranslation(['opening', 'errors']);
  const message = (p: TrialBalanceProblem) => {
    const withDifference = (problem: string, cents: number) => t('opening:trial.withDifference', { problem, amount: formatCents(cents) });
    switch (p) {
      case 'DEBIT_CREDIT_IMBALANCE': return withDifference(t('errors:DEBIT_CREDIT_IMBALANCE'), f.debitCents - f.creditCents);
      case 'YTD_IMBALANCE': return withDifference(t('opening:trial.ytdImbalance'), f.ytdDebitCents - f.ytdCreditCents);
      case 'BALANCE_SHEET_IMBALANCE': return withDifference(t('errors:BALANCE_SHEET_IMBALANCE'), f.assetsCents - f.liabilitiesCents - f.equityCents);
    }
  };
  return (
    <Paper withBorder p="xs" data-testid={testId} data-passed={f.passed ? 'true' : 'false'}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>{title}</Text>
        <Badge color={f.passed ? 'green' : 'red'} data-testid={`${testId}-status`}>{f.passed ? t('opening:trial.passed') : t('opening:trial.failed')}</Badge>
      </Group>
      <Table withColumnBorders fz="sm" verticalSpacing={2}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('opening:trial.debit')}</Table.Td><Table.Td ta="right" data-testid={`${testId}-debit`}>{formatCents(f.debitCents)}</Table.Td>
            <Table.Td>{t('opening:trial.credit')}</Table.Td><Table.Td ta="right" data-testid={`${testId}-credit`}>{formatCents(f.creditCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('opening:trial.ytdDebit')}</Table.Td><Table.Td ta="right">{formatCents(f.ytdDebitCents)}</Table.Td>
            <Table.Td>{t('opening:trial.ytdCredit')}</Table.Td><Table.Td ta="right">{formatCents(f.ytdCreditCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{t('opening:trial.assets')}</Table.Td><Table.Td ta="right" data-testid={`${testId}-assets`}>{formatCents(f.assetsCents)}</Table.Td>
            <Table.Td>{t('opening:trial.liabilitiesEquity')}</Table.Td>
            <Table.Td ta="right" data-testid={`${testId}-le`}>
              {t('opening:trial.liabilitiesEquitySum', { total: formatCents(f.liabilitiesCents + f.equityCents), liabilities: formatCents(f.liabilitiesCents), equity: formatCents(f.equityCents) })}
            </Table.Td>
          </Table.Tr>
          {f.profitLossCents !== 0 && (
            <Table.Tr>
              <Table.Td>{t('opening:trial.profitLoss')}</Table.Td><Table.Td ta="right">{formatCents(f.profitLossCents)}</Table.Td><Table.Td colSpan={2} />
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {f.problems.map((p) => (
        <Text key={p} size="sm" c="red" mt={4} data-testid={`${testId}-problem`}>{message(p)}</Text>
      ))}
      {carryDiffers.length > 0 && (
        // 上年期末 ≠ 本年年初: a warning (the year may have been started by hand), every subject named.
        <Alert color="orange" p="xs" mt={6} title={t('opening:trial.carryDiffers', { count: carryDiffers.length })} data-testid={`${testId}-carry`}>
          {carryDiffers.slice(0, 8).map((d) => (
            <Text key={d.code} size="sm">
              {t('opening:trial.carryDiffersLine', {
                // On the subject's own side, as the openings are entered (a credit subject's credit is positive).
                subject: `${d.code} ${localName(i18n.language, d)}`, previous: formatCents((d.direction ? 1 : -1) * Number(d.previousClosingCents)), opening: formatCents((d.direction ? 1 : -1) * Number(d.openingCents)),
              })}
            </Text>
          ))}
          {carryDiffers.length > 8 && <Text size="sm">{t('opening:trial.carryDiffersMore', { count: carryDiffers.length - 8 })}</Text>}
        </Alert>
      )}
    </Paper>
  );
}
