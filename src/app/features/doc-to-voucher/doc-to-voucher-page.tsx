/**
 * /voucher/daily/documentToVoucher (单据生成凭证, spec 01 §2; decision 037). Audited reimbursements
 * or cash / bank journal lines not yet made into vouchers, in an AG Grid (Space ticks a row); the
 * options say how the vouchers are made (voucher kind, one per document or grouped, the paying
 * account (both remembered in this browser per ledger set), the subject of each expense kind (the
 * ledger set's rules on the server, pre-filled, remembered when vouchers are generated) and fixed
 * auxiliary values for lines the documents cannot fill, last-level ones as on a voucher line); a
 * reimbursement credits the paying account with what it paid and the payable subject (2241 其他应付款
 * by default, remembered per ledger set) with the rest. Preview shows the proposed vouchers with their
 * lines, auxiliary values and whether they balance; Generate shows the same proposal in a dialog
 * first (Enter confirms, Esc cancels) and only the confirmation writes them (each voucher with its
 * documents' link in one transaction), then shows the result per voucher.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Select } from '../common/select';
import { notifications } from '@mantine/notifications';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReadGrid, SORTABLE_READ_COL } from '../../../../grids/list/read-grid';
import type { ColDef, GridApi, SelectionChangedEvent } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { bankAccountApi, docToVoucherApi, expenseApi } from '../../../contract/heads';
import { DEFAULT_PAYABLE_SUBJECT_CODE, type BillDocDto, type DocSource, type TransferAnswer } from '../../../contract/doc-to-voucher';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import type { CallInput } from '../../../contract/route';
import { allSubjectsOptions } from '../../queries/subjects';
import { notifyError } from '../../queries/admin-common';
import { useScope } from '../../session/store';
import { voucherKindsOptions } from '../voucher/voucher-queries';
import { auxTypes } from '../../../domain/enums';
import { AuxValuePicker } from '../ledger-aux/aux-value-picker';
import { BudgetPicker } from '../pickers/budget-picker';
import { DepartmentPicker } from '../pickers/department-picker';
import type { AuxRef } from '../ledger-aux/aux-ledger-model';
import { DateField } from '../common/date-field';
import { unlessReversed, useRangeCheck } from '../common/range-filter';
import { localName, localTypeName } from '../../../domain/names';
import { useTabState } from '../../shell/tab-state';
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { FillHeight } from '../../../../grids/list/use-fill-height';
import { RemovablePill } from '../common/removable-pill';
import { formatReimbursementCode } from '../../../domain/reimbursement';
import { useLocalVoucherCode } from '../voucher/voucher-sources';
import { FirstMatchSelect } from '../common/first-match-select';
import { FIELD_ROW } from '../../../../grids/list/field-row';

/** A document's code as people read it: a reimbursement's 202611-0013 (spec 02 §2.8), a journal line's number. */
const docCode = (source: DocSource, code: string) => (source === 'EXPENSE' ? formatReimbursementCode(code) : code);

type State = 'PENDING' | 'DONE' | 'ALL';
type Grouping = 'DOCUMENT' | 'KIND' | 'DAY';

const storageKey = (accountId: number | null) => `ledgerdesk.docToVoucher.${accountId ?? 0}`;

/** The payable subject is remembered by its code: a subject's id is its account year's. */
interface Remembered { bankAccountId: number | null; kindId: number | null; payableCode: string | null }
function remembered(accountId: number | null): Remembered {
  try {
    const { bankAccountId = null, kindId = null, payableCode = null } = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '{}') as Partial<Remembered>;
    return { bankAccountId, kindId, payableCode };
  } catch {
    return { bankAccountId: null, kindId: null, payableCode: null };
  }
}

type TransferBody = CallInput<typeof docToVoucherApi.billsTransfer>['body'];

/**
 * The picker of a fixed auxiliary value: the values a voucher line can carry, so departments and
 * budget items of the last level only (a parent is refused with its reason, as in the voucher
 * editor; the server refuses one too); the other types are the ledgers' own pickers.
 */
function LineAuxPicker(p: { auxTypeId: number; companyId: number | null; accountId: number | null; accountYearId: number | null; onClose: () => void; onChoose: (v: AuxRef) => void }) {
  const choose = (v: { id: number; code: string; name: string }) => {
    p.onChoose({ id: v.id, code: v.code, name: v.name });
    p.onClose();
  };
  if (p.auxTypeId === 1) return <DepartmentPicker opened companyId={p.companyId} onClose={p.onClose} onChoose={choose} />;
  if (p.auxTypeId === 6) return <BudgetPicker opened accountYearId={p.accountYearId} onClose={p.onClose} onChoose={choose} />;
  return <AuxValuePicker auxTypeId={p.auxTypeId} opened companyId={p.companyId} accountId={p.accountId} accountYearId={p.accountYearId} onClose={p.onClose} onChoose={p.onChoose} />;
}

export function DocToVoucherPage() {
  const { t, i18n } = useTranslation(['docToVoucher', 'common']);
  const { companyId, accountId, accountYearId } = useScope();
  const queryClient = useQueryClient();
  const [source, setSource] = useTabState<DocSource>(`docToVoucher:source:${companyId}`, () => 'EXPENSE');
  const [dateFrom, setDateFrom] = useTabState<string>(`docToVoucher:dateFrom:${companyId}`, () => '');
  const [dateTo, setDateTo] = useTabState<string>(`docToVoucher:dateTo:${companyId}`, () => '');
  const [state, setState] = useTabState<State>(`docToVoucher:state:${companyId}`, () => 'PENDING');
  const [grouping, setGrouping] = useTabState<Grouping>(`docToVoucher:grouping:${companyId}`, () => 'DOCUMENT');
  const [memory, setMemory] = useState<Remembered>(() => remembered(accountId));
  const [selected, setSelected] = useState<BillDocDto[]>([]);
  const [answer, setAnswer] = useState<{ answer: TransferAnswer; source: DocSource } | null>(null);
  /** Generate's proposal waiting for the confirmation, with the request that made it (confirmed as it was shown). */
  const [confirming, setConfirming] = useState<{ answer: TransferAnswer; source: DocSource; body: TransferBody } | null>(null);
  const [busy, setBusy] = useState(false);
  /** Kind subjects chosen on this screen (over the ledger set's rules). */
  const [chosenSubjects, setChosenSubjects] = useState<Record<number, number | null>>({});
  /** Fixed auxiliary values by type, for lines the documents cannot fill. */
  const [fixedAux, setFixedAux] = useState<Record<number, AuxRef>>({});
  const [pickingAux, setPickingAux] = useState<number | null>(null);
  const gridRef = useRef<GridApi<BillDocDto> | null>(null);
  const voucherCode = useLocalVoucherCode(accountId);

  useEffect(() => {
    setMemory(remembered(accountId));
    setChosenSubjects({});
    setFixedAux({});
  }, [accountId]);
  const remember = (patch: Partial<Remembered>) => setMemory((m) => {
    const next = { ...m, ...patch };
    localStorage.setItem(storageKey(accountId), JSON.stringify(next));
    return next;
  });

  const query = { accountId: accountId!, source, state, ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}) };
  // A date range ending before it starts is said under its end and not asked: no documents until it is mended (range-filter.ts).
  const range = useRangeCheck({ dateFrom, dateTo }, [['dateFrom', 'dateTo']]);
  const docs = useQuery(unlessReversed(queryOptions({
    queryKey: ['docToVoucher', query],
    queryFn: ({ signal }) => call(docToVoucherApi.billQuery, { query }, { signal }),
    enabled: !!accountId,
  }), range.reversed));
  const kinds = useQuery(voucherKindsOptions(accountId));
  const subjects = useQuery(allSubjectsOptions(accountYearId));
  const bankAccounts = useQuery({
    queryKey: ['docToVoucher', 'bankAccounts', accountId],
    queryFn: async ({ signal }) => (await call(bankAccountApi.list, { query: { filter: { accountId: accountId! }, limit: MAX_PAGE_LIMIT } }, { signal })).content,
    enabled: !!accountId,
  });
  const expenseKinds = useQuery({
    queryKey: ['docToVoucher', 'expenseKinds', companyId],
    queryFn: async ({ signal }) => (await call(expenseApi.kinds, { query: { filter: { companyId: companyId! }, limit: MAX_PAGE_LIMIT } }, { signal })).content,
    enabled: !!companyId && source === 'EXPENSE',
  });

  const rules = useQuery({
    queryKey: ['docToVoucher', 'rules', accountId, accountYearId],
    queryFn: ({ signal }) => call(docToVoucherApi.billRules, { query: { accountId: accountId!, ...(accountYearId ? { accountYearId } : {}) } }, { signal }),
    enabled: !!accountId && source === 'EXPENSE',
  });
  const kindSubjects = useMemo(() => {
    const out: Record<number, number> = {};
    for (const r of rules.data?.kindSubjects ?? []) if (r.subjectId) out[r.expenseKindId] = r.subjectId;
    for (const [k, v] of Object.entries(chosenSubjects)) if (v) out[Number(k)] = v; else delete out[Number(k)];
    return out;
  }, [rules.data, chosenSubjects]);

  const kindId = memory.kindId ?? kinds.data?.[0]?.id ?? null;
  const leafSubjects = useMemo(() => (subjects.data?.content ?? []).filter((s) => s.leaf && !s.disabled), [subjects.data]);
  const subjectOptions = useMemo(() => leafSubjects
    .map((s) => ({ value: String(s.id), label: `${s.code} ${localName(i18n.language, s)}` })), [leafSubjects, i18n.language]);
  // The unpaid part's subject: the one remembered, else 2241 其他应付款 (or its first sub-subject when it has some).
  const payableSubjectId = useMemo(() => {
    const byCode = (code: string) => leafSubjects.find((s) => s.code === code);
    return (byCode(memory.payableCode ?? DEFAULT_PAYABLE_SUBJECT_CODE) ?? byCode(DEFAULT_PAYABLE_SUBJECT_CODE)
      ?? leafSubjects.find((s) => s.code.startsWith(DEFAULT_PAYABLE_SUBJECT_CODE)))?.id ?? null;
  }, [leafSubjects, memory.payableCode]);
  // The expense kinds of the ticked reimbursements (all kinds when none is ticked).
  const usedKinds = useMemo(() => {
    const ids = new Set(selected.flatMap((d) => d.kindIds));
    return (expenseKinds.data ?? []).filter((k) => !selected.length || ids.has(k.id));
  }, [expenseKinds.data, selected]);

  const columns = useMemo<Array<ColDef<BillDocDto>>>(() => [
    { field: 'date', headerName: t('columns.date'), width: 110 },
    { field: 'code', headerName: t(source === 'EXPENSE' ? 'columns.expenseCode' : 'columns.lineCode'), width: 120, valueFormatter: (p) => docCode(source, String(p.value ?? '')), getQuickFilterText: (p) => docCode(source, String(p.value ?? '')) },
    { field: 'party', headerName: t(source === 'EXPENSE' ? 'columns.submitter' : 'columns.bankAccount'), width: 150 },
    { field: 'kindNames', headerName: t('columns.kinds'), width: 150 },
    { field: 'summary', headerName: t('columns.summary'), flex: 1, minWidth: 160 },
    { field: 'amountCents', headerName: t('columns.amount'), type: ['rightAligned', 'cents'], width: 130, valueFormatter: (p) => formatCents(Number(p.value ?? 0)), cellDataType: false },
    // What a reimbursement paid: the bank is credited with this, the payable subject with the rest.
    ...(source === 'EXPENSE' ? [{ field: 'paidCents', headerName: t('columns.paid'), type: ['rightAligned', 'cents'], width: 120, valueFormatter: (p) => formatCents(Number(p.value ?? 0)), cellDataType: false } satisfies ColDef<BillDocDto>] : []),
    { field: 'voucherCode', headerName: t('columns.voucher'), width: 130, valueFormatter: (p) => voucherCode(p.value as string | null) },
  ], [t, source, voucherCode]);

  /**
   * Preview (`preview`) shows the proposal on the page; Generate (`confirm`) shows it in a dialog
   * first; the dialog's confirmation (`write`) sends the very request it previewed, for real.
   */
  const run = async (mode: 'preview' | 'confirm' | 'write', frozen?: TransferBody) => {
    if (!accountId || !kindId) return;
    if (!frozen && !selected.length) {
      notifications.show({ color: 'orange', message: t('selectFirst') });
      return;
    }
    setBusy(true);
    try {
      const body: TransferBody = frozen ? { ...frozen, preview: false } : {
        accountId, source, kindId, grouping, preview: true, ids: selected.map((d) => d.id),
        auxValues: Object.entries(fixedAux).map(([type, v]) => ({ auxTypeId: Number(type), auxId: v.id })),
        ...(source === 'EXPENSE' ? {
          kindSubjects: Object.entries(kindSubjects).map(([k, s]) => ({ expenseKindId: Number(k), subjectId: s })),
          ...(memory.bankAccountId ? { bankAccountId: memory.bankAccountId } : {}),
          ...(payableSubjectId ? { payableSubjectId } : {}),
        } : {}),
      };
      const a = await call(docToVoucherApi.billsTransfer, { body });
      if (mode === 'confirm') {
        setAnswer(null);
        setConfirming({ answer: a, source: body.source, body });
        return;
      }
      setAnswer({ answer: a, source: body.source });
      if (mode === 'write') {
        setConfirming(null);
        const ok = a.results.filter((r) => r.ok).length;
        notifications.show({ color: ok === a.results.length ? 'green' : 'orange', message: t('generated', { ok, failed: a.results.length - ok }) });
        gridRef.current?.deselectAll();
        await queryClient.invalidateQueries({ queryKey: ['docToVoucher'] });
        await queryClient.invalidateQueries({ queryKey: ['vouchers'] });
        setChosenSubjects({});
      }
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  // The codes of the documents listed (and those ticked, should the list have moved on): a refusal names its document.
  const codes = useMemo(() => new Map([...(docs.data ?? []), ...selected].map((d) => [d.id, d.code])), [docs.data, selected]);
  const codeOf = (id: number) => codes.get(id);

  const switchSource = (v: string) => {
    setSource(v as DocSource);
    setGrouping('DOCUMENT');
    setSelected([]);
    setAnswer(null);
    setConfirming(null);
  };

  return (
    <Stack gap="sm" h="100%" data-testid="doc-to-voucher">
      <Title order={4}>{t('title')}</Title>
      <Paper withBorder p="xs">
        <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
          <SegmentedControl data-testid="d2v-source" value={source} onChange={switchSource}
            data={[{ value: 'EXPENSE', label: t('sources.EXPENSE') }, { value: 'JOURNAL', label: t('sources.JOURNAL') }]} />
          <DateField data-testid="d2v-from" label={t('filters.dateFrom')} w={150} value={dateFrom} onChange={(v) => setDateFrom(v)} />
          <DateField data-testid="d2v-to" label={t('filters.dateTo')} w={150} value={dateTo} onChange={(v) => setDateTo(v)} error={range.error('dateTo')} />
          <Select data-testid="d2v-state" label={t('filters.state')} w={140} allowDeselect={false} value={state} onChange={(v) => v && setState(v as State)}
            data={(['PENDING', 'DONE', 'ALL'] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))} />
          <Button variant="default" onClick={() => {
            if (!range.reversed) void docs.refetch();
          }} data-testid="d2v-refresh">{t('refresh')}</Button>
        </Group>
      </Paper>
      <Paper withBorder p="xs">
        <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
          <Select data-testid="d2v-kind" label={t('options.voucherKind')} w={120} allowDeselect={false} value={kindId ? String(kindId) : null}
            data={(kinds.data ?? []).map((k) => ({ value: String(k.id), label: localName(i18n.language, k) }))} onChange={(v) => v && remember({ kindId: Number(v) })} />
          <Select data-testid="d2v-grouping" label={t('options.grouping')} w={280} allowDeselect={false} value={grouping} onChange={(v) => v && setGrouping(v as Grouping)}
            data={(source === 'EXPENSE' ? ['DOCUMENT', 'KIND'] : ['DOCUMENT', 'DAY']).map((g) => ({ value: g, label: t(`grouping.${source}.${g}`) }))} />
          {/* Typed selects take the first match on Enter, as a form dialog's do (typing 5602, Enter), keep a choice typed again,
              and take it too when the options arrived after the typing or the machine is busy (first-match-select.tsx). */}
          {source === 'EXPENSE' && (
            <FirstMatchSelect data-testid="d2v-bank" label={t('options.payingAccount')} w={220} allowDeselect={false} clearable value={memory.bankAccountId ? String(memory.bankAccountId) : null}
              data={(bankAccounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))} onChange={(v) => remember({ bankAccountId: v ? Number(v) : null })} />
          )}
          {source === 'EXPENSE' && (
            <FirstMatchSelect data-testid="d2v-payable" label={t('options.payableSubject')} w={220} allowDeselect={false} data={subjectOptions}
              value={payableSubjectId ? String(payableSubjectId) : null}
              onChange={(v) => remember({ payableCode: leafSubjects.find((s) => String(s.id) === v)?.code ?? null })} />
          )}
          {/* Not before the voucher kind is known (the ledger set's kinds loading): a press then would do nothing. */}
          <Button onClick={() => void run('preview')} loading={busy} disabled={!kindId} variant="light" data-testid="d2v-preview">{t('preview')}</Button>
          <Button onClick={() => void run('confirm')} loading={busy} disabled={!kindId} data-testid="d2v-generate">{t('generate')}</Button>
          <Text size="sm" c="dimmed" data-testid="d2v-selected">{t('selected', { count: selected.length })}</Text>
        </Group>
        {source === 'EXPENSE' && (
          <SimpleGrid cols={{ base: 2, md: 4 }} mt="xs" data-testid="d2v-kind-subjects">
            {usedKinds.map((k) => (
              <FirstMatchSelect key={k.id} data-testid={`d2v-kind-subject-${k.id}`} label={t('options.kindSubject', { kind: k.name })} allowDeselect={false} clearable size="xs"
                data={subjectOptions} value={kindSubjects[k.id] ? String(kindSubjects[k.id]) : null}
                onChange={(v) => setChosenSubjects((c) => ({ ...c, [k.id]: v ? Number(v) : null }))} />
            ))}
          </SimpleGrid>
        )}
        <Group gap="xs" mt="xs" wrap="wrap" data-testid="d2v-aux">
          <Text size="sm" c="dimmed">{t('options.auxValues')}</Text>
          {auxTypes.map((a) => {
            const v = fixedAux[a.id];
            const typeName = localTypeName(i18n.language, a);
            return v
              // One focus slot for the button and the pill that replaces it: a value chosen in the picker gives the focus to the pill (shell/dialog-focus.ts).
              ? (
                <RemovablePill key={a.id} data-testid={`d2v-aux-${a.id}`} data-focus-slot={`d2v-aux-${a.id}`} removeLabel={t('options.clearAux', { type: typeName })}
                  onRemove={() => setFixedAux(({ [a.id]: _gone, ...rest }) => rest)} label={`${typeName}: ${v.code} ${v.name}`} />
              )
              : <Button key={a.id} size="compact-xs" variant="default" data-testid={`d2v-aux-pick-${a.id}`} data-focus-slot={`d2v-aux-${a.id}`} onClick={() => setPickingAux(a.id)}>{`${typeName}…`}</Button>;
          })}
        </Group>
      </Paper>
      {docs.error && <Alert color="red">{docs.error.message}</Alert>}
      <FillHeight height={answer ? 260 : undefined} min={220} fallback="calc(100vh - 380px)" data-testid="d2v-grid">
        <ReadGrid<BillDocDto>
          onFirstDataRendered={(e) => focusFirstCell(e.api, 'date')}
          columnDefs={columns}
          rowData={docs.data ?? []}
          getRowId={(p) => `${p.data.source}:${p.data.id}`}
          rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: true, isRowSelectable: (n) => !n.data?.voucherId }}
          onGridReady={(e) => { gridRef.current = e.api; }}
          onSelectionChanged={(e: SelectionChangedEvent<BillDocDto>) => setSelected(e.api.getSelectedRows())}
          defaultColDef={SORTABLE_READ_COL}
          emptyText={t('empty')}
          loading={docs.isFetching && !docs.data}
        />
      </FillHeight>
      {answer && <Proposals answer={answer.answer} source={answer.source} voucherCode={voucherCode} codeOf={codeOf} />}
      {pickingAux !== null && (
        <LineAuxPicker auxTypeId={pickingAux} companyId={companyId} accountId={accountId} accountYearId={accountYearId}
          onClose={() => setPickingAux(null)} onChoose={(v) => setFixedAux((f) => ({ ...f, [pickingAux]: v }))} />
      )}
      <ConfirmGenerate pending={confirming} busy={busy} voucherCode={voucherCode} codeOf={codeOf}
        onCancel={() => setConfirming(null)} onConfirm={() => confirming && void run('write', confirming.body)} />
    </Stack>
  );
}

/**
 * Generate's confirmation: the vouchers that will be written, each with its lines (and those that
 * cannot be, with why), before anything is. Enter (anywhere in the dialog but on Cancel) confirms,
 * Esc cancels; Confirm has the focus.
 */
function ConfirmGenerate({ pending, busy, voucherCode, codeOf, onCancel, onConfirm }: {
  pending: { answer: TransferAnswer; source: DocSource } | null;
  busy: boolean;
  voucherCode: (code: string | null) => string;
  codeOf: (id: number) => string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('docToVoucher');
  const writable = pending ? pending.answer.vouchers.filter((v) => !v.code && v.lines.length > 0).length : 0;
  return (
    <Modal opened={pending !== null} onClose={onCancel} title={t('confirm.title')} size={880} data-testid="d2v-confirm"
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || e.ctrlKey || e.altKey || e.metaKey || e.shiftKey || e.nativeEvent.isComposing) return;
        // A button takes its own Enter (Cancel cancels); elsewhere in the dialog Enter confirms.
        if (e.target instanceof HTMLButtonElement) return;
        e.preventDefault();
        if (writable && !busy) onConfirm();
      }}>
      {pending && (
        <Stack gap="sm">
          <Proposals answer={pending.answer} source={pending.source} voucherCode={voucherCode} codeOf={codeOf} testId="d2v-confirm-proposals" />
          <Group justify="space-between">
            <Text size="sm" c={writable ? 'dimmed' : 'red'} data-testid="d2v-confirm-hint">{writable ? t('confirm.hint') : t('confirm.nothing')}</Text>
            <Group gap="xs">
              <Button variant="default" onClick={onCancel} data-testid="d2v-confirm-cancel">{t('confirm.cancel')}</Button>
              <Button onClick={onConfirm} loading={busy} disabled={!writable} data-autofocus data-testid="d2v-confirm-ok">{writable ? t('confirm.ok', { count: writable }) : t('generate')}</Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Proposals({ answer, source, voucherCode, codeOf, testId = 'd2v-proposals' }: {
  answer: TransferAnswer;
  source: DocSource;
  voucherCode: (code: string | null) => string;
  /** A document's code by id (as stored), for the refused ones no voucher names. */
  codeOf: (id: number) => string | undefined;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('docToVoucher');
  // Documents refused before any voucher was proposed for them (not audited, already generated, paid but no paying account…): each with why.
  const inVoucher = new Set(answer.vouchers.flatMap((v) => v.docIds));
  const refused = answer.results.filter((r) => !r.ok && !inVoucher.has(r.id));
  return (
    <Stack gap="xs" data-testid={testId} style={{ overflow: 'auto' }}>
      <Text fw={600}>{t(answer.preview ? 'proposalTitle' : 'resultTitle', { count: answer.vouchers.length })}</Text>
      {answer.vouchers.map((v) => {
        const balanced = v.lines.length > 0 && v.debitCents === v.creditCents;
        return (
          <Paper key={v.docIds.join(',')} withBorder p="xs" data-testid="d2v-proposal" data-balanced={balanced ? 'true' : 'false'} data-voucher-id={v.voucherId ?? ''}>
            <Group gap="sm" mb={4}>
              <Text size="sm">{t('proposal', { date: v.markDate, docs: v.docCodes.map((c) => docCode(source, c)).join(', ') })}</Text>
              {v.code ? <Badge color="red" data-testid="d2v-error">{v.msg}</Badge>
                : v.voucherId ? <Badge color="green" data-testid="d2v-voucher">{t('written', { code: voucherCode(v.voucherCode) })}</Badge>
                  : <Badge color={balanced ? 'green' : 'red'}>{t(balanced ? 'balanced' : 'unbalanced')}</Badge>}
            </Group>
            {v.lines.length > 0 && (
              <Table withTableBorder striped fz="xs">
                <Table.Thead>
                  <Table.Tr><Table.Th>{t('lines.summary')}</Table.Th><Table.Th>{t('lines.subject')}</Table.Th><Table.Th ta="right">{t('lines.debit')}</Table.Th><Table.Th ta="right">{t('lines.credit')}</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {v.lines.map((l, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{l.summary}</Table.Td>
                      <Table.Td>
                        {`${l.subjectCode} ${localName(i18n.language, { name: l.subjectName, nameEn: l.subjectNameEn })}`}
                        {l.auxes.length > 0 && (
                          <Text span size="xs" c="dimmed" data-testid="d2v-line-aux">
                            {` — ${l.auxes.map((a) => { const ty = auxTypes.find((x) => x.id === a.auxTypeId); return `${ty ? localTypeName(i18n.language, ty) : ''}: ${a.name}`; }).join(', ')}`}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{l.direction ? formatCents(Number(l.amount)) : ''}</Table.Td>
                      <Table.Td ta="right">{l.direction ? '' : formatCents(Number(l.amount))}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr fw={600}>
                    <Table.Td colSpan={2}>{t('lines.total')}</Table.Td>
                    <Table.Td ta="right" data-testid="d2v-debit">{formatCents(Number(v.debitCents))}</Table.Td>
                    <Table.Td ta="right" data-testid="d2v-credit">{formatCents(Number(v.creditCents))}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        );
      })}
      {refused.length > 0 && (
        <Paper withBorder p="xs" data-testid="d2v-refused">
          {refused.map((r) => {
            const code = codeOf(r.id);
            return <Text key={r.id} size="sm" c="red">{t('refusedDoc', { doc: code ? docCode(source, code) : `#${r.id}`, msg: r.msg ?? r.code ?? '' })}</Text>;
          })}
        </Paper>
      )}
    </Stack>
  );
}
