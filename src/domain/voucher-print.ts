/**
 * How a voucher's lines fall on the pages of its print (the 记账凭证 form has a fixed number of
 * rows): pure, so the carried totals are tested without rendering a PDF.
 */
import { sumCents } from './money';

/** Table rows per page (lines plus the 承前页 row of a continued page). */
export const PDF_ROWS_PER_PAGE = 8;

export type PdfRow =
  | { kind: 'line'; index: number }
  | { kind: 'broughtForward'; debitCents: number; creditCents: number };

export interface PdfPage {
  rows: PdfRow[];
  /** The closing row: 过次页 with the running totals, or (last page) the voucher's 合计. */
  close: { kind: 'carriedForward' | 'total'; debitCents: number; creditCents: number };
}

/**
 * A voucher's lines over pages of `perPage` rows: the first page takes `perPage` lines, each
 * further page one 承前页 row and `perPage - 1` lines; every page but the last closes with 过次页
 * and the totals so far, the last with the voucher's totals.
 */
export function paginateVoucher(lines: ReadonlyArray<{ direction: boolean; amountCents: number }>, perPage = PDF_ROWS_PER_PAGE): PdfPage[] {
  if (perPage < 2) throw new RangeError('perPage must be at least 2');
  const pages: PdfPage[] = [];
  let debit = 0;
  let credit = 0;
  let next = 0;
  do {
    const rows: PdfRow[] = [];
    if (pages.length) rows.push({ kind: 'broughtForward', debitCents: debit, creditCents: credit });
    while (rows.length < perPage && next < lines.length) {
      const l = lines[next];
      if (l.direction) debit = sumCents([debit, l.amountCents]);
      else credit = sumCents([credit, l.amountCents]);
      rows.push({ kind: 'line', index: next++ });
    }
    pages.push({ rows, close: { kind: next < lines.length ? 'carriedForward' : 'total', debitCents: debit, creditCents: credit } });
  } while (next < lines.length);
  return pages;
}

