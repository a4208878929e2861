/**
 * /basic/cashBankOpeningBalance (spec 01 §2 initialization; decision 035): the opening balance of
 * each bank account of the ledger set and the day it stands at the start of, typed in an entry
 * sheet on the grid kit (one row per account: Enter moves date → amount → next account, Ctrl+S
 * saves). The start date cannot be after the account's first journal line (the server refuses it).
 * Figures typed and not saved stay with the tab (another tab and back), which shows them unsaved:
 * closing it, logout or a company switch ask Yes / No / Cancel.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntryGrid } from '../../../../grids/entry-grid';
import type { EntryGridHandle } from '../../../../grids/entry-grid-types';
import { KeyHelp } from '../../../../grids/key-help';
import { createSheetState, reduceSheet, type SheetEvent, type SheetState } from '../../../../grids/sheet';
import { cashOpeningSchema, type CashOpeningRow } from '../../../../grids/cash-journal.columns';
import type { CashOpeningDto } from '../../../contract/cashier-journal';
import { cashJournalApi } from '../../../contract/heads';
import { formatCents } from '../../../domain/money';
import { RIGHTS } from '../../../domain/rights';
import { call } from '../../api/typed-client';
import { useHasRight, useScope } from '../../session/store';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { tabStateStore, useTabPath } from '../../shell/tab-state';
import { notifySaveError } from '../../queries/admin-common';
import { isCtrlLetter, useScreenKeys } from '../common/use-screen-keys';
import { useBusy } from '../common/use-busy';
import { useSaveTip } from '../common/use-save-tip';
import { leaveWithSaveTip } from '../common/save-tip';
import { SaveTipDialog } from '../common/save-tip-dialog';
import { openingsOptions, useJournalInvalidate } from '../../queries/cashier-journal';

const STRUCTURAL = new Set(['sheet.appendRows', 'sheet.insertRowAbove', 'sheet.copyRow', 'sheet.deleteRow']);

/** The sheet with unsaved figures, kept with the tab; `base` names the openings it was typed on. */
interface KeptOpenings {
  base: string;
  state: SheetState<CashOpeningRow>;
}
const keptSlot = (accountId: number) => `cashOpening:${accountId}`;
const baseOf = (openings: readonly CashOpeningDto[]) => openings.map((o) => `${o.bankAccountId}:${o.id ?? ''}:${o.version ?? ''}`).join(',');
/** The kept rows with the labels of now (the language may have changed meanwhile). */
function relabel(state: SheetState<CashOpeningRow>, initial: readonly CashOpeningRow[]): SheetState<CashOpeningRow> {
  const byId = new Map(initial.map((r) => [r.id, r]));
  return { ...state, rows: state.rows.map((r) => {
    const now = byId.get(r.id);
    return now && (now.account !== r.account || now.kind !== r.kind) ? { ...r, account: now.account, kind: now.kind } : r;
  }) };
}

export function CashOpeningPage() {
  const { t } = useTranslation(['journal', 'errors', 'common']);
  const { accountId } = useScope();
  const openings = useQuery(openingsOptions(accountId));
  if (!accountId) return <Alert color="orange">{t('errors:MISSING_ACCOUNT_OR_PERIOD')}</Alert>;
  if (openings.isError) return <Alert color="red">{openings.error.message}</Alert>;
  if (!openings.data) return <Text c="dimmed" p="md">…</Text>;
  if (!openings.data.length) return <Alert color="orange" data-testid="opening-no-accounts">{t('journal:noAccounts')}</Alert>;
  return <OpeningSheet key={`${accountId}:${openings.dataUpdatedAt}`} accountId={accountId} openings={openings.data} />;
}

function OpeningSheet({ accountId, openings }: { accountId: number; openings: CashOpeningDto[] }) {
  const { t } = useTranslation(['journal', 'grid', 'errors', 'common']);
  const canEdit = useHasRight(RIGHTS.BASIC_INIT);
  const invalidate = useJournalInvalidate(accountId);
  const schema = useMemo(() => cashOpeningSchema(openings.length), [openings.length]);
  const initial = useMemo<CashOpeningRow[]>(
    () => openings.map((o) => ({
      id: `ba-${o.bankAccountId}`, account: `${o.bankAccountCode} ${o.bankAccountName}${o.disabled ? ` (${t('journal:disabled')})` : ''}`, kind: t(`journal:kinds.${o.kind}`),
      startDate: o.startDate, opening: Number(o.openingCents) || null, firstLine: o.firstLineDate,
    })),
    [openings, t],
  );
  const reducer = useCallback((s: SheetState<CashOpeningRow>, e: SheetEvent<CashOpeningRow>) => (STRUCTURAL.has(e.type) ? s : reduceSheet(schema, s, e)), [schema]);
  // Unsaved figures are kept with the tab (per ledger set) and come back when the page does (the
  // user looked something up in another tab), as long as the openings they were typed on are the
  // same (a save, or someone else's, made new ones).
  const path = useTabPath();
  const slot = keptSlot(accountId);
  const base = useMemo(() => baseOf(openings), [openings]);
  const [state, dispatch] = useReducer(reducer, undefined, () => {
    const kept = tabStateStore.get(path, slot) as KeptOpenings | undefined;
    return kept && kept.base === base ? relabel(kept.state, initial) : createSheetState(schema, initial);
  });
  // A recorded opening changes when its date or amount does; an account without one gets one once either is typed.
  const changes = useMemo(() => state.rows.flatMap((r, i) => {
    const o = openings[i];
    const opening = r.opening ?? 0;
    const changed = r.startDate !== o.startDate || opening !== Number(o.openingCents) || (o.id === null && opening !== 0);
    return changed ? [{ row: i, bankAccountId: o.bankAccountId, startDate: r.startDate, openingCents: opening, version: o.version }] : [];
  }), [state.rows, openings]);
  const dirty = changes.length > 0;
  const { busy, busyNow, setBusy } = useBusy();
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => {
    // (Not once the tab is gone: a closed tab keeps nothing.)
    if (dirty || tabStateStore.has(path, slot)) tabStateStore.set(path, slot, dirty ? { base, state } : undefined);
  }, [dirty, state, base, path, slot]);
  // Discarded from outside while shown (the shell's 'No' to a scope switch): the sheet as saved again.
  const initialRef = useRef(initial);
  initialRef.current = initial;
  useEffect(
    () => tabStateStore.subscribe(path, slot, () => {
      if (!tabStateStore.has(path, slot)) dispatch({ type: 'sheet.load', rows: initialRef.current });
    }),
    [path, slot],
  );

  const gridRef = useRef<EntryGridHandle>(null);
  /** Saves the changed openings; resolves whether they are saved (nothing to save counts as saved). */
  const save = useCallback(async (): Promise<boolean> => {
    const missing = changes.filter((c) => !c.startDate);
    if (missing.length) {
      setProblems(missing.map((c) => t('journal:problems.noStartDate', { row: c.row + 1 })));
      // The caret goes to the first account's missing start date.
      const row = state.rows[missing[0].row];
      if (row) requestAnimationFrame(() => gridRef.current?.focusCell(row.id, 'startDate'));
      return false;
    }
    setProblems([]);
    if (!changes.length) return true;
    setBusy(true);
    try {
      await call(cashJournalApi.saveOpenings, { body: { accountId, openings: changes.map((c) => ({ bankAccountId: c.bankAccountId, startDate: c.startDate!, openingCents: c.openingCents, version: c.version })) } });
      notifications.show({ color: 'green', message: t('journal:saved') });
      // Saved: nothing kept (the sheet is drawn again from the new openings).
      tabStateStore.set(path, slot, undefined);
      await invalidate();
      return true;
    } catch (err) {
      notifySaveError(err);
      return false;
    } finally {
      setBusy(false);
    }
  }, [changes, accountId, invalidate, setBusy, t, state.rows, path, slot]);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const saveTip = useSaveTip();
  // The tab shows the unsaved openings while the user works elsewhere; closing it asks Yes / No /
  // Cancel (Yes saves first), and so do logout and a company switch (shell/dirty-guard.tsx: `save`).
  useTabDirty(
    dirty,
    (close) => void leaveWithSaveTip({ dirty: true, ask: saveTip.ask, save: () => saveRef.current(), proceed: close }),
    { kept: true, save: () => saveRef.current() },
  );
  const rootRef = useRef<HTMLDivElement>(null);
  useScreenKeys(rootRef, (e) => {
    if (!isCtrlLetter(e, 's')) return false;
    // busyNow, not busy: a second Ctrl+S in the same frame sees the first one's save running.
    if (canEdit && !busyNow()) void save();
    return true;
  });

  return (
    <Stack gap="xs" p="xs" ref={rootRef} data-testid="cash-opening">
      <Group>
        <Title order={5}>{t('journal:openingTitle')}</Title>
        <Badge variant="light" color={dirty ? 'yellow' : 'blue'} data-testid="opening-state">{dirty ? t('journal:unsaved') : t('journal:savedState')}</Badge>
        <Group gap={4} ml="auto">
          <Tooltip label="Ctrl+S" withArrow>
            <Button size="xs" onClick={() => void save()} loading={busy} disabled={!canEdit || !dirty} data-testid="opening-save">{t('journal:save')}</Button>
          </Tooltip>
          <KeyHelp />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">{t('journal:openingHelp')}</Text>
      {problems.length > 0 && (
        <Alert color="red" withCloseButton onClose={() => setProblems([])} p="xs" data-testid="opening-problems">
          {problems.map((m, i) => <Text key={i} size="sm">{m}</Text>)}
        </Alert>
      )}
      <EntryGrid
        schema={schema}
        state={state}
        dispatch={dispatch}
        readOnly={!canEdit}
        // From the figures the totals row carries: AG Grid draws the row before this page renders again,
        // and a total of this render's rows showed the sum before the last amount typed.
        totalsLabel={(view) => <Text size="sm" fw={600} data-testid="opening-total">{t('journal:openingTotal', { amount: formatCents(view.byField.opening ?? 0) })}</Text>}
        autoFocus
        testId="opening-grid"
        handleRef={gridRef}
      />
      <Paper withBorder p="xs">
        <Text size="xs" c="dimmed">{t('journal:openingNote')}</Text>
      </Paper>
      <SaveTipDialog {...saveTip.dialog} />
    </Stack>
  );
}
