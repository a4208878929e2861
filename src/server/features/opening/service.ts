/**
 * Opening balances (期初余额, decision 029): list, save (leaf subjects in a batch), auxiliary
 * breakdown, trial balance and the year-end carry-forward. Every write runs in one transaction,
 * holding the year's first period `for share` (a settle takes it `for update`, decision 022), and is
 * refused once that period is settled: the books have been closed on these openings. It is refused
 * too once the previous year's last period is settled: that settle carried its closing balances here
 * (上年期末 = 本年年初), and changing them means reverse-settling it and settling it again. This holds
 * for a subject new in this year as well: it had no closing balance, so it opens at zero, and a figure
 * entered on it would unbalance the carried openings (its balance comes in by a voucher of the year).
 *
 * `trialBalanceCheck` and `carryForwardOpenings` take the caller's transaction: period end calls
 * them (the settle checks the trial balance; the year end carries balances into the next year).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx, type Tx, rowsOf } from '../../db/tx';
import { accountYears, budgets, openingAuxBalances, openingBalances, subjects } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import { auxTypes, type Language, type SubjectKind } from '../../../domain/enums';
import { formatCents } from '../../../domain/money';
import { CARRIED_KINDS, sideOfBalance, toDebitPositive, toOwnSide, trialBalance, yearStartBalance, type TrialBalance } from '../../../domain/opening-balance';
import {
  AUX_VALUE_FIELDS, auxValueField,
  type CarryForwardDto, type OpeningAuxDto, type OpeningAuxSaveBody, type OpeningListDto, type OpeningRowDto, type OpeningSaveBody, type TrialBalanceDto,
} from '../../../contract/opening';
import { AUX_DIMENSION_OF_TYPE, auxValueOfYear } from '../voucher/usage';
import { subjectOpenings } from '../ledger/opening';
import { flushPostings } from '../ledger/balances';
import { localTypeName } from '../../../domain/names';

type AuxField = (typeof AUX_VALUE_FIELDS)[number];
type AuxValues = Record<AuxField, number | null>;

interface ChartSubject {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  nameEn: string | null;
  level: number;
  leaf: boolean;
  kind: SubjectKind;
  direction: boolean;
  disabled: boolean;
  auxTypeIds: number[];
}

async function chartOf(tx: Tx, accountYearId: number): Promise<ChartSubject[]> {
  const rows = await tx.select({
    id: subjects.id, parentId: subjects.parentId, code: subjects.code, name: subjects.name, nameEn: subjects.nameEn, level: subjects.level,
    leaf: subjects.leaf, kind: subjects.kind, direction: subjects.direction, disabled: subjects.disabled, auxTypeIds: subjects.auxTypeIds,
  }).from(subjects).where(eq(subjects.accountYearId, accountYearId)).orderBy(asc(subjects.code));
  return rows.map((r) => ({ ...r, kind: r.kind as SubjectKind }));
}

/**
 * Whether the year's first period is settled; with `lock`, holds that period `for share` to the end
 * of the transaction so a settle cannot slip in between the check and the write.
 */
export async function openingsSettled(tx: Tx, accountYearId: number, lock = false): Promise<boolean> {
  const rows = rowsOf<{ rolled: boolean }>(await tx.execute(sql`
    select rolled from periods where account_year_id = ${accountYearId} order by start_at, id limit 1 ${lock ? sql`for share` : sql``}`));
  return rows.length > 0 && rows[0].rolled === true;
}

async function assertOpen(tx: Tx, accountYearId: number): Promise<void> {
  if (await openingsSettled(tx, accountYearId, true)) throw new DomainError('PERIOD_SETTLED');
}

/**
 * The previous year's last period (its name and year) when it is settled: its year-end settle
 * carried its closing balances into this year's openings, which are then read-only (上年期末 =
 * 本年年初) until it is reverse-settled. With `lock`, holds that period `for share` to the end of
 * the transaction, so a reverse settle (which takes it `for update`) cannot slip in between.
 * Null for a ledger set's first year, or while the previous year is still open (its settle will
 * carry its balances over whatever is entered here).
 */
export async function carriedFrom(tx: Tx, accountYearId: number, lock = false): Promise<{ period: string; year: number } | null> {
  const rows = rowsOf<{ start_at: string; rolled: boolean; year: number }>(await tx.execute(sql`
    select p.start_at::text as start_at, p.rolled, py.year from account_years y
      join account_years py on py.account_id = y.account_id and py.start_at < y.start_at
      join periods p on p.account_year_id = py.id
    where y.id = ${accountYearId}
    order by p.start_at desc, p.id desc limit 1 ${lock ? sql`for share of p` : sql``}`));
  const last = rows[0];
  return last && last.rolled ? { period: last.start_at.slice(0, 7), year: Number(last.year) } : null;
}

/** The openings may be edited: the year's first period is open and no settled year carried into them. */
async function assertEditable(tx: Tx, y: { id: number; year: number }): Promise<void> {
  await assertOpen(tx, y.id);
  const carried = await carriedFrom(tx, y.id, true);
  if (carried) throw new DomainError('OPENING_CARRIED', { year: y.year, previousYear: carried.year, period: carried.period });
}

async function yearOf(tx: Tx, companyId: number, accountYearId: number) {
  const [y] = await tx.select().from(accountYears).where(and(eq(accountYears.id, accountYearId), eq(accountYears.companyId, companyId)));
  if (!y) throw new DomainError('NO_PERMISSION');
  return y;
}

// ---- list ----------------------------------------------------------------------------------------

export async function listOpenings(db: Db, companyId: number, accountYearId: number): Promise<OpeningListDto> {
  return withTx(db, async (tx) => {
    await yearOf(tx, companyId, accountYearId);
    return listIn(tx, accountYearId);
  });
}

async function listIn(tx: Tx, accountYearId: number): Promise<OpeningListDto> {
  const chart = await chartOf(tx, accountYearId);
  const openings = await subjectOpenings(tx, accountYearId);
  const auxCounts = new Map((await tx.select({ subjectId: openingAuxBalances.subjectId, n: sql<number>`count(*)::integer` })
    .from(openingAuxBalances).where(eq(openingAuxBalances.accountYearId, accountYearId)).groupBy(openingAuxBalances.subjectId))
    .map((r) => [r.subjectId, Number(r.n)]));
  const byId = new Map(chart.map((s) => [s.id, s]));
  const sums = new Map(chart.map((s) => [s.id, { balance: 0, ytdDebit: 0, ytdCredit: 0 }]));
  for (const [subjectId, o] of openings) {
    for (let s = byId.get(subjectId); s; s = s.parentId === null ? undefined : byId.get(s.parentId)) {
      const t = sums.get(s.id)!;
      t.balance += o.balance;
      t.ytdDebit += o.ytdDebit;
      t.ytdCredit += o.ytdCredit;
    }
  }
  const rows: OpeningRowDto[] = chart.map((s) => {
    const f = sums.get(s.id)!;
    return {
      subjectId: s.id, parentId: s.parentId, code: s.code, name: s.name, nameEn: s.nameEn, level: s.level, leaf: s.leaf, kind: s.kind,
      direction: s.direction, disabled: s.disabled, auxTypeIds: s.auxTypeIds,
      amountCents: String(toOwnSide(s.direction, f.balance)), balanceCents: String(f.balance), side: sideOfBalance(f.balance),
      ytdDebitCents: String(f.ytdDebit), ytdCreditCents: String(f.ytdCredit),
      yearStartCents: String(toOwnSide(s.direction, yearStartBalance(f.balance, f.ytdDebit, f.ytdCredit))),
      auxRows: auxCounts.get(s.id) ?? 0,
    };
  });
  return { accountYearId, settled: await openingsSettled(tx, accountYearId), carriedFrom: (await carriedFrom(tx, accountYearId))?.period ?? null, rows };
}

// ---- save (leaf subjects, batch) -----------------------------------------------------------------

async function upsertOpening(tx: Tx, y: { companyId: number; accountId: number; id: number }, subjectId: number, f: { balance: number; ytdDebit: number; ytdCredit: number }) {
  await tx.insert(openingBalances).values({
    companyId: y.companyId, accountId: y.accountId, accountYearId: y.id, subjectId, balanceCents: f.balance, ytdDebitCents: f.ytdDebit, ytdCreditCents: f.ytdCredit,
  }).onConflictDoUpdate({
    target: [openingBalances.accountYearId, openingBalances.subjectId],
    set: { balanceCents: f.balance, ytdDebitCents: f.ytdDebit, ytdCreditCents: f.ytdCredit },
  });
}

async function auxSums(tx: Tx, accountYearId: number, subjectIds: number[]) {
  if (!subjectIds.length) return new Map<number, { balance: number; ytdDebit: number; ytdCredit: number; n: number }>();
  const rows = await tx.select({
    subjectId: openingAuxBalances.subjectId,
    balance: sql<string>`sum(${openingAuxBalances.balanceCents})::text`, ytdDebit: sql<string>`sum(${openingAuxBalances.ytdDebitCents})::text`,
    ytdCredit: sql<string>`sum(${openingAuxBalances.ytdCreditCents})::text`, n: sql<number>`count(*)::integer`,
  }).from(openingAuxBalances).where(and(eq(openingAuxBalances.accountYearId, accountYearId), inArray(openingAuxBalances.subjectId, subjectIds)))
    .groupBy(openingAuxBalances.subjectId);
  return new Map(rows.map((r) => [r.subjectId, { balance: Number(r.balance), ytdDebit: Number(r.ytdDebit), ytdCredit: Number(r.ytdCredit), n: Number(r.n) }]));
}

/**
 * Saves the openings of leaf subjects. A subject with auxiliary types takes its figures from its
 * breakdown: the row sent must equal the breakdown's sums (the screen sends them back unchanged).
 */
export async function saveOpenings(db: Db, companyId: number, body: OpeningSaveBody): Promise<OpeningListDto> {
  return withTx(db, async (tx) => {
    const y = await yearOf(tx, companyId, body.accountYearId);
    await assertEditable(tx, y);
    const ids = [...new Set(body.rows.map((r) => r.subjectId))];
    if (ids.length !== body.rows.length) throw new DomainError('INVALID_INPUT', { field: 'rows', rule: 'subjectRepeated' });
    const found = await tx.select().from(subjects).where(and(eq(subjects.accountYearId, y.id), eq(subjects.companyId, companyId), inArray(subjects.id, ids)));
    // A subject of another year or company is refused like a missing one.
    if (found.length !== ids.length) throw new DomainError('NO_PERMISSION');
    const byId = new Map(found.map((s) => [s.id, s]));
    const aux = await auxSums(tx, y.id, found.filter((s) => s.auxTypeIds.length > 0).map((s) => s.id));
    for (const r of body.rows) {
      const s = byId.get(r.subjectId)!;
      if (!s.leaf) throw new DomainError('OPENING_NOT_LEAF', { code: s.code });
      const balance = toDebitPositive(s.direction, r.amountCents);
      if (s.auxTypeIds.length > 0) {
        const a = aux.get(s.id) ?? { balance: 0, ytdDebit: 0, ytdCredit: 0, n: 0 };
        if (a.balance !== balance || a.ytdDebit !== r.ytdDebitCents || a.ytdCredit !== r.ytdCreditCents) {
          throw new DomainError('OPENING_AUX_SUM_MISMATCH', { code: s.code, sum: formatCents(toOwnSide(s.direction, a.balance)) });
        }
        continue; // the breakdown's save wrote the subject's figures already
      }
      if (balance === 0 && r.ytdDebitCents === 0 && r.ytdCreditCents === 0) {
        await tx.delete(openingBalances).where(and(eq(openingBalances.accountYearId, y.id), eq(openingBalances.subjectId, s.id)));
      } else {
        await upsertOpening(tx, y, s.id, { balance, ytdDebit: r.ytdDebitCents, ytdCredit: r.ytdCreditCents });
      }
    }
    return listIn(tx, y.id);
  });
}

// ---- auxiliary breakdown -------------------------------------------------------------------------

async function subjectOfYear(tx: Tx, companyId: number, accountYearId: number, subjectId: number) {
  const [s] = await tx.select().from(subjects).where(and(eq(subjects.id, subjectId), eq(subjects.accountYearId, accountYearId), eq(subjects.companyId, companyId)));
  if (!s) throw new DomainError('NO_PERMISSION');
  return s;
}

async function auxIn(tx: Tx, accountYearId: number, s: { id: number; direction: boolean; auxTypeIds: number[] }): Promise<OpeningAuxDto> {
  const rows = await tx.select().from(openingAuxBalances)
    .where(and(eq(openingAuxBalances.accountYearId, accountYearId), eq(openingAuxBalances.subjectId, s.id))).orderBy(asc(openingAuxBalances.lineNo));
  return {
    subjectId: s.id, direction: s.direction, auxTypeIds: s.auxTypeIds, settled: await openingsSettled(tx, accountYearId),
    carriedFrom: (await carriedFrom(tx, accountYearId))?.period ?? null,
    rows: rows.map((r) => ({
      departmentId: r.departmentId, employeeId: r.employeeId, customerId: r.customerId, vendorId: r.vendorId, projectId: r.projectId, budgetId: r.budgetId,
      amountCents: String(toOwnSide(s.direction, r.balanceCents)), balanceCents: String(r.balanceCents),
      ytdDebitCents: String(r.ytdDebitCents), ytdCreditCents: String(r.ytdCreditCents),
    })),
  };
}

export async function openingAux(db: Db, companyId: number, accountYearId: number, subjectId: number): Promise<OpeningAuxDto> {
  return withTx(db, async (tx) => auxIn(tx, accountYearId, await subjectOfYear(tx, companyId, accountYearId, subjectId)));
}

const auxLabel = (type: number, lang: Language) => {
  const a = auxTypes.find((x) => x.id === type);
  return a ? localTypeName(lang, a) : String(type);
};

/**
 * Replaces a subject's auxiliary breakdown and sets its opening to the breakdown's sums. Every row
 * names a value for each auxiliary type of the subject (and none other), each a record the year's
 * lines could carry; a combination appears once; rows whose figures are all zero are dropped.
 */
export async function saveOpeningAux(db: Db, companyId: number, body: OpeningAuxSaveBody, lang: Language): Promise<OpeningAuxDto> {
  return withTx(db, async (tx) => {
    const y = await yearOf(tx, companyId, body.accountYearId);
    await assertEditable(tx, y);
    const s = await subjectOfYear(tx, companyId, y.id, body.subjectId);
    if (!s.leaf) throw new DomainError('OPENING_NOT_LEAF', { code: s.code });
    if (s.auxTypeIds.length === 0) throw new DomainError('OPENING_NO_AUX', { code: s.code });
    const types = [...s.auxTypeIds].sort((a, b) => a - b);
    const seen = new Set<string>();
    const checked = new Set<string>();
    const keep: Array<AuxValues & { balance: number; ytdDebit: number; ytdCredit: number }> = [];
    for (const [i, r] of body.rows.entries()) {
      const values = Object.fromEntries(AUX_VALUE_FIELDS.map((f) => [f, r[f] ?? null])) as AuxValues;
      for (const type of types) if (values[auxValueField(type)] === null) throw new DomainError('OPENING_AUX_VALUE_REQUIRED', { row: i + 1, label: auxLabel(type, lang) });
      for (const [n, f] of AUX_VALUE_FIELDS.entries()) if (values[f] !== null && !types.includes(n + 1)) throw new DomainError('INVALID_INPUT', { field: f, rule: 'auxNotOfSubject', code: s.code, row: i + 1 });
      for (const type of types) {
        const id = values[auxValueField(type)]!;
        const key = `${type}:${id}`;
        if (checked.has(key)) continue;
        // Another company's record (or a budget of another year) is refused like a missing one.
        if (!(await auxValueOfYear(tx, AUX_DIMENSION_OF_TYPE[type], y.id, id))) throw new DomainError('NO_PERMISSION');
        checked.add(key);
      }
      const combo = types.map((t) => values[auxValueField(t)]).join(',');
      if (seen.has(combo)) throw new DomainError('OPENING_AUX_DUPLICATE', { row: i + 1 });
      seen.add(combo);
      const balance = toDebitPositive(s.direction, r.amountCents);
      if (balance === 0 && r.ytdDebitCents === 0 && r.ytdCreditCents === 0) continue;
      keep.push({ ...values, balance, ytdDebit: r.ytdDebitCents, ytdCredit: r.ytdCreditCents });
    }
    await tx.delete(openingAuxBalances).where(and(eq(openingAuxBalances.accountYearId, y.id), eq(openingAuxBalances.subjectId, s.id)));
    const total = keep.reduce((t, r) => ({ balance: t.balance + r.balance, ytdDebit: t.ytdDebit + r.ytdDebit, ytdCredit: t.ytdCredit + r.ytdCredit }), { balance: 0, ytdDebit: 0, ytdCredit: 0 });
    if (keep.length === 0) {
      await tx.delete(openingBalances).where(and(eq(openingBalances.accountYearId, y.id), eq(openingBalances.subjectId, s.id)));
    } else {
      await upsertOpening(tx, y, s.id, total);
      await tx.insert(openingAuxBalances).values(keep.map((r, i) => ({
        companyId, accountId: y.accountId, accountYearId: y.id, subjectId: s.id, lineNo: i + 1,
        departmentId: r.departmentId, employeeId: r.employeeId, customerId: r.customerId, vendorId: r.vendorId, projectId: r.projectId, budgetId: r.budgetId,
        balanceCents: r.balance, ytdDebitCents: r.ytdDebit, ytdCreditCents: r.ytdCredit,
      })));
    }
    return auxIn(tx, y.id, s);
  });
}

// ---- trial balance -------------------------------------------------------------------------------

const trialBalanceDtoOf = (tb: TrialBalance, carryDiffers: TrialBalanceDto['carryDiffers']): TrialBalanceDto => ({
  debitCents: String(tb.debitCents), creditCents: String(tb.creditCents), ytdDebitCents: String(tb.ytdDebitCents), ytdCreditCents: String(tb.ytdCreditCents),
  byKind: { ASSET: String(tb.byKind.ASSET), DEBT: String(tb.byKind.DEBT), INTEREST: String(tb.byKind.INTEREST), COST: String(tb.byKind.COST), PROFIT: String(tb.byKind.PROFIT) },
  assetsCents: String(tb.assetsCents), liabilitiesCents: String(tb.liabilitiesCents), equityCents: String(tb.equityCents), profitLossCents: String(tb.profitLossCents),
  problems: tb.problems, passed: tb.passed, carryDiffers,
});

/**
 * The trial balance of the year's openings (试算平衡), in the caller's transaction: debit balances =
 * credit balances, year-to-date debit = credit, assets = liabilities + equity. Period end refuses
 * to settle the year's first period while it does not pass.
 */
export async function trialBalanceCheck(tx: Tx, accountYearId: number): Promise<TrialBalanceDto> {
  const chart = await chartOf(tx, accountYearId);
  const byId = new Map(chart.map((s) => [s.id, s]));
  const rootOf = (s: ChartSubject): string => {
    let r = s;
    for (let guard = 0; r.parentId !== null && byId.has(r.parentId) && guard < 20; guard++) r = byId.get(r.parentId)!;
    return r.code;
  };
  const rows = [...(await subjectOpenings(tx, accountYearId))].flatMap(([id, o]) => {
    const s = byId.get(id);
    return s ? [{ root: rootOf(s), kind: s.kind, balanceCents: o.balance, ytdDebitCents: o.ytdDebit, ytdCreditCents: o.ytdCredit }] : [];
  });
  return trialBalanceDtoOf(trialBalance(rows), await carryDifferences(tx, accountYearId, chart));
}

/** Each leaf's closing balance of a year (debit positive): its opening plus every valid voucher line. */
async function closingBalances(tx: Tx, accountYearId: number): Promise<Map<number, number>> {
  const closing = new Map<number, number>();
  for (const [id, o] of await subjectOpenings(tx, accountYearId)) closing.set(id, o.balance);
  const moved = rowsOf<{ subject_id: number; net: string }>(await tx.execute(sql`
    select subject_id, sum(debit_all - credit_all)::text as net from subject_balances where account_year_id = ${accountYearId} group by subject_id`));
  for (const m of moved) closing.set(Number(m.subject_id), (closing.get(Number(m.subject_id)) ?? 0) + Number(m.net));
  return closing;
}

/**
 * The balance-sheet leaves (by code) whose opening in the year differs from their closing balance in
 * the ledger set's previous year, when there is one: 上年期末 must be 本年年初 (decision 064).
 */
async function carryDifferences(tx: Tx, accountYearId: number, chart: ChartSubject[]): Promise<TrialBalanceDto['carryDiffers']> {
  const [year] = await tx.select().from(accountYears).where(eq(accountYears.id, accountYearId));
  if (!year) return [];
  const [prev] = await tx.select({ id: accountYears.id }).from(accountYears)
    .where(and(eq(accountYears.accountId, year.accountId), sql`${accountYears.startAt} < ${year.startAt}`)).orderBy(desc(accountYears.startAt)).limit(1);
  if (!prev) return [];
  const prevChart = await chartOf(tx, prev.id);
  const prevClosing = await closingBalances(tx, prev.id);
  const previousByCode = new Map<string, number>();
  for (const s of prevChart) if (s.leaf && CARRIED_KINDS.includes(s.kind)) previousByCode.set(s.code, prevClosing.get(s.id) ?? 0);
  const openings = await subjectOpenings(tx, accountYearId);
  const out: TrialBalanceDto['carryDiffers'] = [];
  const seen = new Set<string>();
  for (const s of chart) {
    if (!s.leaf || !CARRIED_KINDS.includes(s.kind)) continue;
    seen.add(s.code);
    const opening = openings.get(s.id)?.balance ?? 0;
    const previous = previousByCode.get(s.code) ?? 0;
    if (opening !== previous) out.push({ code: s.code, name: s.name, nameEn: s.nameEn, direction: s.direction, previousClosingCents: String(previous), openingCents: String(opening) });
  }
  // A balance left on a subject this year's chart no longer has.
  for (const [code, previous] of previousByCode) {
    if (previous === 0 || seen.has(code)) continue;
    const s = prevChart.find((x) => x.code === code)!;
    out.push({ code, name: s.name, nameEn: s.nameEn, direction: s.direction, previousClosingCents: String(previous), openingCents: '0' });
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}

export async function openingTrialBalance(db: Db, companyId: number, accountYearId: number): Promise<TrialBalanceDto> {
  return withTx(db, async (tx) => {
    await yearOf(tx, companyId, accountYearId);
    return trialBalanceCheck(tx, accountYearId);
  });
}

// ---- year-end carry-forward ----------------------------------------------------------------------

interface CarryPlan {
  /** The leaves whose closing balance goes into the next year's subject of the same code. */
  carried: Array<{ from: ChartSubject; to: ChartSubject; balance: number }>;
  /** Balance-sheet leaves with a closing balance and no leaf of their code in the next year's chart. */
  missing: ChartSubject[];
  /** Profit and loss leaves that closed with a balance (not carried). */
  profitLossNotZero: string[];
}

/**
 * What a carry-forward from `fromAccountYearId` into `toAccountYearId` would write, by subject code,
 * in the caller's transaction. The one reading of the plan: the carry itself refuses while
 * `missing` is not empty, and the settle checks (period end's rollInfo) name the same subjects
 * before the year-end settle is tried, so the two cannot disagree.
 */
async function carryPlan(tx: Tx, fromAccountYearId: number, toAccountYearId: number): Promise<CarryPlan> {
  const fromChart = await chartOf(tx, fromAccountYearId);
  const toChart = await chartOf(tx, toAccountYearId);
  const toByCode = new Map(toChart.map((s) => [s.code, s]));
  // The closing balances include what this transaction has just posted (e.g. the year's last transfer).
  await flushPostings(tx);
  const closing = await closingBalances(tx, fromAccountYearId);
  const plan: CarryPlan = { carried: [], missing: [], profitLossNotZero: [] };
  for (const s of fromChart) {
    const balance = closing.get(s.id) ?? 0;
    if (balance === 0 || !s.leaf) continue;
    if (!CARRIED_KINDS.includes(s.kind)) {
      plan.profitLossNotZero.push(s.code);
      continue;
    }
    const target = toByCode.get(s.code);
    if (!target || !target.leaf) plan.missing.push(s);
    else plan.carried.push({ from: s, to: target, balance });
  }
  return plan;
}

/**
 * The subjects a year-end carry from one year into the next cannot carry (no leaf of their code in
 * the next year's chart), with that year: what blocks the year-end settle (period end's check).
 */
export async function carryMissingSubjects(tx: Tx, fromAccountYearId: number, toAccountYearId: number): Promise<{ year: number; subjects: Array<{ id: number; code: string }> }> {
  const [to] = await tx.select({ year: accountYears.year }).from(accountYears).where(eq(accountYears.id, toAccountYearId));
  const { missing } = await carryPlan(tx, fromAccountYearId, toAccountYearId);
  return { year: to?.year ?? 0, subjects: missing.map((s) => ({ id: s.id, code: s.code })) };
}

/**
 * Writes the next year's openings from the closing balances of `fromAccountYearId` (every valid
 * voucher of the year plus its openings), in the caller's transaction: balance-sheet subjects only
 * (ASSET, DEBT, INTEREST, COST; profit and loss subjects are zero after the profit transfer and
 * are named in the answer when not), by subject code, with their auxiliary breakdown by combination
 * of values (budgets, which belong to a year, by code). The next year's openings are replaced
 * whole; its year-to-date figures start at zero. The target year must be the next one of the same
 * ledger set and its first period not settled.
 */
export async function carryForwardOpenings(tx: Tx, fromAccountYearId: number, toAccountYearId: number): Promise<CarryForwardDto> {
  const [from] = await tx.select().from(accountYears).where(eq(accountYears.id, fromAccountYearId));
  const [to] = await tx.select().from(accountYears).where(eq(accountYears.id, toAccountYearId));
  if (!from || !to || from.companyId !== to.companyId || from.accountId !== to.accountId) throw new DomainError('OPENING_CARRY_YEAR_INVALID');
  const [next] = await tx.select({ id: accountYears.id }).from(accountYears)
    .where(and(eq(accountYears.accountId, from.accountId), sql`${accountYears.startAt} > ${from.startAt}`)).orderBy(asc(accountYears.startAt)).limit(1);
  if (!next || next.id !== to.id) throw new DomainError('OPENING_CARRY_YEAR_INVALID');
  await assertOpen(tx, to.id);

  const { carried, missing, profitLossNotZero } = await carryPlan(tx, from.id, to.id);
  if (missing.length) throw new DomainError('OPENING_CARRY_SUBJECT_MISSING', { year: to.year, codes: missing.map((s) => s.code).join(', ') });

  // The breakdown by combination of values: opening rows plus the year's lines, the part of an
  // opening without rows (auxiliary types added later) under no values, so rows sum to the subject.
  const auxSubjects = carried.filter((c) => c.to.auxTypeIds.length > 0).map((c) => c.from.id);
  const combos = auxSubjects.length ? rowsOf<AuxValues & { subject_id: number; net: string }>(await tx.execute(sql`
    select subject_id, department_id as "departmentId", employee_id as "employeeId", customer_id as "customerId", vendor_id as "vendorId",
      project_id as "projectId", budget_id as "budgetId", sum(net)::text as net
    from (
      select subject_id, department_id, employee_id, customer_id, vendor_id, project_id, budget_id, balance_cents as net
        from opening_aux_balances where account_year_id = ${from.id}
      union all
      select o.subject_id, null, null, null, null, null, null, o.balance_cents - coalesce((select sum(a.balance_cents) from opening_aux_balances a
          where a.account_year_id = o.account_year_id and a.subject_id = o.subject_id), 0)
        from opening_balances o where o.account_year_id = ${from.id}
      union all
      select i.subject_id, i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id,
          case when i.direction then i.amount_cents else -i.amount_cents end
        from voucher_items i join vouchers v on v.id = i.voucher_id and v.company_id = i.company_id
        where i.account_year_id = ${from.id} and v.state = 'NORMAL'
    ) x
    where subject_id in (${sql.join(auxSubjects.map((id) => sql`${id}`), sql`, `)})
    group by subject_id, department_id, employee_id, customer_id, vendor_id, project_id, budget_id
    having sum(net) <> 0
    order by subject_id, department_id nulls first, employee_id nulls first, customer_id nulls first, vendor_id nulls first, project_id nulls first, budget_id nulls first
  `)) : [];
  const budgetIds = [...new Set(combos.map((c) => c.budgetId).filter((b): b is number => b !== null))];
  const budgetMap = new Map<number, number>();
  if (budgetIds.length) {
    const old = await tx.select({ id: budgets.id, code: budgets.code }).from(budgets).where(inArray(budgets.id, budgetIds));
    const fresh = await tx.select({ id: budgets.id, code: budgets.code }).from(budgets)
      .where(and(eq(budgets.accountYearId, to.id), inArray(budgets.code, old.map((b) => b.code))));
    const byCode = new Map(fresh.map((b) => [b.code, b.id]));
    for (const b of old) if (byCode.has(b.code)) budgetMap.set(b.id, byCode.get(b.code)!);
  }

  await tx.delete(openingBalances).where(eq(openingBalances.accountYearId, to.id));
  if (carried.length) {
    await tx.insert(openingBalances).values(carried.map((c) => ({
      companyId: to.companyId, accountId: to.accountId, accountYearId: to.id, subjectId: c.to.id, balanceCents: c.balance, ytdDebitCents: 0, ytdCreditCents: 0,
    })));
  }
  const toIdOf = new Map(carried.map((c) => [c.from.id, c.to.id]));
  const line = new Map<number, number>();
  const auxRows = combos.map((c) => {
    const subjectId = toIdOf.get(Number(c.subject_id))!;
    line.set(subjectId, (line.get(subjectId) ?? 0) + 1);
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    const budget = num(c.budgetId);
    return {
      companyId: to.companyId, accountId: to.accountId, accountYearId: to.id, subjectId, lineNo: line.get(subjectId)!,
      departmentId: num(c.departmentId), employeeId: num(c.employeeId), customerId: num(c.customerId), vendorId: num(c.vendorId), projectId: num(c.projectId),
      budgetId: budget === null ? null : budgetMap.get(budget) ?? null,
      balanceCents: Number(c.net), ytdDebitCents: 0, ytdCreditCents: 0,
    };
  });
  if (auxRows.length) await tx.insert(openingAuxBalances).values(auxRows);
  return { subjects: carried.length, auxRows: auxRows.length, profitLossNotZero, trialBalance: await trialBalanceCheck(tx, to.id) };
}

export async function carryForward(db: Db, companyId: number, fromAccountYearId: number, toAccountYearId: number): Promise<CarryForwardDto> {
  return withTx(db, async (tx) => {
    await yearOf(tx, companyId, fromAccountYearId);
    await yearOf(tx, companyId, toAccountYearId);
    return carryForwardOpenings(tx, fromAccountYearId, toAccountYearId);
  });
}

