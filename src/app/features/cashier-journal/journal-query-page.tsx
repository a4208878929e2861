/**
 * /cashier/cashBankJournalQuery (spec 01 §2; decision 035): the journal lines of the ledger set's
 * bank accounts, paged on the server, each with its running balance (the account's, whatever the
 * filter); filters: bank account, date range, side, kind, amount range and a keyword (summary,
 * counterparty, kind). Enter or a double click opens the line's month in the entry sheet.
 * Search params `bankAccountId`, `dateFrom`, `dateTo` preset the filters (the balance report drills here).
 * Export (the lines the grid shows, the keyword included, in the grid's order — its date sort, else
 * journal order — as the 'cash' workbook, through a background task with the shared progress bar),
 * Import (into the filter's bank account, all or nothing) and Template. The voucher column names a
 * line's voucher in the reader's language, as the entry sheet does (voucherLabelIn).
 */
import { useMemo, useState } from 'react';
import type { ICellRendererParams } from 'ag-grid-community';
import { Alert, NumberInput, Text } from '@mantine/core';
import { Select } from '../common/select';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CashLineDto } from '../../../contract/cashier-journal';
import { formatCents, parseAmount } from '../../../domain/money';
import type { ListColumn } from '../../../../grids/list/columns';
import { useScope } from '../../session/store';
import { downloadJournalTemplate, exportJournal, importJournal, journalKeys, journalListOptions, journalRefsOptions, journalTotalOptions, shownJournalFilter, shownJournalSort, type JournalFilter } from '../../queries/cashier-journal';
import { notifyError } from '../../queries/admin-common';
import { ImportDialog } from '../common/import-dialog';
import { ListPage } from '../common/list-page';
import { FirstMatchSelect } from '../common/first-match-select';
import { DateField } from '../common/date-field';
import { unlessReversed, useRangeCheck } from '../common/range-filter';
import { useExportProgress } from '../common/export-progress';
import { useTabState } from '../../shell/tab-state';
import { voucherKindsOptions } from '../voucher/voucher-queries';
import { voucherLabelIn } from './journal-sheet';

/**
 * Every column fits a 1440 px window beside the menu. The amounts start narrow and the list widens
 * each to its widest figure (grids/list/amount-fit.ts), as the voucher list's do: the summary gives
 * way first, and a figure is never cut.
 */
const columns: ListColumn<CashLineDto>[] = [
  { field: 'bankAccount', headerKey: 'journal:bankAccount', width: 150, format: 'ref' },
  { field: 'date', headerKey: 'journal:columns.date', width: 100, sortable: true },
  { field: 'code', headerKey: 'journal:columns.code', width: 60 },
  { field: 'summary', headerKey: 'journal:columns.summary', minWidth: 120, flex: 1 },
  { field: 'kind', headerKey: 'journal:columns.kind', width: 120, format: 'ref' },
  { field: 'counterparty', headerKey: 'journal:columns.counterparty', width: 120 },
  { field: 'receiptCents', headerKey: 'journal:columns.receipt', width: 90, format: 'cents', negative: true, align: 'right' },
  { field: 'paymentCents', headerKey: 'journal:columns.payment', width: 90, format: 'cents', negative: true, align: 'right' },
  { field: 'balanceCents', headerKey: 'journal:columns.balance', width: 100, format: 'balance', negative: true, align: 'right' },
  // In the reader's language, as the entry sheet shows it ("记-0013", "General-0013"): wide enough for the English word.
  { field: 'voucherCode', headerKey: 'journal:columns.voucher', width: 104, renderer: 'voucher' },
  { field: 'createdByName', headerKey: 'journal:maker', width: 90 },
];

interface Ctx {
  /** "记-0013" in the reader's language ("General-0013"), as the entry sheet shows it. */
  voucherLabel: (code: string) => string;
}

const renderers = {
  voucher: (p: ICellRendererParams<CashLineDto, unknown, Ctx>) => (p.data?.voucherCode ? p.context.voucherLabel(p.data.voucherCode) : null),
};

/** An amount bound as typed, in cents through the domain's parser (no float arithmetic); blank or unreadable: no bound. */
const yuanToCents = (v: string | number) => {
  const r = parseAmount(String(v), { allowNegative: false });
  return r.ok ? r.cents : undefined;
};

export function JournalQueryPage() {
  const { t, i18n } = useTranslation(['journal', 'errors']);
  const { accountId } = useScope();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { bankAccountId?: unknown; dateFrom?: unknown; dateTo?: unknown };
  const refs = useQuery(journalRefsOptions(accountId));
  const voucherKinds = useQuery(voucherKindsOptions(accountId));
  const date = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
  // The filters stay with the tab; a drill from the balance report (other search params) starts afresh.
  const slot = (name: string) => `journalQuery:${name}:${accountId}:${JSON.stringify([search.bankAccountId, search.dateFrom, search.dateTo])}`;
  const [bankAccountId, setBankAccountId] = useTabState<string | null>(slot('bankAccountId'), () => (Number(search.bankAccountId) ? String(search.bankAccountId) : null));
  const [dateFrom, setDateFrom] = useTabState<string>(slot('dateFrom'), () => date(search.dateFrom));
  const [dateTo, setDateTo] = useTabState<string>(slot('dateTo'), () => date(search.dateTo));
  const [side, setSide] = useTabState<string | null>(slot('side'), () => null);
  const [kindId, setKindId] = useTabState<string | null>(slot('kindId'), () => null);
  const [amountMin, setAmountMin] = useTabState<string | number>(slot('amountMin'), () => '');
  const [amountMax, setAmountMax] = useTabState<string | number>(slot('amountMax'), () => '');
  const [importing, setImporting] = useState(false);
  // Export runs as a background task with the shared progress bar (decision 043).
  const exporter = useExportProgress();
  const qc = useQueryClient();
  const min = yuanToCents(amountMin);
  const max = yuanToCents(amountMax);
  // A date or amount range ending before it starts is said under its end and not asked (range-filter.ts).
  const range = useRangeCheck({ dateFrom, dateTo, amountMin: min, amountMax: max }, [['dateFrom', 'dateTo']], [['amountMin', 'amountMax']]);
  const filter = useMemo<JournalFilter>(() => {
    const f: JournalFilter = {};
    if (bankAccountId) f.bankAccountId = Number(bankAccountId);
    if (dateFrom) f.dateFrom = dateFrom;
    if (dateTo) f.dateTo = dateTo;
    if (side) f.side = side as JournalFilter['side'];
    if (kindId) f.kindId = Number(kindId);
    if (min !== undefined) f.amountMin = min;
    if (max !== undefined) f.amountMax = max;
    return f;
  }, [bankAccountId, dateFrom, dateTo, side, kindId, min, max]);
  // The footer: every line under the filter and the searched keyword, not only the page's (GET /cashier/cash/total).
  const [keyword, setKeyword] = useState('');
  const totals = useQuery(journalTotalOptions(accountId, filter, keyword, !range.reversed));
  // Said beside the list's tools, not as a pinned row: the sums are wider than any line's and would push the columns past a 1440 px window.
  const totalsText = totals.data ? t('journal:queryTotal', {
    count: totals.data.count, receipts: formatCents(Number(totals.data.receiptCents)), payments: formatCents(Number(totals.data.paymentCents)),
  }) : null;
  const formatters = useMemo(() => ({
    ref: (v: unknown) => {
      const r = v as { code?: string; name?: string } | null;
      return r?.name ? `${r.code ?? ''} ${r.name}` : '';
    },
    cents: (v: unknown) => (v && v !== '0' ? formatCents(Number(v)) : ''),
    balance: (v: unknown) => formatCents(Number(v ?? 0)),
  }), []);
  // The voucher kinds arrive after the lines may have: a new context redraws the cells (list-grid).
  const context = useMemo<Ctx>(() => ({ voucherLabel: (code) => voucherLabelIn(code, voucherKinds.data ?? [], i18n.language) }), [voucherKinds.data, i18n.language]);
  if (!accountId) return <Alert color="orange">{t('errors:MISSING_ACCOUNT_OR_PERIOD')}</Alert>;
  const accountOptions = (refs.data?.accounts ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }));
  const kindOptions = (refs.data?.kinds ?? []).map((k) => ({ value: String(k.id), label: `${k.code} ${k.name}` }));
  // The account to import into is the one chosen in the filter (from the address too), whether or
  // not the accounts' names have arrived yet: they only name it in the dialog's title.
  const importInto = bankAccountId ? Number(bankAccountId) : null;
  const target = (refs.data?.accounts ?? []).find((a) => String(a.id) === bankAccountId);
  return (
    <>
      <ListPage<CashLineDto>
        gridId="cashier.journalQuery"
        columns={columns}
        query={(req) => unlessReversed(journalListOptions(accountId, filter, req), range.reversed)}
        resetKey={JSON.stringify(filter)}
        getRowId={(l) => l.id}
        rowLabel={(l) => `${l.date} ${l.summary}`}
        selection="none"
        formatters={formatters}
        renderers={renderers}
        context={context}
        keywordPlaceholder={t('journal:keyword')}
        actions={[
          { key: 'export', selection: 'none', loading: exporter.running, testId: 'jq-export', run: (_rows, shown) => void exportJournal(accountId, shownJournalFilter(filter, shown.keyword), shownJournalSort(shown.sort)).then((task) => exporter.start(task.token), notifyError) },
          { key: 'import', testId: 'jq-import', run: () => (importInto ? setImporting(true) : notifications.show({ color: 'orange', message: t('journal:importPickAccount') })) },
          { key: 'template', testId: 'jq-template', run: () => void downloadJournalTemplate().catch(notifyError) },
        ]}
        onViewChange={(v) => setKeyword(v.keyword)}
        onRowOpen={(l) => void navigate({ href: `/cashier/cashBankJournalEdit?bankAccountId=${l.bankAccountId}&month=${l.date.slice(0, 7)}` })}
        toolbarExtra={<>
          {exporter.bar}
          {totalsText && <Text size="sm" fw={500} data-testid="jq-totals">{totalsText}</Text>}
        </>}
        filters={
          <>
            <FirstMatchSelect size="sm" w={190} label={t('journal:bankAccount')} placeholder={t('journal:report.allAccounts')} data={accountOptions} value={bankAccountId} onChange={setBankAccountId} clearable data-testid="jq-account" />
            <DateField size="sm" w={132} label={t('journal:dateFrom')} value={dateFrom} onChange={(v) => setDateFrom(v)} data-testid="jq-from" />
            <DateField size="sm" w={132} label={t('journal:dateTo')} value={dateTo} onChange={(v) => setDateTo(v)} error={range.error('dateTo')} data-testid="jq-to" />
            <Select size="sm" w={110} label={t('journal:side')} placeholder={t('journal:any')} data={[{ value: 'RECEIPT', label: t('journal:columns.receipt') }, { value: 'PAYMENT', label: t('journal:columns.payment') }]} value={side} onChange={setSide} clearable data-testid="jq-side" />
            <FirstMatchSelect size="sm" w={150} label={t('journal:columns.kind')} placeholder={t('journal:any')} data={kindOptions} value={kindId} onChange={setKindId} clearable data-testid="jq-kind" />
            <NumberInput size="sm" w={110} label={t('journal:amountMin')} value={amountMin} onChange={setAmountMin} min={0} decimalScale={2} hideControls data-testid="jq-min" />
            <NumberInput size="sm" w={110} label={t('journal:amountMax')} value={amountMax} onChange={setAmountMax} min={0} decimalScale={2} hideControls error={range.error('amountMax')} data-testid="jq-max" />
          </>
        }
      />
      <ImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title={target ? t('journal:importInto', { name: `${target.code} ${target.name}` }) : undefined}
        testId="jq-import-dialog"
        onImport={async (file) => {
          const r = await importJournal(importInto!, file);
          void qc.invalidateQueries({ queryKey: journalKeys.all(accountId) });
          notifications.show({ color: 'green', message: t('journal:imported', { count: r.created }) });
          return r;
        }}
      />
    </>
  );
}
