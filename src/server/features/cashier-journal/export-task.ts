/**
 * The journal workbook (template 'cash', sheet.ts) through a background export task (decision 043):
 * a RUNNING task answered at once, progress while the lines are read in keyset pages of 1,000 (each
 * `after` the last line of the page before, so a long account is not read by growing offsets), then
 * a signed file. GET /cashier/cash/exportXls still answers the same file at once. The lines come in
 * the order the grid shows them (the request's sort: by date, latest first when `desc`; none:
 * journal order), each with the account's balance after it in journal order, as the grid shows it.
 */
import type { FastifyInstance } from 'fastify';
import type { Paging } from '../../../contract/common';
import type { CashLineDto, CashLineFilter, CashLineSort } from '../../../contract/cashier-journal';
import { DomainError } from '../../../domain/result-codes';
import { XLSX_MIME } from '../export/sheet';
import { startTask } from '../voucher/docs-service';
import { listLines } from './service';
import { buildCashWorkbook, CASH_SHEET } from './sheet';
import { todayIso } from '../../clock';

const PAGE = 1000;
/** Every line of one export (as GET /cashier/cash/exportXls). */
export const EXPORT_MAX_LINES = 100_000;

/** The list's paging words for the lines of a filter in the grid's order (journal order without a sort). */
export const exportPaging = (filter: CashLineFilter, sort: CashLineSort | undefined, limit: number): Paging<CashLineFilter> =>
  ({ filter, offset: 0, limit, sort: sort?.date ? { date: sort.date } : {}, expand: new Set<string>() });

export async function startJournalExport(app: FastifyInstance, who: { companyId: number; userId: number }, filter: CashLineFilter, sort?: CashLineSort) {
  const paging = (limit: number) => exportPaging(filter, sort, limit);
  const first = await listLines(app.db, who.companyId, paging(1));
  if (!first.total) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, {
    ...who, kind: 'CASH_JOURNAL', mime: XLSX_MIME, fileName: `${CASH_SHEET.file}-${todayIso()}.xlsx`,
    build: async (progress) => {
      const lines: CashLineDto[] = [];
      for (;;) {
        const last = lines.at(-1);
        const page = await listLines(app.db, who.companyId, paging(PAGE), last ? { mode: 'after', cursor: { date: last.date, id: last.id, bankAccountId: last.bankAccountId } } : undefined);
        lines.push(...page.content);
        await progress((lines.length / Math.max(1, Math.min(page.total, EXPORT_MAX_LINES))) * 0.8);
        if (page.content.length < PAGE || lines.length >= EXPORT_MAX_LINES) break;
      }
      return buildCashWorkbook(lines.slice(0, EXPORT_MAX_LINES));
    },
  });
}
