/** Database access for documents to vouchers: no rules here (see service.ts). */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/tx';
import { bankAccounts, budgets, cashierKinds, cashJournalLines, customers, employees, expenseInvoices, expenseKindSubjects, expenseKinds, expenses, subjects, vendors, voucherKinds, vouchers } from '../../db/schema';
import type { BillQuery } from '../../../contract/doc-to-voucher';
import { VOUCHER_CODE_LENGTH_DEFAULT } from '../../../domain/constants';
import { padVoucherCode } from '../../../domain/finance-settings';
import { codeLengthsOf } from '../voucher/queries';

export interface ExpenseDoc {
  id: number; companyId: number; code: string; date: string; audited: boolean; voucherId: number | null; submitter: string | null;
  submitterId: number | null; submitterDepartmentId: number | null;
  /** What the document paid (its pay amount), in cents. */
  payCents: number;
  kinds: Array<{ kindId: number; kindName: string; cents: number }>;
}

export interface JournalDoc {
  id: number; companyId: number; code: string; date: string; summary: string; counterparty: string | null; voucherId: number | null;
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
  const base = tx.select({ e: expenses, submitter: employees.name, departmentId: employees.departmentId }).from(expenses)
    .leftJoin(employees, and(eq(employees.companyId, expenses.companyId), eq(employees.id, expenses.submitterId)))
    .where(and(...conds)).orderBy(asc(expenses.code));
  const rows = lock ? await base.for('update', { of: expenses }) : await base;
  if (!rows.length) return [];
  const sums = await tx.select({ expenseId: expenseInvoices.expenseId, kindId: expenseInvoices.expenseKindId, kindName: expenseKinds.name, cents: sql<string>`sum(${expenseInvoices.amount})` })
    .from(expenseInvoices).innerJoin(expenseKinds, eq(expenseKinds.id, expenseInvoices.expenseKindId))
    .where(inArray(expenseInvoices.expenseId, rows.map((r) => r.e.id)))
    .groupBy(expenseInvoices.expenseId, expenseInvoices.expenseKindId, expenseKinds.name)
    .orderBy(asc(expenseInvoices.expenseKindId));
  return rows.map(({ e, submitter, departmentId }) => ({
    id: e.id, companyId: e.companyId, code: e.code, date: e.payAt ?? e.markAt, audited: e.lockAt !== null, voucherId: e.voucherId, submitter,
    submitterId: e.submitterId, submitterDepartmentId: departmentId ?? null, payCents: Number(e.payAmount),
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
    id: r.id, companyId: r.companyId, code: String(r.code), date: r.lineDate, summary: r.summary, counterparty: r.counterparty, voucherId: r.voucherId,
    bankAccountId: a.id, bankAccountName: a.name, bankAccountCode: a.code, bankSubjectId: a.subjectId,
    kindId: k?.id ?? null, kindName: k?.name ?? null, counterSubjectId: k?.subjectId ?? null, receiptCents: Number(r.receiptCents), paymentCents: Number(r.paymentCents),
  }));
}

/** The budget items among `ids` that have sub-items (not leaves), by id with their code and name. */
export async function parentBudgets(tx: Tx, ids: number[]): Promise<Map<number, { code: string; name: string }>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: budgets.id, code: budgets.code, name: budgets.name }).from(budgets).where(and(inArray(budgets.id, [...new Set(ids)]), eq(budgets.leaf, false)));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
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
  const rows = await tx.select({ id: vouchers.id, code: vouchers.code, accountId: vouchers.accountId, kind: voucherKinds.name }).from(vouchers)
    .innerJoin(voucherKinds, eq(voucherKinds.id, vouchers.kindId)).where(inArray(vouchers.id, ids));
  // Shown as everywhere else: padded to the ledger set's code length (记-0005, spec 01 §3).
  const lengths = await codeLengthsOf(tx, [...new Set(rows.map((r) => r.accountId))]);
  return new Map(rows.map((r) => [r.id, `${r.kind}-${padVoucherCode(r.code, lengths.get(r.accountId) ?? VOUCHER_CODE_LENGTH_DEFAULT)}`]));
}

export async function linkExpenses(tx: Tx, ids: number[], voucherId: number): Promise<void> {
  await tx.update(expenses).set({ voucherId }).where(and(inArray(expenses.id, ids), isNull(expenses.voucherId)));
}

export async function linkLines(tx: Tx, ids: number[], voucherId: number): Promise<void> {
  await tx.update(cashJournalLines).set({ voucherId }).where(and(inArray(cashJournalLines.id, ids), isNull(cashJournalLines.voucherId)));
}

/** The remembered debit subject code of each expense kind in a ledger set. */
export async function kindSubjectRules(tx: Tx, accountId: number): Promise<Map<number, string>> {
  const rows = await tx.select({ kindId: expenseKindSubjects.expenseKindId, code: expenseKindSubjects.subjectCode }).from(expenseKindSubjects)
    .where(eq(expenseKindSubjects.accountId, accountId));
  return new Map(rows.map((r) => [r.kindId, r.code]));
}

/** Remembers the debit subject code of expense kinds (of the company) in a ledger set. */
export async function saveKindSubjectRules(tx: Tx, companyId: number, accountId: number, userId: number, rules: Array<{ kindId: number; code: string }>): Promise<void> {
  if (!rules.length) return;
  const kinds = new Set((await tx.select({ id: expenseKinds.id }).from(expenseKinds)
    .where(and(eq(expenseKinds.companyId, companyId), inArray(expenseKinds.id, rules.map((r) => r.kindId))))).map((k) => k.id));
  const values = rules.filter((r) => kinds.has(r.kindId)).map((r) => ({ companyId, accountId, expenseKindId: r.kindId, subjectCode: r.code, updatedBy: userId }));
  if (!values.length) return;
  await tx.insert(expenseKindSubjects).values(values).onConflictDoUpdate({
    target: [expenseKindSubjects.accountId, expenseKindSubjects.expenseKindId],
    set: { subjectCode: sql`excluded.subject_code`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
  });
}

/** Customers (of the company) and vendors (of the ledger set) whose name or code is exactly one of the texts. */
export async function partiesNamed(tx: Tx, companyId: number, accountId: number, texts: string[]): Promise<{ customers: Map<string, number>; vendors: Map<string, number> }> {
  const names = [...new Set(texts.map((t) => t.trim()).filter(Boolean))];
  if (!names.length) return { customers: new Map(), vendors: new Map() };
  const cs = await tx.select({ id: customers.id, code: customers.code, name: customers.name }).from(customers)
    .where(and(eq(customers.companyId, companyId), sql`(${inArray(customers.name, names)} or ${inArray(customers.code, names)})`)).orderBy(asc(customers.id));
  const vs = await tx.select({ id: vendors.id, code: vendors.code, name: vendors.name }).from(vendors)
    .where(and(eq(vendors.accountId, accountId), sql`(${inArray(vendors.name, names)} or ${inArray(vendors.code, names)})`)).orderBy(asc(vendors.id));
  // A text naming several records is ambiguous: it fills nothing.
  const index = (rows: Array<{ id: number; code: string; name: string }>) => {
    const hits = new Map<string, Set<number>>();
    for (const r of rows) for (const key of new Set([r.name, r.code])) if (names.includes(key)) hits.set(key, new Set([...(hits.get(key) ?? []), r.id]));
    return new Map([...hits].filter(([, ids]) => ids.size === 1).map(([k, ids]) => [k, [...ids][0]!]));
  };
  return { customers: index(cs), vendors: index(vs) };
}
