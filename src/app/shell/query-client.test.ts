import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { voucherApi, voucherDocsApi } from '../../contract/heads';

const request = vi.fn();
vi.mock('../api/client', async (original) => ({ ...(await original<typeof import('../api/client')>()), request: (...a: unknown[]) => request(...a) }));

const { call } = await import('../api/typed-client');
const { isBookView, queryClient } = await import('./query-client');

afterEach(() => {
  request.mockReset();
  queryClient.clear();
});

describe('book views', () => {
  it('are the ledgers, the reports but their definitions, and the openings’ trial balance', () => {
    expect(isBookView(['ledger', 'subjectBalance', {}])).toBe(true);
    expect(isBookView(['report', 'balanceSheet', {}])).toBe(true);
    expect(isBookView(['periodEndPreview', false, 3])).toBe(false);
    expect(isBookView(['opening', 'trialBalance', 4])).toBe(true);
    expect(isBookView(['report', 'definition', 1, 'BALANCE'])).toBe(false);
    expect(isBookView(['opening', 'aux', 4])).toBe(false);
    expect(isBookView(['vouchers', 1])).toBe(false);
  });

  it('go stale after a call that changed data went through, not after a read, an export or a refused call', async () => {
    const seed = (client: QueryClient) => {
      client.setQueryData(['ledger', 'subjectBalance', { a: 1 }], { rows: [] });
      client.setQueryData(['report', 'definition', 1], { rows: [] });
    };
    const stale = () => [queryClient.getQueryState(['ledger', 'subjectBalance', { a: 1 }])!.isInvalidated, queryClient.getQueryState(['report', 'definition', 1])!.isInvalidated];
    seed(queryClient);
    request.mockResolvedValue({ content: [], total: 0 });
    await call(voucherApi.list, { query: { filter: { accountId: 1 } } } as never);
    expect(stale()).toEqual([false, false]);
    request.mockRejectedValueOnce(new Error('refused'));
    await expect(call(voucherApi.remove, { params: { id: 7 } } as never)).rejects.toThrow('refused');
    expect(stale()).toEqual([false, false]);
    request.mockResolvedValue({ id: 1, state: 'done' });
    await call(voucherDocsApi.exportXls, { body: { accountId: 1 } } as never);
    expect(stale()).toEqual([false, false]);
    // A preview or a dry run writes nothing (the period-end preview is a book view itself: it asked again for ever).
    request.mockResolvedValue({ lines: [] });
    await call(voucherApi.arrangeCode, { body: { accountId: 1, periodId: 2, dryRun: true } } as never);
    await call(voucherApi.create, { body: { accountId: 1 } } as never, { readOnly: true });
    expect(stale()).toEqual([false, false]);
    request.mockResolvedValue(null);
    await call(voucherApi.remove, { params: { id: 7 } } as never);
    expect(stale()).toEqual([true, false]);
  });
});
