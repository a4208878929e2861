/**
 * /invoice/list (spec 01 §2 authId 11, spec 02 §2.6): the company's invoices, date descending,
 * filtered by the server's visibility rule (invoices of projects the user directs unless ADMIN
 * or right 1101); keyword, kind, date range and project filters. Double-click or View opens the
 * invoice read-only (and marks it opened); New, Edit and Delete need the invoice operation right
 * (1102). Invoices still lacking their mandatory PDF are flagged in the attachments column.
 * Template / Import (1102) and Export (the ticked rows, background task) as on the master-data lists
 * (decision 018); imported invoices have no attachment yet and show flagged.
 */
import { useMemo, useRef, useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { Select } from '../common/select';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridApi, ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { InvoiceDto } from '../../../contract/invoice';
import { RIGHTS } from '../../../domain/rights';
import { INVOICE_KINDS, type InvoiceKind } from '../../../domain/invoice';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { useHasRight, useScope, useSession } from '../../session/store';
import { invoiceKeys, invoiceListOptions, invoiceProjectPickerOptions, useDeleteInvoice } from '../../queries/invoice';
import { useDialogState } from '../common/confirm-dialog';
import { ListPage, NoCompany } from '../common/list-page';
import { FirstMatchSelect } from '../common/first-match-select';
import { useListTransfer } from '../common/list-transfer';
import { CentsCell } from './cents-cell';
import { InvoiceDialog } from './invoice-dialog';
import { invoicesColumns } from './invoices.columns';
import { useTabState } from '../../shell/tab-state';
import { useListCaretReturn } from '../../../../grids/list/caret-return';

interface Ctx { t: (k: string) => string }

const renderers = {
  cents: (p: ICellRendererParams<InvoiceDto, number, Ctx>) => <CentsCell cents={p.value} />,
  opened: (p: ICellRendererParams<InvoiceDto, boolean, Ctx>) =>
    p.value ? <Text span size="sm">{p.context.t('common:yes')}</Text> : <Text span size="sm" c="dimmed">{p.context.t('common:no')}</Text>,
  attachments: (p: ICellRendererParams<InvoiceDto, InvoiceDto, Ctx>) => {
    const n = p.data?.attachments.length ?? 0;
    return n ? <Text span size="sm">{n}</Text> : <Badge color="red" variant="light" tt="none" data-testid="invoice-missing-attachment">{p.context.t('invoice:missingAttachment')}</Badge>;
  },
};

export function InvoiceListPage() {
  const { t } = useTranslation(['invoice', 'admin', 'common', 'errors']);
  const { companyId } = useScope();
  const lang = useSession((s) => s.language);
  const hasMenu = useHasRight(RIGHTS.INVOICE);
  const hasOperate = useHasRight(RIGHTS.INVOICE_OPERATE);
  const canOperate = hasMenu && hasOperate;
  const dialog = useDialogState<{ invoice: InvoiceDto | null; editing: boolean }>();
  // New in the popup of a row replaces that popup with another, whose own focus return would go to
  // the New button, gone with the first: the caret goes back to the row instead when it closes.
  const apiRef = useRef<GridApi<InvoiceDto> | null>(null);
  const caretReturn = useListCaretReturn(apiRef, { defaultColId: 'date' });
  const del = useDeleteInvoice(companyId);
  const qc = useQueryClient();
  // Template and Import need the invoice operation right; Export reads like the list (its visibility rule).
  const transfer = useListTransfer<InvoiceDto>({ kind: 'invoice', scope: companyId ? { companyId } : null, canImport: canOperate, refresh: () => qc.invalidateQueries({ queryKey: invoiceKeys.all(companyId) }) });
  const [kind, setKind] = useTabState<InvoiceKind | null>(`invoices:kind:${companyId}`, () => null);
  const [range, setRange] = useTabState<[string | null, string | null]>(`invoices:range:${companyId}`, () => [null, null]);
  const [projectId, setProjectId] = useTabState<string | null>(`invoices:projectId:${companyId}`, () => null);
  const [projectSearch, setProjectSearch] = useState('');
  const [projectKw] = useDebouncedValue(projectSearch.trim(), SEARCH_DEBOUNCE_MS);
  const { data: projects } = useQuery(invoiceProjectPickerOptions(companyId, projectKw));
  const context = useMemo<Ctx>(() => ({ t: (k) => t(k) }), [t]);
  const formatters = useMemo(() => ({
    kind: (v: unknown) => (typeof v === 'string' ? t(`invoice:kinds.${v}`) : ''),
    project: (v: unknown) => {
      const i = v as InvoiceDto | undefined;
      return i ? `${i.project.code} ${i.project.name}` : '';
    },
  }), [t]);
  const filter = useMemo(() => ({
    ...(kind ? { kind } : {}),
    ...(range[0] ? { dateFrom: range[0] } : {}),
    ...(range[1] ? { dateTo: range[1] } : {}),
    ...(projectId ? { projectId: Number(projectId) } : {}),
  }), [kind, range, projectId]);

  if (!companyId) return <NoCompany />;
  return (
    <ListPage<InvoiceDto, Ctx>
      gridId="invoice.list"
      columns={invoicesColumns}
      query={(req) => invoiceListOptions(companyId, req, filter)}
      resetKey={{ companyId, ...filter }}
      getRowId={(i) => i.id}
      rowLabel={(i) => i.no}
      renderers={renderers}
      formatters={formatters}
      context={context}
      keywordPlaceholder={t('invoice:keyword')}
      onRowOpen={(i) => dialog.open({ invoice: i, editing: false })}
      onGridApi={(api) => {
        apiRef.current = api;
      }}
      actions={[
        { key: 'new', allowed: canOperate, testId: 'invoice-new', run: () => dialog.open({ invoice: null, editing: true }) },
        { key: 'view', placement: 'row', run: ([i]) => dialog.open({ invoice: i, editing: false }) },
        { key: 'edit', allowed: canOperate, placement: 'both', run: ([i]) => dialog.open({ invoice: i, editing: true }) },
        ...transfer.actions,
      ]}
      toolbarExtra={transfer.bar}
      remove={{ allowed: canOperate, placement: 'both', one: (i) => del.mutateAsync(i.id) }}
      filters={
        <>
          <Select
            size="sm"
            w={150}
            placeholder={t('invoice:kind')}
            aria-label={t('invoice:kind')}
            data={INVOICE_KINDS.map((k) => ({ value: k, label: t(`invoice:kinds.${k}`) }))}
            value={kind}
            onChange={(v) => setKind(v as InvoiceKind | null)}
            clearable
            data-testid="invoice-filter-kind"
          />
          <DatePickerInput
            type="range"
            size="sm"
            w={230}
            placeholder={t('invoice:dateRange')}
            aria-label={t('invoice:dateRange')}
            valueFormat="YYYY-MM-DD"
            locale={lang === 'zh_CN' ? 'zh-cn' : 'en'}
            value={range}
            onChange={(v) => setRange(v as [string | null, string | null])}
            clearable
            data-testid="invoice-filter-dates"
          />
          <FirstMatchSelect
            size="sm"
            w={200}
            placeholder={t('invoice:project')}
            aria-label={t('invoice:project')}
            clearable
            searchValue={projectSearch}
            onSearchChange={setProjectSearch}
            data={(projects?.content ?? []).map((p) => ({ value: String(p.id), label: `${p.code} ${p.name}` }))}
            value={projectId}
            onChange={setProjectId}
            nothingFoundMessage="—"
            data-testid="invoice-filter-project"
          />
        </>
      }
      dialogs={
        <>
        {transfer.dialog}
        <InvoiceDialog
          opened={dialog.opened}
          companyId={companyId}
          invoice={dialog.payload?.invoice ?? null}
          editing={dialog.payload?.editing ?? true}
          canOperate={canOperate}
          onClose={() => {
            dialog.close();
            caretReturn.giveBack();
          }}
          onNew={() => {
            caretReturn.note(dialog.payload?.invoice?.id);
            dialog.open({ invoice: null, editing: true });
          }}
        />
        </>
      }
    />
  );
}
