/**
 * The voucher's processing records (who did which step when, and why for an audit error), from
 * GET /voucher/:id/proc, newest last. Collapsed to the latest step; the rest opens on demand.
 */
import { useState } from 'react';
import { Anchor, Group, Table, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { voucherProcApi } from '../../../contract/heads';
import { call } from '../../api/typed-client';

export const voucherProcsOptions = (accountId: number, voucherId: number, version: number) =>
  queryOptions({
    // Under ['vouchers', accountId]: every save and action invalidates it; the version refetches after one.
    queryKey: ['vouchers', accountId, 'procs', voucherId, version] as const,
    queryFn: ({ signal }) => call(voucherProcApi.list, { params: { id: voucherId } }, { signal, quiet: true }),
  });

export function VoucherProcs({ accountId, voucherId, version }: { accountId: number; voucherId: number; version: number }) {
  const { t } = useTranslation('voucher');
  const [open, setOpen] = useState(false);
  const q = useQuery(voucherProcsOptions(accountId, voucherId, version));
  const rows = q.data ?? [];
  const shown = open ? rows : rows.slice(-1);
  const step = (action: string) => t(`procs.steps.${action}`, { defaultValue: action });
  return (
    <div data-testid="voucher-procs">
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {t('procs.title')}
        </Text>
        {rows.length > 1 && (
          <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)} data-testid="voucher-procs-toggle">
            {open ? t('procs.collapse') : t('procs.expand', { count: rows.length })}
          </Anchor>
        )}
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="xs">
        <Table.Tbody>
          {shown.map((p) => (
            <Table.Tr key={p.id} data-testid="voucher-proc">
              <Table.Td w={150}>{dayjs(p.at).format('YYYY-MM-DD HH:mm:ss')}</Table.Td>
              <Table.Td w={110}>{p.userName ?? '—'}</Table.Td>
              <Table.Td w={150}>{step(p.action)}</Table.Td>
              <Table.Td c={p.action === 'AUDIT_ERROR' ? 'red' : undefined}>{p.note && p.action === 'AUDIT_ERROR' ? t('procs.reason', { note: p.note }) : p.note && p.action === 'ARRANGE_CODE' ? t('procs.renumbered', { note: p.note }) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
