/**
 * 从凭证引入日记账: the lines of the month's vouchers on the bank account's subject that are not in the
 * journal yet (GET /cashier/cash/fromVoucher), every one ticked; Space unticks a row, Enter (or the
 * button) brings the ticked ones in as journal lines linked to their vouchers (POST, all or none).
 * A payment the clerk booked from a reimbursement, or a fee the bank collected, reaches the journal
 * without being typed twice, and the journal then agrees with the books.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { CellKeyDownEvent, ColDef, GridApi } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { cashJournalApi } from '../../../contract/heads';
import type { CashVoucherLineDto } from '../../../contract/cashier-journal';
import { formatCents } from '../../../domain/money';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import { call } from '../../api/typed-client';
import { notifyError } from '../../queries/admin-common';
import { journalKeys } from '../../queries/cashier-journal';
import { ReadGrid } from '../../../../grids/list/read-grid';

export interface FromVoucherDialogProps {
  accountId: number;
  bankAccount: { id: number; code: string; name: string };
  /** yyyy-MM: the sheet's month. */
  month: string;
  /** A voucher's label in the reader's language, from the server's "记-0013". */
  voucherLabel: (code: string) => string;
  onClose: () => void;
  /** The lines came in (the sheet reads them again). */
  onDone: (count: number) => void;
}

export function FromVoucherDialog({ accountId, bankAccount, month, voucherLabel, onClose, onDone }: FromVoucherDialogProps) {
  const { t } = useTranslation(['journal', 'common']);
  const dateFrom = `${month}-01`;
  const dateTo = dayjs(dateFrom).endOf('month').format('YYYY-MM-DD');
  const lines = useQuery({
    queryKey: journalKeys.fromVoucher(accountId, bankAccount.id, month),
    // One page as large as a page may be: a month with more says so, and the rest comes in next time.
    queryFn: ({ signal }) => call(cashJournalApi.fromVoucherLines, { query: { filter: { bankAccountId: bankAccount.id, dateFrom, dateTo }, limit: MAX_PAGE_LIMIT } }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
  const [selected, setSelected] = useState<CashVoucherLineDto[]>([]);
  // The caret starts on the first line, whichever comes last: the rows, or the dialog's own focus
  // (Mantine puts it on the close button once the dialog has opened).
  const apiRef = useRef<GridApi<CashVoucherLineDto> | null>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  const caretToFirst = () => {
    const api = apiRef.current;
    if (!api || api.getDisplayedRowCount() === 0 || gridBox.current?.contains(document.activeElement)) return;
    // Not focusFirstCell: that one leaves a dialog's focus alone, and this is the dialog's own grid.
    api.setFocusedCell(0, 'date');
  };
  const [busy, setBusy] = useState(false);

  const columns = useMemo<Array<ColDef<CashVoucherLineDto>>>(() => [
    { field: 'date', headerName: t('journal:columns.date'), width: 120 },
    { field: 'voucherCode', headerName: t('journal:fromVoucher.voucher'), width: 116, valueFormatter: (p) => voucherLabel(String(p.value ?? '')) },
    { field: 'summary', headerName: t('journal:columns.summary'), flex: 1, minWidth: 160 },
    { field: 'counterparty', headerName: t('journal:columns.counterparty'), width: 190 },
    { field: 'receiptCents', headerName: t('journal:columns.receipt'), type: ['rightAligned', 'cents'], width: 120, valueFormatter: (p) => (p.value === '0' ? '' : formatCents(Number(p.value))), cellDataType: false },
    { field: 'paymentCents', headerName: t('journal:columns.payment'), type: ['rightAligned', 'cents'], width: 120, valueFormatter: (p) => (p.value === '0' ? '' : formatCents(Number(p.value))), cellDataType: false },
    {
      colId: 'state', headerName: t('journal:fromVoucher.state'), width: 104,
      valueGetter: (p) => (p.data ? t(p.data.bookkept ? 'journal:fromVoucher.bookkept' : p.data.audited ? 'journal:fromVoucher.audited' : 'journal:fromVoucher.unaudited') : ''),
    },
  ], [t, voucherLabel]);

  const sums = useMemo(() => selected.reduce((s, l) => ({ receipt: s.receipt + Number(l.receiptCents), payment: s.payment + Number(l.paymentCents) }), { receipt: 0, payment: 0 }), [selected]);

  const bringIn = async () => {
    if (busy) return;
    if (!selected.length) {
      notifications.show({ color: 'orange', message: t('journal:fromVoucher.noneTicked') });
      return;
    }
    setBusy(true);
    try {
      const made = await call(cashJournalApi.fromVoucher, { body: { bankAccountId: bankAccount.id, itemIds: selected.map((l) => l.itemId) } });
      notifications.show({ color: 'green', message: t('journal:fromVoucher.done', { count: made.length }) });
      onDone(made.length);
    } catch (err) {
      notifyError(err);
      void lines.refetch();
    } finally {
      setBusy(false);
    }
  };

  const onCellKeyDown = (e: CellKeyDownEvent<CashVoucherLineDto>) => {
    const k = e.event as KeyboardEvent | undefined;
    if (k?.key === 'Enter' && !k.ctrlKey && !k.altKey && !k.shiftKey && !k.metaKey) {
      k.preventDefault();
      void bringIn();
    }
  };

  const rows = lines.data?.content ?? [];
  const more = (lines.data?.total ?? 0) - rows.length;
  return (
    <Modal opened onClose={onClose} size={1000} title={t('journal:fromVoucher.title', { account: `${bankAccount.code} ${bankAccount.name}`, month })} onEnterTransitionEnd={caretToFirst}>
      <Stack gap="xs" data-testid="journal-from-voucher">
        <Text size="sm" c="dimmed">{t('journal:fromVoucher.help')}</Text>
        {lines.error && <Alert color="red" data-testid="journal-from-voucher-error">{lines.error.message}</Alert>}
        {more > 0 && <Alert color="orange" p="xs" data-testid="journal-from-voucher-more">{t('journal:fromVoucher.more', { shown: rows.length, total: lines.data!.total })}</Alert>}
        <div style={{ height: 360 }} data-testid="journal-from-voucher-grid" ref={gridBox}>
          <ReadGrid<CashVoucherLineDto>
            columnDefs={columns}
            rowData={rows}
            getRowId={(p) => String(p.data.itemId)}
            rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: true }}
            onGridReady={(e) => { apiRef.current = e.api; }}
            onFirstDataRendered={(e) => {
              // Every line ticked: the usual wish is the whole month.
              e.api.selectAll();
              caretToFirst();
            }}
            onSelectionChanged={(e) => setSelected(e.api.getSelectedRows())}
            onCellKeyDown={onCellKeyDown}
            emptyText={lines.isFetching ? '…' : t('journal:fromVoucher.empty', { month })}
            loading={lines.isFetching && !lines.data}
          />
        </div>
        <Group justify="space-between">
          <Group gap="xs">
            <Badge variant="light" data-testid="journal-from-voucher-count">{t('journal:fromVoucher.ticked', { count: selected.length, total: rows.length })}</Badge>
            <Text size="sm" data-testid="journal-from-voucher-sums">
              {t('journal:fromVoucher.sums', { receipt: formatCents(sums.receipt), payment: formatCents(sums.payment) })}
            </Text>
          </Group>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onClose}>{t('common:cancel')}</Button>
            <Button size="xs" onClick={() => void bringIn()} loading={busy} disabled={!selected.length} data-testid="journal-from-voucher-ok">
              {t('journal:fromVoucher.ok', { count: selected.length })}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
