/**
 * Period end (期末处理): the profit and loss transfer, the settle checks, settle and reverse settle.
 * Each operation runs in one transaction; a settle takes the period's row lock `for update`, so
 * no voucher lands in or changes inside the period while it is checked and locked (every posting
 * holds its period `for share`, decision 022), and the checks it answers are the ones it acted on.
 */
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { accountYears } from '../../db/schema';
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { periodName } from '../../../domain/periods';
import { codeGaps, PROFIT_DISTRIBUTION_CODE, profitTransferLines, undistributedProfitSubject, yearProfitCloseLines, type TransferLine } from '../../../domain/period-end';
import type { ProfitTransferBody, ProfitTransferDto, RollCheckDto, RollInfoDto } from '../../../contract/period-end';
import { translate } from '../../http/messages';
import { periodDto } from '../account/dto';
import { createAccountYear } from '../account/service';
import { createVoucher, type Actor } from '../voucher/service';
import { rebuildBalancesIn } from '../ledger/balances';
import * as q from './queries';
import { openingCarrier, openingTrialBalance } from './openings';
import { localName } from '../../../domain/names';
import { formatCents } from '../../../domain/money';

const fail = (code: ConstructorParameters<typeof DomainError>[0], params: Record<string, string | number> = {}, appendix?: unknown): never => {
  throw new DomainError(code, params, appendix);
};

type Named = { id: number; code: string; name: string; nameEn: string | null };
type LineSubject = Named & { balanceCents?: number };
const named = (s: Named): Named => ({ id: s.id, code: s.code, name: s.name, nameEn: s.nameEn });

/**
 * 结转损益 (`close` PROFIT_LOSS): the voucher moving every profit and loss balance of the year, through
 * the period, into the current year profit subject (本年利润). 结转本年利润 (`close` YEAR_PROFIT, the
 * year's last period only, once profit and loss is transferred): 本年利润's year-end balance, opening
 * included, into 利润分配—未分配利润, so 本年利润 opens the next year at zero. Either is dated on the
 * period's last day and saved through the voucher service (every save rule, the lifecycle machine —
 * the maker needs 2010101 — and the database's triggers apply). `preview` answers the lines and
 * writes nothing.
 */
export async function profitTransfer(db: Db, actor: Actor, companyId: number, body: ProfitTransferBody, lang: Language): Promise<ProfitTransferDto> {
  return withTx(db, async (tx) => {
    const period = await q.lockPeriodRow(tx, body.periodId, 'share');
    if (!period || period.companyId !== companyId) return fail('NO_PERMISSION');
    if (period.rolled) fail('PERIOD_SETTLED');
    // Two transfers of one year at once would both move the same balances.
    await q.periodEndLock(tx, 'transfer', period.accountYearId);
    const profit = await q.profitSubjectOf(tx, period.accountYearId);
    if (!profit || !profit.leaf || profit.disabled) fail('PROFIT_SUBJECT_MISSING');
    const profitSubject = named(profit!);
    const close = body.close ?? 'PROFIT_LOSS';
    const subjects = new Map<number, LineSubject>([[profit!.id, profitSubject]]);
    let target: Named;
    let lines: TransferLine[];
    let summary: string;
    if (close === 'PROFIT_LOSS') {
      target = profitSubject;
      // Bookkept vouchers only: an earlier transfer not bookkept yet would not count, and its amounts would move twice.
      if (!body.includeUnbooked && (await q.unbookedTransfers(tx, period.accountYearId, period.startAt))) fail('PROFIT_TRANSFER_UNBOOKED');
      const balances = await q.profitLossBalances(tx, period.accountYearId, period.startAt, body.includeUnbooked);
      for (const b of balances) subjects.set(b.subjectId, { id: b.subjectId, code: b.code, name: b.name, nameEn: b.nameEn });
      // A value of a type the subject no longer takes stays behind (the save rules refuse it on the line).
      lines = profitTransferLines(balances.map((b) => ({ subjectId: b.subjectId, balanceCents: b.balanceCents, auxes: b.auxes.filter((a) => b.auxTypeIds.includes(a.auxTypeId)) })), target.id);
      if (!lines.length) fail('PROFIT_TRANSFER_NOTHING');
      summary = translate('periodEnd.transferSummary', lang, { period: periodName(period) });
    } else {
      const yearPeriods = (await q.periodsOfAccount(tx, (await accountOfYear(tx, period.accountYearId)))).filter((p) => p.accountYearId === period.accountYearId);
      if (yearPeriods[yearPeriods.length - 1]?.id !== period.id) fail('YEAR_CLOSE_NOT_YEAR_END', { period: periodName(yearPeriods[yearPeriods.length - 1] ?? period) });
      if (!body.includeUnbooked && (await q.unbookedTransfers(tx, period.accountYearId, period.startAt, 'ANY'))) fail('PROFIT_TRANSFER_UNBOOKED');
      // 本年利润 is closed once it holds the whole year: profit and loss transferred first (结转损益 before 结转本年利润).
      const pl = await q.profitLossBalances(tx, period.accountYearId, period.startAt, body.includeUnbooked);
      if (pl.length) fail('YEAR_CLOSE_PROFIT_LOSS_OPEN', { subjects: [...new Set(pl.map((b) => b.code))].slice(0, 5).join(', ') });
      const found = undistributedProfitSubject(await q.subjectsUnder(tx, period.accountYearId, PROFIT_DISTRIBUTION_CODE));
      if (!found) return fail('UNDISTRIBUTED_PROFIT_MISSING');
      target = named(found);
      subjects.set(target.id, target);
      const balances = await q.yearProfitBalances(tx, period.accountYearId, period.startAt, body.includeUnbooked);
      for (const b of balances) subjects.set(b.id, named(b));
      lines = yearProfitCloseLines(balances.map((b) => ({ subjectId: b.id, balanceCents: b.balanceCents })), target.id);
      if (!lines.length) fail('YEAR_CLOSE_NOTHING');
      summary = translate('periodEnd.yearCloseSummary', lang, { year: period.year });
    }
    summary = summary.slice(0, 50);
    const accountId = await accountOfYear(tx, period.accountYearId);
    const kindId = body.kindId ?? (await q.defaultKindOf(tx, accountId));
    if (!kindId) return fail('NO_PERMISSION');
    const auxNames = await q.auxNames(tx, lines.flatMap((l) => l.auxes));
    const dtoLines = lines.map((l) => ({
      summary, subjectId: l.subjectId, subjectCode: subjects.get(l.subjectId)!.code, subjectName: subjects.get(l.subjectId)!.name, subjectNameEn: subjects.get(l.subjectId)!.nameEn,
      direction: l.direction, amount: String(l.amountCents),
      auxes: l.auxes.map((a) => ({ ...a, ...(auxNames.get(`${a.auxTypeId}:${a.auxId}`) ?? { code: '', name: `#${a.auxId}` }) })),
    }));
    const totalCents = lines.filter((l) => l.direction).reduce((s, l) => s + l.amountCents, 0);
    const answer = { periodId: period.id, markTime: period.endAt, profitSubject, close, target, lines: dtoLines, totalCents: String(totalCents) };
    if (body.preview) return { ...answer, voucher: null };
    const voucher = await createVoucher(tx, actor, companyId, {
      accountId, kindId, markTime: period.endAt, periodId: period.id, billCount: 0,
      items: lines.map((l) => ({ summary, subjectId: l.subjectId, direction: l.direction, amount: l.amountCents, auxes: l.auxes })),
    }, { source: 'PROFIT_TRANSFER' });
    return { ...answer, voucher };
  });
}

async function accountOfYear(tx: Tx, accountYearId: number): Promise<number> {
  const [{ accountId }] = await tx.select({ accountId: accountYears.accountId }).from(accountYears).where(eq(accountYears.id, accountYearId));
  return accountId;
}

interface Checked {
  info: RollInfoDto;
  next: q.LedgerPeriod | undefined;
}

/** The checks of the next period to settle, in the caller's transaction (under the settle's lock when settling). */
async function check(tx: Tx, accountId: number, lang: Language, all: q.LedgerPeriod[]): Promise<Checked> {
  const next = all.find((p) => !p.rolled);
  const settled = all.filter((p) => p.rolled);
  const lastSettled = settled.length ? settled[settled.length - 1] : undefined;
  const base = {
    accountId, lastSettled: lastSettled ? periodDto(lastSettled) : null,
    debitCents: '0', creditCents: '0', openingDebitCents: '0', openingCreditCents: '0',
  };
  if (!next) return { next, info: { ...base, period: null, accountYearId: null, year: null, yearEnd: false, canRoll: false, checks: [] } };
  const yearPeriods = all.filter((p) => p.accountYearId === next.accountYearId);
  const yearEnd = yearPeriods[yearPeriods.length - 1].id === next.id;
  const checks: RollCheckDto[] = [];
  const add = (code: RollCheckDto['code'], level: RollCheckDto['level'], count: number, params: Record<string, string | number>, ids: { voucherIds?: number[]; subjectIds?: number[] } = {}) =>
    checks.push({ code, level, count, message: translate(`periodEnd.check.${code}`, lang, { count, ...params }), voucherIds: ids.voucherIds ?? [], subjectIds: ids.subjectIds ?? [] });

  const notAudited = await q.notAuditedIds(tx, next.id);
  if (notAudited.length) add('NOT_AUDITED', 'BLOCKER', notAudited.length, {}, { voucherIds: notAudited });
  const notBookkept = await q.notBookkeptIds(tx, next.id);
  if (notBookkept.length) add('NOT_BOOKKEPT', 'BLOCKER', notBookkept.length, {}, { voucherIds: notBookkept });
  const totals = await q.periodTotals(tx, next.id);
  // Vouchers always balance (the posting gate and the database say so): a difference here is the
  // period's balance table against its vouchers, which "recompute balances before settling" repairs.
  // The message gives the vouchers' total too — the table's two sides may agree with each other and
  // still not with the vouchers — in the page's amount format.
  if (totals.debit !== totals.credit || totals.debit !== totals.vouchers) {
    add('PERIOD_UNBALANCED', 'BLOCKER', 1, { debit: formatCents(totals.debit), credit: formatCents(totals.credit), vouchers: formatCents(totals.vouchers) });
  }
  const opening = await openingTrialBalance(tx, next.accountYearId);
  if (!opening.ok) add('OPENING_UNBALANCED', 'BLOCKER', 1, { debit: formatCents(opening.debitCents), credit: formatCents(opening.creditCents) });
  // 上年期末 = 本年年初: the previous year was settled (periods settle in order) and carried its
  // closing balances here; an opening that differs since is reopened by carrying again.
  const previousEnd = [...all].reverse().find((p) => p.startAt < yearPeriods[0].startAt);
  if (previousEnd && opening.carryDiffers.length) {
    add('OPENING_CARRY_DIFFERS', 'BLOCKER', opening.carryDiffers.length, {
      codes: opening.carryDiffers.slice(0, 5).map((d) => d.code).join(', ') + (opening.carryDiffers.length > 5 ? '…' : ''),
      year: previousEnd.year, period: periodName(previousEnd),
    });
  }
  // Balances left in profit and loss subjects: a warning during the year; at year end they would
  // be carried into next year's openings, so the year cannot close before they are transferred.
  const pl = await q.profitLossBalances(tx, next.accountYearId, next.startAt, true);
  const plSubjects = [...new Set(pl.map((b) => b.subjectId))];
  if (plSubjects.length) add('PROFIT_NOT_TRANSFERRED', yearEnd ? 'BLOCKER' : 'WARNING', plSubjects.length, { subjects: [...new Set(pl.map((b) => b.code))].slice(0, 5).join(', ') }, { subjectIds: plSubjects });
  // At the year end 本年利润 must be closed into 利润分配—未分配利润 too (结转本年利润), else the
  // year's profit would open the next year in 本年利润 instead of in retained profit.
  if (yearEnd) {
    const held = await q.yearProfitBalances(tx, next.accountYearId, next.startAt, true);
    if (held.length) {
      const net = held.reduce((s, b) => s + b.balanceCents, 0);
      const target = undistributedProfitSubject(await q.subjectsUnder(tx, next.accountYearId, PROFIT_DISTRIBUTION_CODE));
      add('YEAR_PROFIT_NOT_CLOSED', 'BLOCKER', held.length, {
        subjects: held.map((b) => b.code).join(', '),
        amount: formatCents(Math.abs(net)),
        side: translate(net < 0 ? 'periodEnd.side.credit' : net > 0 ? 'periodEnd.side.debit' : 'periodEnd.side.flat', lang),
        target: target ? `${target.code} ${localName(lang, target)}` : translate('periodEnd.undistributedMissing', lang),
      }, { subjectIds: held.map((b) => b.id) });
    }
  }
  // At the year end the closing balances go into the next year's subjects of the same codes: a
  // subject of this year with a balance and no leaf of its code there would refuse the carry (the
  // settle's own carry reads the charts with the same function).
  const nextYearId = yearEnd ? all.find((p) => p.startAt > next.yearEndAt)?.accountYearId : undefined;
  if (nextYearId !== undefined) {
    const gap = await openingCarrier.carryMissingSubjects(tx, next.accountYearId, nextYearId);
    if (gap.subjects.length) {
      add('CARRY_SUBJECT_MISSING', 'BLOCKER', gap.subjects.length, { year: gap.year, codes: gap.subjects.map((x) => x.code).join(', ') }, { subjectIds: gap.subjects.map((x) => x.id) });
    }
  }
  const gaps = (await q.codesByKind(tx, next.id)).map((k) => ({ k, missing: codeGaps(k.codes, 10) })).filter((g) => g.missing.length);
  if (gaps.length) {
    const text = gaps.map((g) => `${localName(lang, g.k)} ${g.missing.join(', ')}`).join('; ');
    add('CODE_GAPS', 'WARNING', gaps.reduce((s, g) => s + g.missing.length, 0), { codes: text });
  }
  return {
    next,
    info: {
      ...base, period: periodDto(next), accountYearId: next.accountYearId, year: next.year, yearEnd,
      canRoll: !checks.some((c) => c.level === 'BLOCKER'), checks,
      debitCents: String(totals.debit), creditCents: String(totals.credit), openingDebitCents: String(opening.debitCents), openingCreditCents: String(opening.creditCents),
    },
  };
}

/** GET /account/{id}/rollInfo: what blocks settling the ledger set's next period. */
export async function rollInfo(db: Db, accountId: number, lang: Language): Promise<RollInfoDto> {
  return withTx(db, async (tx) => (await check(tx, accountId, lang, await q.periodsOfAccount(tx, accountId))).info);
}

/**
 * Settles (结账) the earliest unsettled period of the ledger set: periods settle in order, so a year
 * is only started once the one before it is closed. Refused with every blocker's localized reason.
 * With `rewriteBalance` the year's balance tables are first recomputed from the lines. At the last
 * period of a year the next account year is opened (created, with a copy of the chart, when it does
 * not exist) and the closing balances are carried into its openings.
 */
export async function roll(db: Db, accountId: number, rewriteBalance: boolean, lang: Language) {
  return withTx(db, async (tx) => {
    await q.periodEndLock(tx, 'roll', accountId);
    const candidate = (await q.periodsOfAccount(tx, accountId)).find((p) => !p.rolled);
    if (!candidate) return fail('ALL_PERIODS_SETTLED');
    // The row lock first: postings under way finish, new ones wait and then find the period settled.
    await q.lockPeriodRow(tx, candidate.id, 'update');
    if (rewriteBalance) await rebuildBalancesIn(tx, { accountYearId: candidate.accountYearId });
    const { info, next } = await check(tx, accountId, lang, await q.periodsOfAccount(tx, accountId));
    if (!next || next.id !== candidate.id) return fail('STALE_DATA');
    const blockers = info.checks.filter((c) => c.level === 'BLOCKER');
    if (blockers.length) fail('SETTLE_BLOCKED', { period: periodName(next), reasons: blockers.map((b) => b.message).join(lang === 'en_US' ? '; ' : '；') }, { checks: info.checks });
    await q.setRolled(tx, next.id, true);
    let nextAccountYearId: number | null = null;
    let carriedForward = false;
    if (info.yearEnd) {
      const all = await q.periodsOfAccount(tx, accountId);
      const later = all.find((p) => p.startAt > next.yearEndAt);
      nextAccountYearId = later?.accountYearId
        ?? (await createAccountYear(tx, accountId, next.year + 1, dayjs(next.yearEndAt).add(1, 'day').format('YYYY-MM-DD'), 'PREVIOUS')).id;
      carriedForward = await openingCarrier.carryForwardOpenings(tx, next.accountYearId, nextAccountYearId);
    }
    const [after] = (await q.periodsOfAccount(tx, accountId)).filter((p) => p.id === next.id);
    return { period: periodDto(after), nextAccountYearId, carriedForward, rebuilt: rewriteBalance };
  });
}

/** Reopens (反结账) the last settled period of the ledger set; any other is refused. */
export async function reverseRoll(db: Db, accountId: number, periodId: number | undefined) {
  return withTx(db, async (tx) => {
    await q.periodEndLock(tx, 'roll', accountId);
    const settled = (await q.periodsOfAccount(tx, accountId)).filter((p) => p.rolled);
    const last = settled[settled.length - 1];
    if (!last) return fail('NOTHING_SETTLED');
    if (periodId !== undefined && periodId !== last.id) fail('REVERSE_SETTLE_NOT_LAST', { period: periodName(last) });
    await q.lockPeriodRow(tx, last.id, 'update');
    await q.setRolled(tx, last.id, false);
    return { period: periodDto({ ...last, rolled: false, version: last.version + 1 }) };
  });
}
