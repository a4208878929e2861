/** Shared pieces of the report screens: the amount cell format, the report head, the grid frame. */
import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ValueFormatterParams } from 'ag-grid-community';
import { formatCents } from '../../../domain/money';
import './report.css';
import { FillHeight } from '../../../../grids/list/use-fill-height';

/** Amounts in yuan; zero and headings blank (the printed forms leave them empty). */
export const reportAmount = (p: ValueFormatterParams) => {
  if (p.value === null || p.value === undefined || p.value === '' || p.value === '0') return '';
  return formatCents(Number(p.value));
};

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
