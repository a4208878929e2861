/**
 * Rules of ledger sets, account years and periods. Each operation runs its checks and writes in one
 * transaction and locks the rows it decides on (the ledger set for year changes, the account year
 * for period boundaries), so concurrent edits queue instead of both passing a check on stale data.
 * "In use" is decided by explicit calls (accountInUse, accountYearInUse): a module that starts
 * using ledger sets (vouchers, subjects, balances) adds its check there.
 */
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx, type Tx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import { accountYearSpan, adjustPeriod, monthlyPeriods } from '../../../domain/periods';
import type { Paging } from '../../../contract/common';
import type { AccountDto, AccountYearDto } from '../../../contract/account';
import { accountDto, accountYearDto, type AccountRow, type AccountYearRow, type PeriodRow } from './dto';
import * as q from './queries';
import { seedLedgerSetSettings } from '../finance-settings/service';
import { createChartForYear, type ChartSource } from '../subject/service';
import { vouchersIn } from '../voucher/usage';

/** A ledger set is in use once any of its periods is settled or it has vouchers (balances will add theirs). */
export async function accountInUse(tx: Tx, accountId: number): Promise<boolean> {
  return (await q.hasSettledPeriod(tx, { accountId })) || (await vouchersIn(tx, { accountId }));
}

/** An account year is in use once any of its periods is settled or it has vouchers (balances will add theirs). */
export async function accountYearInUse(tx: Tx, accountYearId: number): Promise<boolean> {
  return (await q.hasSettledPeriod(tx, { accountYearId })) || (await vouchersIn(tx, { accountYearId }));
}

/** Years (optionally with periods) of the given ledger sets, grouped by set. */
async function yearsByAccount(db: Db, accountIds: number[], withPeriods: boolean, year?: number): Promise<Map<number, AccountYearDto[]>> {
  const ys = await q.selectYears(db, accountIds, year);
  const ps = withPeriods ? await q.selectPeriods(db, ys.map((y) => y.id)) : [];
  const out = new Map<number, AccountYearDto[]>(accountIds.map((id) => [id, []]));
  for (const y of ys) out.get(y.accountId)!.push(accountYearDto(y, withPeriods ? ps.filter((p) => p.accountYearId === y.id) : undefined));
  return out;
}

export async function listAccounts(db: Db, p: Paging<q.AccountFilter>, companyId: number): Promise<{ content: AccountDto[]; total: number }> {
  const { rows, total } = await q.selectAccounts(companyScope(db, companyId), p);
  const expandYears = p.expand.has('accountYears') || p.expand.has('accountYears.periods');
  const years = expandYears ? await yearsByAccount(db, rows.map((a) => a.id), p.expand.has('accountYears.periods')) : undefined;
  return { content: rows.map((a) => accountDto(a, years?.get(a.id))), total };
}

export async function getAccount(db: Db, account: AccountRow, expand: string): Promise<AccountDto> {
  const years = expand.includes('accountYears') ? (await yearsByAccount(db, [account.id], expand.includes('periods'))).get(account.id) : undefined;
  return accountDto(account, years);
}

export async function listYears(db: Db, accountId: number, year: number | undefined, withPeriods: boolean): Promise<AccountYearDto[]> {
  return (await yearsByAccount(db, [accountId], withPeriods, year)).get(accountId) ?? [];
}

export async function mainAccountOf(db: Db, companyId: number): Promise<AccountDto | null> {
  const row = await q.firstLiveAccount(db, companyId, true);
  return row ? accountDto(row) : null;
}

export async function createAccount(db: Db, v: { companyId: number; name: string; main: boolean; state?: string; year?: number }): Promise<AccountDto> {
  return withTx(db, async (tx) => {
    // The first ledger set of a company is its main one.
    const main = v.main || (await q.countMainAccounts(tx, v.companyId)) === 0;
    if (main) await q.clearMain(tx, v.companyId);
    const row = await q.insertAccount(tx, { companyId: v.companyId, name: v.name, main, state: v.state ?? 'NORMAL' });
    await seedLedgerSetSettings(tx, row);
    const years = v.year ? [accountYearDto(await insertYear(tx, row, v.year))] : [];
    return accountDto(row, years);
  });
}

/** Renames a ledger set or changes its state; a body with nothing to change answers the set as it is. */
export async function updateAccount(db: Db, accountId: number, patch: { name?: string; state?: 'NORMAL' | 'DRAFT'; version?: number }): Promise<AccountDto> {
  return withTx(db, async (tx) => {
    const account = await lockAccount(tx, accountId);
    const { version, ...fields } = patch;
    assertVersion(account.version, version);
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    return accountDto(Object.keys(set).length ? await q.patchAccount(tx, account.id, set) : account);
  });
}

export async function setMainAccount(db: Db, accountId: number): Promise<AccountDto> {
  return withTx(db, async (tx) => {
    const account = await lockAccount(tx, accountId);
    await q.clearMain(tx, account.companyId);
    return accountDto(await q.patchAccount(tx, account.id, { main: true }));
  });
}

/** Soft-deletes an unused ledger set; the main flag moves to the first remaining set. */
export async function deleteAccount(db: Db, accountId: number): Promise<void> {
  await withTx(db, async (tx) => {
    const account = await lockAccount(tx, accountId);
    if (await accountInUse(tx, account.id)) throw new DomainError('IN_USE');
    await q.patchAccount(tx, account.id, { deleted: true, main: false, state: 'DELETED' });
    if (account.main) {
      const next = await q.firstLiveAccount(tx, account.companyId, false);
      if (next) await q.patchAccount(tx, next.id, { main: true });
    }
  });
}

/** A year with its periods, its subject code rule and its subjects, in the caller's transaction. */
async function insertYear(tx: Tx, account: AccountRow, year: number, startAt?: string, chart: ChartSource = 'STANDARD'): Promise<AccountYearRow> {
  const y = await q.insertYear(tx, account, year, accountYearSpan(year, startAt), monthlyPeriods(year, startAt));
  await createChartForYear(tx, y, chart);
  return y;
}

/**
 * Creates an account year with its 12 monthly periods, its subject code rule and its subjects: a
 * copy of the previous year's chart (the default, when there is one) or the standard chart. Years
 * must not overlap within a ledger set.
 */
export async function createAccountYear(db: Db, accountId: number, year: number, startAt?: string, chart: ChartSource = 'PREVIOUS'): Promise<AccountYearDto> {
  return withTx(db, async (tx) => {
    // Year changes of one ledger set run one at a time (two concurrent creates cannot both pass the overlap check).
    const account = await lockAccount(tx, accountId);
    const clash = await q.overlappingYear(tx, account.id, accountYearSpan(year, startAt));
    if (clash) throw new DomainError(clash.year === year ? 'YEAR_EXISTS' : 'PERIOD_OVERLAP');
    const y = await insertYear(tx, account, year, startAt, chart);
    return accountYearDto(y, await q.selectPeriods(tx, [y.id]));
  });
}

/**
 * Deletes an account year created by mistake, with its periods. Only the last year of a ledger set
 * can go (the years stay contiguous), and only while nothing uses it.
 */
export async function deleteAccountYear(db: Db, yearId: number): Promise<void> {
  await withTx(db, async (tx) => {
    const found = await q.findAccountYear(tx, yearId);
    if (!found) throw new DomainError('NO_PERMISSION');
    await lockAccount(tx, found.accountId);
    const year = (await q.findAccountYear(tx, yearId, true))!;
    if (await q.laterYearExists(tx, year)) throw new DomainError('YEAR_NOT_LAST');
    if (await accountYearInUse(tx, year.id)) throw new DomainError('IN_USE');
    await q.deleteYearRows(tx, year.id);
  });
}

export async function listPeriods(db: Db, accountYearId: number): Promise<PeriodRow[]> {
  return q.selectPeriods(db, [accountYearId]);
}

/**
 * Moves a period's boundaries (neighbours follow so the year stays covered). The account year is
 * locked first and the periods are read inside the transaction, so two concurrent edits of one year
 * apply one after the other and can never leave overlapping periods. A settled period that would
 * change refuses (PERIOD_SETTLED).
 */
export async function updatePeriodBoundaries(db: Db, periodId: number, next: { startAt: string; endAt: string; version?: number }): Promise<PeriodRow[]> {
  return withTx(db, async (tx) => {
    const found = await q.findPeriod(tx, periodId);
    if (!found) throw new DomainError('NO_PERMISSION');
    const year = await q.findAccountYear(tx, found.accountYearId, true);
    if (!year) throw new DomainError('NO_PERMISSION');
    const all = await q.selectPeriods(tx, [year.id]);
    const period = all.find((p) => p.id === periodId)!;
    if (period.rolled) throw new DomainError('PERIOD_SETTLED');
    assertVersion(period.version, next.version);
    for (const c of adjustPeriod(all, year, period.id, { startAt: next.startAt, endAt: next.endAt })) await q.setPeriodSpan(tx, c.id, { startAt: c.startAt, endAt: c.endAt });
    return q.selectPeriods(tx, [year.id]);
  });
}

/** Re-reads a live ledger set under a row lock; a set deleted meanwhile looks missing. */
async function lockAccount(tx: Tx, id: number): Promise<AccountRow> {
  const row = await q.findAccount(tx, id, true);
  if (!row) throw new DomainError('NO_PERMISSION');
  return row;
}
