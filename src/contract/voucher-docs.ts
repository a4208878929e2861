/**
 * Voucher printing, export and import (spec 01 §2 /voucher daily/printVoucher and daily/data, §7
 * "exportPdf, exportXls, importXls" and "Export progress"): the PDF of vouchers in the Chinese
 * 记账凭证 layout and the .xlsx of their lines run as background export tasks (the answer is the
 * task; /system/export/{token} gives progress and the result URL); the import takes an .xlsx in
 * the export's layout, groups its rows into vouchers by (date, kind, number) and saves them all or
 * none through the voucher service; `dryRun` checks everything and writes nothing.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { idSchema } from './common';
import { defineRoute } from './route';
import { exportTaskDto } from './export';
import { voucherFilter } from './voucher';

/** The vouchers to print: their ids (one ledger set), or the list's filter. */
export const voucherPdfBody = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(1000) }),
  z.object({ filter: voucherFilter }),
]);
/** The lines to export: the voucher list's filter (period range, kind, ids …). */
export const voucherXlsBody = z.object({ filter: voucherFilter });

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
export const voucherImportQuery = z.object({
  accountId: idSchema,
  /** Report only the first wrong row (default: every wrong row); nothing is imported either way. */
  failFast: flag.optional(),
  /** Check every row and voucher with the save rules, then roll back: nothing is written. */
  dryRun: flag.optional(),
});
/** What an import did (or, with dryRun, would do). Wrong rows answer IMPORT_ROWS_INVALID with appendix.errors and the error workbook. */
export const voucherImportResultDto = z.object({
  dryRun: z.boolean(),
  vouchers: z.number().int(),
  lines: z.number().int(),
  /** "记-0003" of each voucher created, in the sheet's order (empty on a dry run). */
  labels: z.array(z.string()),
  /**
   * Vouchers of the sheet equal to one already in the books (same date, kind and lines): the
   * import is allowed (it renumbers, decision 027) but would add them again. {row: the voucher's
   * first sheet row, message: "The voucher on row 5 matches 记-0005 already in the books"}.
   */
  warnings: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type VoucherImportResultDto = z.infer<typeof voucherImportResultDto>;

const operations = [RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE] as const;
/** Printing and exporting read vouchers: the voucher menu or any voucher operation right (as GET /voucher). */
const read = { right: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, ...operations], scope: 'account' } as const;
const tags = ['voucher', 'export'];

export const voucherDocsApi = {
  /** Starts a PDF of the vouchers (one per page, long ones continued with carried totals); answers the task. */
  exportPdf: defineRoute({ method: 'POST', path: '/voucher/exportPdf', body: voucherPdfBody, answer: exportTaskDto, access: read, tags }),
  /** Starts an .xlsx of the matching vouchers' lines (one row per line, bilingual headers); answers the task. */
  exportXls: defineRoute({ method: 'POST', path: '/voucher/exportXls', body: voucherXlsBody, answer: exportTaskDto, access: read, tags }),
  /** Imports vouchers from an .xlsx in the export's layout (multipart: the file), all or none, through the editor's save rules. */
  importXls: defineRoute({ method: 'POST', path: '/voucher/importXls', multipart: true, query: voucherImportQuery, answer: voucherImportResultDto, access: { right: RIGHTS.VOUCHER_EDIT, scope: 'account' }, tags: ['voucher', 'import'] }),
  /** The import template (.xlsx attachment): the header row, example lines and a notes sheet. */
  template: defineRoute({ method: 'GET', path: '/voucher/template', answer: z.unknown(), access: { right: RIGHTS.VOUCHER_EDIT, scope: 'none' }, tags: ['voucher', 'import'] }),
};
