import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { voucherApi, voucherDocsApi } from '../../contract/heads';
import { call } from '../api/typed-client';
import { isBookView, queryClient } from './query-client';

// The server's answers: the unit project shares its modules between files (isolate: false), so the
// network is stubbed, not the client module.
const answers: Array<{ status: number; body: unknown }> = [];
const answer = (data: unknown, status = 200) => answers.push({ status, body: status === 200 ? { data, success: true, code: 0, msg: '' } : { data: null, success: false, code: 'VOUCHER_LOCKED', msg: 'refused' } });
beforeEach(() => {
  vi.stubGlobal('fetch', async () => {
    const next = answers.shift() ?? { status: 200, body: { data: null, success: true, code: 0, msg: '' } };
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  answers.length = 0;
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
    answer({ content: [], total: 0 });
    await call(voucherApi.list, { query: { filter: { accountId: 1 } } } as never);
    expect(stale()).toEqual([false, false]);
    answer(null, 409);
    await expect(call(voucherApi.remove, { params: { id: 7 } } as never)).rejects.toThrow();
    expect(stale()).toEqual([false, false]);
    answer({ id: 1, state: 'done' });
    await call(voucherDocsApi.exportXls, { body: { accountId: 1 } } as never);
    expect(stale()).toEqual([false, false]);
    // A preview or a dry run writes nothing (the period-end preview is a book view itself: it asked again for ever).
    answer({ lines: [] });
    answer({ lines: [] });
    await call(voucherApi.arrangeCode, { body: { accountId: 1, periodId: 2, dryRun: true } } as never);
    await call(voucherApi.create, { body: { accountId: 1 } } as never, { readOnly: true });
    expect(stale()).toEqual([false, false]);
    answer(null);
    await call(voucherApi.remove, { params: { id: 7 } } as never);
    expect(stale()).toEqual([true, false]);
  });
});

describe('a call refused as made on out-of-date data (STALE_DATA)', () => {
  const refuse = (code: string, status: number) => answers.push({ status, body: { data: null, success: false, code, msg: 'refused' } });

  it('marks every query stale, so the editor, the list and a tab opened later read the record as it now is', async () => {
    queryClient.setQueryData(['voucher', 1, 404], { id: 404, version: 0 });
    queryClient.setQueryData(['vouchers', 1], { content: [], total: 0 });
    refuse('STALE_DATA', 409);
    await expect(call(voucherApi.act, { params: { id: 404, action: 'audit' }, body: { version: 0 } } as never)).rejects.toMatchObject({ code: 'STALE_DATA' });
    expect(queryClient.getQueryState(['voucher', 1, 404])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['vouchers', 1])?.isInvalidated).toBe(true);
  });

  it('another refusal leaves what is on screen as it is', async () => {
    queryClient.setQueryData(['voucher', 1, 404], { id: 404, version: 0 });
    refuse('NO_PERMISSION', 403);
    await expect(call(voucherApi.act, { params: { id: 404, action: 'audit' }, body: { version: 0 } } as never)).rejects.toMatchObject({ code: 'NO_PERMISSION' });
    expect(queryClient.getQueryState(['voucher', 1, 404])?.isInvalidated).toBe(false);
  });
});
