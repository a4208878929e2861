import { describe, expect, it } from 'vitest';
import { paginateVoucher } from './voucher-print';

const line = (direction: boolean, amountCents: number) => ({ direction, amountCents });

describe('paginateVoucher', () => {
  it('keeps a short voucher on one page closed by its total', () => {
    const pages = paginateVoucher([line(true, 100), line(false, 100)], 8);
    expect(pages).toEqual([{ rows: [{ kind: 'line', index: 0 }, { kind: 'line', index: 1 }], close: { kind: 'total', debitCents: 100, creditCents: 100 } }]);
  });

  it('fills a page exactly without an empty continuation', () => {
    const pages = paginateVoucher(Array.from({ length: 8 }, (_, i) => line(i % 2 === 0, 10)), 8);
    expect(pages).toHaveLength(1);
    expect(pages[0].close).toEqual({ kind: 'total', debitCents: 40, creditCents: 40 });
  });

  it('continues a long voucher: 过次页 with the running totals, 承前页 carrying them, the total at the end', () => {
    const lines = [...Array.from({ length: 10 }, () => line(true, 100)), ...Array.from({ length: 10 }, () => line(false, 100))];
    const pages = paginateVoucher(lines, 8);
    expect(pages.map((p) => p.rows.length)).toEqual([8, 8, 6]);
    expect(pages[0].close).toEqual({ kind: 'carriedForward', debitCents: 800, creditCents: 0 });
    expect(pages[1].rows[0]).toEqual({ kind: 'broughtForward', debitCents: 800, creditCents: 0 });
    expect(pages[1].close).toEqual({ kind: 'carriedForward', debitCents: 1000, creditCents: 500 });
    expect(pages[2].rows[0]).toEqual({ kind: 'broughtForward', debitCents: 1000, creditCents: 500 });
    expect(pages[2].close).toEqual({ kind: 'total', debitCents: 1000, creditCents: 1000 });
    expect(pages.flatMap((p) => p.rows.filter((r) => r.kind === 'line').map((r) => (r as { index: number }).index))).toEqual(lines.map((_, i) => i));
  });

  it('prints an empty voucher as one page', () => {
    expect(paginateVoucher([], 8)).toEqual([{ rows: [], close: { kind: 'total', debitCents: 0, creditCents: 0 } }]);
  });
});
