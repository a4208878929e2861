/** Database access for voucher kinds, voucher code rules and currencies: no rules here (see service.ts). */
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { currencies, voucherCodeRules, voucherKinds } from '../../db/schema';
import { likeKeyword } from '../../db/queries/list';
import type { CurrencyRow, VoucherCodeRuleRow, VoucherKindRow } from './dto';

const bump = (col: typeof voucherKinds.version | typeof currencies.version | typeof voucherCodeRules.version) => sql`${col} + 1`;

// ---- voucher kinds

export async function selectKinds(scope: CompanyScope, accountId: number, keyword?: string): Promise<VoucherKindRow[]> {
  const kw = likeKeyword(keyword);
  const conds: SQL[] = [eq(voucherKinds.accountId, accountId)];
  if (kw) conds.push(or(ilike(voucherKinds.name, kw), ilike(voucherKinds.nameEn, kw))!);
  return scope.db.select().from(voucherKinds).where(scope.where(voucherKinds, ...conds))
    .orderBy(desc(voucherKinds.isDefault), asc(voucherKinds.sort), asc(voucherKinds.id));
}

export async function findKind(db: Db, id: number, lock = false): Promise<VoucherKindRow | undefined> {
  const q = db.select().from(voucherKinds).where(eq(voucherKinds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Another kind of the ledger set with this name (names compare case-insensitively, trimmed). */
export async function kindNamed(db: Db, accountId: number, name: string, exceptId?: number): Promise<VoucherKindRow | undefined> {
  const conds = [eq(voucherKinds.accountId, accountId), sql`lower(${voucherKinds.name}) = lower(${name})`];
  if (exceptId) conds.push(ne(voucherKinds.id, exceptId));
  const [row] = await db.select().from(voucherKinds).where(and(...conds)).limit(1);
  return row;
}

export async function nextKindSort(db: Db, accountId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(coalesce(max(${voucherKinds.sort}), -1) + 1 as integer)` }).from(voucherKinds).where(eq(voucherKinds.accountId, accountId));
  return Number(r.n);
}

export async function clearDefaultKind(db: Db, accountId: number): Promise<void> {
  await db.update(voucherKinds).set({ isDefault: false, version: bump(voucherKinds.version) }).where(and(eq(voucherKinds.accountId, accountId), eq(voucherKinds.isDefault, true)));
}

export async function insertKinds(db: Db, rows: Array<typeof voucherKinds.$inferInsert>): Promise<VoucherKindRow[]> {
  return db.insert(voucherKinds).values(rows).returning();
}

export async function patchKind(db: Db, id: number, set: Partial<Pick<VoucherKindRow, 'name' | 'nameEn' | 'isDefault' | 'sort'>>): Promise<VoucherKindRow> {
  const [row] = await db.update(voucherKinds).set({ ...set, version: bump(voucherKinds.version) }).where(eq(voucherKinds.id, id)).returning();
  return row;
}

export async function deleteKind(db: Db, id: number): Promise<void> {
  await db.delete(voucherKinds).where(eq(voucherKinds.id, id));
}

// ---- voucher code rule

export async function findCodeRule(db: Db, accountId: number, lock = false): Promise<VoucherCodeRuleRow | undefined> {
  const q = db.select().from(voucherCodeRules).where(eq(voucherCodeRules.accountId, accountId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertCodeRule(db: Db, v: { companyId: number; accountId: number; length: number }): Promise<VoucherCodeRuleRow> {
  const [row] = await db.insert(voucherCodeRules).values(v).onConflictDoNothing().returning();
  return row ?? (await findCodeRule(db, v.accountId, true))!;
}

export async function setCodeRuleLength(db: Db, id: number, length: number): Promise<VoucherCodeRuleRow> {
  const [row] = await db.update(voucherCodeRules).set({ length, version: bump(voucherCodeRules.version) }).where(eq(voucherCodeRules.id, id)).returning();
  return row;
}

// ---- currencies

export async function selectCurrencies(scope: CompanyScope, f: { keyword?: string; disabled?: boolean }, limit: number, offset: number) {
  const conds: SQL[] = [];
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(currencies.code, kw), ilike(currencies.name, kw))!);
  if (f.disabled !== undefined) conds.push(eq(currencies.disabled, f.disabled));
  const where = scope.where(currencies, ...conds);
  const rows = await scope.db.select().from(currencies).where(where).orderBy(desc(currencies.base), asc(currencies.code)).limit(limit).offset(offset);
  const [r] = await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(currencies).where(where);
  return { rows, total: Number(r.n) };
}

export async function findCurrency(db: Db, id: number, lock = false): Promise<CurrencyRow | undefined> {
  const q = db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function currencyCoded(db: Db, companyId: number, code: string, exceptId?: number): Promise<CurrencyRow | undefined> {
  const conds = [eq(currencies.companyId, companyId), eq(currencies.code, code)];
  if (exceptId) conds.push(ne(currencies.id, exceptId));
  const [row] = await db.select().from(currencies).where(and(...conds)).limit(1);
  return row;
}

export async function insertCurrency(db: Db, v: typeof currencies.$inferInsert): Promise<CurrencyRow> {
  const [row] = await db.insert(currencies).values(v).returning();
  return row;
}

export async function patchCurrency(db: Db, id: number, set: Partial<Pick<CurrencyRow, 'code' | 'name' | 'rate' | 'disabled'>>): Promise<CurrencyRow> {
  const [row] = await db.update(currencies).set({ ...set, version: bump(currencies.version) }).where(eq(currencies.id, id)).returning();
  return row;
}

export async function deleteCurrency(db: Db, id: number): Promise<void> {
  await db.delete(currencies).where(eq(currencies.id, id));
}
