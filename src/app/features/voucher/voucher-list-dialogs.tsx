/**
 * The voucher list's dialogs: the report after a batch (every voucher: done, or refused with the
 * server's localized reason) and the 凭证整理 confirmation, which shows the server's dry run (which
 * voucher gets which code) before anything changes. Both work with the keyboard alone: the first
 * control has the focus, Enter on a button runs it, Esc closes.
 */
import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Select } from '../common/select';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notifyError } from '../../queries/admin-common';
import type { BatchReportLine } from './voucher-list-model';
import { arrangeVoucherCodes } from './voucher-list-queries';

export interface BatchReport {
  /** The action's label ("Examine"). */
  action: string;
  lines: BatchReportLine[];
  done: number;
  refused: number;
}

/**
 * The report gives the focus back to nothing itself (the action's menu item is gone, its button is
 * no place for the arrows): `onExited` runs once it has gone (its exit transition over, at once
 * without transitions), where the list puts its caret back (grids/list/caret-return.ts).
 */
export function BatchReportDialog({ report, onClose, onExited }: { report: BatchReport | null; onClose: () => void; onExited?: () => void }) {
  const { t } = useTranslation(['voucher', 'common']);
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      returnFocus={false}
      onExitTransitionEnd={onExited}
      title={report ? t('voucher:list.report.title', { action: report.action }) : ''}
      size="lg"
      centered
    >
      {report && (
        <Stack gap="sm" data-testid="voucher-batch-report">
          <Text size="sm" data-testid="voucher-batch-summary">
            {t('voucher:list.report.summary', { done: report.done, refused: report.refused, total: report.lines.length })}
          </Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Table striped withTableBorder verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('voucher:list.columns.code')}</Table.Th>
                  <Table.Th>{t('voucher:list.columns.date')}</Table.Th>
                  <Table.Th>{t('voucher:list.report.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.lines.map((l) => (
                  <Table.Tr key={l.id} data-testid={`voucher-batch-line-${l.id}`} data-ok={l.ok}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.label}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.markTime}</Table.Td>
                    <Table.Td>
                      {/* The badge keeps its width; a long reason wraps beside it. */}
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        <Badge size="sm" variant="light" color={l.ok ? 'green' : 'red'} style={{ flexShrink: 0 }}>{t(l.ok ? 'voucher:list.report.done' : 'voucher:list.report.refused')}</Badge>
                        {l.message && <Text size="sm" c="red.7">{l.message}</Text>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button data-autofocus onClick={onClose} data-testid="voucher-batch-report-ok">{t('common:ok')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface ArrangeProps {
  opened: boolean;
  accountId: number;
  periods: readonly { id: number; name: string; rolled: boolean }[];
  kinds: readonly { id: number; label: string }[];
  periodId: number | null;
  kindId: number | null;
  onChange: (v: { periodId: number | null; kindId: number | null }) => void;
  onClose: () => void;
  onDone: (changed: number) => void;
}

export function ArrangeCodesDialog({ opened, accountId, periods, kinds, periodId, kindId, onChange, onClose, onDone }: ArrangeProps) {
  const { t } = useTranslation(['voucher', 'common']);
  const body = periodId === null ? null : { accountId, periodId, ...(kindId !== null ? { kindId } : {}) };
  const preview = useQuery({
    queryKey: ['vouchers', accountId, 'arrangePreview', periodId, kindId],
    queryFn: () => arrangeVoucherCodes({ ...body!, dryRun: true }),
    enabled: opened && body !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const apply = useMutation({
    mutationFn: () => arrangeVoucherCodes(body!),
    onSuccess: (r) => onDone(r.changes.length),
    onError: notifyError,
  });
  const changes = preview.data?.changes ?? [];
  const kindName = (id: number, fallback: string) => kinds.find((k) => k.id === id)?.label ?? fallback;
  return (
    <Modal opened={opened} onClose={onClose} title={t('voucher:list.arrange.title')} size="lg" centered>
      <Stack gap="sm" data-testid="voucher-arrange-dialog">
        <Text size="sm" c="dimmed">{t('voucher:list.arrange.explain')}</Text>
        <Group gap="sm" grow>
          <Select
            data-autofocus
            label={t('voucher:list.filters.period')}
            data={periods.map((p) => ({ value: String(p.id), label: p.rolled ? `${p.name} (${t('voucher:list.arrange.settled')})` : p.name }))}
            value={periodId === null ? null : String(periodId)}
            onChange={(v) => onChange({ periodId: v ? Number(v) : null, kindId })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="voucher-arrange-period"
          />
          <Select
            label={t('voucher:list.filters.kind')}
            data={[{ value: '', label: t('voucher:list.filters.allKinds') }, ...kinds.map((k) => ({ value: String(k.id), label: k.label }))]}
            value={kindId === null ? '' : String(kindId)}
            onChange={(v) => onChange({ periodId, kindId: v ? Number(v) : null })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="voucher-arrange-kind"
          />
        </Group>
        {preview.isError && (
          <Alert color="red" p="xs" data-testid="voucher-arrange-error">{preview.error instanceof ApiError ? preview.error.message : String(preview.error)}</Alert>
        )}
        {preview.data && (
          <>
            <Text size="sm" data-testid="voucher-arrange-summary">
              {changes.length
                ? t('voucher:list.arrange.summary', { count: changes.length, kept: preview.data.kept, total: preview.data.total })
                : t('voucher:list.arrange.nothing', { kept: preview.data.kept, total: preview.data.total })}
            </Text>
            {changes.length > 0 && (
              <ScrollArea.Autosize mah={300} type="auto">
                <Table striped withTableBorder verticalSpacing={4} fz="sm" data-testid="voucher-arrange-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('voucher:list.columns.date')}</Table.Th>
                      <Table.Th>{t('voucher:list.arrange.from')}</Table.Th>
                      <Table.Th>{t('voucher:list.arrange.to')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changes.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{c.markTime}</Table.Td>
                        <Table.Td>{kindName(c.kindId, c.kindName)}-{c.fromText}</Table.Td>
                        <Table.Td>{kindName(c.kindId, c.kindName)}-{c.toText}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            onClick={() => apply.mutate()}
            loading={apply.isPending}
            disabled={!preview.data || changes.length === 0}
            data-testid="voucher-arrange-confirm"
          >
            {t('voucher:list.arrange.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
