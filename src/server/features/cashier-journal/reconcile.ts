/**
 * GET /cashier/cashBalance: the cash journal against the books on a date (出纳与总账对账). Per cash or
 * bank subject of the date's account year: the journal balances (opening + receipts − payments up
 * to the date) of the bank accounts linked to it, summed, beside the subject's balance in the books
 * (its opening balance and the valid voucher lines up to the date, all saved ones or the bookkept
 * ones only), and the difference. A bank account is linked to a subject of one account year; in
 * another year the subject with the same code stands for it (a year copies its chart by code).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyScope, rowsOf } from '../../db/tx';
import { subjects } from '../../db/schema';
import type { CashReconcileDto, CashReconcileRowDto } from '../../../contract/cashier-journal';
import { DomainError } from '../../../domain/result-codes';
import { resolveMarkDate } from '../../../domain/voucher-rules';
import { yearsWithPeriods } from '../voucher/queries';
import { subjectBalances } from '../subject/balance';
import * as q from './queries';
import { calcBalances } from './service';

export async function reconcile(db: Db, companyId: number, o: { accountId: number; date: string; bankAccountIds?: number[]; bookkeptOnly?: boolean }): Promise<CashReconcileDto> {
  const years = await yearsWithPeriods(db, o.accountId);
  const place = resolveMarkDate(o.date, years);
  if (!place.ok) {
    if (place.code === 'MARK_DATE_OUT_OF_RANGE') throw new DomainError('DATE_OUTSIDE_ACCOUNT_YEARS', place.params);
    throw new DomainError(place.code, place.params);
  }
  const accountYearId = place.accountYearId;
  const accounts = await q.bankAccountsOf(companyScope(db, companyId), o.accountId, o.bankAccountIds);
  if (o.bankAccountIds && accounts.length !== new Set(o.bankAccountIds).size) throw new DomainError('NO_PERMISSION');
  const closings = new Map((await calcBalances(db, accounts.map((a) => a.id), o.date)).map((b) => [b.bankAccountId, b.closingCents]));

  // Each account's subject in the date's year: the linked subject itself, or the one with its code.
  const linked = [...new Set(accounts.map((a) => a.subjectId).filter((id): id is number => id !== null))];
  const codeOf = new Map(linked.length
    ? (await db.select({ id: subjects.id, code: subjects.code }).from(subjects).where(inArray(subjects.id, linked))).map((r) => [r.id, r.code])
    : []);
  const codes = [...new Set(codeOf.values())];
  const inYear = codes.length
    ? rowsOf<{ id: number; code: string; name: string; nameEn: string | null }>(await db.execute(sql`
        select id, code, name, name_en as "nameEn" from subjects
        where company_id = ${companyId} and account_year_id = ${accountYearId} and code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`))
    : [];
  const byCode = new Map(inYear.map((r) => [r.code, { id: Number(r.id), code: r.code, name: r.name, nameEn: r.nameEn }]));
  const balances = byCode.size
    ? new Map((await subjectBalances(db, companyId, { accountYearId, subjectId: [...byCode.values()].map((s) => s.id), dateTo: o.date })).map((b) => {
        const side = o.bookkeptOnly ? b.bookkept : b.all;
        // On the debit side, as the journal counts money in.
        return [b.subjectId, b.direction ? BigInt(side.balanceCents) : -BigInt(side.balanceCents)];
      }))
    : new Map<number, bigint>();

  const groups = new Map<string, CashReconcileRowDto & { journal: bigint }>();
  for (const a of accounts) {
    const code = a.subjectId !== null ? codeOf.get(a.subjectId) : undefined;
    const subject = code !== undefined ? byCode.get(code) : undefined;
    const key = subject ? `s${subject.id}` : `a${a.id}`;
    const closing = closings.get(a.id) ?? '0';
    let g = groups.get(key);
    if (!g) {
      g = {
        subjectId: subject?.id ?? null, subjectCode: subject?.code ?? null, subjectName: subject?.name ?? null, subjectNameEn: subject?.nameEn ?? null,
        bankAccounts: [], journalCents: '0', booksCents: null, differenceCents: null, journal: 0n,
      };
      groups.set(key, g);
    }
    g.bankAccounts.push({ id: a.id, code: a.code, name: a.name, closingCents: closing });
    g.journal += BigInt(closing);
  }
  const rows: CashReconcileRowDto[] = [...groups.values()].map(({ journal, ...g }) => {
    const books = g.subjectId !== null ? balances.get(g.subjectId) ?? 0n : null;
    return { ...g, journalCents: journal.toString(), booksCents: books?.toString() ?? null, differenceCents: books === null ? null : (journal - books).toString() };
  }).sort((x, y) => (x.subjectCode ?? '~').localeCompare(y.subjectCode ?? '~') || x.bankAccounts[0].code.localeCompare(y.bankAccounts[0].code));
  return { date: o.date, accountYearId, bookkeptOnly: !!o.bookkeptOnly, rows, agreed: rows.every((r) => r.differenceCents === null || r.differenceCents === '0') };
}
