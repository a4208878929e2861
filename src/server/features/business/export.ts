/**
 * The business query as .xlsx through the background export task (decision 015): the screen's
 * filter, the same figures (businessQuery), amounts in yuan as numbers, headers "中文 English",
 * text cells neutralized against formulas, the totals row last in bold.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../domain/result-codes';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import type { BusinessQueryFilter, BusinessRowDto } from '../../../contract/business';
import { XLSX_MIME } from '../export/sheet';
import { workbook, type Cell } from '../export/workbook';
import { startTask } from '../voucher/docs-service';
import type { Viewer } from '../clients/service';
import { businessQuery } from './query';

const GROUPS: Record<BusinessQueryFilter['groupBy'], string> = { PROJECT: '案件 Case', CLIENT: '客户 Client', PRINCIPAL: '主办人 Director', DEPARTMENT: '部门 Department' };
const KINDS: Record<string, string> = { LITIGATION: '诉讼 Litigation', NON_LITIGATION: '非诉 Non-litigation' };
const yuan = (cents: string) => Number(cents) / 100;
const text = (s: string | null | undefined) => neutralizeCell(s ?? '');

const FIGURE_HEADERS = ['案件数 Cases', '合同金额 Contract', '发票张数 Invoices', '开票金额 Invoiced', '红冲金额 Red-letter', '已收金额 Received', '应收未收 Outstanding', '未开票 Unbilled', '最近开票 Last invoice'];
const figureCells = (r: Pick<BusinessRowDto, 'cases' | 'contract' | 'invoiceCount' | 'invoiced' | 'red' | 'received' | 'outstanding' | 'unbilled' | 'lastInvoiceDate'>): Cell[] => [
  r.cases, yuan(r.contract), r.invoiceCount, yuan(r.invoiced), yuan(r.red), yuan(r.received), yuan(r.outstanding), yuan(r.unbilled), r.lastInvoiceDate ?? '',
];

export async function exportBusinessQuery(app: FastifyInstance, who: { companyId: number; userId: number }, viewer: Viewer, f: BusinessQueryFilter) {
  const answer = await businessQuery(app.db, who.companyId, viewer, f);
  if (answer.rows.length === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  const cases = f.groupBy === 'PROJECT';
  const head = cases
    ? ['编码 Code', '案件 Case', '类型 Kind', '客户 Clients', '主办人 Directors', '部门 Department']
    : ['编码 Code', GROUPS[f.groupBy]];
  return startTask(app, {
    ...who, kind: 'REPORT', mime: XLSX_MIME, fileName: `业务查询-${answer.from}-${answer.to}.xlsx`,
    build: async (progress) => {
      const rows: Cell[][] = answer.rows.map((r) => [
        ...(cases
          ? [text(r.code), text(r.name), r.kind ? KINDS[r.kind] : '', text(r.clients.join('、')), text(r.principals.join('、')), text(r.department)]
          : [text(r.code), text(r.name || '—')]),
        ...figureCells(r),
      ]);
      rows.push(['合计 Total', ...Array<Cell>(head.length - 1).fill(''), ...figureCells(answer.totals)]);
      await progress(0.5);
      const counts = [head.length, head.length + 2];
      return workbook(`业务查询 ${answer.from}~${answer.to}`, [...head, ...FIGURE_HEADERS], rows, (i) => i === rows.length - 1, counts);
    },
  });
}
