/**
 * 部门报销明细 (/report/departmentRADetail): the invoice-line amounts of a company's reimbursements
 * whose mark date falls in a range, by the submitter's department × expense kind, with each
 * department's subtotal, the total, and every document's share per row for the drill-down.
 * Audited only (lock_at set) or every saved reimbursement. A document without submitter counts
 * under "no department" (departmentId null). Reimbursements are company data (decision 034), so
 * the report is scoped to the company, not to a ledger set.
 */
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { companies, departments, employees, expenseInvoices, expenseKinds, expenses } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { DepartmentRaDto, DepartmentRaQuery } from '../../../contract/report';

const str = (n: number) => String(n);

export async function departmentReimbursements(db: Db, q: DepartmentRaQuery): Promise<DepartmentRaDto> {
  if (q.startDate > q.endDate) throw new DomainError('PERIOD_END_BEFORE_START');
  return withTx(db, async (tx) => {
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, q.companyId)).limit(1);
    if (!company) throw new DomainError('NO_PERMISSION');
    const found = await tx.select({
      id: expenses.id,
      code: expenses.code,
      markAt: expenses.markAt,
      audited: sql<boolean>`${expenses.lockAt} is not null`,
      submitterName: employees.name,
      departmentId: departments.id,
      departmentCode: departments.code,
      departmentName: departments.name,
      kindId: expenseKinds.id,
      kindName: expenseKinds.name,
      lines: sql<string>`count(*)`,
      amount: sql<string>`sum(${expenseInvoices.amount})`,
    }).from(expenseInvoices)
      .innerJoin(expenses, and(eq(expenses.companyId, expenseInvoices.companyId), eq(expenses.id, expenseInvoices.expenseId)))
      .innerJoin(expenseKinds, and(eq(expenseKinds.companyId, expenseInvoices.companyId), eq(expenseKinds.id, expenseInvoices.expenseKindId)))
      .leftJoin(employees, and(eq(employees.companyId, expenses.companyId), eq(employees.id, expenses.submitterId)))
      .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
      .where(and(eq(expenseInvoices.companyId, q.companyId), gte(expenses.markAt, q.startDate), lte(expenses.markAt, q.endDate), q.audited ? isNotNull(expenses.lockAt) : undefined))
      .groupBy(expenses.id, expenses.code, expenses.markAt, expenses.lockAt, employees.name, departments.id, departments.code, departments.name, expenseKinds.id, expenseKinds.name)
      .orderBy(sql`${departments.code} asc nulls last`, asc(departments.name), asc(departments.id), asc(expenseKinds.name), asc(expenseKinds.id), asc(expenses.code));

    type Acc = { departmentId: number | null; departmentCode: string | null; departmentName: string | null; kindId: number; kindName: string; lines: number; documents: number; amount: number };
    const rows = new Map<string, Acc>();
    const depts = new Map<string, { departmentId: number | null; departmentCode: string | null; departmentName: string | null; amount: number }>();
    let total = 0;
    for (const r of found) {
      const amount = Number(r.amount);
      const key = `${r.departmentId ?? '-'}:${r.kindId}`;
      const row = rows.get(key) ?? { departmentId: r.departmentId, departmentCode: r.departmentCode, departmentName: r.departmentName, kindId: r.kindId, kindName: r.kindName, lines: 0, documents: 0, amount: 0 };
      row.lines += Number(r.lines);
      row.documents += 1;
      row.amount += amount;
      rows.set(key, row);
      const dk = String(r.departmentId ?? '-');
      const d = depts.get(dk) ?? { departmentId: r.departmentId, departmentCode: r.departmentCode, departmentName: r.departmentName, amount: 0 };
      d.amount += amount;
      depts.set(dk, d);
      total += amount;
    }
    return {
      companyName: company.name, startDate: q.startDate, endDate: q.endDate, audited: q.audited,
      rows: [...rows.values()].map((r) => ({ ...r, amount: str(r.amount) })),
      departments: [...depts.values()].map((d) => ({ ...d, amount: str(d.amount) })),
      documents: found.map((r) => ({ id: r.id, code: r.code, markAt: r.markAt, submitterName: r.submitterName, departmentId: r.departmentId, kindId: r.kindId, audited: !!r.audited, amount: str(Number(r.amount)) })),
      total: str(total),
    };
  });
}
