/**
 * Queries and mutations of the cash and bank journal (decision 035). Keys: ['cashJournal', accountId,
 * …] for lines, balances and openings of a ledger set; a save invalidates them all.
 */
import { queryOptions, useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { call, download } from '../api/typed-client';
import { bankAccountApi, cashJournalApi, incomeKindApi, outcomeKindApi } from '../../contract/heads';
import { MAX_PAGE_LIMIT } from '../../domain/constants';
import type { CashLineDto, CashLineSort } from '../../contract/cashier-journal';
import { createJournalPager, cursorOf } from '../features/cashier-journal/journal-paging';
import type { ListRequest } from '../../../grids/list/list-grid';

export const journalKeys = {
  all: (accountId: number | null) => ['cashJournal', accountId] as const,
  sheet: (accountId: number | null, bankAccountId: number | null, month: string) => ['cashJournal', accountId, 'sheet', bankAccountId, month] as const,
  list: (accountId: number | null, filter: unknown, req: unknown) => ['cashJournal', accountId, 'list', filter, req] as const,
  balance: (accountId: number | null, q: unknown) => ['cashJournal', accountId, 'balance', q] as const,
  reconcile: (accountId: number | null, q: unknown) => ['cashJournal', accountId, 'reconcile', q] as const,
  openings: (accountId: number | null) => ['cashJournal', accountId, 'openings'] as const,
  refs: (accountId: number | null) => ['cashJournal', accountId, 'refs'] as const,
  /** The voucher lines the bring-in dialog offers (one month of one account). */
  fromVoucher: (accountId: number | null, bankAccountId: number, month: string) => ['cashJournal', accountId, 'fromVoucher', bankAccountId, month] as const,
};

/** One part of the journal's queries, by the name that follows the ledger set in its key (a key of journalKeys). */
export type JournalPart = Exclude<keyof typeof journalKeys, 'all'>;

/**
 * Every query of a ledger set's journal, but `except`: the part a closing dialog showed, which
 * would otherwise be fetched again (still observed in the moment it closes) for nobody to read.
 */
export function journalInvalidation(accountId: number | null, except?: JournalPart): InvalidateQueryFilters {
  return { queryKey: journalKeys.all(accountId), ...(except ? { predicate: (q) => q.queryKey[2] !== except } : {}) };
}

export interface JournalFilter {
  bankAccountId?: number;
  dateFrom?: string;
  dateTo?: string;
  kindId?: number;
  side?: 'RECEIPT' | 'PAYMENT';
  amountMin?: number;
  amountMax?: number;
  /** Summary, counterparty or kind (the list's keyword box). */
  keyword?: string;
}

/** The lines the query grid shows: the screen's filters and the keyword it was searched with (the list and its export ask the same). */
export const shownJournalFilter = (filter: JournalFilter, keyword: string): JournalFilter => (keyword.trim() ? { ...filter, keyword: keyword.trim() } : filter);

/**
 * The order the query grid shows: its sort by date (the one sortable column), or nothing for journal
 * order. The list and its export ask with the same, so the workbook's lines stand as on screen.
 */
export const shownJournalSort = (sort: Readonly<Record<string, 'asc' | 'desc'>>): CashLineSort | undefined => (sort.date ? { date: sort.date } : undefined);

/** The ledger set's bank accounts and income / outcome kinds (the sheet's lookups and the filters). */
export const journalRefsOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: journalKeys.refs(accountId),
    queryFn: async ({ signal }) => {
      const [accounts, income, outcome] = await Promise.all([
        call(bankAccountApi.list, { query: { filter: { accountId: accountId! }, size: 500 } }, { signal }),
        call(incomeKindApi.list, { query: { filter: { accountId: accountId! }, size: 500 } }, { signal }),
        call(outcomeKindApi.list, { query: { filter: { accountId: accountId! }, size: 500 } }, { signal }),
      ]);
      return { accounts: accounts.content, kinds: [...income.content, ...outcome.content] };
    },
    enabled: !!accountId,
  });

/** Every line matching the filter, a page of MAX_PAGE_LIMIT after another by keyset (each page `after` the last line of the one before). */
async function loadAllLines(filter: { accountId: number; bankAccountId: number; month: string }, signal: AbortSignal) {
  const content: CashLineDto[] = [];
  for (;;) {
    const last = content.at(-1);
    const page = await call(cashJournalApi.list, { query: { filter: { ...filter, ...(last ? { after: cursorOf(last) } : {}) }, limit: MAX_PAGE_LIMIT } }, { signal });
    content.push(...page.content);
    if (page.content.length < MAX_PAGE_LIMIT) return { content, total: content.length };
  }
}

/** Every line of one bank account in a month, and the month's opening balance. */
export const journalSheetOptions = (accountId: number | null, bankAccountId: number | null, month: string) =>
  queryOptions({
    queryKey: journalKeys.sheet(accountId, bankAccountId, month),
    queryFn: async ({ signal }) => {
      const [y, m] = month.split('-').map(Number);
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const [lines, balance] = await Promise.all([
        loadAllLines({ accountId: accountId!, bankAccountId: bankAccountId!, month }, signal),
        call(cashJournalApi.balance, { query: { accountId: accountId!, bankAccountId: String(bankAccountId), dateFrom: `${month}-01`, dateTo: `${month}-${String(last).padStart(2, '0')}`, groupBy: 'TOTAL', includeEmpty: true } }, { signal }),
      ]);
      return { lines: lines.content, openingCents: Number(balance.rows[0]?.openingCents ?? 0) };
    },
    enabled: !!accountId && !!bankAccountId && /^\d{4}-\d{2}$/.test(month),
    staleTime: 0,
  });

const pager = createJournalPager();

/**
 * A page of the query screen. The grid asks by index/size; a page next to one already shown, and the
 * last page, are asked by keyset (journal-paging.ts) so late pages of a long account stay fast.
 */
/** The query's footer: count, receipts and payments of every line under the filter and keyword (GET /cashier/cash/total). */
export const journalTotalOptions = (accountId: number | null, filter: JournalFilter, keyword: string, enabled = true) =>
  queryOptions({
    queryKey: [...journalKeys.all(accountId), 'total', filter, keyword.trim()] as const,
    queryFn: ({ signal }) => call(cashJournalApi.total, { query: { filter: { accountId: accountId!, ...shownJournalFilter(filter, keyword) } } }, { signal }),
    enabled: enabled && accountId !== null,
  });

export const journalListOptions = (accountId: number | null, filter: JournalFilter, req: ListRequest) =>
  queryOptions({
    queryKey: journalKeys.list(accountId, filter, req),
    queryFn: async ({ signal }) => {
      const sort = shownJournalSort(req.sort);
      const listKey = JSON.stringify([accountId, filter, req.keyword, sort ?? null, req.size]);
      const paging = pager.pagingOf(listKey, req.index, req.size);
      const keyset = 'after' in paging ? { after: paging.after } : 'before' in paging ? { before: paging.before } : 'last' in paging ? { last: true } : {};
      const answer = await call(cashJournalApi.list, {
        query: {
          filter: { accountId: accountId!, ...shownJournalFilter(filter, req.keyword), ...keyset },
          ...('index' in paging ? { index: paging.index, size: paging.size } : { limit: paging.limit }),
          sort,
        },
      }, { signal });
      pager.record(listKey, req.index, answer);
      return answer;
    },
    enabled: !!accountId,
  });

export interface BalanceRequest {
  bankAccountIds: number[];
  dateFrom: string;
  dateTo: string;
  groupBy: 'DAY' | 'MONTH' | 'TOTAL';
}

export const journalBalanceOptions = (accountId: number | null, r: BalanceRequest) =>
  queryOptions({
    queryKey: journalKeys.balance(accountId, r),
    queryFn: ({ signal }) =>
      call(cashJournalApi.balance, {
        query: { accountId: accountId!, ...(r.bankAccountIds.length ? { bankAccountId: r.bankAccountIds.join(',') } : {}), dateFrom: r.dateFrom, dateTo: r.dateTo, groupBy: r.groupBy, includeEmpty: true },
      }, { signal }),
    // A reversed range is held back by the page (range-filter.ts unlessReversed), which says why.
    enabled: !!accountId,
  });

/** The journal against the books on a date, per cash or bank subject (GET /cashier/cashBalance). */
export const journalReconcileOptions = (accountId: number | null, r: { date: string; bankAccountIds: number[]; bookkeptOnly: boolean }) =>
  queryOptions({
    queryKey: journalKeys.reconcile(accountId, r),
    queryFn: ({ signal }) =>
      call(cashJournalApi.cashBalance, {
        query: { accountId: accountId!, date: r.date, ...(r.bankAccountIds.length ? { bankAccountId: r.bankAccountIds.join(',') } : {}), ...(r.bookkeptOnly ? { bookkeptOnly: true } : {}) },
      }, { signal }),
    enabled: !!accountId && /^\d{4}-\d{2}-\d{2}$/.test(r.date),
  });

export const openingsOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: journalKeys.openings(accountId),
    queryFn: ({ signal }) => call(cashJournalApi.openings, { query: { accountId: accountId! } }, { signal }),
    enabled: !!accountId,
    staleTime: 0,
  });

export function useJournalInvalidate(accountId: number | null) {
  const qc = useQueryClient();
  return (except?: JournalPart) => qc.invalidateQueries(journalInvalidation(accountId, except));
}

/**
 * Starts the background export of the lines matching the filter (the grid's: shownJournalFilter), in
 * the grid's order (shownJournalSort; none: journal order), as the 'cash' workbook (decision 043);
 * answers the task to follow.
 */
export const exportJournal = (accountId: number, filter: JournalFilter, sort?: CashLineSort) =>
  call(cashJournalApi.exportTask, { body: { filter: { ...filter, accountId }, ...(sort ? { sort } : {}) } });
export const downloadJournalTemplate = () => download(cashJournalApi.template, 'cash-journal-template.xlsx');
/** Imports a workbook as new lines of the bank account, all or nothing. */
export function importJournal(bankAccountId: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return call(cashJournalApi.importXls, { query: { bankAccountId }, body });
}
