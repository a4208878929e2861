/**
 * Voucher rules on the server (spec 01 §3–§5, §7): saving (create, update, copy, red reversal),
 * deleting and every lifecycle action, each in one transaction. Every decision about the
 * lifecycle goes through `decideVoucherAction` of machines/voucher.machine.ts, the same machine
 * that drives the editor's toolbar; the save rules are those of src/domain/voucher-rules.ts the
 * editor runs. The database's triggers (the voucher_guards migration) back all of it up.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assertVersion, withTx, type Tx } from '../../db/tx';
import { budgets, subjects, voucherItems, voucherKinds, voucherProcs, voucherRelations, vouchers } from '../../db/schema';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { padVoucherCode } from '../../../domain/finance-settings';
import { localVoucherLabel } from '../../../domain/names';
import { redReversalRefusal, statusFieldsOf, voucherLifecycleStateOf, type VoucherAction, type VoucherActionContext, type VoucherLifecycleState } from '../../../domain/voucher-lifecycle';
import { fitSummary, normalizeVoucherCode, resolveMarkDate, validateVoucherLines, type VoucherLineInput, type YearWithPeriods } from '../../../domain/voucher-rules';
import { decideVoucherAction } from '../../../../machines/voucher.machine';
import type { Paging } from '../../../contract/common';
import type { VoucherCreateBody, VoucherDto, VoucherFilter, VoucherItemInput, VoucherUpdateBody, voucherActionNames } from '../../../contract/voucher';
import { messageOf, translate } from '../../http/messages';
import * as q from './queries';
import { loadVoucherDtos, newVoucherDto } from './dto';
import { auxKey, auxValuesOf, insertLinesAndProc, insertVoucherRow, saveContext, type AuxValue, type NewVoucherRow } from './save-queries';
import { AUX_DIMENSION_OF_TYPE, type AuxDimension } from './usage';

/** Who acts: the user and the rights held in the voucher's company. */
export interface Actor {
  id: number;
  kind: 'ADMIN' | 'OTHER';
  rightIds: readonly number[];
  /** The requester's language, for the texts a save writes (a red reversal's summaries); Chinese when absent. */
  lang?: Language;
}

export type VoucherActionName = (typeof voucherActionNames)[number];

const fail = (code: ResultCode, params: Record<string, string | number> = {}, appendix?: unknown): never => {
  throw new DomainError(code, params, appendix);
};

const statusOf = (v: q.VoucherRow): VoucherLifecycleState =>
  voucherLifecycleStateOf({ state: v.state as 'NORMAL' | 'INVALID', auditAt: v.auditAt, auditPass: v.auditPass, bookKeepAt: v.bookKeepAt, cashierAt: v.cashierAt });

const contextOf = (actor: Actor, makerId: number | null, periodSettled: boolean, link: { reversed: boolean; reversal: boolean } = { reversed: false, reversal: false }): VoucherActionContext => ({
  user: { id: actor.id, kind: actor.kind, rightIds: actor.rightIds },
  makerId,
  periodSettled,
  ...link,
  // No ledger option asks for the cashier's signature before bookkeeping yet (decision 022).
  cashierSignRequired: false,
});

/**
 * The voucher's red-reversal link: `reversed` when a reversal undoes it, `reversal` when it is the
 * reversal of an original it is still linked to (both are linked by a REVERSAL relation each way).
 */
async function reversalLink(tx: Tx, v: q.VoucherRow): Promise<{ reversed: boolean; reversal: boolean }> {
  const [rev] = await tx.select({ id: voucherRelations.id }).from(voucherRelations)
    .where(and(eq(voucherRelations.voucherId, v.id), eq(voucherRelations.kind, 'REVERSAL'))).limit(1);
  const linked = rev !== undefined;
  return { reversed: linked && v.source !== 'REVERSAL', reversal: linked && v.source === 'REVERSAL' };
}

/** Runs the machine; a refusal throws its result code. */
function decide(state: VoucherLifecycleState, action: VoucherAction, ctx: VoucherActionContext): VoucherLifecycleState {
  const r = decideVoucherAction(state, action, ctx);
  if (!r.ok) fail(r.code);
  return (r as { ok: true; next: VoucherLifecycleState }).next;
}

async function oneDto(tx: Tx, id: number): Promise<VoucherDto> {
  const [dto] = await loadVoucherDtos(tx, [id]);
  if (!dto) fail('NOT_FOUND');
  return dto;
}

export async function getVoucher(db: Db, id: number): Promise<VoucherDto> {
  return oneDto(db, id);
}

export async function listVouchers(db: Db, p: Paging<VoucherFilter>): Promise<{ content: VoucherDto[]; total: number }> {
  const { ids, total } = await q.selectVoucherIds(db, p.filter, p.offset, p.limit, p.sort);
  return { content: await loadVoucherDtos(db, ids), total };
}

/** The period and account year of a mark date among the ledger set's years; a given periodId must be that period. */
function placeIn(years: YearWithPeriods[], markTime: string, periodId?: number): { accountYearId: number; periodId: number } {
  const r = resolveMarkDate(markTime, years);
  if (!r.ok) return fail(r.code, r.params);
  const place = r as { accountYearId: number; periodId: number };
  if (periodId !== undefined && periodId !== place.periodId) fail('INVALID_INPUT', { detail: 'periodId' });
  return place;
}

async function placeOf(tx: Tx, accountId: number, markTime: string, periodId?: number): Promise<{ accountYearId: number; periodId: number }> {
  return placeIn(await q.yearsWithPeriods(tx, accountId), markTime, periodId);
}

export async function nextCode(db: Db, v: { accountId: number; kindId: number; markTime: string; periodId?: number }): Promise<{ periodId: number; code: number; codeText: string }> {
  if (!(await q.kindOfAccount(db, v.kindId, v.accountId))) fail('NO_PERMISSION');
  const place = await placeOf(db, v.accountId, v.markTime, v.periodId);
  const code = await q.nextFreeCode(db, place.periodId, v.kindId);
  return { periodId: place.periodId, code, codeText: padVoucherCode(code, await q.codeLengthOf(db, v.accountId)) };
}

/** A line as stored: the auxiliary values in their columns. */
interface StoredLine {
  lineNo: number;
  summary: string;
  subjectId: number;
  direction: boolean;
  amountCents: number;
  departmentId: number | null;
  employeeId: number | null;
  customerId: number | null;
  vendorId: number | null;
  projectId: number | null;
  budgetId: number | null;
}

const NO_AUX = { departmentId: null, employeeId: null, customerId: null, vendorId: null, projectId: null, budgetId: null };

/** What checkLines needs of a subject (a stored row or a save context's subject). */
type CheckedSubject = Pick<q.SubjectRow, 'id' | 'accountYearId' | 'leaf' | 'disabled' | 'code' | 'name' | 'auxTypeIds'>;

/**
 * The lines of a body checked against the save rules (spec 01 §5) and the books: every subject a
 * leaf, enabled, of the voucher's account year; every auxiliary value of a type its subject takes,
 * one per type, valid for the year; every required type present; the line rules of voucher-rules.ts.
 * The auxiliary values are looked up together, once per (dimension, value, year) in `validAux`,
 * which keeps those found (with their names for the answer) and null for those refused.
 */
async function checkLines(tx: Tx, companyId: number, accountId: number, accountYearId: number, items: VoucherItemInput[], known?: ReadonlyMap<number, CheckedSubject>, validAux = new Map<string, AuxValue | null>()): Promise<{ lines: StoredLine[]; total: number }> {
  const subjects: ReadonlyMap<number, CheckedSubject> = known ?? await q.subjectsByIds(tx, companyId, items.map((i) => i.subjectId));
  const wanted = items.flatMap((i) => i.auxes.flatMap((a) => {
    const dim = AUX_DIMENSION_OF_TYPE[a.auxTypeId];
    return dim && !validAux.has(auxKey(dim, a.auxId, accountYearId)) ? [{ dim, id: a.auxId }] : [];
  }));
  if (wanted.length) {
    const found = await auxValuesOf(tx, companyId, accountId, accountYearId, wanted);
    for (const w of wanted) validAux.set(auxKey(w.dim, w.id, accountYearId), found.get(auxKey(w.dim, w.id, accountYearId)) ?? null);
  }
  const lines: StoredLine[] = [];
  const inputs: VoucherLineInput[] = [];
  for (const [row, item] of items.entries()) {
    const s = subjects.get(item.subjectId);
    if (!s) fail('NO_PERMISSION');
    const subject = s!;
    if (subject.accountYearId !== accountYearId || !subject.leaf || subject.disabled) fail('VOUCHER_SUBJECT_UNUSABLE', { row: row + 1, subject: `${subject.code} ${subject.name}` });
    const line: StoredLine = { lineNo: row + 1, summary: item.summary, subjectId: subject.id, direction: item.direction, amountCents: item.amount, ...NO_AUX };
    const seen = new Set<number>();
    for (const a of item.auxes) {
      if (seen.has(a.auxTypeId) || !subject.auxTypeIds.includes(a.auxTypeId)) fail('VOUCHER_AUX_INVALID', { row: row + 1 });
      seen.add(a.auxTypeId);
      const dim: AuxDimension = AUX_DIMENSION_OF_TYPE[a.auxTypeId];
      if (!validAux.get(auxKey(dim, a.auxId, accountYearId))) fail('VOUCHER_AUX_INVALID', { row: row + 1 });
      line[`${dim}Id`] = a.auxId;
    }
    lines.push(line);
    inputs.push({
      summary: item.summary, subjectId: subject.id,
      debitCents: item.direction ? item.amount : null, creditCents: item.direction ? null : item.amount,
      requiredAuxTypeIds: subject.auxTypeIds, chosenAuxTypeIds: [...seen],
    });
  }
  const r = validateVoucherLines(inputs);
  if (!r.ok) {
    const first = r.errors[0];
    fail(first.code, first.params, { errors: r.errors });
  }
  return { lines, total: r.debitCentsTotal };
}

async function proc(tx: Tx, companyId: number, voucherId: number, action: string, userId: number, note: string | null = null): Promise<void> {
  await tx.insert(voucherProcs).values({ companyId, voucherId, action, userId, note });
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** How often an auto-numbered save retries after losing its code to a concurrent save (each loss means another save succeeded). */
const MAX_CODE_ATTEMPTS = 50;

/**
 * Inserts the voucher row with its code: a given code must be free (VOUCHER_CODE_DUPLICATE); without
 * one the next free code is taken in the same statement, and a concurrent save that took it first
 * (the insert then does nothing) makes it try again from the next code, a few times.
 */
async function insertWithCode(tx: Tx, row: NewVoucherRow, given: number | null, codeLength: number): Promise<{ id: number; code: number; createdAt: Date | string | null; version: number }> {
  if (given !== null) {
    const r = await insertVoucherRow(tx, row, given);
    if (r.id === null) fail('VOUCHER_CODE_DUPLICATE', { code: padVoucherCode(given, codeLength) });
    return { id: r.id!, code: r.code, createdAt: r.createdAt, version: r.version ?? 0 };
  }
  // After a lost race, never retry a code below the one just lost.
  let floor = 1;
  for (let attempt = 0; ; attempt++) {
    const r = await insertVoucherRow(tx, row, null, floor);
    // A code longer than the rule allows fails the save (and its transaction, the row included).
    if (String(r.code).length > codeLength) fail('VOUCHER_CODE_INVALID', { length: codeLength });
    if (r.id !== null) return { id: r.id, code: r.code, createdAt: r.createdAt, version: r.version ?? 0 };
    if (attempt >= MAX_CODE_ATTEMPTS) throw new Error(`voucher code of period ${row.periodId} and kind ${row.kindId}: lost ${attempt + 1} races in a row`);
    floor = r.code + 1;
  }
}

const givenCode = (code: string | undefined, length: number): number | null => {
  if (code === undefined) return null;
  const c = normalizeVoucherCode(code, length);
  if (!c.ok) fail(c.code, c.params);
  return (c as { ok: true; code: number }).code;
};

/** The origin of a copy or red reversal: a voucher of the same company (else NO_PERMISSION, like a missing one). */
async function originOf(tx: Tx, companyId: number, id: number): Promise<q.VoucherRow> {
  const o = await q.findVoucher(tx, id, true);
  if (!o || o.companyId !== companyId) fail('NO_PERMISSION');
  return o!;
}

/**
 * Red reversal (红字冲销): the original's lines with negated amounts, each summary naming the voucher
 * it reverses ("冲销记-0002号凭证：付房租", cut to the summary's 50 characters), so the books show
 * which voucher a red line undoes.
 */
const reversedItems = (items: q.VoucherItemRow[], label: string, lang: Language): VoucherItemInput[] => items.map((i) => ({
  summary: fitSummary(translate('voucherTexts.reversalSummary', lang, { label, summary: i.summary })),
  subjectId: i.subjectId, direction: i.direction, amount: -i.amountCents,
  auxes: Object.entries(AUX_DIMENSION_OF_TYPE).flatMap(([t, dim]) => (i[`${dim}Id`] === null ? [] : [{ auxTypeId: Number(t), auxId: i[`${dim}Id`] as number }])),
}));

/**
 * A red reversal dated in a later year than its original (the original's year is settled): each line's
 * subject becomes the subject of the same code in that year's chart, and a budget item the item of the
 * same code (both belong to a year; departments, employees, customers and projects are the company's,
 * vendors the ledger set's, and stay). The Small Enterprise Accounting Standards correct an earlier
 * year's error in the current year (未来适用法), so the reversal undoes it there. Codes the year lacks
 * are refused at once, named (VOUCHER_REVERSAL_UNMAPPED); the year's own checks (a leaf, enabled, its
 * auxiliary types) follow in checkLines.
 */
async function intoYear(tx: Tx, items: VoucherItemInput[], fromYearId: number, toYear: { id: number; startAt: string }): Promise<VoucherItemInput[]> {
  const year = toYear.startAt.slice(0, 4);
  const subjectIds = [...new Set(items.map((i) => i.subjectId))];
  const from = await tx.select({ id: subjects.id, code: subjects.code }).from(subjects).where(and(eq(subjects.accountYearId, fromYearId), inArray(subjects.id, subjectIds)));
  const codeOf = new Map(from.map((r) => [r.id, r.code]));
  const codes = [...new Set(from.map((r) => r.code))];
  const to = codes.length ? await tx.select({ id: subjects.id, code: subjects.code }).from(subjects).where(and(eq(subjects.accountYearId, toYear.id), inArray(subjects.code, codes))) : [];
  const idOf = new Map(to.map((r) => [r.code, r.id]));
  const missing = codes.filter((c) => !idOf.has(c)).sort();
  if (missing.length) fail('VOUCHER_REVERSAL_UNMAPPED', { year, codes: missing.join(', ') });
  const budgetIds = [...new Set(items.flatMap((i) => i.auxes.filter((x) => AUX_DIMENSION_OF_TYPE[x.auxTypeId] === 'budget').map((x) => x.auxId)))];
  const budgetCode = new Map(budgetIds.length ? (await tx.select({ id: budgets.id, code: budgets.code, name: budgets.name }).from(budgets).where(and(eq(budgets.accountYearId, fromYearId), inArray(budgets.id, budgetIds)))).map((b) => [b.id, b]) : []);
  const targetBudget = new Map(budgetCode.size ? (await tx.select({ id: budgets.id, code: budgets.code }).from(budgets).where(and(eq(budgets.accountYearId, toYear.id), inArray(budgets.code, [...budgetCode.values()].map((b) => b.code))))).map((b) => [b.code, b.id]) : []);
  return items.map((item, index) => ({
    ...item,
    subjectId: idOf.get(codeOf.get(item.subjectId)!)!,
    auxes: item.auxes.map((x) => {
      if (AUX_DIMENSION_OF_TYPE[x.auxTypeId] !== 'budget') return x;
      const b = budgetCode.get(x.auxId);
      const id = b ? targetBudget.get(b.code) : undefined;
      if (id === undefined) fail('VOUCHER_REVERSAL_BUDGET_UNMAPPED', { row: index + 1, value: b ? `${b.code} ${b.name}` : String(x.auxId), year });
      return { auxTypeId: x.auxTypeId, auxId: id! };
    }),
  }));
}

/**
 * Saves a new voucher (spec 01 §7 POST /voucher). The period of the mark date is read `for share`
 * so a settle cannot slip in between the check and the commit. With `originKind` COPY the body is
 * the copy the editor made (copyVoucher); with REVERSAL the lines are the original's, negated, and
 * the two are linked both ways; a voucher is reversed at most once.
 */
export async function createVoucher(db: Db, actor: Actor, companyId: number, body: VoucherCreateBody, generated: { source?: 'PROFIT_TRANSFER' | 'EXPENSE' | 'JOURNAL' } = {}): Promise<VoucherDto> {
  return withTx(db, async (tx) => {
    const reversal = body.originId !== undefined && body.originKind === 'REVERSAL';
    // The kind, code length, years, maker's name and the body's subjects in one query (a reversal's
    // subjects are the original's, read below).
    const ctx = await saveContext(tx, { companyId, accountId: body.accountId, kindId: body.kindId, userId: actor.id, subjectIds: reversal ? [] : body.items.map((i) => i.subjectId) });
    if (!ctx.kind) fail('NO_PERMISSION');
    const place = placeIn(ctx.years, body.markTime, body.periodId);
    const period = await q.lockPeriod(tx, place.periodId);
    decide('new', 'save', contextOf(actor, null, period?.rolled ?? false));
    let items = body.items;
    let origin: q.VoucherRow | null = null;
    if (body.originId !== undefined) {
      origin = await originOf(tx, companyId, body.originId);
      const kind = body.originKind ?? 'COPY';
      if (kind === 'COPY') decide(statusOf(origin), 'copy', contextOf(actor, origin.createdBy, false));
      else {
        const refusal = redReversalRefusal({ lifecycle: statusOf(origin), source: origin.source, reversed: (await reversalLink(tx, origin)).reversed });
        if (refusal) fail(refusal);
        const lang = actor.lang ?? 'zh_CN';
        const [kindRow] = await tx.select({ name: voucherKinds.name, nameEn: voucherKinds.nameEn }).from(voucherKinds).where(eq(voucherKinds.id, origin.kindId));
        const label = localVoucherLabel(lang, kindRow ?? { name: '' }, padVoucherCode(origin.code, await q.codeLengthOf(tx, origin.accountId)));
        items = reversedItems(await q.itemsOf(tx, origin.id), label, lang);
        if (origin.accountYearId !== place.accountYearId) {
          const toYear = ctx.years.find((y) => y.id === place.accountYearId)!;
          // A reversal undoes its original later, never in a year before it.
          if (toYear.startAt < origin.markDate) fail('VOUCHER_REVERSAL_EARLIER_YEAR', { year: toYear.startAt.slice(0, 4) });
          items = await intoYear(tx, items, origin.accountYearId, toYear);
        }
      }
    }
    const codeLength = ctx.codeLength;
    const code = givenCode(body.code, codeLength);
    const validAux = new Map<string, AuxValue | null>();
    const { lines, total } = await checkLines(tx, companyId, body.accountId, place.accountYearId, items, reversal ? undefined : ctx.subjects, validAux);
    // A generated voucher (the period end's profit transfer) says where it came from.
    const source = origin ? (body.originKind ?? 'COPY') : (generated.source ?? 'MANUAL');
    const row: NewVoucherRow = {
      companyId, accountId: body.accountId, accountYearId: place.accountYearId, periodId: place.periodId, kindId: body.kindId,
      markDate: body.markTime, billCount: body.billCount, source, originId: origin?.id ?? null, debitCents: total, creditCents: total, createdBy: actor.id,
    };
    const v = await insertWithCode(tx, row, code, codeLength);
    const lineIds = await insertLinesAndProc(tx, companyId, v.id, place.accountYearId, lines, { action: 'CREATED', userId: actor.id, note: origin ? `${source} ${origin.id}` : null });
    if (origin && source === 'REVERSAL') {
      await tx.insert(voucherRelations).values([
        { companyId, voucherId: origin.id, targetId: v.id, kind: 'REVERSAL' },
        { companyId, voucherId: v.id, targetId: origin.id, kind: 'REVERSAL' },
      ]);
      await proc(tx, companyId, origin.id, 'REVERSED', actor.id, String(v.id));
      return oneDto(tx, v.id);
    }
    // The answer from what was read and written, not read back (the relations exist only for a reversal).
    return newVoucherDto({
      ...row, id: v.id, kindName: ctx.kind!.name, code: v.code, codeLength, markTime: body.markTime, totalCents: total,
      createdByName: ctx.userName, createdAt: v.createdAt, version: v.version,
      lines: lines.map((l) => ({ ...l, id: lineIds.get(l.lineNo)! })),
      subjectOf: (id) => ctx.subjects.get(id),
      auxOf: (dim, id) => validAux.get(auxKey(dim, id, place.accountYearId)) ?? undefined,
    });
  });
}

const sameLines = (a: StoredLine[], b: q.VoucherItemRow[]): boolean =>
  a.length === b.length && a.every((l, i) => {
    const o = b[i];
    return l.lineNo === o.lineNo && l.summary === o.summary && l.subjectId === o.subjectId && l.direction === o.direction && l.amountCents === Number(o.amountCents)
      && l.departmentId === o.departmentId && l.employeeId === o.employeeId && l.customerId === o.customerId && l.vendorId === o.vendorId && l.projectId === o.projectId && l.budgetId === o.budgetId;
  });

/**
 * Saves the edits of a voucher: its lines are replaced wholesale. Only an unlocked voucher in an
 * open period (old and new) is saved; an unchanged voucher answers without writing anything.
 * Without a code the voucher keeps its own unless it moves to another period or kind.
 */
export async function updateVoucher(db: Db, actor: Actor, companyId: number, id: number, body: VoucherUpdateBody): Promise<VoucherDto> {
  return withTx(db, async (tx) => {
    const v = await q.findVoucher(tx, id, true);
    if (!v || v.companyId !== companyId) return fail('NO_PERMISSION');
    assertVersion(v.version, body.version);
    const oldPeriod = await q.lockPeriod(tx, v.periodId);
    decide(statusOf(v), 'save', contextOf(actor, v.createdBy, oldPeriod?.rolled ?? false, await reversalLink(tx, v)));
    // The kind, code length, years and the body's subjects in one query.
    const ctx = await saveContext(tx, { companyId, accountId: v.accountId, kindId: body.kindId, userId: actor.id, subjectIds: body.items.map((i) => i.subjectId) });
    if (!ctx.kind) fail('NO_PERMISSION');
    const place = placeIn(ctx.years, body.markTime, body.periodId);
    if (place.periodId !== v.periodId && (await q.lockPeriod(tx, place.periodId))?.rolled) fail('PERIOD_SETTLED');
    const codeLength = ctx.codeLength;
    let code = givenCode(body.code, codeLength);
    const moved = place.periodId !== v.periodId || body.kindId !== v.kindId;
    const { lines, total } = await checkLines(tx, companyId, v.accountId, place.accountYearId, body.items, ctx.subjects);
    if (code === null && !moved) code = v.code;
    const unchanged = !moved && code === v.code && body.markTime === v.markDate && body.billCount === v.billCount && sameLines(lines, await q.itemsOf(tx, v.id));
    if (unchanged) return oneDto(tx, v.id);
    if (code !== null && code !== v.code || moved) {
      if (code === null) code = await q.nextFreeCode(tx, place.periodId, body.kindId);
      if (await q.codeTaken(tx, place.periodId, body.kindId, code, v.id)) fail('VOUCHER_CODE_DUPLICATE', { code: padVoucherCode(code, codeLength) });
    }
    await tx.delete(voucherItems).where(eq(voucherItems.voucherId, v.id));
    // A code taken meanwhile by a concurrent save fails the update (and the transaction) with 23505.
    try {
      await tx.update(vouchers).set({
        accountYearId: place.accountYearId, periodId: place.periodId, kindId: body.kindId, code: code!, markDate: body.markTime, billCount: body.billCount,
        debitCents: total, creditCents: total, updatedAt: sql`now()`, version: sql`${vouchers.version} + 1`,
      }).where(eq(vouchers.id, v.id));
    } catch (e) {
      if (isUniqueViolation(e)) fail('VOUCHER_CODE_DUPLICATE', { code: padVoucherCode(code!, codeLength) });
      throw e;
    }
    await insertLinesAndProc(tx, companyId, v.id, place.accountYearId, lines, { action: 'UPDATED', userId: actor.id, note: null });
    return oneDto(tx, v.id);
  });
}

export async function deleteVoucher(db: Db, actor: Actor, companyId: number, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const v = await q.findVoucher(tx, id, true);
    if (!v || v.companyId !== companyId) return fail('NO_PERMISSION');
    const period = await q.lockPeriod(tx, v.periodId);
    decide(statusOf(v), 'delete', contextOf(actor, v.createdBy, period?.rolled ?? false, await reversalLink(tx, v)));
    await tx.delete(vouchers).where(eq(vouchers.id, v.id));
  });
}

/**
 * The columns a decided action writes: the domain's status fields of the next state (a mark that
 * appears is stamped, one that disappears is cleared, one that stays keeps its stamp), plus the
 * reason of an error examination.
 */
type StatusColumns = Pick<q.VoucherRow, 'state' | 'auditAt' | 'auditPass' | 'auditBy' | 'auditNote' | 'bookKeepAt' | 'bookKeepBy' | 'cashierAt' | 'cashierBy'>;
const NEW_STATUS: StatusColumns = { state: 'NORMAL', auditAt: null, auditPass: null, auditBy: null, auditNote: null, bookKeepAt: null, bookKeepBy: null, cashierAt: null, cashierBy: null };

function stampsOf(v: StatusColumns, next: VoucherLifecycleState, action: VoucherActionName, actor: Actor, reason: string | null): StatusColumns {
  if (next === 'deleted') throw new Error('a lifecycle action does not delete');
  const current = {
    state: v.state as 'NORMAL' | 'INVALID', auditAt: v.auditAt, auditPass: v.auditPass, auditBy: v.auditBy, auditByName: null,
    bookKeepAt: v.bookKeepAt, bookKeepBy: v.bookKeepBy, bookKeepByName: null, cashierAt: v.cashierAt, cashierBy: v.cashierBy, cashierByName: null,
  };
  const f = statusFieldsOf(current, next, { id: actor.id, name: '' }, new Date().toISOString());
  const auditNote = f.auditAt === null ? null : action === 'auditError' ? reason : action === 'audit' ? null : v.auditNote;
  return {
    state: f.state, auditAt: f.auditAt, auditBy: f.auditBy, auditPass: f.auditPass, auditNote,
    bookKeepAt: f.bookKeepAt, bookKeepBy: f.bookKeepBy, cashierAt: f.cashierAt, cashierBy: f.cashierBy,
  };
}

const PROC_STEP: Record<VoucherActionName, string> = {
  audit: 'AUDIT_SUCCESS', auditError: 'AUDIT_ERROR', reverseAudit: 'REVERSE_AUDIT', reverseAuditError: 'REVERSE_AUDIT_ERROR', bookkeep: 'BOOK_KEEP',
  reverseBookkeep: 'REVERSE_BOOK_KEEP', cashier: 'CASHIER', reverseCashier: 'REVERSE_CASHIER', invalid: 'INVALID', reverseInvalid: 'REVERSE_INVALID',
};

/** One lifecycle action inside the caller's transaction: the machine decides, then the stamps and the proc record. */
async function actIn(tx: Tx, actor: Actor, companyId: number, id: number, action: VoucherActionName, reason: string | null, version?: number): Promise<void> {
  const v = await q.findVoucher(tx, id, true);
  if (!v || v.companyId !== companyId) return fail('NO_PERMISSION');
  assertVersion(v.version, version);
  const period = await q.lockPeriod(tx, v.periodId);
  const next = decide(statusOf(v), action, contextOf(actor, v.createdBy, period?.rolled ?? false, await reversalLink(tx, v)));
  if (action === 'auditError' && !reason) fail('VOUCHER_FIELD_REQUIRED', { field: 'reason' });
  const [after] = await tx.update(vouchers).set({ ...stampsOf(v, next, action, actor, reason), updatedAt: sql`now()`, version: sql`${vouchers.version} + 1` }).where(eq(vouchers.id, v.id)).returning();
  if (statusOf(after) !== next) throw new Error(`voucher ${v.id}: ${action} led to ${statusOf(after)}, the machine says ${next}`);
  await proc(tx, companyId, v.id, PROC_STEP[action], actor.id, reason);
}

export async function actOnVoucher(db: Db, actor: Actor, companyId: number, id: number, action: VoucherActionName, body: { reason?: string; version?: number }): Promise<VoucherDto> {
  return withTx(db, async (tx) => {
    await actIn(tx, actor, companyId, id, action, body.reason?.trim() || null, body.version);
    return oneDto(tx, id);
  });
}

/**
 * A batch action: each voucher in its own savepoint, so one refusal leaves the others done; the
 * answer says per voucher what happened, with the refusal's localized message.
 */
export async function batchAct(db: Db, actorOf: (companyId: number) => Actor, ids: Array<{ id: number; companyId: number }>, action: VoucherActionName, reason: string | null, lang: Language) {
  return withTx(db, async (tx) => {
    const out: Array<{ id: number; ok: boolean; code: string | null; msg: string | null }> = [];
    await q.lockVouchersInOrder(tx, ids.map((i) => i.id));
    for (const { id, companyId } of ids) {
      try {
        await tx.transaction((sp) => actIn(sp as unknown as Tx, actorOf(companyId), companyId, id, action, reason));
        out.push({ id, ok: true, code: null, msg: null });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        out.push({ id, ok: false, code: e.code, msg: messageOf(e.code, lang, e.params) });
      }
    }
    return out;
  });
}

/**
 * Whether a batch's answers refuse the call as a whole: not one voucher acted on, and each refused
 * for want of the action's right (NO_PERMISSION). A batch where some voucher was done, or refused
 * for its own state, answers voucher by voucher.
 */
export function batchRefused(results: ReadonlyArray<{ ok: boolean; code: string | null }>): boolean {
  return results.every((r) => !r.ok && r.code === 'NO_PERMISSION');
}

/** A voucher of a bulk load (the demo seed, imports): its content and the lifecycle steps it has been through. */
export interface BulkVoucher {
  kindId: number;
  markTime: string;
  billCount: number;
  items: VoucherItemInput[];
  steps: Array<{ action: VoucherActionName; actor: Actor; reason?: string }>;
}

/**
 * Many vouchers of one ledger set at once, under exactly the rules of createVoucher and actOnVoucher
 * (the same line checks, the same machine deciding every step), written in a handful of statements:
 * the lookups are made once, codes are numbered per period and kind in memory after reading each
 * maximum, rows go in with multi-row inserts, and the stamps of each final state in one update.
 */
export async function createVouchersInBulk(db: Db, maker: Actor, companyId: number, accountId: number, list: BulkVoucher[]): Promise<number[]> {
  return withTx(db, async (tx) => {
    const years = await q.yearsWithPeriods(tx, accountId);
    const periodIds = years.flatMap((y) => y.periods.map((p) => p.id));
    const rolled = new Map<number, boolean>();
    for (const id of periodIds) rolled.set(id, (await q.lockPeriod(tx, id))?.rolled ?? false);
    const codeLength = await q.codeLengthOf(tx, accountId);
    const subjects = await q.subjectsByIds(tx, companyId, list.flatMap((v) => v.items.map((i) => i.subjectId)));
    const validAux = new Map<string, AuxValue | null>();
    const nextCodes = new Map<string, number>();
    const kinds = new Set<number>();
    const prepared: Array<{ row: typeof vouchers.$inferInsert; lines: StoredLine[]; stamps: Partial<typeof vouchers.$inferInsert>; steps: BulkVoucher['steps'] }> = [];
    for (const v of list) {
      if (!kinds.has(v.kindId)) {
        if (!(await q.kindOfAccount(tx, v.kindId, accountId))) fail('NO_PERMISSION');
        kinds.add(v.kindId);
      }
      const r = resolveMarkDate(v.markTime, years);
      if (!r.ok) fail(r.code, r.params);
      const place = r as { accountYearId: number; periodId: number };
      const settled = rolled.get(place.periodId) ?? false;
      let state = decide('new', 'save', contextOf(maker, null, settled));
      const { lines, total } = await checkLines(tx, companyId, accountId, place.accountYearId, v.items, subjects, validAux);
      const key = `${place.periodId}:${v.kindId}`;
      const code = nextCodes.get(key) ?? (await q.nextFreeCode(tx, place.periodId, v.kindId));
      if (String(code).length > codeLength) fail('VOUCHER_CODE_INVALID', { length: codeLength });
      nextCodes.set(key, code + 1);
      let stamps: StatusColumns = NEW_STATUS;
      for (const step of v.steps) {
        state = decide(state, step.action, contextOf(step.actor, maker.id, settled));
        if (step.action === 'auditError' && !step.reason) fail('VOUCHER_FIELD_REQUIRED', { field: 'reason' });
        stamps = stampsOf(stamps, state, step.action, step.actor, step.reason ?? null);
      }
      prepared.push({
        row: { companyId, accountId, accountYearId: place.accountYearId, periodId: place.periodId, kindId: v.kindId, code, markDate: v.markTime, billCount: v.billCount, debitCents: total, creditCents: total, createdBy: maker.id },
        lines, stamps, steps: v.steps,
      });
    }
    const ids: number[] = [];
    for (let i = 0; i < prepared.length; i += 200) {
      const chunk = prepared.slice(i, i + 200);
      const rows = await tx.insert(vouchers).values(chunk.map((p) => p.row)).returning({ id: vouchers.id });
      ids.push(...rows.map((r) => r.id));
      const lines = chunk.flatMap((p, k) => p.lines.map((l) => ({ ...l, companyId, voucherId: rows[k].id, accountYearId: p.row.accountYearId })));
      for (let j = 0; j < lines.length; j += 500) await tx.insert(voucherItems).values(lines.slice(j, j + 500));
    }
    // Stamps by final state: vouchers that share them are updated together.
    const groups = new Map<string, { stamps: Partial<typeof vouchers.$inferInsert>; ids: number[] }>();
    prepared.forEach((p, k) => {
      if (!p.steps.length) return;
      const key = JSON.stringify(p.stamps, (k, v: unknown) => (k.endsWith('At') && v !== null ? 'now' : v));
      const g = groups.get(key) ?? { stamps: p.stamps, ids: [] };
      g.ids.push(ids[k]);
      groups.set(key, g);
    });
    for (const g of groups.values()) await tx.update(vouchers).set({ ...g.stamps, version: sql`${vouchers.version} + 1` }).where(inArray(vouchers.id, g.ids));
    const procs = prepared.flatMap((p, k) => [
      { companyId, voucherId: ids[k], action: 'CREATED', userId: maker.id, note: null },
      ...p.steps.map((st) => ({ companyId, voucherId: ids[k], action: PROC_STEP[st.action], userId: st.actor.id, note: st.reason ?? null })),
    ]);
    for (let j = 0; j < procs.length; j += 500) await tx.insert(voucherProcs).values(procs.slice(j, j + 500));
    return ids;
  });
}
