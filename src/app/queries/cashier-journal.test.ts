import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { journalInvalidation, journalKeys } from './cashier-journal';

describe('journal invalidation', () => {
  const seeded = () => {
    const qc = new QueryClient();
    const keys = {
      sheet: journalKeys.sheet(1, 7, '2026-07'),
      refs: journalKeys.refs(1),
      offered: journalKeys.fromVoucher(1, 7, '2026-07'),
      otherLedger: journalKeys.sheet(2, 9, '2026-07'),
    };
    for (const key of Object.values(keys)) qc.setQueryData(key, { rows: [] });
    const stale = () => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, qc.getQueryState(key)?.isInvalidated ?? false]));
    return { qc, stale };
  };

  it("asks again for everything of the ledger set's journal, not another ledger set's", async () => {
    const { qc, stale } = seeded();
    await qc.invalidateQueries(journalInvalidation(1));
    expect(stale()).toEqual({ sheet: true, refs: true, offered: true, otherLedger: false });
  });

  it('leaves out the lines a closing bring-in dialog offered (they would be fetched for nobody)', async () => {
    const { qc, stale } = seeded();
    await qc.invalidateQueries(journalInvalidation(1, 'fromVoucher'));
    expect(stale()).toEqual({ sheet: true, refs: true, offered: false, otherLedger: false });
  });
});

describe('journal keys', () => {
  it('name their part after the ledger set by the key they are under (journalInvalidation leaves a part out by that name)', () => {
    const parts = Object.entries(journalKeys).filter(([name]) => name !== 'all') as Array<[string, (...args: unknown[]) => readonly unknown[]]>;
    for (const [name, key] of parts) expect(key(1, 2, '2026-07')[2]).toBe(name);
  });
});
