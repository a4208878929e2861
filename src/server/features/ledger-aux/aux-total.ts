/**
 * 辅助总账 (GET /ledger/auxTotal): per value of an auxiliary type × leaf subject, the opening balance
 * before the range, then for every period of the range its debit and credit, the year to date and
 * the balance at its end. Read from aux_balances grouped by period, and the year's openings.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { auxBalances } from '../../db/schema';
import type { AuxTotalDto, AuxTotalFilter, AuxTotalGroupDto } from '../../../contract/ledger-aux';
import { sideOf } from '../ledger/subject-balance';
import { readAuxOpenings } from './aux-openings';
import { auxValues, periodRange } from './scope';
import { rangeSubjects } from './aux-balance';
import type { Language } from '../../../domain/enums';
import { subjectOwnFigures, UNASSIGNED_AUX_ID, unassignedName } from './unassigned';

interface Pair { opening: number; ytdDebit: number; ytdCredit: number; byPeriod: Map<number, { debit: number; credit: number }> }

export async function auxTotal(db: Db, companyId: number, f: AuxTotalFilter, lang: Language = 'zh_CN'): Promise<AuxTotalDto> {
  return withTx(db, async (tx) => {
    const range = await periodRange(tx, companyId, f.accountYearId, f.startPeriodId, f.endPeriodId);
    const named = f.auxIds && f.auxIds.length > 0 ? f.auxIds : undefined;
    const only = named ? new Set(named) : undefined;
    const values = await auxValues(tx, { companyId, accountId: f.accountId, accountYearId: f.accountYearId, auxTypeId: f.auxTypeId, ids: named });
    const chart = await rangeSubjects(tx, companyId, f.accountYearId, f.subjectCodeFrom, f.subjectCodeTo);
    const booked = !f.includeUnbooked;
    const debitCol = booked ? auxBalances.debitBooked : auxBalances.debitAll;
    const creditCol = booked ? auxBalances.creditBooked : auxBalances.creditAll;
    const moved = await tx.select({
      auxId: auxBalances.auxId, subjectId: auxBalances.subjectId, periodId: auxBalances.periodId,
      debit: sql<string>`sum(${debitCol})`, credit: sql<string>`sum(${creditCol})`,
    }).from(auxBalances)
      .where(and(eq(auxBalances.accountYearId, f.accountYearId), eq(auxBalances.companyId, companyId), eq(auxBalances.auxTypeId, f.auxTypeId),
        sql`${auxBalances.periodId} = any(${sql.param(range.throughEnd)}::integer[])`))
      .groupBy(auxBalances.auxId, auxBalances.subjectId, auxBalances.periodId);

    const pairs = new Map<string, Pair>();
    const at = (auxId: number, subjectId: number) => {
      const k = `${auxId}:${subjectId}`;
      let p = pairs.get(k);
      if (!p) pairs.set(k, (p = { opening: 0, ytdDebit: 0, ytdCredit: 0, byPeriod: new Map() }));
      return p;
    };
    for (const o of (await readAuxOpenings(tx, f.accountYearId)).values()) {
      if (o.auxTypeId !== f.auxTypeId || (only && !only.has(o.auxId))) continue;
      const p = at(o.auxId, o.subjectId);
      p.opening += o.balance;
      p.ytdDebit += o.ytdDebit;
      p.ytdCredit += o.ytdCredit;
    }
    const before = new Set(range.before);
    for (const m of moved) {
      if (only && !only.has(m.auxId)) continue;
      const p = at(m.auxId, m.subjectId);
      const d = Number(m.debit);
      const c = Number(m.credit);
      if (before.has(m.periodId)) {
        // Periods before the range: into the opening and the year to date.
        p.opening += d - c;
        p.ytdDebit += d;
        p.ytdCredit += c;
      } else {
        p.byPeriod.set(m.periodId, { debit: d, credit: c });
      }
    }

    const names = new Map(range.all.map((p) => [p.id, p.name]));
    const carrying = new Set(chart.filter((s) => s.leaf && s.auxTypeIds.includes(f.auxTypeId)).map((s) => s.id));
    const shown: Array<{ id: number; code: string; name: string }> = [...values.values()];
    if (!named) {
      // Every value asked: each subject's figures that no value holds (未指定) come last, so the
      // ledger reconciles to the subjects' balances. Subjects taking the type or holding its values.
      const subjectsOwn = await subjectOwnFigures(tx, companyId, f, range.throughEnd);
      const before = new Set(range.before);
      // What the values hold, per subject (one walk over the pairs that exist).
      const held = new Map<number, Pair[]>();
      for (const [key, p] of pairs) {
        const [auxId, subjectId] = key.split(':').map(Number);
        if (!values.has(auxId)) continue;
        const list = held.get(subjectId);
        if (list) list.push(p);
        else held.set(subjectId, [p]);
      }
      for (const s of chart) {
        if (!carrying.has(s.id) && !held.has(s.id)) continue;
        const o = subjectsOwn.get(s.id);
        const u: Pair = { opening: o?.opening ?? 0, ytdDebit: o?.openingYtdDebit ?? 0, ytdCredit: o?.openingYtdCredit ?? 0, byPeriod: new Map() };
        for (const [periodId, m] of o?.byPeriod ?? []) {
          if (before.has(periodId)) {
            u.opening += m.debit - m.credit;
            u.ytdDebit += m.debit;
            u.ytdCredit += m.credit;
          } else {
            u.byPeriod.set(periodId, { ...m });
          }
        }
        for (const p of held.get(s.id) ?? []) {
          u.opening -= p.opening;
          u.ytdDebit -= p.ytdDebit;
          u.ytdCredit -= p.ytdCredit;
          for (const [periodId, m] of p.byPeriod) {
            const x = u.byPeriod.get(periodId) ?? { debit: 0, credit: 0 };
            u.byPeriod.set(periodId, { debit: x.debit - m.debit, credit: x.credit - m.credit });
          }
        }
        for (const [periodId, m] of u.byPeriod) if (m.debit === 0 && m.credit === 0) u.byPeriod.delete(periodId);
        if (u.opening === 0 && u.ytdDebit === 0 && u.ytdCredit === 0 && u.byPeriod.size === 0 && !(f.showZero && carrying.has(s.id))) continue;
        pairs.set(`${UNASSIGNED_AUX_ID}:${s.id}`, u);
      }
      shown.push({ id: UNASSIGNED_AUX_ID, code: '', name: unassignedName(lang) });
    }
    const groups: AuxTotalGroupDto[] = [];
    for (const v of shown) {
      for (const s of chart) {
        const p = pairs.get(`${v.id}:${s.id}`);
        if (!p && !(f.showZero && carrying.has(s.id))) continue;
        const pair = p ?? { opening: 0, ytdDebit: 0, ytdCredit: 0, byPeriod: new Map<number, { debit: number; credit: number }>() };
        if (!f.showZero && pair.opening === 0 && pair.ytdDebit === 0 && pair.ytdCredit === 0 && pair.byPeriod.size === 0) continue;
        let balance = pair.opening;
        let ytdDebit = pair.ytdDebit;
        let ytdCredit = pair.ytdCredit;
        const o = sideOf(balance);
        const periods = range.inRange.map((periodId) => {
          const m = pair.byPeriod.get(periodId) ?? { debit: 0, credit: 0 };
          ytdDebit += m.debit;
          ytdCredit += m.credit;
          balance += m.debit - m.credit;
          const b = sideOf(balance);
          return { periodId, periodName: names.get(periodId)!, debit: String(m.debit), credit: String(m.credit), ytdDebit: String(ytdDebit), ytdCredit: String(ytdCredit), side: b.side, balanceCents: String(b.cents) };
        });
        groups.push({
          auxId: v.id, auxCode: v.code, auxName: v.name, subjectId: s.id, subjectCode: s.code, subjectName: s.name, subjectNameEn: s.nameEn,
          openingSide: o.side, openingCents: String(o.cents), periods,
        });
      }
    }
    return { groups };
  });
}
