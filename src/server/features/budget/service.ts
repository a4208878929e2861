/**
 * Rules of budgets and vendors (spec 02 §3–§5). Budget writes lock the account year first, so one
 * year's tree changes one write at a time (no two clerks both pass the duplicate check, no child
 * added to a budget being deleted). "In use" is decided by explicit calls (usedBudget, usedVendor)
 * that vouchers extend later; a failed check throws, it never reads as "not used".
 */
import type { Db } from '../../db/client';
import { assertAssignable, assertVersion, companyScope, withTx, type Tx } from '../../db/tx';
import { employees } from '../../db/schema';
import { formatCents } from '../../../domain/money';
import { DomainError } from '../../../domain/result-codes';
import { budgetLevelOfCode, budgetParentCode, budgetProfit, DEFAULT_BUDGET_KIND, type BudgetKind, type BudgetProfit } from '../../../domain/budget-code';
import type { Paging } from '../../../contract/common';
import type { BudgetDto, VendorDto } from '../../../contract/budget';
import * as q from './queries';
import { auxOnVouchers } from '../voucher/usage';

const budgetDto = (b: q.BudgetRow, total: number, principal: q.Ref | null): BudgetDto => ({
  id: b.id, accountYearId: b.accountYearId, parentId: b.parentId, code: b.code, name: b.name, nameInitials: b.nameInitials || null, abbr: b.abbr, kind: b.kind as BudgetKind,
  level: b.level, amount: b.amount, total, principalId: b.principalId, principal, leaf: b.leaf, disabled: b.disabled, version: b.version,
});

const vendorDto = (v: q.VendorRow, owner: q.Ref | null): VendorDto => ({
  id: v.id, companyId: v.companyId, accountId: v.accountId, code: v.code, name: v.name, nameInitials: v.nameInitials || null, kind: v.kind as VendorDto['kind'],
  ownerId: v.ownerId, owner, disabled: v.disabled, version: v.version,
});

/** Whether voucher lines carry the budget as their auxiliary value. */
export async function ledgerUsedBudget(tx: Tx, id: number): Promise<boolean> {
  return auxOnVouchers(tx, 'budget', id);
}

/** A budget is in use while it has children or the ledger uses it. */
export async function usedBudget(tx: Tx, id: number): Promise<boolean> {
  return (await q.hasChildBudget(tx, id)) || (await ledgerUsedBudget(tx, id));
}

/** A vendor is in use while voucher lines carry it as their auxiliary value. */
export async function usedVendor(tx: Tx, id: number): Promise<boolean> {
  return auxOnVouchers(tx, 'vendor', id);
}

async function oneBudget(tx: Tx, companyId: number, id: number): Promise<BudgetDto> {
  const { rows } = await q.selectBudgets(companyScope(tx, companyId), { filter: { accountYearId: (await q.findBudget(tx, id))!.accountYearId, id: [id] }, limit: 1, offset: 0, sort: {}, expand: new Set() });
  return budgetDto(rows[0].b, rows[0].total, rows[0].principal);
}

/** A budget's principal or a vendor's owner, chosen anew: the company's employee, not a disabled one (EMPLOYEE_DISABLED). */
async function checkPrincipal(tx: Tx, companyId: number, id: number | null | undefined): Promise<void> {
  if (id) await assertAssignable(companyScope(tx, companyId), employees, [id], 'EMPLOYEE_DISABLED');
}

export async function listBudgets(db: Db, companyId: number, p: Paging<q.BudgetFilter>): Promise<{ content: BudgetDto[]; total: number }> {
  const { rows, total } = await q.selectBudgets(companyScope(db, companyId), p);
  return { content: rows.map((r) => budgetDto(r.b, r.total, r.principal)), total };
}

export async function budgetSummary(db: Db, accountYearId: number): Promise<BudgetProfit> {
  const rows = await q.allBudgetsOfYear(db, accountYearId);
  return budgetProfit(rows.map((r) => ({ code: r.code, kind: r.kind as BudgetKind, level: r.level, leaf: r.leaf, amount: r.amount })));
}

export interface BudgetCreate {
  accountYearId: number;
  code: string;
  name: string;
  abbr?: string | null;
  kind?: BudgetKind;
  principalId?: number | null;
  disabled: boolean;
  amount?: number;
}

/**
 * Adds a budget: a 4, 6 or 8-digit code (tip2), new in the year (tip1), with its parent below level 1
 * (tip3) whose kind it takes (a different kind sent is tip2). A used parent (ledger) cannot get a
 * child, nor does a leaf holding a planned amount (BUDGET_PARENT_HAS_AMOUNT: set it to 0 first). The
 * parent stops being a leaf: its total becomes the sum of its children.
 */
export async function createBudget(db: Db, companyId: number, v: BudgetCreate): Promise<BudgetDto> {
  return withTx(db, async (tx) => {
    await q.lockAccountYear(tx, v.accountYearId);
    const level = budgetLevelOfCode(v.code);
    if (level === null) throw new DomainError('BUDGET_CODE_INVALID', { code: v.code });
    if (await q.findBudgetByCode(tx, v.accountYearId, v.code)) throw new DomainError('BUDGET_CODE_DUPLICATE', { code: v.code });
    const parentCode = budgetParentCode(v.code);
    let parent: q.BudgetRow | undefined;
    if (parentCode !== null) {
      parent = await q.findBudgetByCode(tx, v.accountYearId, parentCode, true);
      if (!parent) throw new DomainError('BUDGET_PARENT_MISSING', { parentCode });
      if (v.kind && v.kind !== parent.kind) throw new DomainError('BUDGET_CODE_INVALID', { code: v.code });
      if (await ledgerUsedBudget(tx, parent.id)) throw new DomainError('BUDGET_PARENT_IN_USE', { code: parent.code });
      // A leaf's planned amount is never dropped without a word (the year's plan would shrink):
      // the user sets it to 0, or spreads it over the children, first.
      if (parent.leaf && parent.amount !== 0) throw new DomainError('BUDGET_PARENT_HAS_AMOUNT', { code: parent.code, amount: formatCents(parent.amount) });
    }
    await checkPrincipal(tx, companyId, v.principalId);
    const row = await q.insertBudget(tx, {
      companyId, accountYearId: v.accountYearId, parentId: parent?.id ?? null, code: v.code, name: v.name, abbr: v.abbr ?? null,
      kind: parent ? parent.kind : v.kind ?? DEFAULT_BUDGET_KIND, level, amount: v.amount ?? 0, principalId: v.principalId ?? null,
      leaf: true, disabled: v.disabled,
    });
    if (parent?.leaf) await q.patchBudget(tx, parent.id, { leaf: false, amount: 0 });
    return oneBudget(tx, companyId, row.id);
  });
}

export interface BudgetPatch {
  name?: string;
  abbr?: string | null;
  kind?: BudgetKind;
  principalId?: number | null;
  disabled?: boolean | null;
  amount?: number;
  version?: number;
}

/**
 * Changes a budget's names, principal, flag, kind (level 1 only; the subtree follows) or amount (leaf
 * rows only: BUDGET_NOT_LEAF). Code never changes. Nothing to change answers it as it is.
 */
export async function updateBudget(db: Db, companyId: number, id: number, patch: BudgetPatch): Promise<BudgetDto> {
  return withTx(db, async (tx) => {
    const found = await q.findBudget(tx, id);
    if (!found) throw new DomainError('NO_PERMISSION');
    await q.lockAccountYear(tx, found.accountYearId);
    const b = (await q.findBudget(tx, id, true))!;
    const { version, ...f } = patch;
    assertVersion(b.version, version);
    const set: Parameters<typeof q.patchBudget>[2] = {};
    if (f.name !== undefined && f.name !== b.name) set.name = f.name;
    if (f.abbr !== undefined && f.abbr !== b.abbr) set.abbr = f.abbr;
    if (f.disabled !== undefined && (f.disabled === true) !== b.disabled) set.disabled = f.disabled === true;
    if (f.principalId !== undefined && f.principalId !== b.principalId) {
      await checkPrincipal(tx, companyId, f.principalId);
      set.principalId = f.principalId;
    }
    if (f.amount !== undefined && f.amount !== b.amount) {
      if (!b.leaf) throw new DomainError('BUDGET_NOT_LEAF', { code: b.code });
      set.amount = f.amount;
    }
    if (f.kind !== undefined && f.kind !== b.kind) {
      // Children inherit the parent's kind (spec 02 §4: kind disabled for a child).
      if (b.parentId !== null) throw new DomainError('BUDGET_CODE_INVALID', { code: b.code });
      set.kind = f.kind;
      await q.setSubtreeKind(tx, b.accountYearId, b.code, f.kind);
    }
    if (Object.keys(set).length) await q.patchBudget(tx, b.id, set);
    return oneBudget(tx, companyId, b.id);
  });
}

/** Deletes a leaf (BUDGET_NOT_LEAF), unused (IN_USE) budget; a parent left without children becomes a leaf again. */
export async function deleteBudget(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const found = await q.findBudget(tx, id);
    if (!found) throw new DomainError('NO_PERMISSION');
    await q.lockAccountYear(tx, found.accountYearId);
    const b = (await q.findBudget(tx, id, true))!;
    if (!b.leaf || (await q.hasChildBudget(tx, b.id))) throw new DomainError('BUDGET_NOT_LEAF', { code: b.code });
    if (await usedBudget(tx, b.id)) throw new DomainError('IN_USE');
    await q.deleteBudget(tx, b.id);
    if (b.parentId !== null && !(await q.hasChildBudget(tx, b.parentId))) await q.patchBudget(tx, b.parentId, { leaf: true });
  });
}

export async function budgetUsed(db: Db, id: number): Promise<boolean> {
  return withTx(db, (tx) => usedBudget(tx, id));
}

// ---- vendors -----------------------------------------------------------------------------------

export async function listVendors(db: Db, companyId: number, p: Paging<q.VendorFilter>): Promise<{ content: VendorDto[]; total: number }> {
  const { rows, total } = await q.selectVendors(companyScope(db, companyId), p);
  return { content: rows.map((r) => vendorDto(r.v, r.owner)), total };
}

async function oneVendor(tx: Tx, companyId: number, v: q.VendorRow): Promise<VendorDto> {
  return vendorDto(v, v.ownerId ? await q.refOfEmployee(companyScope(tx, companyId), v.ownerId) : null);
}

export interface VendorCreate {
  accountId: number;
  code: string;
  name: string;
  kind?: VendorDto['kind'];
  ownerId?: number | null;
  disabled: boolean;
}

/** Adds a vendor to a ledger set: code unique in the set (VENDOR_CODE_DUPLICATE), owner an employee of the company. */
export async function createVendor(db: Db, companyId: number, v: VendorCreate): Promise<VendorDto> {
  return withTx(db, async (tx) => {
    await q.lockAccount(tx, v.accountId);
    if (await q.findVendorByCode(tx, v.accountId, v.code)) throw new DomainError('VENDOR_CODE_DUPLICATE', { code: v.code });
    await checkPrincipal(tx, companyId, v.ownerId);
    const row = await q.insertVendor(tx, {
      companyId, accountId: v.accountId, code: v.code, name: v.name, kind: v.kind ?? 'NORMAL', ownerId: v.ownerId ?? null, disabled: v.disabled,
    });
    return oneVendor(tx, companyId, row);
  });
}

export interface VendorPatch {
  code?: string;
  name?: string;
  kind?: VendorDto['kind'];
  ownerId?: number | null;
  disabled?: boolean | null;
  version?: number;
}

export async function updateVendor(db: Db, companyId: number, id: number, patch: VendorPatch): Promise<VendorDto> {
  return withTx(db, async (tx) => {
    const v = await q.findVendor(tx, id, true);
    if (!v) throw new DomainError('NO_PERMISSION');
    const { version, ...f } = patch;
    assertVersion(v.version, version);
    const set: Parameters<typeof q.patchVendor>[2] = {};
    if (f.code !== undefined && f.code !== v.code) {
      await q.lockAccount(tx, v.accountId);
      if (await q.findVendorByCode(tx, v.accountId, f.code, v.id)) throw new DomainError('VENDOR_CODE_DUPLICATE', { code: f.code });
      set.code = f.code;
    }
    if (f.name !== undefined && f.name !== v.name) set.name = f.name;
    if (f.kind !== undefined && f.kind !== v.kind) set.kind = f.kind;
    if (f.disabled !== undefined && (f.disabled === true) !== v.disabled) set.disabled = f.disabled === true;
    if (f.ownerId !== undefined && f.ownerId !== v.ownerId) {
      await checkPrincipal(tx, companyId, f.ownerId);
      set.ownerId = f.ownerId;
    }
    return oneVendor(tx, companyId, Object.keys(set).length ? await q.patchVendor(tx, v.id, set) : v);
  });
}

export async function deleteVendor(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const v = await q.findVendor(tx, id, true);
    if (!v) throw new DomainError('NO_PERMISSION');
    if (await usedVendor(tx, v.id)) throw new DomainError('IN_USE');
    await q.deleteVendor(tx, v.id);
  });
}

export async function vendorUsed(db: Db, id: number): Promise<boolean> {
  return withTx(db, (tx) => usedVendor(tx, id));
}
