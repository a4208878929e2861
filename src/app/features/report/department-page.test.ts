import { describe, expect, it } from 'vitest';
import type { DepartmentDetailDto } from '../../../contract/report';
import { toDepartmentRows } from './department-page';

const t = (k: string, o?: Record<string, unknown>) => (o?.name ? `${o.name} ${k}` : k);

describe('department income and expense rows', () => {
  const dto = {
    companyName: 'C', accountName: 'A', year: 2026, startMonth: 1, endMonth: 12, bookKeep: false,
    rows: [
      { departmentId: 7, departmentCode: '01', departmentName: '诉讼组', subjectId: 1, subjectCode: '5001', subjectName: '主营业务收入', subjectNameEn: 'Revenue', kind: 'INCOME', debit: '1000', credit: '51000', amount: '50000' },
      { departmentId: 7, departmentCode: '01', departmentName: '诉讼组', subjectId: 2, subjectCode: '5601', subjectName: '销售费用', subjectNameEn: null, kind: 'EXPENSE', debit: '20000', credit: '0', amount: '20000' },
    ],
    departments: [{ departmentId: 7, departmentCode: '01', departmentName: '诉讼组', income: '50000', expense: '20000', net: '30000' }],
    total: { income: '50000', expense: '20000', net: '30000' },
  } as unknown as DepartmentDetailDto;

  it("puts each line's movement under its kind's column and the subtotal's income, expense and net in theirs (none squeezed into the subject)", () => {
    const rows = toDepartmentRows(dto, t, true);
    expect(rows.map((r) => [r.subject, r.debit, r.credit, r.income, r.expense, r.net, r.bold])).toEqual([
      ['5001 Revenue', '1000', '51000', '50000', '', '', false],
      ['5601 销售费用', '20000', '0', '', '20000', '', false],
      ['', '', '', '50000', '20000', '30000', true],
    ]);
    expect(rows[2].department).toBe('01 诉讼组 department.subtotal');
  });
});
