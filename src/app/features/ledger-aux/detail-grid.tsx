/**
 * The sub-ledger grid of the auxiliary and budget execution sub-ledgers: AG Grid's infinite row
 * model reading 100-row blocks from the server (the running balance is the server's, right on any
 * block), so a 60,000-line ledger scrolls without loading it whole. The opening, period total and
 * year total rows are bold; Enter or a double click on a line opens its voucher in the editor;
 * Ctrl+Home/End reach the first/last row even before their block is loaded.
 */
import { useMemo, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef, FirstDataRenderedEvent, GridApi, IDatasource, RowClassParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { LedgerDetailRowDto } from '../../../contract/ledger-aux';
import { moneyCol } from './grid-bits';
import { ledgerKeys } from '../ledger/ledger-keys';
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { localName } from '../../../domain/names';
import { FillHeight } from '../../../../grids/list/use-fill-height';
import { useBookRefresh } from '../ledger/use-book-refresh';
// Its strong rows (period and year totals) are drawn bold by the ledgers' stylesheet, wherever the grid is opened from.
import '../ledger/subject-balance.css';

export const DETAIL_BLOCK = 100;

export function DetailGrid({ load, balanceHeader, showSide = true, onTotal, testId }: {
  /** One block of rows and the list's length; a new function (new filter) restarts the grid. */
  load: ((offset: number, limit: number) => Promise<{ total: number; rows: LedgerDetailRowDto[] }>) | null;
  balanceHeader?: string;
  showSide?: boolean;
  onTotal?: (total: number) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('ledgerAux');
  const navigate = useNavigate();
  const english = i18n.language === 'en_US';
  const datasource = useMemo<IDatasource | undefined>(() => (load ? {
    getRows: (p) => {
      load(p.startRow, p.endRow - p.startRow).then((page) => {
        onTotal?.(page.total);
        p.successCallback(page.rows, page.total);
      }, () => p.failCallback());
    },
  } : undefined), [load, onTotal]);
  const strong = (r: LedgerDetailRowDto | undefined) => !!r && r.kind !== 'LINE';
  const columns = useMemo<ColDef<LedgerDetailRowDto>[]>(() => [
    { colId: 'date', headerName: t('columns.date'), minWidth: 100, maxWidth: 120,
      valueGetter: (p) => (!p.data ? '' : p.data.kind === 'LINE' ? p.data.markDate : p.data.periodName ?? '') },
    // English voucher words are longer ("General-0007", "Receipt-0004"): the column fits them whole.
    { colId: 'voucher', headerName: t('columns.voucher'), minWidth: english ? 120 : 90, maxWidth: english ? 150 : 110,
      valueGetter: (p) => (p.data?.kind === 'LINE' ? `${english ? p.data.voucherWordEn ?? p.data.voucherWord : p.data.voucherWord}-${p.data.codeText}` : '') },
    { colId: 'subject', headerName: t('columns.subjectName'), minWidth: 160,
      // Lines name their subject; so do the opening and total rows of a value's ledger read subject by subject (no subject chosen).
      valueGetter: (p) => (p.data?.subjectCode ? `${p.data.subjectCode} ${localName(english, { name: p.data.subjectName ?? '', nameEn: p.data.subjectNameEn })}` : '') },
    { colId: 'summary', headerName: t('columns.summary'), minWidth: 180, flex: 1,
      valueGetter: (p) => (!p.data ? '' : p.data.kind === 'LINE' ? p.data.summary : t(`rows.${p.data.kind}`)) },
    moneyCol<LedgerDetailRowDto>('debit', t('columns.debit'), (r) => r?.kind === 'PERIOD' || r?.kind === 'YEAR'),
    moneyCol<LedgerDetailRowDto>('credit', t('columns.credit'), (r) => r?.kind === 'PERIOD' || r?.kind === 'YEAR'),
    ...(showSide ? [{ colId: 'side', headerName: t('columns.side'), minWidth: 56, maxWidth: 66, valueGetter: (p: { data?: LedgerDetailRowDto }) => (p.data ? t(`sides.${p.data.side}`) : '') }] : []),
    moneyCol<LedgerDetailRowDto>('balanceCents', balanceHeader ?? t('columns.balance'), () => true),
  ], [t, english, balanceHeader, showSide]);
  const open = (r: LedgerDetailRowDto | undefined) => {
    if (r?.kind === 'LINE' && r.voucherId) void navigate({ href: `/newVoucher/${r.voucherId}` });
  };
  // The filter bar is the page's; these grids keep Enter (open) and Ctrl+Home/End over unloaded rows.
  const noFilter = useRef<HTMLDivElement>(null);
  const apiRef = useRef<GridApi<LedgerDetailRowDto> | null>(null);
  useBookRefresh(apiRef);
  return (
    <FillHeight min={360} fallback="calc(100vh - 310px)" data-testid={testId}>
      {datasource && (
        <ReadGrid<LedgerDetailRowDto>
          columnDefs={columns}
          rowModelType="infinite"
          datasource={datasource}
          cacheBlockSize={DETAIL_BLOCK}
          maxBlocksInCache={20}
          getRowId={(p) => String(p.data.index)}
          rowClassRules={{ 'ld-sb-strong': (p: RowClassParams<LedgerDetailRowDto>) => strong(p.data) }}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          onRowDoubleClicked={(e) => open(e.data)}
          onCellKeyDown={ledgerKeys<LedgerDetailRowDto>(noFilter, open)}
          onGridReady={(e) => (apiRef.current = e.api)}
          onFirstDataRendered={(e: FirstDataRenderedEvent<LedgerDetailRowDto>) => focusFirstCell(e.api, 'date')}
        />
      )}
    </FillHeight>
  );
}
