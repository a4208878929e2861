/**
 * The editor's "Associated vouchers" (spec 01 §2 "view associated vouchers", §3 voucherRelationInfos):
 * a popover listing the synchronised copies (to or from another ledger set), the red reversal and
 * the voucher this one was copied from, each with a button that opens it. A voucher of another
 * ledger set or year is opened after switching the shell's scope to it (the editor always works in
 * the current ledger set and year); unsaved editors are asked about first, as for any scope switch.
 * Every voucher is named in the reader's language, with the kinds of its own ledger set.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { VoucherDto } from '../../../contract/voucher';
import { voucherApi } from '../../../contract/heads';
import { call } from '../../api/typed-client';
import { sessionStore, useScope } from '../../session/store';
import { confirmDiscardDirtyTabs } from '../../shell/dirty-guard';
import { accountsQueryOptions } from '../../queries/account';
import { voucherOptions } from './voucher-queries';
import { associatedOf, type Associated } from './voucher-associated';
import { voucherLabelOf } from './voucher-mapping';
import { useVoucherKindsOf } from './voucher-sources';

export function VoucherRelationsButton({ voucher: shown }: { voucher: VoucherDto | null }) {
  const { t, i18n } = useTranslation(['voucher']);
  // The cached voucher, refetched after a synchronisation (which links without changing the voucher's version).
  const cached = useQuery(voucherOptions(shown?.accountId ?? null, shown?.id ?? null));
  const voucher = shown && cached.data?.id === shown.id ? cached.data : shown;
  const { accountId, accountYearId } = useScope();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const copiedFrom = voucher?.source === 'COPY' && voucher.originId !== null ? voucher.originId : null;
  const origin = useQuery({
    queryKey: ['vouchers', voucher?.accountId ?? null, 'one', copiedFrom ?? 0] as const,
    queryFn: ({ signal }) => call(voucherApi.get, { params: { id: copiedFrom! } }, { signal }),
    enabled: opened && copiedFrom !== null,
  });
  const count = voucher ? voucher.voucherRelationInfos.length + (copiedFrom !== null ? 1 : 0) : 0;
  // The kinds of every ledger set the list names (a synchronised copy's is another), read while there is a list.
  const kindsOf = useVoucherKindsOf([voucher?.accountId ?? 0, ...(voucher?.voucherRelationInfos.map((r) => r.accountId) ?? [])].filter((id) => id > 0), count > 0);
  const list = voucher ? associatedOf(voucher, origin.data ?? null, { language: i18n.language, kindsOf }) : [];

  const open = async (a: Associated) => {
    setOpened(false);
    if (a.accountId !== accountId || a.accountYearId !== accountYearId) {
      if (!(await confirmDiscardDirtyTabs())) return;
      sessionStore.setScope({ accountId: a.accountId, accountYearId: a.accountYearId });
    }
    await navigate({ href: `/newVoucher/${a.id}` });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button size="xs" variant="default" disabled={count === 0} onClick={() => setOpened((o) => !o)} data-testid="voucher-relations">
          {t('voucher:relations.button')}
          {count > 0 && <Badge ml={6} size="xs" circle>{count}</Badge>}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="voucher-relations-list">
        <Stack gap={6} miw={300}>
          <Text size="sm" fw={600}>{t('voucher:relations.title')}</Text>
          {list.map((a) => (
            <Group key={a.key} gap="xs" justify="space-between" wrap="nowrap" data-testid={`voucher-relation-${a.id}`}>
              <Stack gap={0}>
                <Text size="sm">{t(`voucher:relations.kinds.${a.kind}`)} {a.label}</Text>
                {a.accountId !== voucher?.accountId && <Text size="xs" c="dimmed">{a.accountName}</Text>}
              </Stack>
              <Button size="compact-xs" variant="light" onClick={() => void open(a)} data-testid={`voucher-relation-open-${a.id}`}>
                {t('voucher:relations.open')}
              </Button>
            </Group>
          ))}
          {copiedFrom !== null && origin.isLoading && <Text size="xs" c="dimmed">…</Text>}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Shown instead of the editor when the voucher belongs to another ledger set or year than the
 * shell's (a typed URL, a tab left open across a scope switch): the editor would offer the wrong
 * kinds and subjects, so it offers to switch the scope to the voucher's instead.
 */
export function OtherScopeNotice({ voucher }: { voucher: VoucherDto }) {
  const { t, i18n } = useTranslation(['voucher']);
  const { companyId } = useScope();
  const accounts = useQuery(accountsQueryOptions(companyId));
  const account = accounts.data?.find((a) => a.id === voucher.accountId);
  const year = account?.accountYears?.find((y) => y.id === voucher.accountYearId);
  const kindsOf = useVoucherKindsOf([voucher.accountId]);
  const label = voucherLabelOf(voucher, kindsOf(voucher.accountId), i18n.language);
  return (
    <Alert color="orange" data-testid="voucher-other-scope">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('voucher:relations.otherScope', { label, account: account?.name ?? '', year: year?.year ?? '' })}</Text>
        <Button
          size="xs"
          onClick={async () => {
            if (!(await confirmDiscardDirtyTabs())) return;
            sessionStore.setScope({ accountId: voucher.accountId, accountYearId: voucher.accountYearId });
          }}
          data-testid="voucher-other-scope-switch"
        >
          {t('voucher:relations.switchScope')}
        </Button>
      </Stack>
    </Alert>
  );
}
