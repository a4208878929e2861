/**
 * The synchronised copy of a voucher into another ledger set of the same company (spec 01 §4 "state
 * NORMAL; loses relations, id, code and period"; decision 024), in one transaction:
 * - the source is read `for update` (two syncs of one voucher run one after the other) and the
 *   machine decides `syncCopy` on it (2010101; never an invalid voucher);
 * - a voucher already linked SYNC with a voucher of that ledger set is refused, naming the copy;
 * - the copy is placed by the same mark date in the target's books (its year and period), of the
 *   voucher kind with the same name there (else the default), with the next free code;
 * - every line's subject is mapped through the subject relations to that year; unmapped subjects
 *   are refused all at once, named; a relation that no longer passes the rules (the subjects
 *   changed since) is refused with the rule's message;
 * - auxiliary values travel when the target subject takes the type: departments, employees,
 *   customers and projects are the company's; a vendor (per ledger set) or budget (per year)
 *   becomes the target's record of the same code; types the relation drops are left out;
 * - the copy is saved through createVoucher (the save rules, `new × save` with the target period's
 *   settlement, the code), then marked SYNC with its origin and linked SYNC both ways.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { accounts, budgets, vendors, voucherKinds, voucherProcs, voucherRelations, vouchers } from '../../db/schema';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import { auxTypes, type Language } from '../../../domain/enums';
import { padVoucherCode } from '../../../domain/finance-settings';
import { voucherLifecycleStateOf } from '../../../domain/voucher-lifecycle';
import { resolveMarkDate } from '../../../domain/voucher-rules';
import { subjectRelationProblem } from '../../../domain/subject-relation';
import { decideVoucherAction } from '../../../../machines/voucher.machine';
import type { VoucherDto, VoucherItemInput } from '../../../contract/voucher';
import { accountYearLabel, relationFailure, relationsTo, subjectLabel } from '../subject/relation';
import * as q from './queries';
import { loadVoucherDtos } from './dto';
import { createVoucher, type Actor } from './service';
import { AUX_DIMENSION_OF_TYPE } from './usage';
import { localTypeName, localVoucherLabel } from '../../../domain/names';
import { sameCode } from '../../db/codes';

const fail = (code: ResultCode, params: Record<string, string | number> = {}, appendix?: unknown): never => {
  throw new DomainError(code, params, appendix);
};

/** The voucher kind of the target ledger set: the one of the same name, else its default, else its first. */
async function targetKind(tx: Tx, sourceKindId: number, targetAccountId: number): Promise<number> {
  const [source] = await tx.select({ name: voucherKinds.name }).from(voucherKinds).where(eq(voucherKinds.id, sourceKindId));
  const kinds = await tx.select().from(voucherKinds).where(eq(voucherKinds.accountId, targetAccountId));
  const kind = kinds.find((k) => k.name.toLowerCase() === source?.name.toLowerCase()) ?? kinds.find((k) => k.isDefault) ?? [...kinds].sort((a, b) => a.sort - b.sort || a.id - b.id)[0];
  if (!kind) return fail('MISSING_ACCOUNT_OR_PERIOD');
  return kind.id;
}

/** "记-0003" of a voucher, in the requester's language ("General-0003"). */
async function labelOf(tx: Tx, v: q.VoucherRow, lang: Language): Promise<string> {
  const [kind] = await tx.select({ name: voucherKinds.name, nameEn: voucherKinds.nameEn }).from(voucherKinds).where(eq(voucherKinds.id, v.kindId));
  return localVoucherLabel(lang, kind ?? { name: '' }, padVoucherCode(v.code, await q.codeLengthOf(tx, v.accountId)));
}

/** A vendor of the target ledger set, or a budget of the target year, with the code of the source's record. */
async function counterpart(tx: Tx, dim: 'vendor' | 'budget', id: number, target: { accountId: number; accountYearId: number }): Promise<{ id: number | null; label: string }> {
  if (dim === 'vendor') {
    const [v] = await tx.select({ code: vendors.code, name: vendors.name }).from(vendors).where(eq(vendors.id, id));
    const [hit] = v ? await tx.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.accountId, target.accountId), sameCode(vendors.code, v.code))) : [];
    return { id: hit?.id ?? null, label: v ? `${v.code} ${v.name}` : String(id) };
  }
  const [b] = await tx.select({ code: budgets.code, name: budgets.name }).from(budgets).where(eq(budgets.id, id));
  const [hit] = b ? await tx.select({ id: budgets.id }).from(budgets).where(and(eq(budgets.accountYearId, target.accountYearId), eq(budgets.code, b.code))) : [];
  return { id: hit?.id ?? null, label: b ? `${b.code} ${b.name}` : String(id) };
}

export async function syncVoucher(db: Db, actor: Actor, companyId: number, id: number, targetAccountId: number, lang: Language): Promise<VoucherDto> {
  return withTx(db, async (tx) => {
    const v = await q.findVoucher(tx, id, true);
    if (!v || v.companyId !== companyId) return fail('NO_PERMISSION');
    const [target] = await tx.select().from(accounts).where(and(eq(accounts.id, targetAccountId), eq(accounts.deleted, false)));
    if (!target || target.companyId !== companyId || target.id === v.accountId) fail('VOUCHER_SYNC_SAME_ACCOUNT');
    const state = voucherLifecycleStateOf({ state: v.state as 'NORMAL' | 'INVALID', auditAt: v.auditAt, auditPass: v.auditPass, bookKeepAt: v.bookKeepAt, cashierAt: v.cashierAt });
    // The source stays as it is: its period may be settled (like a copy).
    const decided = decideVoucherAction(state, 'syncCopy', { user: { id: actor.id, kind: actor.kind, rightIds: actor.rightIds }, makerId: v.createdBy, periodSettled: false, cashierSignRequired: false });
    if (!decided.ok) fail(decided.code);

    // Re-synchronising is refused while a linked voucher exists in that ledger set (either direction).
    const [linked] = await tx.select({ o: vouchers }).from(voucherRelations)
      .innerJoin(vouchers, eq(vouchers.id, voucherRelations.targetId))
      .where(and(eq(voucherRelations.voucherId, v.id), eq(voucherRelations.kind, 'SYNC'), eq(vouchers.accountId, target!.id))).limit(1);
    if (linked) fail('VOUCHER_SYNC_EXISTS', { account: target!.name, voucher: await labelOf(tx, linked.o, lang) }, { voucherId: linked.o.id });

    const place = resolveMarkDate(v.markDate, await q.yearsWithPeriods(tx, target!.id));
    if (!place.ok) return fail(place.code, place.params);
    const { accountYearId, periodId } = place as { accountYearId: number; periodId: number };

    const items = await q.itemsOf(tx, v.id);
    const relations = await relationsTo(tx, [...new Set(items.map((i) => i.subjectId))], accountYearId);
    const unmapped = [...new Set(items.map((i) => i.subjectId))].filter((s) => !relations.has(s));
    if (unmapped.length) {
      const names = await q.subjectsByIds(tx, companyId, unmapped);
      const label = await accountYearLabel(tx, accountYearId);
      fail('VOUCHER_SYNC_UNMAPPED', {
        account: label?.account ?? target!.name, year: label?.year ?? '',
        subjects: unmapped.map((s) => names.get(s)).filter((s) => s !== undefined).sort((a, b) => a.code.localeCompare(b.code)).map(subjectLabel).join(lang === 'en_US' ? ', ' : '、'),
      }, { subjectIds: unmapped, targetAccountYearId: accountYearId });
    }

    const mapped: VoucherItemInput[] = [];
    for (const [row, item] of items.entries()) {
      const { relation, source, target: to } = relations.get(item.subjectId)!;
      const problem = subjectRelationProblem(source, to, relation.dropAuxTypeIds);
      if (problem) relationFailure(problem, source, to, lang);
      const auxes: VoucherItemInput['auxes'] = [];
      for (const [typeId, dim] of Object.entries(AUX_DIMENSION_OF_TYPE)) {
        const value = item[`${dim}Id`];
        const type = Number(typeId);
        if (value === null || !to.auxTypeIds.includes(type)) continue;
        if (dim === 'vendor' || dim === 'budget') {
          const c = await counterpart(tx, dim, value, { accountId: target!.id, accountYearId });
          const typeName = auxTypes.find((a) => a.id === type)!;
          if (c.id === null) fail('VOUCHER_SYNC_AUX_UNMAPPED', { row: row + 1, type: localTypeName(lang, typeName), value: c.label, account: target!.name });
          auxes.push({ auxTypeId: type, auxId: c.id! });
        } else auxes.push({ auxTypeId: type, auxId: value });
      }
      mapped.push({ summary: item.summary, subjectId: to.id, direction: item.direction, amount: Number(item.amountCents), auxes });
    }

    // The save rules, the target period's settlement (new × save) and the next code, as any save.
    const copy = await createVoucher(tx, actor, companyId, {
      accountId: target!.id, kindId: await targetKind(tx, v.kindId, target!.id), markTime: v.markDate, periodId, billCount: v.billCount, items: mapped,
    });
    await tx.update(vouchers).set({ source: 'SYNC', originId: v.id }).where(eq(vouchers.id, copy.id));
    await tx.insert(voucherRelations).values([
      { companyId, voucherId: v.id, targetId: copy.id, kind: 'SYNC' },
      { companyId, voucherId: copy.id, targetId: v.id, kind: 'SYNC' },
    ]);
    await tx.insert(voucherProcs).values([
      { companyId, voucherId: v.id, action: 'SYNCED', userId: actor.id, note: String(copy.id) },
      { companyId, voucherId: copy.id, action: 'SYNCED_FROM', userId: actor.id, note: String(v.id) },
    ]);
    const [dto] = await loadVoucherDtos(tx, [copy.id]);
    return dto;
  });
}
