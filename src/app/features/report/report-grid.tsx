/** Shared pieces of the report screens: the amount cell format, the report head, the grid frame. */
import { statementDate, type StatementKind } from '../../../domain/report-dates';
import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { formatCents } from '../../../domain/money';
import './report.css';
import { FillHeight } from '../../../../grids/list/use-fill-height';

/** Amounts in yuan; zero and headings blank (the printed forms leave them empty). */
export const reportAmount = (p: ValueFormatterParams) => {
  if (p.value === null || p.value === undefined || p.value === '' || p.value === '0') return '';
  return formatCents(Number(p.value));
};

/** A period's name in the reports: "第 3 期（2026-03）" / "Period 3 (2026-03)", from its position and first day. */
export const periodLabel = (t: TFunction, month: number, startAt: string) => t('report:filters.periodLabel', { month, name: startAt.slice(0, 7) });

/**
 * The period column of the reports by month: "第 10 期（2026-10）" / "Period 10 (2026-10)" and the
 * total row's label. Wide enough for a two-digit period in either language (the label used to end
 * in an ellipsis from period 10 on).
 */
export function periodColumn<T extends object>(t: TFunction, headerName: string, totalLabel: string): ColDef<T> {
  return {
    colId: 'month', headerName, minWidth: 180,
    valueGetter: (p) => {
      const d = p.data as { month?: number; periodStart?: string; total?: true } | undefined;
      if (!d) return '';
      return d.total ? totalLabel : periodLabel(t, d.month ?? 0, d.periodStart ?? '');
    },
  };
}

/** Title, form number and the head line (company, period, unit) of a report. */
export function ReportHead({ title, formNumber, head }: { title: string; formNumber?: string; head?: { companyName: string; accountName: string; periodText: string; bookKeep: boolean } }) {
  const { t } = useTranslation('report');
  return (
    <>
      <Group justify="space-between" align="baseline">
        <Title order={4}>{title}</Title>
        {formNumber && <Text size="sm" c="dimmed" data-testid="report-form-number">{t('head.form', { code: formNumber })}</Text>}
      </Group>
      {head && (
        <div className="ld-report-head" data-testid="report-head">
          <span>{t('head.company', { name: head.companyName })}</span>
          <span>{head.periodText}{head.bookKeep ? ` · ${t('head.bookKeepOnly')}` : ''}</span>
          <span>{t('head.unit')}</span>
        </div>
      )}
    </>
  );
}

export function ReportGridFrame({ children, testId, offset = 300 }: { children: ReactNode; testId: string; offset?: number }) {
  return <FillHeight min={360} fallback={`calc(100vh - ${offset}px)`} data-testid={testId}>{children}</FillHeight>;
}

/** The statement's date line in the reader's words (domain/report-dates.ts, report head.asOf / month / range). */
export function dateLine(t: TFunction, kind: StatementKind, start: string, end: string): string {
  const { key, values } = statementDate(kind, start, end);
  return t(`report:head.${key}`, values);
}
