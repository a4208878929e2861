/**
 * /businessQuery (业务查询, right 103, decision 051): what the company's matters bring in, from the
 * business records (GET /report/businessQuery). Cases, or cases grouped by lead client, lead
 * director or department, with the contract, what was invoiced, reversed and received in the date
 * range, and what is outstanding and unbilled at its end; the totals as tiles and as the grid's
 * last row. Keys: the grid takes the focus; Enter on a group shows its cases, Enter on a case
 * opens it (with its invoices), L opens its lines in the books (the sub-ledger by the project
 * dimension, for those who may read the books); Backspace goes back up; 1–4 group by case, client, director,
 * department; `/` goes to the filter's keyword box, where Enter searches and ↓ goes back to the rows.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../common/select';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CellKeyDownEvent, ColDef, FirstDataRenderedEvent, GridApi } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { businessApi, projectApi } from '../../../contract/heads';
import { businessGroupings, type BusinessGrouping, type BusinessQueryFilterInput, type BusinessRowDto } from '../../../contract/business';
import type { ProjectDto } from '../../../contract/clients';
import { projectKinds } from '../../../domain/enums';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { useScope, useSession } from '../../session/store';
import { canOpen, findPage } from '../../routes/access';
import { periodsQueryOptions } from '../../queries/account';
import { drillHref } from '../ledger-aux/aux-ledger-model';
import { notifyError } from '../../queries/admin-common';
import { ReadGrid, SORTABLE_READ_COL } from '../../../../grids/list/read-grid';
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { DateField } from '../common/date-field';
import { useRangeCheck } from '../common/range-filter';
import { NoCompany } from '../common/list-page';
import { StatTiles } from '../dashboard/stat-tiles';
import { reportAmount, ReportGridFrame } from '../report/report-grid';
import { ReportExport } from '../ledger-aux/export-button';
import { ProjectViewDialog } from '../clients/project-view-dialog';
import '../report/report.css';
import { todayIso } from '../common/today';
import { useTabState } from '../../shell/tab-state';
import { FIELD_ROW } from '../../../../grids/list/field-row';

type Row = BusinessRowDto & { total?: boolean };
type Kind = (typeof projectKinds)[number];

/** One level of the drill: the grouping shown and, inside a group, which one. */
interface Level {
  groupBy: BusinessGrouping;
  drill: Pick<BusinessQueryFilterInput, 'clientId' | 'principalId' | 'departmentId'>;
  /** The group's name (the breadcrumb); the row to focus when coming back up. */
  label?: string;
  from?: string;
}

const DRILL: Record<Exclude<BusinessGrouping, 'PROJECT'>, (r: Row) => Level['drill']> = {
  CLIENT: (r) => ({ clientId: r.id ?? undefined }),
  PRINCIPAL: (r) => ({ principalId: r.id ?? undefined }),
  DEPARTMENT: (r) => ({ departmentId: r.id }),
};


/** The case's books: the sub-ledger by auxiliary (type 5, project) of the shell's year. */
const CASE_LEDGER_PATH = '/voucher/business/subLedgerByAuxiliary';
const PROJECT_AUX = 5;

export function BusinessQueryPage() {
  const { t } = useTranslation(['business', 'clients', 'errors']);
  const { companyId, accountYearId } = useScope();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((x) => x.user);
  const ledgerPage = findPage(CASE_LEDGER_PATH);
  // Only for those who may read the books (the finance reports' menu).
  const mayOpenBooks = !!ledgerPage && canOpen(ledgerPage, user);
  const today = todayIso();
  const [from, setFrom] = useTabState<string>(`business:from:${companyId}`, () => `${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useTabState<string>(`business:to:${companyId}`, () => today);
  const [kind, setKind] = useTabState<Kind | null>(`business:kind:${companyId}`, () => null);
  const [typed, setTyped] = useTabState<string>(`business:typed:${companyId}`, () => '');
  const [keyword, setKeyword] = useTabState<string>(`business:keyword:${companyId}`, () => '');
  const [includeDisabled, setIncludeDisabled] = useTabState<boolean>(`business:includeDisabled:${companyId}`, () => false);
  const [outstandingOnly, setOutstandingOnly] = useTabState<boolean>(`business:outstandingOnly:${companyId}`, () => false);
  const [levels, setLevels] = useTabState<Level[]>(`business:levels:${companyId}`, () => [{ groupBy: 'PROJECT', drill: {} }]);
  const [viewing, setViewing] = useState<ProjectDto | null>(null);
  const filterRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<GridApi<Row> | null>(null);
  /** Where the caret goes when the next rows arrive: the first row (a drill) or the row a drill came from (back up). */
  const pendingFocus = useRef<{ key?: string } | null>(null);
  const level = levels[levels.length - 1];
  // A range ending before it starts is said under its end and not asked (range-filter.ts).
  const range = useRangeCheck({ from, to }, [['from', 'to']]);

  const filter: BusinessQueryFilterInput | null = companyId && from && to ? {
    companyId, groupBy: level.groupBy, from, to, ...level.drill,
    ...(keyword ? { keyword } : {}), ...(kind ? { kind } : {}), includeDisabled, outstandingOnly,
  } : null;
  const answer = useQuery({
    queryKey: ['report', 'businessQuery', filter],
    queryFn: async ({ signal }) => call(businessApi.query, { query: { filter: filter! } }, { signal }),
    enabled: filter !== null && !range.reversed,
    placeholderData: (previous) => previous,
  });
  const data = answer.data;
  // The grouping of the rows on screen: the columns change with the rows, not before them.
  const shown: BusinessGrouping = data?.groupBy ?? level.groupBy;

  const columns = useMemo<ColDef<Row>[]>(() => {
    const cases = shown === 'PROJECT';
    const figure = (field: keyof BusinessRowDto, width = 125): ColDef<Row> => ({ field, headerName: t(`business:columns.${field}`), width, type: ['rightAligned', 'cents'], valueFormatter: reportAmount });
    const count = (field: 'cases' | 'invoiceCount', width = 80): ColDef<Row> => ({ field, headerName: t(`business:columns.${field}`), width, type: 'rightAligned', valueFormatter: (p) => (p.value ? String(p.value) : '') });
    const name: ColDef<Row> = cases
      ? { field: 'name', headerName: t('business:columns.case'), minWidth: 200, flex: 1, pinned: 'left', cellClassRules: { 'ld-row-muted': (p) => !!p.data?.disabled } }
      : { field: 'name', headerName: t(`business:groups.${shown}`), minWidth: 200, flex: 1, pinned: 'left', valueGetter: (p) => (p.data?.total ? p.data.name : p.data?.name || t(`business:none.${shown}`)) };
    // The figures first (what the query is for), the case's particulars after them.
    const about: ColDef<Row>[] = cases ? [
      { colId: 'clients', headerName: t('business:columns.clients'), minWidth: 160, flex: 1, valueGetter: (p) => (p.data?.clients ?? []).join(t('business:separator')) },
      { colId: 'principals', headerName: t('business:columns.principals'), width: 130, valueGetter: (p) => (p.data?.principals ?? []).join(t('business:separator')) },
      { field: 'department', headerName: t('business:columns.department'), width: 110 },
      { colId: 'kind', headerName: t('business:columns.kind'), width: 100, valueGetter: (p) => (p.data?.kind ? t(`clients:project.kinds.${p.data.kind}`) : '') },
    ] : [];
    return [
      { field: 'code', headerName: t('business:columns.code'), width: 105, pinned: 'left' },
      name,
      ...(cases ? [] : [count('cases')]),
      figure('contract', 125),
      count('invoiceCount', 75),
      figure('invoiced', 120), figure('red', 105), figure('received', 120), figure('outstanding', 120), figure('unbilled', 120),
      { field: 'lastInvoiceDate', headerName: t('business:columns.lastInvoiceDate'), width: 110 },
      ...about,
    ];
  }, [t, shown]);

  const totalRow: Row[] = data && data.rows.length ? [{
    key: 'total', id: null, code: '', name: t('business:total', { count: data.totals.cases }), kind: null, clients: [], principals: [], department: null, disabled: false, total: true, ...data.totals,
  }] : [];

  const setGroup = (groupBy: BusinessGrouping) => setLevels([{ groupBy, drill: {} }]);
  const up = () => {
    if (levels.length < 2) return;
    pendingFocus.current = { key: levels[levels.length - 1].from };
    setLevels(levels.slice(0, -1));
  };
  const focusRow = (api: GridApi<Row>, key: string | undefined) => {
    const index = key ? api.getRowNode(key)?.rowIndex ?? 0 : 0;
    if (api.getDisplayedRowCount() === 0) return;
    api.ensureIndexVisible(index);
    api.setFocusedCell(index, 'code');
  };
  const open = async (row: Row) => {
    if (row.total) return;
    if (shown !== 'PROJECT') {
      pendingFocus.current = {};
      setLevels([...levels, { groupBy: 'PROJECT', drill: DRILL[shown](row), label: row.name || t(`business:none.${shown}`), from: row.key }]);
      return;
    }
    if (!companyId || row.id === null) return;
    try {
      const found = await call(projectApi.list, { query: { filter: { companyId, id: [row.id] }, limit: 1 } });
      if (found.content[0]) setViewing(found.content[0]);
    } catch (err) {
      notifyError(err);
    }
  };
  /** L on a case: its lines in the books, the shell's year from its first period to the range's end (else the year's last). */
  const openBooks = async (row: Row) => {
    if (!mayOpenBooks || shown !== 'PROJECT' || row.total || row.id === null) return;
    if (!accountYearId) {
      notifications.show({ color: 'orange', message: t('business:chooseYear') });
      return;
    }
    let periods;
    try {
      periods = [...(await qc.ensureQueryData(periodsQueryOptions(accountYearId)))].sort((a, b) => a.startAt.localeCompare(b.startAt));
    } catch (err) {
      notifyError(err);
      return;
    }
    if (!periods.length) return;
    const end = periods.find((p) => p.startAt.slice(0, 10) <= to && to <= p.endAt.slice(0, 10)) ?? periods[periods.length - 1];
    void navigate({ href: drillHref(CASE_LEDGER_PATH, {
      startPeriodId: periods[0].id, endPeriodId: end.id, includeUnbooked: true, auxTypeId: PROJECT_AUX,
      value: { id: row.id, code: row.code ?? '', name: row.name },
    }) });
  };
  const onKey = (e: CellKeyDownEvent<Row>) => {
    const ev = e.event as KeyboardEvent | null | undefined;
    if (!ev || ev.ctrlKey || ev.altKey || ev.metaKey) return;
    if (ev.key === 'Enter' && e.data) {
      ev.preventDefault();
      void open(e.data);
    } else if (ev.key === 'Backspace') {
      ev.preventDefault();
      up();
    } else if (ev.key === '/') {
      ev.preventDefault();
      // The keyword box (the filter's text search); the date fields come after it by Tab.
      const box = filterRef.current?.querySelector<HTMLInputElement>('[data-testid="bq-keyword"]');
      box?.focus();
      box?.select();
    } else if ((ev.key === 'l' || ev.key === 'L') && e.data) {
      ev.preventDefault();
      void openBooks(e.data);
    } else if (/^[1-4]$/.test(ev.key)) {
      ev.preventDefault();
      setGroup(businessGroupings[Number(ev.key) - 1]);
    }
  };

  if (!companyId) return <NoCompany />;
  const totals = data?.totals;
  // The tiles stand from the start (dashes until the answer): the page does not jump when it comes.
  const cents = (v: string | undefined) => (v === undefined ? null : formatCents(BigInt(v)));
  const at = data ? t('business:tiles.at', { date: data.to }) : null;
  const tiles = [
    { key: 'contract', value: cents(totals?.contract), sub: totals ? t('business:tiles.cases', { count: totals.cases }) : null },
    { key: 'invoiced', value: cents(totals?.invoiced), sub: totals ? t('business:tiles.invoices', { count: totals.invoiceCount, red: formatCents(BigInt(totals.red)) }) : null },
    { key: 'received', value: cents(totals?.received) },
    { key: 'outstanding', value: cents(totals?.outstanding), alert: !!totals && BigInt(totals.outstanding) > 0n, sub: at },
    { key: 'unbilled', value: cents(totals?.unbilled), alert: !!totals && BigInt(totals.unbilled) < 0n, sub: at },
  ];
  const searchKeys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      setKeyword(typed.trim());
    } else if (e.key === 'ArrowDown' && apiRef.current?.getDisplayedRowCount()) {
      // Back to the rows (as from the conflict check's name box).
      e.preventDefault();
      focusRow(apiRef.current, undefined);
    }
  };

  return (
    <Stack gap="sm" h="100%" data-testid="business-query">
      <Title order={4}>{t('business:title')}</Title>
      <Group gap="sm" align="flex-end" ref={filterRef} data-testid="bq-filter" className={FIELD_ROW}>
        <DateField size="xs" label={t('business:from')} value={from} onChange={(v) => v && setFrom(v)} clearable={false} w={130} data-testid="bq-from" />
        <DateField size="xs" label={t('business:to')} value={to} onChange={(v) => v && setTo(v)} clearable={false} w={130} error={range.error('to')} data-testid="bq-to" />
        <TextInput size="xs" label={t('business:keyword')} placeholder={t('business:keywordHint')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={searchKeys} onBlur={() => setKeyword(typed.trim())} maxLength={50} w={220} data-testid="bq-keyword" />
        <Select size="xs" label={t('business:kind')} placeholder={t('business:allKinds')} clearable data={projectKinds.map((k) => ({ value: k, label: t(`clients:project.kinds.${k}`) }))}
          value={kind} onChange={(v) => setKind(v as Kind | null)} w={130} data-testid="bq-kind" />
        <Checkbox size="xs" label={t('business:includeDisabled')} checked={includeDisabled} onChange={(e) => setIncludeDisabled(e.currentTarget.checked)} data-testid="bq-disabled" />
        <Checkbox size="xs" label={t('business:outstandingOnly')} checked={outstandingOnly} onChange={(e) => setOutstandingOnly(e.currentTarget.checked)} data-testid="bq-outstanding" />
        <div style={{ marginLeft: 'auto' }}>
          <ReportExport start={filter && !range.reversed && data?.rows.length ? () => call(businessApi.export, { body: { filter } }) : null} />
        </div>
      </Group>
      <Group gap="sm" justify="space-between">
        <SegmentedControl size="xs" value={levels[0].groupBy} onChange={(v) => setGroup(v as BusinessGrouping)} data-testid="bq-group"
          data={businessGroupings.map((g, i) => ({ value: g, label: `${i + 1} ${t(`business:groupBy.${g}`)}` }))} />
        {levels.length > 1 && (
          <Breadcrumbs data-testid="bq-path">
            {levels.map((l, i) => (i < levels.length - 1
              ? <Anchor key={i} size="sm" onClick={() => setLevels(levels.slice(0, i + 1))}>{i === 0 ? t(`business:groupBy.${l.groupBy}`) : l.label}</Anchor>
              : <Text key={i} size="sm" fw={600}>{l.label}</Text>))}
          </Breadcrumbs>
        )}
      </Group>
      {answer.error && <Alert color="red" py={6}>{answer.error.message}</Alert>}
      <StatTiles tiles={tiles.map((x) => ({ ...x, label: t(`business:tiles.${x.key}`) }))} testId="bq" cols={{ base: 2, sm: 3, lg: 5 }} />
      <Text size="xs" c="dimmed" data-testid="bq-keys">{t('business:keys')}{mayOpenBooks ? ` ${t('business:booksKey')}` : ''}</Text>
      <ReportGridFrame testId="bq-grid" offset={400}>
        <ReadGrid<Row>
          columnDefs={columns}
          rowData={data?.rows ?? []}
          pinnedBottomRowData={totalRow}
          getRowId={(p) => p.data.key}
          defaultColDef={SORTABLE_READ_COL}
          rowClassRules={{ 'ld-report-bold': (p) => !!p.data?.total }}
          emptyText={t('business:empty')}
          loading={answer.isFetching && !data}
          onGridReady={(e) => {
            apiRef.current = e.api;
          }}
          onGridPreDestroyed={() => {
            apiRef.current = null;
          }}
          onRowDoubleClicked={(e) => e.data && void open(e.data)}
          onCellKeyDown={onKey}
          onFirstDataRendered={(e: FirstDataRenderedEvent<Row>) => focusFirstCell(e.api, 'code')}
          onRowDataUpdated={(e) => {
            const pending = pendingFocus.current;
            if (!pending) return;
            pendingFocus.current = null;
            focusRow(e.api, pending.key);
          }}
        />
      </ReportGridFrame>
      <ProjectViewDialog project={viewing} canOperate={false} onClose={() => setViewing(null)} onEdit={() => undefined} onNew={() => undefined} />
    </Stack>
  );
}
