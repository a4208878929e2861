/**
 * The editor's "Synchronise to…" (spec 01 §2 toolbar, §4 synchronised copy; decision 024): a dialog
 * listing the company's other ledger sets as radio buttons (the first has the focus, arrows choose,
 * Enter synchronises, Esc closes). It names the account year the voucher's date falls in there;
 * the server maps the subjects and refuses with the unmapped ones named. After a copy the voucher
 * is read again, so its associated vouchers show the copy.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VoucherDto } from '../../../contract/voucher';
import { voucherSyncApi } from '../../../contract/heads';
import { call } from '../../api/typed-client';
import { accountsQueryOptions } from '../../queries/account';
import { notifyError } from '../../queries/admin-common';
import { useScope } from '../../session/store';
import { voucherKeys, voucherKindsOptions, voucherOptions } from './voucher-queries';
import { voucherLabelOf } from './voucher-mapping';
import { useBusy } from '../common/use-busy';

export function VoucherSyncButton({ voucher, enabled, reason }: { voucher: VoucherDto | null; enabled: boolean; reason?: string | null }) {
  const { t } = useTranslation(['voucher']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={reason ?? t('voucher:sync.tooltip')} withArrow>
        <Button size="xs" variant="default" disabled={!enabled || !voucher} onClick={() => setOpen(true)} data-testid="voucher-action-sync">
          {t('voucher:sync.button')}
        </Button>
      </Tooltip>
      {open && voucher && <VoucherSyncDialog voucher={voucher} onClose={() => setOpen(false)} />}
    </>
  );
}

function VoucherSyncDialog({ voucher: shown, onClose }: { voucher: VoucherDto; onClose: () => void }) {
  const { t, i18n } = useTranslation(['voucher', 'common']);
  const cached = useQuery(voucherOptions(shown.accountId, shown.id));
  const voucher = cached.data?.id === shown.id ? cached.data : shown;
  const { companyId } = useScope();
  const qc = useQueryClient();
  const accounts = useQuery(accountsQueryOptions(companyId));
  const targets = useMemo(() => (accounts.data ?? []).filter((a) => a.id !== voucher.accountId), [accounts.data, voucher.accountId]);
  const linked = new Set(voucher.voucherRelationInfos.filter((r) => r.kind === 'SYNC').map((r) => r.accountId));
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? (targets.find((a) => !linked.has(a.id)) ?? targets[0])?.id.toString() ?? null;
  const { busy, busyNow, setBusy } = useBusy();
  const target = targets.find((a) => String(a.id) === value);
  const yearOf = (a: (typeof targets)[number]) => (a.accountYears ?? []).find((y) => y.startAt <= voucher.markTime && voucher.markTime <= y.endAt);

  const submit = async () => {
    if (!target || busyNow()) return;
    setBusy(true);
    try {
      const copy = await call(voucherSyncApi.sync, { params: { id: voucher.id }, body: { targetAccountId: target.id } });
      void qc.invalidateQueries({ queryKey: voucherKeys.one(voucher.accountId, voucher.id) });
      void qc.invalidateQueries({ queryKey: voucherKeys.all(target.id) });
      // The copy named with the kinds of its ledger set, in the reader's language (the server's word if they cannot be read).
      const kinds = await qc.fetchQuery({ ...voucherKindsOptions(copy.accountId), retry: false }).catch(() => []);
      notifications.show({ color: 'green', message: t('voucher:sync.done', { account: target.name, label: voucherLabelOf(copy, kinds, i18n.language) }) });
      onClose();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('voucher:sync.title')} size="md" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="voucher-sync-dialog"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('voucher:sync.body')}</Text>
          {accounts.data && !targets.length && <Alert color="orange">{t('voucher:sync.noTarget')}</Alert>}
          <Radio.Group value={value} onChange={setChosen} label={t('voucher:sync.target')}>
            <Stack gap={6} mt={4}>
              {targets.map((a, i) => {
                const year = yearOf(a);
                return (
                  <Radio
                    key={a.id}
                    value={String(a.id)}
                    data-autofocus={String(a.id) === value || (value === null && i === 0) ? true : undefined}
                    label={a.name}
                    description={linked.has(a.id) ? t('voucher:sync.alreadyLinked') : year ? t('voucher:sync.year', { year: year.year }) : t('voucher:sync.noYear', { date: voucher.markTime })}
                    data-testid={`voucher-sync-target-${a.id}`}
                  />
                );
              })}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!target} data-testid="voucher-sync-ok">{t('voucher:sync.confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
