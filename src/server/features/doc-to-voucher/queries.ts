/** Database access for documents to vouchers: no rules here (see service.ts). */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/tx';
import { bankAccounts, cashierKinds, cashJournalLines, employees, expenseInvoices, expenseKinds, expenses, subjects, voucherKinds, vouchers } from '../../db/schema';
import type { BillQuery } from '../../../contract/doc-to-voucher';

export interface ExpenseDoc {
  id: number; companyId: number; code: string; date: string; audited: boolean; voucherId: number | null; submitter: string | null;
  kinds: Array<{ kindId: number; kindName: string; cents: number }>;
}

export interface JournalDoc {
  id: number; companyId: number; code: string; date: string; summary: string; voucherId: number | null;
  bankAccountId: number; bankAccountName: string; bankAccountCode: string; bankSubjectId: number | null;
  kindId: number | null; kindName: string | null; counterSubjectId: number | null; receiptCents: number; paymentCents: number;
}

const periodFilter = (q: Pick<BillQuery, 'dateFrom' | 'dateTo'>): SQL[] => [
  ...(q.dateFrom ? [gte(cashJournalLines.lineDate, q.dateFrom)] : []),
  ...(q.dateTo ? [lte(cashJournalLines.lineDate, q.dateTo)] : []),
];

const stateFilter = (col: typeof expenses.voucherId | typeof cashJournalLines.voucherId, q: Pick<BillQuery, 'state' | 'voucherId'>): SQL[] =>
  q.voucherId ? [eq(col, q.voucherId)] : q.state === 'PENDING' ? [isNull(col)] : q.state === 'DONE' ? [isNotNull(col)] : [];

/** Audited reimbursements of a company (or the given ids, audited or not), locked when asked. */
export async function expenseDocs(tx: Tx, companyId: number, q: Partial<BillQuery> & { ids?: number[] }, lock = false): Promise<ExpenseDoc[]> {
  const dateCol = sql`coalesce(${expenses.payAt}, ${expenses.markAt})`;
  const conds: SQL[] = [eq(expenses.companyId, companyId)];
  if (q.ids) conds.push(inArray(expenses.id, q.ids));
  else {
    conds.push(isNotNull(expenses.lockAt), ...stateFilter(expenses.voucherId, { state: q.state ?? 'PENDING', voucherId: q.voucherId }));
    if (q.dateFrom) conds.push(sql`${dateCol} >= ${q.dateFrom}`);
    if (q.dateTo) conds.push(sql`${dateCol} <= ${q.dateTo}`);
  }
  const base = tx.select({ e: expenses, submitter: employees.name }).from(expenses)
    .leftJoin(employees, and(eq(employees.companyId, expenses.companyId), eq(employees.id, expenses.submitterId)))
    .where(and(...conds)).orderBy(asc(expenses.code));
  const rows = lock ? await base.for('update', { of: expenses }) : await base;
  if (!rows.length) return [];
  const sums = await tx.select({ expenseId: expenseInvoices.expenseId, kindId: expenseInvoices.expenseKindId, kindName: expenseKinds.name, cents: sql<string>`sum(${expenseInvoices.amount})` })
    .from(expenseInvoices).innerJoin(expenseKinds, eq(expenseKinds.id, expenseInvoices.expenseKindId))
    .where(inArray(expenseInvoices.expenseId, rows.map((r) => r.e.id)))
    .groupBy(expenseInvoices.expenseId, expenseInvoices.expenseKindId, expenseKinds.name)
    .orderBy(asc(expenseInvoices.expenseKindId));
  return rows.map(({ e, submitter }) => ({
    id: e.id, companyId: e.companyId, code: e.code, date: e.payAt ?? e.markAt, audited: e.lockAt !== null, voucherId: e.voucherId, submitter,
    kinds: sums.filter((s) => s.expenseId === e.id).map((s) => ({ kindId: s.kindId, kindName: s.kindName, cents: Number(s.cents) })),
  }));
}

/** Journal lines of a ledger set's bank accounts (or the given ids), locked when asked. */
export async function journalDocs(tx: Tx, accountId: number, q: Partial<BillQuery> & { ids?: number[] }, lock = false): Promise<JournalDoc[]> {
  const l = cashJournalLines;
  const conds: SQL[] = [eq(bankAccounts.accountId, accountId)];
  if (q.ids) conds.push(inArray(l.id, q.ids));
  else {
    conds.push(...stateFilter(l.voucherId, { state: q.state ?? 'PENDING', voucherId: q.voucherId }), ...periodFilter(q));
    if (q.bankAccountId) conds.push(eq(l.bankAccountId, q.bankAccountId));
  }
  const base = tx.select({ l, a: bankAccounts, k: cashierKinds }).from(l)
    .innerJoin(bankAccounts, eq(bankAccounts.id, l.bankAccountId))
    .leftJoin(cashierKinds, eq(cashierKinds.id, l.kindId))
    .where(and(...conds)).orderBy(asc(l.lineDate), asc(bankAccounts.code), asc(l.code), asc(l.id));
  const rows = lock ? await base.for('update', { of: l }) : await base;
  return rows.map(({ l: r, a, k }) => ({
    id: r.id, companyId: r.companyId, code: String(r.code), date: r.lineDate, summary: r.summary, voucherId: r.voucherId,
    bankAccountId: a.id, bankAccountName: a.name, bankAccountCode: a.code, bankSubjectId: a.subjectId,
    kindId: k?.id ?? null, kindName: k?.name ?? null, counterSubjectId: k?.subjectId ?? null, receiptCents: Number(r.receiptCents), paymentCents: Number(r.paymentCents),
  }));
}

export async function findBankAccount(tx: Tx, id: number) {
  const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
  return row;
}

export type SubjectRow = typeof subjects.$inferSelect;

/** Subjects of a company by id. */
export async function subjectsByIds(tx: Tx, companyId: number, ids: number[]): Promise<SubjectRow[]> {
  if (!ids.length) return [];
  return tx.select().from(subjects).where(and(eq(subjects.companyId, companyId), inArray(subjects.id, ids)));
}

/** Subjects of one account year by code. */
export async function subjectsByCodes(tx: Tx, accountYearId: number, codes: string[]): Promise<SubjectRow[]> {
  if (!codes.length) return [];
  return tx.select().from(subjects).where(and(eq(subjects.accountYearId, accountYearId), inArray(subjects.code, codes)));
}

/** "记-3" of each voucher. */
export async function voucherCodes(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: vouchers.id, code: vouchers.code, kind: voucherKinds.name }).from(vouchers)
    .innerJoin(voucherKinds, eq(voucherKinds.id, vouchers.kindId)).where(inArray(vouchers.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.kind}-${r.code}`]));
}

export async function linkExpenses(tx: Tx, ids: number[], voucherId: number): Promise<void> {
  await tx.update(expenses).set({ voucherId }).where(and(inArray(expenses.id, ids), isNull(expenses.voucherId)));
}

export async function linkLines(tx: Tx, ids: number[], voucherId: number): Promise<void> {
  await tx.update(cashJournalLines).set({ voucherId }).where(and(inArray(cashJournalLines.id, ids), isNull(cashJournalLines.voucherId)));
}
