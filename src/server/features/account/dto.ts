/** Ledger set, account year and period rows → contract DTOs (the one place they are mapped). */
import type { AccountDto, AccountYearDto, PeriodDto } from '../../../contract/account';
import { periodName } from '../../../domain/periods';
import type { accounts, accountYears, periods } from '../../db/schema';
import { iso } from '../../db/queries/list';

export type AccountRow = typeof accounts.$inferSelect;
export type AccountYearRow = typeof accountYears.$inferSelect;
export type PeriodRow = typeof periods.$inferSelect;

export const periodDto = (p: PeriodRow): PeriodDto => ({ id: p.id, accountYearId: p.accountYearId, startAt: p.startAt, endAt: p.endAt, rolled: p.rolled, version: p.version, name: periodName(p) });

export const accountYearDto = (y: AccountYearRow, ps?: PeriodRow[]): AccountYearDto => ({
  id: y.id, accountId: y.accountId, year: y.year, startAt: y.startAt, endAt: y.endAt,
  ...(ps ? { periods: ps.map(periodDto) } : {}),
});

export const accountDto = (a: AccountRow, years?: AccountYearDto[]): AccountDto => ({
  id: a.id, companyId: a.companyId, name: a.name, main: a.main ? 1 : 0, state: a.state as AccountDto['state'], deleted: a.deleted, createdAt: iso(a.createdAt), version: a.version,
  ...(years ? { accountYears: years } : {}),
});
