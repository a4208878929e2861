/**
 * Rules of the financial settings. Each operation runs its checks and writes in one transaction and
 * first locks the row that owns the settings (the ledger set for voucher kinds and the code rule,
 * the company for currencies), so two concurrent creates of the same name queue and the second one
 * sees the first. "In use" is decided by explicit calls (voucherKindInUse, currencyInUse): vouchers
 * add their check there when they exist.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx, type Tx } from '../../db/tx';
import { companies } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import { BASE_CURRENCY, DEFAULT_VOUCHER_KINDS, VOUCHER_CODE_LENGTH_DEFAULT } from '../../../domain/finance-settings';
import type { Paging } from '../../../contract/common';
import type { CurrencyDto, VoucherCodeRuleDto, VoucherKindDto } from '../../../contract/finance-settings';
import { findAccount } from '../account/queries';
import { currencyDto, voucherCodeRuleDto, voucherKindDto, type CurrencyRow, type VoucherKindRow } from './dto';
import * as q from './queries';
import { kindOnVouchers } from '../voucher/usage';

interface LedgerSet { id: number; companyId: number }

/** Whether vouchers use the kind. */
export async function voucherKindInUse(tx: Tx, kindId: number): Promise<boolean> {
  return kindOnVouchers(tx, kindId);
}

/** Whether voucher lines or balances use the currency. None do yet: their modules add their queries here. */
export async function currencyInUse(_tx: Tx, _currencyId: number): Promise<boolean> {
  return false;
}

/** What every new ledger set starts with: 记/收/付/转 (记 the default) and a 4-digit code rule. Runs in the creating transaction. */
export async function seedLedgerSetSettings(tx: Tx, account: LedgerSet): Promise<void> {
  await q.insertKinds(tx, DEFAULT_VOUCHER_KINDS.map((k, i) => ({ companyId: account.companyId, accountId: account.id, name: k.name, nameEn: k.nameEn, isDefault: k.isDefault, sort: i })));
  await q.insertCodeRule(tx, { companyId: account.companyId, accountId: account.id, length: VOUCHER_CODE_LENGTH_DEFAULT });
}

/** What every new company starts with: CNY as its base currency. Runs in the creating transaction. */
export async function seedCompanyCurrencies(tx: Tx, companyId: number): Promise<void> {
  await q.insertCurrency(tx, { companyId, code: BASE_CURRENCY.code, name: BASE_CURRENCY.name, rate: BASE_CURRENCY.rate, base: true });
}

async function lockLedgerSet(tx: Tx, accountId: number): Promise<LedgerSet> {
  const row = await findAccount(tx, accountId, true);
  if (!row) throw new DomainError('NO_PERMISSION');
  return row;
}

async function lockCompany(tx: Tx, companyId: number): Promise<void> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1).for('update');
  if (!row) throw new DomainError('NO_PERMISSION');
}

// ---- voucher kinds

/** The kind by id, for the route's guard (missing answers NO_PERMISSION like a foreign one). */
export async function kindById(db: Db, id: number): Promise<VoucherKindRow> {
  const row = await q.findKind(db, id);
  if (!row) throw new DomainError('NO_PERMISSION');
  return row;
}

export async function listKinds(db: Db, account: LedgerSet, p: Paging<{ keyword?: string }>): Promise<{ content: VoucherKindDto[]; total: number }> {
  const rows = await q.selectKinds(companyScope(db, account.companyId), account.id, p.filter.keyword);
  return { content: rows.slice(p.offset, p.offset + p.limit).map(voucherKindDto), total: rows.length };
}

export async function createKind(db: Db, account: LedgerSet, v: { name: string; nameEn: string | null; isDefault?: boolean; sort?: number }): Promise<VoucherKindDto> {
  return withTx(db, async (tx) => {
    await lockLedgerSet(tx, account.id);
    if (await q.kindNamed(tx, account.id, v.name)) throw new DomainError('DATA_DUPLICATION');
    if (v.isDefault) await q.clearDefaultKind(tx, account.id);
    const sort = v.sort ?? (await q.nextKindSort(tx, account.id));
    const [row] = await q.insertKinds(tx, [{ companyId: account.companyId, accountId: account.id, name: v.name, nameEn: v.nameEn, isDefault: v.isDefault ?? false, sort }]);
    return voucherKindDto(row);
  });
}

/** Renames a kind or makes it the default; a body with nothing to change answers the kind as it is. */
export async function updateKind(db: Db, kind: VoucherKindRow, patch: { name?: string; nameEn?: string | null; isDefault?: true; sort?: number; version?: number }): Promise<VoucherKindDto> {
  return withTx(db, async (tx) => {
    await lockLedgerSet(tx, kind.accountId);
    const row = await q.findKind(tx, kind.id, true);
    if (!row) throw new DomainError('NO_PERMISSION');
    assertVersion(row.version, patch.version);
    if (patch.name !== undefined && (await q.kindNamed(tx, row.accountId, patch.name, row.id))) throw new DomainError('DATA_DUPLICATION');
    const set: Parameters<typeof q.patchKind>[2] = {};
    if (patch.name !== undefined && patch.name !== row.name) set.name = patch.name;
    if (patch.nameEn !== undefined && (patch.nameEn || null) !== row.nameEn) set.nameEn = patch.nameEn || null;
    if (patch.sort !== undefined && patch.sort !== row.sort) set.sort = patch.sort;
    if (patch.isDefault && !row.isDefault) {
      await q.clearDefaultKind(tx, row.accountId);
      set.isDefault = true;
    }
    return voucherKindDto(Object.keys(set).length ? await q.patchKind(tx, row.id, set) : row);
  });
}

export async function kindUsed(db: Db, kindId: number): Promise<boolean> {
  return withTx(db, (tx) => voucherKindInUse(tx, kindId));
}

/** Deletes an unused kind that is not the default one. */
export async function deleteKind(db: Db, kind: VoucherKindRow): Promise<void> {
  await withTx(db, async (tx) => {
    await lockLedgerSet(tx, kind.accountId);
    const row = await q.findKind(tx, kind.id, true);
    if (!row) throw new DomainError('NO_PERMISSION');
    if (await voucherKindInUse(tx, row.id)) throw new DomainError('IN_USE');
    if (row.isDefault) throw new DomainError('DEFAULT_VOUCHER_KIND');
    await q.deleteKind(tx, row.id);
  });
}

// ---- voucher code rule

/** The ledger set's rule; a set that predates the rule answers the default length (4) with version 0. */
export async function getCodeRule(db: Db, account: LedgerSet): Promise<VoucherCodeRuleDto> {
  const row = await q.findCodeRule(db, account.id);
  return voucherCodeRuleDto(row ?? { accountId: account.id, length: VOUCHER_CODE_LENGTH_DEFAULT, version: 0 });
}

export async function updateCodeRule(db: Db, account: LedgerSet, v: { length: number; version?: number }): Promise<VoucherCodeRuleDto> {
  return withTx(db, async (tx) => {
    await lockLedgerSet(tx, account.id);
    const row = (await q.findCodeRule(tx, account.id, true)) ?? (await q.insertCodeRule(tx, { companyId: account.companyId, accountId: account.id, length: VOUCHER_CODE_LENGTH_DEFAULT }));
    assertVersion(row.version, v.version);
    return voucherCodeRuleDto(row.length === v.length ? row : await q.setCodeRuleLength(tx, row.id, v.length));
  });
}

// ---- currencies

export async function currencyById(db: Db, id: number): Promise<CurrencyRow> {
  const row = await q.findCurrency(db, id);
  if (!row) throw new DomainError('NO_PERMISSION');
  return row;
}

export async function listCurrencies(db: Db, companyId: number, p: Paging<{ keyword?: string; disabled?: boolean }>): Promise<{ content: CurrencyDto[]; total: number }> {
  const { rows, total } = await q.selectCurrencies(companyScope(db, companyId), p.filter, p.limit, p.offset);
  return { content: rows.map(currencyDto), total };
}

export async function createCurrency(db: Db, v: { companyId: number; code: string; name: string; rate: string; disabled?: boolean }): Promise<CurrencyDto> {
  return withTx(db, async (tx) => {
    await lockCompany(tx, v.companyId);
    if (await q.currencyCoded(tx, v.companyId, v.code)) throw new DomainError('DATA_DUPLICATION');
    return currencyDto(await q.insertCurrency(tx, { companyId: v.companyId, code: v.code, name: v.name, rate: v.rate, disabled: v.disabled ?? false }));
  });
}

/** Edits, disables or enables a currency. The base currency keeps its code, rate 1 and stays enabled. */
export async function updateCurrency(db: Db, currency: CurrencyRow, patch: { code?: string; name?: string; rate?: string; disabled?: boolean; version?: number }): Promise<CurrencyDto> {
  return withTx(db, async (tx) => {
    await lockCompany(tx, currency.companyId);
    const row = await q.findCurrency(tx, currency.id, true);
    if (!row) throw new DomainError('NO_PERMISSION');
    assertVersion(row.version, patch.version);
    const set: Parameters<typeof q.patchCurrency>[2] = {};
    if (patch.code !== undefined && patch.code !== row.code) set.code = patch.code;
    if (patch.name !== undefined && patch.name !== row.name) set.name = patch.name;
    if (patch.rate !== undefined && patch.rate !== currencyDto(row).rate) set.rate = patch.rate;
    if (patch.disabled !== undefined && patch.disabled !== row.disabled) set.disabled = patch.disabled;
    if (row.base && (set.code !== undefined || set.rate !== undefined || set.disabled === true)) throw new DomainError('BASE_CURRENCY_LOCKED');
    if (set.code && (await q.currencyCoded(tx, row.companyId, set.code, row.id))) throw new DomainError('DATA_DUPLICATION');
    return currencyDto(Object.keys(set).length ? await q.patchCurrency(tx, row.id, set) : row);
  });
}

/** Deletes an unused currency other than the base one. */
export async function deleteCurrency(db: Db, currency: CurrencyRow): Promise<void> {
  await withTx(db, async (tx) => {
    await lockCompany(tx, currency.companyId);
    const row = await q.findCurrency(tx, currency.id, true);
    if (!row) throw new DomainError('NO_PERMISSION');
    if (row.base) throw new DomainError('BASE_CURRENCY_LOCKED');
    if (await currencyInUse(tx, row.id)) throw new DomainError('IN_USE');
    await q.deleteCurrency(tx, row.id);
  });
}
