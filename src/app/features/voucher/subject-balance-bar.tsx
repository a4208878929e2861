/**
 * The balance of the subject under the caret, as the clerk types (spec 01 issue 8 "the current
 * subject's balance shows as you type"): the saved vouchers of the year up to the voucher's date
 * (all, and the bookkept part), then "after this voucher" with the lines on screen counted in.
 * Opening balances join the server's figure once they exist (issue 9).
 */
import { memo } from 'react';
import { Group, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subjectBalanceApi } from '../../../contract/heads';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { balanceAfter, sideOfBalance } from './voucher-balance';
import type { VoucherCatalog } from './voucher-catalog';

export const subjectBalanceKeys = {
  all: ['subjectBalance'] as const,
  one: (accountYearId: number, subjectId: number, dateTo: string | null, excludeVoucherId: number | null) => ['subjectBalance', accountYearId, subjectId, dateTo, excludeVoucherId] as const,
};

const balanceOptions = (accountYearId: number, subjectId: number, dateTo: string | null, excludeVoucherId: number | null) =>
  queryOptions({
    queryKey: subjectBalanceKeys.one(accountYearId, subjectId, dateTo, excludeVoucherId),
    queryFn: async ({ signal }) =>
      (await call(subjectBalanceApi.balance, { query: { filter: { accountYearId, subjectId, ...(dateTo ? { dateTo } : {}), ...(excludeVoucherId ? { excludeVoucherId } : {}) } } }, { signal, quiet: true }))[0],
    staleTime: 15_000,
  });

export interface SubjectBalanceBarProps {
  accountYearId: number;
  /** The subject of the caret's row (null: nothing to show). */
  subjectId: string | null;
  /** The voucher's date; an unfinished date asks for the whole year. */
  markDate: string;
  /** The stored voucher being edited: its stored lines are left out, the rows on screen count instead. */
  voucherId: number | null;
  /**
   * The movement of the lines on screen on this subject (`movementOf`), as numbers: the bar
   * re-renders when they change, not on every edit of the lines.
   */
  debitCents: number;
  creditCents: number;
  catalog: VoucherCatalog;
}

export const SubjectBalanceBar = memo(function SubjectBalanceBar({ accountYearId, subjectId, markDate, voucherId, debitCents, creditCents, catalog }: SubjectBalanceBarProps) {
  const { t } = useTranslation('voucher');
  const id = subjectId && /^\d+$/.test(subjectId) ? Number(subjectId) : null;
  const dateTo = /^\d{4}-\d{2}-\d{2}$/.test(markDate) ? markDate : null;
  const q = useQuery({ ...balanceOptions(accountYearId, id ?? 0, dateTo, voucherId), enabled: id !== null, placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === id ? prev : undefined) });
  if (id === null) {
    return (
      <Text size="xs" c="dimmed" data-testid="voucher-balance-bar" data-state="none">
        {t('balance.none')}
      </Text>
    );
  }
  const b = q.data;
  const amount = (direction: boolean, cents: number) => {
    const side = sideOfBalance(direction, cents);
    return `${t(`balance.side.${side}`)} ${formatCents(Math.abs(cents))}`;
  };
  return (
    <Group gap="md" wrap="wrap" data-testid="voucher-balance-bar" data-state={b ? 'ready' : q.isError ? 'error' : 'loading'}>
      <Text size="xs" fw={600}>
        {catalog.subjectLabel(String(id))}
      </Text>
      {!b ? (
        <Text size="xs" c="dimmed">
          {q.isError ? t('balance.failed') : t('balance.loading')}
        </Text>
      ) : (
        <>
          <Text size="xs" data-testid="voucher-balance-saved">
            {t('balance.saved', { date: dateTo ?? '', amount: amount(b.direction, Number(b.all.balanceCents)) })}
          </Text>
          <Text size="xs" c="dimmed" data-testid="voucher-balance-bookkept">
            {t('balance.bookkept', { amount: amount(b.direction, Number(b.bookkept.balanceCents)) })}
          </Text>
          <Text size="xs" fw={600} data-testid="voucher-balance-after">
            {t('balance.after', { amount: amount(b.direction, balanceAfter(b.direction, Number(b.all.balanceCents), { debitCents, creditCents })) })}
          </Text>
        </>
      )}
    </Group>
  );
});
