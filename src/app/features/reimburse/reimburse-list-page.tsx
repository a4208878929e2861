/**
 * /cashier/reimburseManagement (spec 01 §2, right 30104; decision 034): the company's
 * reimbursements in an AG Grid list with filters (mark date range, submitter, state, expense kind,
 * invoice number; the keyword box matches the code), Enter or double click opens the document in
 * its editor tab, batch Audit / Cancel audit with one result per document (Enter on its OK puts the
 * caret back on the row it came from), Export (the ticked documents; with none ticked 'There is no
 * data to export!', spec 02 §5, §8, as the master-data lists) / Import / Template of the expense workbook.
 */
import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { Select } from '../common/select';
import { IconFilterOff } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { GridApi, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { useListCaretReturn } from '../../../../grids/list/caret-return';
import type { ListColumn } from '../../../../grids/list/columns';
import type { ExpenseDto, ExpenseFilter, ExpenseLockResult } from '../../../contract/expense';
import { formatCents } from '../../../domain/money';
import { formatReimbursementCode } from '../../../domain/reimbursement';
import { RIGHTS } from '../../../domain/rights';
import { useHasRight, useScope } from '../../session/store';
import { notifyError } from '../../queries/admin-common';
import { ListPage, NoCompany } from '../common/list-page';
import { EmployeeField } from '../pickers/employee-field';
import { downloadExpenseTemplate, expenseKeys, expenseKindsOptions, expensePageOptions, exportExpenses, importExpenses, lockExpenses } from './reimburse-queries';
import { ImportDialog } from '../common/import-dialog';
import { DateField } from '../common/date-field';
import { unlessReversed, useRangeCheck } from '../common/range-filter';
import { useExportProgress } from '../common/export-progress';
import { useTabState } from '../../shell/tab-state';
import { FIELD_ROW } from '../../../../grids/list/field-row';
import { useOpenedRowCaret } from '../voucher/voucher-list-caret';
import { useLocalVoucherCode } from '../voucher/voucher-sources';


// Every column fits at 1400 px wide in either language (the auditor and the voucher were off to
// the right; 'Unaudited' was cut off): dates and amounts as wide as the voucher list's; the voucher
// as "General-0005"; maker and auditor share what is left ("系统管理员" whole at 1440 px).
const columns: ListColumn<ExpenseDto>[] = [
  { field: 'code', headerKey: 'reimburse:list.code', width: 100, sortable: true, format: 'code' },
  { field: 'markAt', headerKey: 'reimburse:list.markAt', width: 92, sortable: true },
  { field: 'submitAt', headerKey: 'reimburse:list.submitAt', width: 96, sortable: true },
  { field: 'submitter', headerKey: 'reimburse:list.submitter', width: 84, format: 'person' },
  { field: 'invoiceCount', headerKey: 'reimburse:list.invoiceCount', width: 72, align: 'right' },
  { field: 'amount', headerKey: 'reimburse:list.amount', width: 96, align: 'right', format: 'cents', negative: true },
  { field: 'payAt', headerKey: 'reimburse:list.payAt', width: 92, sortable: true },
  { field: 'payAmount', headerKey: 'reimburse:list.payAmount', width: 100, align: 'right', format: 'cents', negative: true, sortable: true },
  { field: 'lockAt', headerKey: 'reimburse:list.state', width: 88, format: 'state' },
  { field: 'voucherCode', headerKey: 'reimburse:list.voucher', width: 100, renderer: 'voucher' },
  { field: 'marker', headerKey: 'reimburse:list.marker', minWidth: 78, flex: 1, format: 'person' },
  { field: 'locker', headerKey: 'reimburse:list.locker', minWidth: 78, flex: 1, format: 'person' },
];

type Filter = Omit<ExpenseFilter, 'companyId'>;

interface Ctx {
  /** "记-0005" in the reader's language ("General-0005"). */
  voucherLabel: (code: string) => string;
}

// A renderer reading the context, not a formatter: the voucher kinds (and a language switch) come
// after the rows may have been drawn, and a new context redraws the cells (list-grid.tsx).
const renderers = {
  voucher: (p: ICellRendererParams<ExpenseDto, unknown, Ctx>) => (p.data?.voucherCode ? p.context.voucherLabel(p.data.voucherCode) : null),
};

export function ReimburseListPage() {
  const { t } = useTranslation(['reimburse', 'common', 'errors']);
  const { companyId, accountId } = useScope();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const canAudit = useHasRight(RIGHTS.REIMBURSE_EDIT);
  const kinds = useQuery(expenseKindsOptions(companyId));
  const [filter, setFilter] = useTabState<Filter>(`reimburses:filter:${companyId}`, () => ({}));
  const [results, setResults] = useState<ExpenseLockResult[] | null>(null);
  // Reset filters clears the submitter box too: its text is its own, so it is drawn anew.
  const [resets, setResets] = useState(0);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const apiRef = useRef<GridApi<ExpenseDto> | null>(null);
  // The caret when a batch ran (else its first document) comes back once the results have gone.
  const caretReturn = useListCaretReturn(apiRef, { defaultColId: 'code' });
  // Back from the document opened with Enter, the caret is on its row again (voucher-list-caret.ts).
  const openedCaret = useOpenedRowCaret(`reimburses:${companyId}`, apiRef, 'code');
  const open = (e: ExpenseDto) => {
    openedCaret.noteOpened(e.id);
    void navigate({ href: `/newReimburse/${e.id}` });
  };
  // Export runs as a background task with the shared progress bar (decision 043).
  const exporter = useExportProgress();
  // The voucher a document became, in the UI language ("General-0005", not the server's "记-0005").
  const voucherCode = useLocalVoucherCode(accountId);
  const context = useMemo<Ctx>(() => ({ voucherLabel: (code) => voucherCode(code) }), [voucherCode]);
  const formatters = useMemo(() => ({
    code: (v: unknown) => formatReimbursementCode(String(v ?? '')),
    cents: (v: unknown) => (typeof v === 'number' ? formatCents(v) : ''),
    person: (v: unknown) => (v && typeof v === 'object' ? (v as { name: string }).name : ''),
    state: (v: unknown) => t(v ? 'reimburse:states.audited' : 'reimburse:states.unaudited'),
  }), [t]);
  // A mark-date range ending before it starts (the contract's rule): said under its end and not asked (range-filter.ts).
  const range = useRangeCheck(filter, [['markFrom', 'markTo']]);
  if (!companyId) return <NoCompany />;

  const patch = (p: Partial<Filter>) => setFilter((f) => {
    const next = { ...f, ...p };
    for (const k of Object.keys(next) as (keyof Filter)[]) if (next[k] === undefined || next[k] === '' || next[k] === null) delete next[k];
    return next;
  });
  const batch = async (lock: boolean, rows: ExpenseDto[]) => {
    if (!rows.length) {
      notifications.show({ color: 'orange', message: t('reimburse:messages.selectFirst') });
      return;
    }
    caretReturn.note(rows[0].id);
    setBusy(true);
    try {
      const r = await lockExpenses(lock, rows.map((x) => x.id));
      setResults(r);
      void qc.invalidateQueries({ queryKey: expenseKeys.all(companyId) });
    } catch (e) {
      caretReturn.forget();
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const kindData = (kinds.data ?? []).map((k) => ({ value: String(k.id), label: k.name }));

  return (
    <>
      <ListPage<ExpenseDto>
        gridId="cashier.reimburseManagement"
        columns={columns}
        query={(req) => unlessReversed(expensePageOptions(companyId, filter, req), range.reversed)}
        resetKey={[companyId, filter]}
        getRowId={(e) => e.id}
        rowLabel={(e) => formatReimbursementCode(e.code)}
        formatters={formatters}
        renderers={renderers}
        context={context}
        onAnswer={openedCaret.onAnswer}
        keywordPlaceholder={t('reimburse:list.code')}
        filters={
          // Labelled (a filled box lost its placeholder, the only word saying what it was; the submitter
          // had none) and of the default size, the submitter field's (EmployeeField takes no other).
          <Group gap={6} wrap="wrap" align="flex-end" className={FIELD_ROW} data-testid="reimburse-filters">
            <DateField w={136} label={t('reimburse:list.markFrom')} value={filter.markFrom ?? ''} onChange={(v) => patch({ markFrom: v || undefined })} data-testid="reimburse-filter-from" />
            <DateField w={136} label={t('reimburse:list.markTo')} value={filter.markTo ?? ''} onChange={(v) => patch({ markTo: v || undefined })} error={range.error('markTo')} data-testid="reimburse-filter-to" />
            <Select w={100} label={t('reimburse:list.state')} data={[{ value: '', label: t('reimburse:list.stateAll') }, { value: 'UNAUDITED', label: t('reimburse:states.unaudited') }, { value: 'AUDITED', label: t('reimburse:states.audited') }]} value={filter.state ?? ''} onChange={(v) => patch({ state: (v || undefined) as Filter['state'] })} allowDeselect={false} data-testid="reimburse-filter-state" />
            <Select w={120} label={t('reimburse:columns.kind')} data={[{ value: '', label: t('reimburse:list.kindAll') }, ...kindData]} value={filter.expenseKindId ? String(filter.expenseKindId) : ''} onChange={(v) => patch({ expenseKindId: v ? Number(v) : undefined })} allowDeselect={false} data-testid="reimburse-filter-kind" />
            <TextInput w={130} label={t('reimburse:list.invoiceNo')} value={filter.invoiceNo ?? ''} onChange={(e) => patch({ invoiceNo: e.currentTarget.value || undefined })} data-testid="reimburse-filter-invoice" />
            <Box w={170}>
              <EmployeeField key={resets} companyId={companyId} value={filter.submitterId ?? null} onChange={(e) => patch({ submitterId: e?.id })} label={t('reimburse:list.submitter')} testId="reimburse-filter-submitter" hideDisabled={false} />
            </Box>
            {/* The keyboard's way to clear every filter, the submitter's too (its clear button takes no Tab). */}
            <Tooltip label={t('reimburse:actions.reset')} withArrow>
              <ActionIcon size="lg" variant="subtle" aria-label={t('reimburse:actions.reset')} onClick={() => { setFilter({}); setResets((n) => n + 1); }} data-testid="reimburse-filter-reset">
                <IconFilterOff size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        }
        actions={[
          { key: 'new', allowed: canAudit, testId: 'reimburse-new', run: () => void navigate({ href: '/newReimburse/new' }) },
          { key: 'open', label: t('reimburse:actions.open'), selection: 'one', testId: 'reimburse-open', run: (rows) => open(rows[0]) },
          { key: 'audit', label: t('reimburse:actions.auditSelected'), selection: 'some', allowed: canAudit, loading: busy, testId: 'reimburse-batch-audit', run: (rows) => void batch(true, rows) },
          { key: 'cancelAudit', label: t('reimburse:actions.cancelAuditSelected'), selection: 'some', allowed: canAudit, loading: busy, testId: 'reimburse-batch-cancel', run: (rows) => void batch(false, rows) },
          // Enabled with nothing ticked so that it says why nothing goes out (the spec's message), never the whole list unasked.
          { key: 'export', selection: 'none', loading: exporter.running, testId: 'reimburse-export', run: (rows) => (rows.length
            ? void exportExpenses(companyId, { id: rows.map((r) => r.id) }).then((task) => exporter.start(task.token), notifyError)
            : notifyError(new Error(t('errors:NO_DATA_TO_EXPORT')))) },
          { key: 'import', allowed: canAudit, testId: 'reimburse-import', run: () => setImporting(true) },
          { key: 'template', allowed: canAudit, testId: 'reimburse-template', run: () => void downloadExpenseTemplate().catch(notifyError) },
        ]}
        onRowOpen={open}
        onGridApi={(api) => {
          apiRef.current = api;
        }}
        toolbarExtra={exporter.bar}
      />
      <ImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        testId="reimburse-import-dialog"
        onImport={async (file) => {
          const r = await importExpenses(companyId, file);
          void qc.invalidateQueries({ queryKey: expenseKeys.all(companyId) });
          notifications.show({ color: 'green', message: t('reimburse:messages.imported', { count: r.created }) });
          return r;
        }}
      />
      {/* OK has the focus: Enter closes the results and the caret is back on the rows (caretReturn). */}
      <Modal opened={results !== null} onClose={() => setResults(null)} title={t('reimburse:list.results')} size={560} data-testid="reimburse-results" {...caretReturn.modalProps}>
        {results && (
          <Stack gap="sm">
            {/* The count first, in the dialog (a notification over it covered its title). */}
            <Text size="sm" data-testid="reimburse-results-summary">
              {t('reimburse:list.resultsSummary', { total: results.length, ok: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length })}
            </Text>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reimburse:list.code')}</Table.Th>
                  <Table.Th>{t('reimburse:list.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((r) => (
                  <Table.Tr key={r.id} data-testid={`reimburse-result-${r.ok ? 'ok' : 'refused'}`}>
                    <Table.Td>{r.code ? formatReimbursementCode(r.code) : `#${r.id}`}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge size="sm" variant="light" color={r.ok ? 'green' : 'red'}>{t(r.ok ? 'reimburse:list.resultOk' : 'reimburse:list.resultRefused')}</Badge>
                        {!r.ok && r.msg && <Text c="red.7" size="sm">{r.msg}</Text>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {!results.length && <Alert>{t('reimburse:messages.selectFirst')}</Alert>}
            <Group justify="flex-end">
              <Button data-autofocus onClick={() => setResults(null)} data-testid="reimburse-results-ok">{t('common:ok')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
