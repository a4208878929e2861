/**
 * /voucher/daily/documentToVoucher (单据生成凭证, spec 01 §2; decision 037). Audited reimbursements
 * or cash / bank journal lines not yet made into vouchers, in an AG Grid (Space ticks a row); the
 * options say how the vouchers are made (voucher kind, one per document or grouped, the paying
 * account (both remembered in this browser per ledger set), the subject of each expense kind (the
 * ledger set's rules on the server, pre-filled, remembered when vouchers are generated) and fixed
 * auxiliary values for lines the documents cannot fill); Preview shows the proposed vouchers with
 * their lines, auxiliary values and whether they balance, Generate writes them (each voucher with its
 * documents' link in one transaction) and shows the result per voucher.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Select } from '../common/select';
import { notifications } from '@mantine/notifications';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReadGrid, SORTABLE_READ_COL } from '../../../../grids/list/read-grid';
import type { ColDef, GridApi, SelectionChangedEvent } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { bankAccountApi, docToVoucherApi, expenseApi } from '../../../contract/heads';
import type { BillDocDto, DocSource, TransferAnswer } from '../../../contract/doc-to-voucher';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { allSubjectsOptions } from '../../queries/subjects';
import { notifyError } from '../../queries/admin-common';
import { useScope } from '../../session/store';
import { voucherKindsOptions } from '../voucher/voucher-queries';
import { auxTypes } from '../../../domain/enums';
import { AuxValuePicker } from '../ledger-aux/aux-value-picker';
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

interface Remembered { bankAccountId: number | null; kindId: number | null }
function remembered(accountId: number | null): Remembered {
  try {
    const { bankAccountId = null, kindId = null } = JSON.parse(localStorage.getItem(storageKey(accountId)) ?? '{}') as Partial<Remembered>;
    return { bankAccountId, kindId };
  } catch {
    return { bankAccountId: null, kindId: null };
  }
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
  const subjectOptions = useMemo(() => (subjects.data?.content ?? []).filter((s) => s.leaf && !s.disabled)
    .map((s) => ({ value: String(s.id), label: `${s.code} ${localName(i18n.language, s)}` })), [subjects.data, i18n.language]);
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
    { field: 'voucherCode', headerName: t('columns.voucher'), width: 130, valueFormatter: (p) => voucherCode(p.value as string | null) },
  ], [t, source, voucherCode]);

  const run = async (preview: boolean) => {
    if (!accountId || !kindId) return;
    if (!selected.length) {
      notifications.show({ color: 'orange', message: t('selectFirst') });
      return;
    }
    setBusy(true);
    try {
      const body = {
        accountId, source, kindId, grouping, preview, ids: selected.map((d) => d.id),
        auxValues: Object.entries(fixedAux).map(([type, v]) => ({ auxTypeId: Number(type), auxId: v.id })),
        ...(source === 'EXPENSE' ? {
          kindSubjects: Object.entries(kindSubjects).map(([k, s]) => ({ expenseKindId: Number(k), subjectId: s })),
          ...(memory.bankAccountId ? { bankAccountId: memory.bankAccountId } : {}),
        } : {}),
      };
      const a = await call(docToVoucherApi.billsTransfer, { body });
      setAnswer({ answer: a, source });
      if (!preview) {
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

  const switchSource = (v: string) => {
    setSource(v as DocSource);
    setGrouping('DOCUMENT');
    setSelected([]);
    setAnswer(null);
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
          {/* Not before the voucher kind is known (the ledger set's kinds loading): a press then would do nothing. */}
          <Button onClick={() => void run(true)} loading={busy} disabled={!kindId} variant="light" data-testid="d2v-preview">{t('preview')}</Button>
          <Button onClick={() => void run(false)} loading={busy} disabled={!kindId} data-testid="d2v-generate">{t('generate')}</Button>
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
              ? (
                <RemovablePill key={a.id} data-testid={`d2v-aux-${a.id}`} removeLabel={t('options.clearAux', { type: typeName })}
                  onRemove={() => setFixedAux(({ [a.id]: _gone, ...rest }) => rest)} label={`${typeName}: ${v.code} ${v.name}`} />
              )
              : <Button key={a.id} size="compact-xs" variant="default" data-testid={`d2v-aux-pick-${a.id}`} onClick={() => setPickingAux(a.id)}>{`${typeName}…`}</Button>;
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
      {answer && <Proposals answer={answer.answer} source={answer.source} voucherCode={voucherCode} />}
      {pickingAux !== null && (
        <AuxValuePicker auxTypeId={pickingAux} opened companyId={companyId} accountId={accountId} accountYearId={accountYearId}
          onClose={() => setPickingAux(null)} onChoose={(v) => setFixedAux((f) => ({ ...f, [pickingAux]: v }))} />
      )}
    </Stack>
  );
}

function Proposals({ answer, source, voucherCode }: { answer: TransferAnswer; source: DocSource; voucherCode: (code: string | null) => string }) {
  const { t, i18n } = useTranslation('docToVoucher');
  return (
    <Stack gap="xs" data-testid="d2v-proposals" style={{ overflow: 'auto' }}>
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
    </Stack>
  );
}
