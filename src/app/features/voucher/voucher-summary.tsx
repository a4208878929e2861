/**
 * The summary tab (index, description, subject name, debit, credit, total row) and the footer
 * (totals, the total in Chinese uppercase 大写, bookkeeper, auditor, cashier, maker).
 */
import { memo } from 'react';
import { Group, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SheetTotalsView } from '../../../../grids/use-sheet';
import type { VoucherKitRow } from '../../../../grids/voucher-kit.columns';
import type { VoucherDto } from '../../../contract/voucher';
import { formatCents, sumCents } from '../../../domain/money';
import { FILL_END } from '../../../../grids/list/use-fill-height';
import type { VoucherCatalog } from './voucher-catalog';

const money = (cents: number | null) => (cents === null ? '' : formatCents(cents));

export function VoucherSummaryTab({ rows, catalog }: { rows: readonly VoucherKitRow[]; catalog: VoucherCatalog }) {
  const { t } = useTranslation('voucher');
  const lines = rows.filter((r) => r.summary.trim() !== '' || r.subjectId !== null || r.debit !== null || r.credit !== null);
  const debit = sumCents(lines.map((l) => l.debit));
  const credit = sumCents(lines.map((l) => l.credit));
  return (
    <Table withTableBorder withColumnBorders striped data-testid="voucher-summary-table" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={60}>{t('summaryTab.index')}</Table.Th>
          <Table.Th>{t('summaryTab.description')}</Table.Th>
          <Table.Th>{t('summaryTab.subject')}</Table.Th>
          <Table.Th ta="right">{t('summaryTab.debit')}</Table.Th>
          <Table.Th ta="right">{t('summaryTab.credit')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text c="dimmed" size="sm">
                {t('summaryTab.empty')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {lines.map((l, i) => {
          const aux = l.auxId ? catalog.auxLabel(l.subjectId, l.auxId) : '';
          return (
            <Table.Tr key={l.id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{l.summary}</Table.Td>
              <Table.Td>{[catalog.subjectLabel(l.subjectId ?? ''), aux].filter(Boolean).join(' / ')}</Table.Td>
              <Table.Td ta="right" c={l.debit !== null && l.debit < 0 ? 'red' : undefined}>{money(l.debit)}</Table.Td>
              <Table.Td ta="right" c={l.credit !== null && l.credit < 0 ? 'red' : undefined}>{money(l.credit)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr fw={700}>
          <Table.Td colSpan={3}>{t('summaryTab.total')}</Table.Td>
          <Table.Td ta="right" data-testid="voucher-summary-debit">{formatCents(debit)}</Table.Td>
          <Table.Td ta="right" data-testid="voucher-summary-credit">{formatCents(credit)}</Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

export const VoucherFooter = memo(function VoucherFooter({ totals, voucher, makerName }: { totals: SheetTotalsView; voucher: VoucherDto | null; makerName: string | null }) {
  const { t } = useTranslation('voucher');
  const balanced = totals.differenceCents === 0;
  const name = (v: string | null | undefined) => v || '—';
  return (
    // The editor's grid shows the rows that fit with this footer (totals, uppercase, signatures) in view.
    <Paper withBorder p="xs" data-testid="voucher-footer" {...FILL_END}>
      <Group gap="xl" wrap="wrap">
        <Text size="sm">
          {t('footer.debitTotal')}: <b data-testid="voucher-debit-total">{formatCents(totals.debitCents ?? 0)}</b>
        </Text>
        <Text size="sm">
          {t('footer.creditTotal')}: <b data-testid="voucher-credit-total">{formatCents(totals.creditCents ?? 0)}</b>
        </Text>
        <Text size="sm" c={balanced ? 'green' : 'red'} data-testid="voucher-balance">
          {balanced ? t('footer.balanced') : t('footer.difference', { amount: formatCents(totals.differenceCents ?? 0) })}
        </Text>
        <Text size="sm">
          {t('footer.uppercase')}: <b data-testid="voucher-uppercase">{totals.uppercase ?? '—'}</b>
        </Text>
      </Group>
      <Group gap="xl" mt={6} wrap="wrap">
        <Text size="sm" data-testid="voucher-bookkeeper">{t('footer.bookkeeper')}: {name(voucher?.bookKeepByName)}</Text>
        <Text size="sm" data-testid="voucher-auditor">{t('footer.auditor')}: {name(voucher?.auditByName)}</Text>
        <Text size="sm" data-testid="voucher-cashier">{t('footer.cashier')}: {name(voucher?.cashierByName)}</Text>
        <Text size="sm" data-testid="voucher-maker">{t('footer.maker')}: {name(makerName)}</Text>
        {voucher?.auditPass === false && voucher.auditNote && (
          <Text size="sm" c="red" data-testid="voucher-audit-note">
            {t('footer.auditNote', { note: voucher.auditNote })}
          </Text>
        )}
      </Group>
    </Paper>
  );
});
