/**
 * /report/balanceSheet (资产负债表, 会小企01表; spec 01 §2, §7, §8): the company's balance sheet
 * definition evaluated for a period — assets on the left, liabilities and owners' equity on the
 * right, each with 行次, 期末余额 and 年初余额 — and the catalogue's balance sheet imbalance message
 * when assets differ from liabilities plus equity. Period, bookkept only, .xlsx and PDF exports.
 */
import { dateLine } from './report-grid';
import { useMemo } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { BalanceSheetRowDto } from '../../../contract/report';
import { formatCents } from '../../../domain/money';
import { pairSides } from '../../../domain/report-layouts';
import { differenceOfAnswer } from '../../../domain/balance-sheet-check';
import { canOpen, findPage } from '../../routes/access';
import { useSession } from '../../session/store';
import { call } from '../../api/typed-client';
import { REPORT_QUERY_FRESHNESS, ReportPeriodBar, useReportPeriod } from './report-period';
import { ReportGridFrame, ReportHead, reportAmount } from './report-grid';
import { useDefinitionsDrawer } from './definitions-drawer';
import { focusFirstCell } from '../../../../grids/focus-first-cell';

interface PairRow {
  index: number;
  left?: BalanceSheetRowDto;
  right?: BalanceSheetRowDto;
}

const PERIOD_END_PATH = '/voucher/end/periodSettlement';

export function BalanceSheetPage() {
  const { t, i18n } = useTranslation(['report', 'errors']);
  const period = useReportPeriod('balanceSheet');
  const query = period.ready ? { accountId: period.accountId!, year: period.year!, month: period.month!, bookKeep: period.bookKeep } : null;
  const answer = useQuery({
    queryKey: ['report', 'balanceSheet', query],
    queryFn: async ({ signal }) => call(reportApi.balanceSheet, { query: query! }, { signal }),
    enabled: query !== null,
    ...REPORT_QUERY_FRESHNESS,
  });
  const definitions = useDefinitionsDrawer('BALANCE_SHEET', () => void answer.refetch());
  const data = answer.data;
  const difference = data ? differenceOfAnswer(data) : null;
  // The way to the profit transfer, for those who may open the period end.
  const user = useSession((x) => x.user);
  const periodEndPage = findPage(PERIOD_END_PATH);
  const periodEnd = periodEndPage && canOpen(periodEndPage, user) ? periodEndPage : null;
  const en = i18n.language === 'en_US';
  const pairs = useMemo<PairRow[]>(() => {
    const left = data?.rows.filter((r) => r.side === 'LEFT') ?? [];
    const right = data?.rows.filter((r) => r.side === 'RIGHT') ?? [];
    return pairSides(left, right).map((p, index) => ({ index, ...p }));
  }, [data]);

  const columns = useMemo<Array<ColDef<PairRow>>>(() => {
    const half = (side: 'left' | 'right', title: string): Array<ColDef<PairRow>> => [
        { colId: `${side}Label`, headerName: title, flex: 1, minWidth: 180,
          valueGetter: (p) => {
            const r = p.data?.[side];
            return r ? `${'\u3000'.repeat(r.indent)}${en ? r.labelEn ?? r.label : r.label}` : '';
          },
          cellStyle: (p) => (p.data?.[side]?.bold ? { fontWeight: 700 } : null) },
        { colId: `${side}Line`, headerName: t('balanceSheet.lineNo'), width: 56, minWidth: 50, maxWidth: 70, cellStyle: { textAlign: 'center' }, valueGetter: (p) => p.data?.[side]?.lineNo ?? '' },
        { colId: `${side}Closing`, headerName: t('balanceSheet.closing'), headerTooltip: t('balanceSheet.closing'), type: ['rightAligned', 'cents'], width: 140, minWidth: 110,
          valueGetter: (p) => (p.data?.[side]?.heading ? '' : p.data?.[side]?.closing ?? ''), valueFormatter: reportAmount,
          cellStyle: (p) => (p.data?.[side]?.bold ? { fontWeight: 700 } : null) },
        { colId: `${side}Opening`, headerName: t('balanceSheet.opening'), headerTooltip: t('balanceSheet.opening'), type: ['rightAligned', 'cents'], width: 140, minWidth: 110,
          valueGetter: (p) => (p.data?.[side]?.heading ? '' : p.data?.[side]?.opening ?? ''), valueFormatter: reportAmount,
          cellStyle: (p) => (p.data?.[side]?.bold ? { fontWeight: 700 } : null) },
    ];
    // The classic form: one header row, 资产 | 行次 | 期末余额 | 年初余额 | 负债和所有者权益 | 行次 | 期末余额 | 年初余额.
    return [...half('left', t('balanceSheet.assets')), ...half('right', t('balanceSheet.liabilities'))];
  }, [t, en]);

  const exportBody = (format: 'xlsx' | 'pdf') => ({ body: { ...query!, format } });
  return (
    <Stack gap="sm" h="100%" data-testid="balance-sheet">
      <ReportHead title={t('balanceSheet.title')} formNumber={data?.formNumber}
        head={data ? { companyName: data.companyName, accountName: data.accountName, bookKeep: data.bookKeep, periodText: dateLine(t, 'BALANCE_SHEET', data.periodStart, data.periodEnd) } : undefined} />
      <ReportPeriodBar period={period} testId="bs" exports={[
        { key: 'xlsx', label: t('export.xlsx'), start: () => call(reportApi.balanceSheetExport, exportBody('xlsx')) },
        { key: 'pdf', label: t('export.pdf'), start: () => call(reportApi.balanceSheetExport, exportBody('pdf')) },
      ]} extra={<Button variant="subtle" data-testid="bs-definitions" onClick={definitions.open}>{t('definitions.open')}</Button>} />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      {data && (data.balanced
        ? <Text size="sm" c="green" data-testid="bs-balanced" data-balanced="true">{t('balanceSheet.balanced')}</Text>
        : (
          <Alert color="red" data-testid="bs-balanced" data-balanced="false" title={t('errors:BALANCE_SHEET_IMBALANCE')}>
            {t('balanceSheet.difference', { closing: formatCents(difference!.closing), opening: formatCents(difference!.opening) })}
            {difference!.unclosedProfitExplains && (
              <Text size="sm" mt={4} data-testid="bs-unclosed-profit">
                {t('balanceSheet.unclosedProfit', { amount: formatCents(difference!.closing) })}
                {periodEnd && <>{' '}<Anchor component={Link} to={periodEnd.path} search={{ month: `${data.year}-${String(data.month).padStart(2, '0')}`, ...(data.bookKeep ? {} : { unbooked: '1' }) } as never /* routes take free search params (no validateSearch); a sheet of every voucher offers the transfer of every voucher */} size="sm" data-testid="bs-to-period-end">{t('balanceSheet.toPeriodEnd')}</Anchor></>}
              </Text>
            )}
          </Alert>
        ))}
      <ReportGridFrame testId="bs-grid" offset={!data || data.balanced ? 320 : difference?.unclosedProfitExplains ? 384 : 360}>
        <ReadGrid<PairRow>
          onFirstDataRendered={(e) => focusFirstCell(e.api, 'leftLabel')}
          columnDefs={columns}
          rowData={pairs}
          getRowId={(p) => String(p.data.index)}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          loading={answer.isFetching && !data}
        />
      </ReportGridFrame>
      {definitions.drawer}
    </Stack>
  );
}
