/**
 * The voucher list's data (/voucher/daily/list): one page of vouchers under the screen's filter,
 * batch actions (answered per voucher), and 凭证整理 with its dry run. Keys hang under
 * ['vouchers', accountId], so a save in the editor refreshes the list and the other way round.
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/typed-client';
import { voucherApi } from '../../../contract/heads';
import type { VoucherFilter } from '../../../contract/voucher';
import type { ListRequest } from '../../../../grids/list/list-grid';
import type { ServerAction } from './voucher-toolbar-model';

export const voucherListKey = (accountId: number | null, filter: unknown, req: unknown) => ['vouchers', accountId, 'list', filter, req] as const;

export const voucherListOptions = (filter: VoucherFilter, req: ListRequest, enabled = true) =>
  queryOptions({
    queryKey: voucherListKey(filter.accountId, filter, { index: req.index, size: req.size, sort: req.sort }),
    queryFn: ({ signal }) =>
      call(voucherApi.list, { query: { filter, index: req.index, size: req.size, ...(Object.keys(req.sort).length ? { sort: req.sort } : {}) } }, { signal }),
    enabled,
  });

/** Count and sums of every voucher under the filter (the list's footer, beside the page's own total row). */
export const voucherTotalOptions = (filter: VoucherFilter | null) =>
  queryOptions({
    queryKey: voucherListKey(filter?.accountId ?? null, filter, 'total'),
    queryFn: ({ signal }) => call(voucherApi.total, { query: { filter: filter! } }, { signal }),
    enabled: !!filter,
  });

/** Whether a key under ['vouchers', accountId] is the footer's total (refreshed apart from the rows: see the list page). */
export const isVoucherTotalKey = (key: readonly unknown[]) => key[2] === 'list' && key[4] === 'total';

export const runVoucherBatch = (action: ServerAction, ids: number[], reason?: string) =>
  call(voucherApi.batch, { body: { action, ids, ...(reason ? { reason } : {}) } });

export const arrangeVoucherCodes = (body: { accountId: number; periodId: number; kindId?: number; dryRun?: boolean }) => call(voucherApi.arrangeCode, { body });

/** The 制单人 filter's choices: the company's users and the ledger set's makers (GET /voucher/makers). */
export const voucherMakersOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: ['vouchers', accountId, 'makers'] as const,
    queryFn: ({ signal }) => call(voucherApi.makers, { query: { accountId: accountId! } }, { signal }),
    enabled: !!accountId,
    staleTime: 60_000,
  });
