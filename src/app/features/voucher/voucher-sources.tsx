/**
 * The documents a voucher was generated from (decision 037, spec 01 §7 billQuery with voucherId):
 * the editor names each (a reimbursement by its code, 202611-0013; a journal line by its bank
 * account, date and number) on a button that opens it — the reimbursement editor, or the journal
 * sheet of that account and month. A voucher with many sources lists them in a menu. Answered only
 * to a user who may read the source (the route's rule): otherwise nothing shows.
 *
 * Also the one way a voucher code stored as "记-0012" reads in the UI language ("General-0012"),
 * as the voucher list shows it: the kind's English name from the ledger set's voucher kinds.
 */
import { useCallback, useMemo } from 'react';
import { Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BillDocDto, DocSource } from '../../../contract/doc-to-voucher';
import type { VoucherDto } from '../../../contract/voucher';
import { docToVoucherApi } from '../../../contract/heads';
import { formatReimbursementCode } from '../../../domain/reimbursement';
import { call } from '../../api/typed-client';
import { voucherKindsOptions } from './voucher-queries';
import { voucherLabelIn } from './voucher-mapping';

/** "记-0012" in the UI language ("General-0012"): voucherLabelIn (voucher-mapping.ts); nothing for no code. */
export function localVoucherCode(code: string | null | undefined, kinds: ReadonlyArray<{ name: string; nameEn?: string | null }>, language: string): string {
  return code ? voucherLabelIn(code, kinds, language) : '';
}

/** localVoucherCode with the voucher kinds of a ledger set and the UI's language. */
export function useLocalVoucherCode(accountId: number | null): (code: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const kinds = useQuery({ ...voucherKindsOptions(accountId), retry: false });
  const list = kinds.data;
  const language = i18n.language;
  return useCallback((code) => localVoucherCode(code, list ?? [], language), [list, language]);
}

type KindWords = ReadonlyArray<{ id: number; name: string; nameEn: string | null }>;
const answersOf = <T,>(results: ReadonlyArray<{ data: T | undefined }>): Array<T | undefined> => results.map((r) => r.data);

/**
 * The voucher kinds of several ledger sets (the associated vouchers of a voucher live in other ledger
 * sets too: a synchronised copy), read while `enabled`: answers the kinds of one of them, none
 * while not read or not readable (the labels keep the server's word then).
 */
export function useVoucherKindsOf(accountIds: readonly number[], enabled = true): (accountId: number) => KindWords {
  const key = [...new Set(accountIds)].sort((a, b) => a - b).join(',');
  const ids = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
  // The answers only (structurally shared): the same array while no list changed.
  const lists = useQueries({ queries: ids.map((id) => ({ ...voucherKindsOptions(id), enabled, retry: false })), combine: answersOf });
  const byAccount = useMemo(() => new Map(ids.map((id, i) => [id, lists[i] ?? []])), [ids, lists]);
  return useCallback((accountId) => byAccount.get(accountId) ?? [], [byAccount]);
}

const SOURCES: readonly DocSource[] = ['EXPENSE', 'JOURNAL'];
/** At most this many sources show as buttons; more go into a menu. */
const INLINE_MAX = 3;

/** "Reimbursement 202611-0013" / "Journal 1002 ICBC 2026-11-05 No. 3". */
export function sourceLabel(t: (key: string, params?: Record<string, unknown>) => string, d: BillDocDto): string {
  return d.source === 'EXPENSE'
    ? t('voucher:sources.EXPENSE', { code: formatReimbursementCode(d.code) })
    : t('voucher:sources.JOURNAL', { account: d.party, date: d.date, code: d.code });
}

/** Where a source document opens. */
export function sourceHref(d: BillDocDto): string | null {
  if (d.source === 'EXPENSE') return `/newReimburse/${d.id}`;
  return d.bankAccountId ? `/cashier/cashBankJournalEdit?bankAccountId=${d.bankAccountId}&month=${d.date.slice(0, 7)}` : null;
}

export const voucherSourcesKey = (accountId: number, voucherId: number, source: string) => ['docToVoucher', 'sources', accountId, voucherId, source] as const;

export function VoucherSources({ voucher }: { voucher: VoucherDto | null }) {
  const { t } = useTranslation(['voucher']);
  const navigate = useNavigate();
  const source = SOURCES.find((s) => s === voucher?.source) ?? null;
  const sources = useQuery({
    queryKey: voucherSourcesKey(voucher?.accountId ?? 0, voucher?.id ?? 0, source ?? ''),
    queryFn: ({ signal }) => call(docToVoucherApi.billQuery, { query: { accountId: voucher!.accountId, source: source!, voucherId: voucher!.id, state: 'ALL' } }, { signal }),
    enabled: !!voucher && source !== null,
    retry: false,
  });
  const docs = sources.data ?? [];
  if (!voucher || !docs.length) return null;
  const open = (d: BillDocDto) => {
    const href = sourceHref(d);
    if (href) void navigate({ href });
  };
  return (
    <Group gap={4} wrap="nowrap" data-testid="voucher-sources">
      <Text size="xs" c="dimmed">{t('voucher:sources.label')}</Text>
      {docs.length <= INLINE_MAX
        ? docs.map((d) => (
          <Tooltip key={d.id} label={t('voucher:sources.open')} withArrow>
            <Button size="xs" variant="light" disabled={!sourceHref(d)} onClick={() => open(d)} data-testid={`voucher-source-${d.source}-${d.id}`}>
              {sourceLabel(t, d)}
            </Button>
          </Tooltip>
        ))
        : (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" data-testid="voucher-sources-menu">{t('voucher:sources.many', { count: docs.length })} ▾</Button>
            </Menu.Target>
            <Menu.Dropdown mah={360} style={{ overflow: 'auto' }}>
              {docs.map((d) => (
                <Menu.Item key={d.id} disabled={!sourceHref(d)} onClick={() => open(d)} data-testid={`voucher-source-${d.source}-${d.id}`}>
                  {sourceLabel(t, d)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
    </Group>
  );
}
