/**
 * The heading lines of an exported report (the `heading` of workbook()): its title (with what it is
 * about: an auxiliary type, a subject …), then the company, the ledger set, the periods, the unit and
 * whether unbookkept vouchers count, in the requester's language (locales/<lang>/export.json): a
 * file passed on says what its figures are. Shared by the subject and the auxiliary ledgers.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../domain/enums';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { accounts, companies, periods } from '../../db/schema';
import type { Db } from '../../db/client';
import { fillWords, localeWords } from './locale-words';

/** What a report covers: its ledger set, its first and last period, and whether unbookkept vouchers count. */
export interface HeadingScope { accountId: number; startPeriodId: number; endPeriodId: number; includeUnbooked: boolean }

export async function headingOf(db: Db, who: { companyId: number; lang: Language }, title: string, f: HeadingScope): Promise<string[]> {
  const W = localeWords('export', who.lang).heading;
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, who.companyId));
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(and(eq(accounts.companyId, who.companyId), eq(accounts.id, f.accountId)));
  const spans = await db.select({ id: periods.id, startAt: periods.startAt }).from(periods).where(and(eq(periods.companyId, who.companyId), inArray(periods.id, [f.startPeriodId, f.endPeriodId])));
  const month = (id: number) => spans.find((p) => p.id === id)?.startAt.slice(0, 7) ?? '';
  // Text cells as any other: a company named "=…" is no formula.
  return [title, fillWords(W.scope, {
    company: company?.name ?? '', account: account?.name ?? '', from: month(f.startPeriodId), to: month(f.endPeriodId),
    unbooked: f.includeUnbooked ? W.unbooked : '',
  })].map(neutralizeCell);
}
