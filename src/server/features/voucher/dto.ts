/**
 * Vouchers as the API answers them: lines with subject code, name and name path, auxiliary values
 * with their names (a department with its ancestor chain), user names, relations and the lifecycle
 * state. Built for many vouchers at once in a fixed number of queries (lists of 50 stay cheap).
 */
import { asc, inArray, or, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/tx';
import { accounts, budgets, customers, departments, employees, projects, users, vendors, voucherItems, voucherKinds, voucherRelations, vouchers } from '../../db/schema';
import { padVoucherCode } from '../../../domain/finance-settings';
import { voucherLifecycleStateOf } from '../../../domain/voucher-lifecycle';
import type { VoucherDto } from '../../../contract/voucher';
import { AUX_DIMENSION_OF_TYPE, type AuxDimension } from './usage';
import { codeLengthsOf } from './queries';

const iso = (d: Date | string | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

interface Named { code: string | null; name: string }

async function namesOf(tx: Tx, dim: AuxDimension, ids: number[]): Promise<Map<number, Named>> {
  if (!ids.length) return new Map();
  const table = { department: departments, employee: employees, customer: customers, vendor: vendors, project: projects, budget: budgets }[dim];
  const rows = await tx.select({ id: table.id, code: table.code, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
}

/** The ancestors of each department (outermost first, the department itself excluded). */
async function departmentChains(tx: Tx, ids: number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const m = new Map<number, Array<{ id: number; name: string }>>();
  if (!ids.length) return m;
  const rows = rowsOf<{ leaf: number; id: number; name: string; depth: number }>(await tx.execute(sql`
    with recursive chain(leaf, id, parent_id, name, depth) as (
      select d.id, p.id, p.parent_id, p.name, 1 from departments d join departments p on p.id = d.parent_id where d.id in ${ids}
      union all
      select c.leaf, p.id, p.parent_id, p.name, c.depth + 1 from chain c join departments p on p.id = c.parent_id where c.depth < 20
    ) select leaf, id, name, depth from chain order by leaf, depth desc`));
  for (const r of rows) {
    const list = m.get(Number(r.leaf)) ?? [];
    list.push({ id: Number(r.id), name: r.name });
    m.set(Number(r.leaf), list);
  }
  return m;
}

/** Each subject's code, name and "code name/child/leaf" path. */
async function subjectPaths(tx: Tx, ids: number[]): Promise<Map<number, { code: string; name: string; fullName: string }>> {
  const m = new Map<number, { code: string; name: string; fullName: string }>();
  if (!ids.length) return m;
  const rows = rowsOf<{ leaf: number; code: string; name: string; path: string }>(await tx.execute(sql`
    with recursive chain(leaf, id, parent_id, name, level) as (
      select s.id, s.id, s.parent_id, s.name, s.level from subjects s where s.id in ${ids}
      union all
      select c.leaf, p.id, p.parent_id, p.name, p.level from chain c join subjects p on p.id = c.parent_id
    )
    select c.leaf, s.code, s.name, string_agg(c.name, '/' order by c.level) as path
    from chain c join subjects s on s.id = c.leaf group by c.leaf, s.code, s.name`));
  for (const r of rows) m.set(Number(r.leaf), { code: r.code, name: r.name, fullName: `${r.code} ${r.path}` });
  return m;
}

export async function loadVoucherDtos(tx: Tx, ids: number[]): Promise<VoucherDto[]> {
  if (!ids.length) return [];
  const vs = await tx.select().from(vouchers).where(inArray(vouchers.id, ids));
  const items = await tx.select().from(voucherItems).where(inArray(voucherItems.voucherId, ids)).orderBy(asc(voucherItems.voucherId), asc(voucherItems.lineNo));
  const rels = await tx.select().from(voucherRelations).where(or(inArray(voucherRelations.voucherId, ids), inArray(voucherRelations.targetId, ids)));
  const otherIds = [...new Set(rels.flatMap((r) => [r.voucherId, r.targetId]))].filter((id) => !ids.includes(id));
  const others = otherIds.length ? await tx.select().from(vouchers).where(inArray(vouchers.id, otherIds)) : [];
  const all = [...vs, ...others];
  const byId = new Map(all.map((v) => [v.id, v]));
  const kindIds = [...new Set(all.map((v) => v.kindId))];
  const kinds = new Map((await tx.select({ id: voucherKinds.id, name: voucherKinds.name }).from(voucherKinds).where(inArray(voucherKinds.id, kindIds))).map((k) => [k.id, k.name]));
  const accountIds = [...new Set(all.map((v) => v.accountId))];
  const accountNames = new Map((await tx.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, accountIds))).map((a) => [a.id, a.name]));
  const lengths = await codeLengthsOf(tx, accountIds);
  const userIds = [...new Set(vs.flatMap((v) => [v.auditBy, v.bookKeepBy, v.cashierBy, v.createdBy]).filter((x): x is number => x !== null))];
  const userNames = new Map(userIds.length ? (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u.name]) : []);
  const subjects = await subjectPaths(tx, [...new Set(items.map((i) => i.subjectId))]);
  const auxNames = new Map<AuxDimension, Map<number, Named>>();
  for (const dim of Object.values(AUX_DIMENSION_OF_TYPE)) {
    auxNames.set(dim, await namesOf(tx, dim, [...new Set(items.map((i) => i[`${dim}Id`]).filter((x): x is number => x !== null))]));
  }
  const chains = await departmentChains(tx, [...new Set(items.map((i) => i.departmentId).filter((x): x is number => x !== null))]);
  const label = (v: typeof vs[number]) => `${kinds.get(v.kindId) ?? ''}-${padVoucherCode(v.code, lengths.get(v.accountId) ?? 4)}`;
  const userName = (id: number | null) => (id === null ? null : userNames.get(id) ?? null);

  const dtos = vs.map((v): VoucherDto => ({
    id: v.id,
    companyId: v.companyId,
    accountId: v.accountId,
    accountYearId: v.accountYearId,
    periodId: v.periodId,
    kindId: v.kindId,
    kindName: kinds.get(v.kindId) ?? '',
    code: v.code,
    codeText: padVoucherCode(v.code, lengths.get(v.accountId) ?? 4),
    markTime: v.markDate,
    billCount: v.billCount,
    state: v.state as 'NORMAL' | 'INVALID',
    source: v.source,
    originId: v.originId,
    lifecycle: voucherLifecycleStateOf({ state: v.state as 'NORMAL' | 'INVALID', auditAt: iso(v.auditAt), auditPass: v.auditPass, bookKeepAt: iso(v.bookKeepAt), cashierAt: iso(v.cashierAt) }),
    debitCents: String(v.debitCents),
    creditCents: String(v.creditCents),
    items: items.filter((i) => i.voucherId === v.id).map((i) => {
      const s = subjects.get(i.subjectId);
      const auxes = Object.entries(AUX_DIMENSION_OF_TYPE).flatMap(([typeId, dim]) => {
        const auxId = i[`${dim}Id`];
        if (auxId === null) return [];
        const n = auxNames.get(dim)?.get(auxId) ?? { code: null, name: '' };
        return [{ auxTypeId: Number(typeId), auxType: dim, auxId, auxData: { code: n.code, name: n.name, ...(dim === 'department' ? { path: chains.get(auxId) ?? [] } : {}) } }];
      });
      return { id: i.id, lineNo: i.lineNo, summary: i.summary, subjectId: i.subjectId, subjectCode: s?.code ?? '', subjectName: s?.name ?? '', subjectFullName: s?.fullName ?? '', direction: i.direction, amount: String(i.amountCents), auxes };
    }),
    auditAt: iso(v.auditAt),
    auditBy: v.auditBy,
    auditByName: userName(v.auditBy),
    auditPass: v.auditPass,
    auditNote: v.auditNote,
    bookKeepAt: iso(v.bookKeepAt),
    bookKeepBy: v.bookKeepBy,
    bookKeepByName: userName(v.bookKeepBy),
    cashierAt: iso(v.cashierAt),
    cashierBy: v.cashierBy,
    cashierByName: userName(v.cashierBy),
    createdBy: v.createdBy,
    createdByName: userName(v.createdBy),
    createdAt: iso(v.createdAt) ?? '',
    voucherRelationInfos: rels.filter((r) => r.voucherId === v.id || r.targetId === v.id).map((r) => {
      const otherId = r.voucherId === v.id ? r.targetId : r.voucherId;
      const o = byId.get(otherId);
      return { kind: r.kind as 'SYNC' | 'REVERSAL', voucherId: v.id, targetId: otherId, accountId: o?.accountId ?? v.accountId, accountName: accountNames.get(o?.accountId ?? v.accountId) ?? '', accountYearId: o?.accountYearId ?? v.accountYearId, targetLabel: o ? label(o) : '' };
    }).filter((r, i, list) => list.findIndex((x) => x.kind === r.kind && x.targetId === r.targetId) === i),
    version: v.version,
  }));
  const order = new Map(ids.map((id, i) => [id, i]));
  return dtos.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** What a save knows of the voucher it has just written, enough to answer without reading it back. */
export interface NewVoucherParts {
  id: number;
  companyId: number;
  accountId: number;
  accountYearId: number;
  periodId: number;
  kindId: number;
  kindName: string;
  code: number;
  codeLength: number;
  markTime: string;
  billCount: number;
  source: string;
  originId: number | null;
  totalCents: number;
  createdBy: number;
  createdByName: string | null;
  createdAt: Date | string | null;
  version: number;
  lines: ReadonlyArray<{
    id: number; lineNo: number; summary: string; subjectId: number; direction: boolean; amountCents: number;
    departmentId: number | null; employeeId: number | null; customerId: number | null; vendorId: number | null; projectId: number | null; budgetId: number | null;
  }>;
  subjectOf: (id: number) => { code: string; name: string; fullName: string } | undefined;
  auxOf: (dim: AuxDimension, id: number) => { code: string | null; name: string; path?: Array<{ id: number; name: string }> } | undefined;
}

/**
 * The answer for a voucher a save has just inserted (no relations, no lifecycle marks yet), built
 * from what the save read and wrote: the same shape loadVoucherDtos gives when it reads the voucher
 * back (tests/api/vouchers.test.ts compares the two).
 */
export function newVoucherDto(p: NewVoucherParts): VoucherDto {
  return {
    id: p.id,
    companyId: p.companyId,
    accountId: p.accountId,
    accountYearId: p.accountYearId,
    periodId: p.periodId,
    kindId: p.kindId,
    kindName: p.kindName,
    code: p.code,
    codeText: padVoucherCode(p.code, p.codeLength),
    markTime: p.markTime,
    billCount: p.billCount,
    state: 'NORMAL',
    source: p.source,
    originId: p.originId,
    lifecycle: voucherLifecycleStateOf({ state: 'NORMAL', auditAt: null, auditPass: null, bookKeepAt: null, cashierAt: null }),
    debitCents: String(p.totalCents),
    creditCents: String(p.totalCents),
    items: [...p.lines].sort((a, b) => a.lineNo - b.lineNo).map((i) => {
      const s = p.subjectOf(i.subjectId);
      const auxes = Object.entries(AUX_DIMENSION_OF_TYPE).flatMap(([typeId, dim]) => {
        const auxId = i[`${dim}Id`];
        if (auxId === null) return [];
        const n = p.auxOf(dim, auxId) ?? { code: null, name: '' };
        return [{ auxTypeId: Number(typeId), auxType: dim, auxId, auxData: { code: n.code, name: n.name, ...(dim === 'department' ? { path: n.path ?? [] } : {}) } }];
      });
      return { id: i.id, lineNo: i.lineNo, summary: i.summary, subjectId: i.subjectId, subjectCode: s?.code ?? '', subjectName: s?.name ?? '', subjectFullName: s?.fullName ?? '', direction: i.direction, amount: String(i.amountCents), auxes };
    }),
    auditAt: null,
    auditBy: null,
    auditByName: null,
    auditPass: null,
    auditNote: null,
    bookKeepAt: null,
    bookKeepBy: null,
    bookKeepByName: null,
    cashierAt: null,
    cashierBy: null,
    cashierByName: null,
    createdBy: p.createdBy,
    createdByName: p.createdByName,
    createdAt: iso(p.createdAt) ?? '',
    voucherRelationInfos: [],
    version: p.version,
  };
}
