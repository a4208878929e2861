/**
 * The reimbursements workbook (the 'expense' template layout, sheet.ts) through a background export
 * task (decision 043): a RUNNING task answered at once, progress while the documents are read in
 * pages of 1,000, then a signed file — the same path as the other lists' exports (decision 015).
 * GET /expense/exportXls still answers the same file at once.
 */
import type { FastifyInstance } from 'fastify';
import type { ExpenseDto } from '../../../contract/expense';
import { DomainError } from '../../../domain/result-codes';
import { XLSX_MIME } from '../export/sheet';
import { startTask } from '../voucher/docs-service';
import type * as q from './queries';
import { listExpenses } from './service';
import { buildExpenseWorkbook, EXPENSE_SHEET } from './sheet';
import { todayIso } from '../../clock';

const PAGE = 1000;

export async function startExpenseExport(app: FastifyInstance, who: { companyId: number; userId: number }, filter: q.ExpenseFilter) {
  const first = await listExpenses(app.db, who.companyId, { filter, offset: 0, limit: 1, sort: {}, expand: new Set() });
  if (!first.total) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, {
    ...who, kind: 'EXPENSE', mime: XLSX_MIME, fileName: `${EXPENSE_SHEET.file}-${todayIso()}.xlsx`,
    build: async (progress) => {
      const docs: ExpenseDto[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await listExpenses(app.db, who.companyId, { filter, offset, limit: PAGE, sort: {}, expand: new Set(['invoices']) });
        docs.push(...page.content);
        await progress((docs.length / Math.max(1, page.total)) * 0.8);
        if (docs.length >= page.total || !page.content.length) break;
      }
      // Oldest first, as GET /expense/exportXls writes them.
      return buildExpenseWorkbook(docs.reverse());
    },
  });
}
