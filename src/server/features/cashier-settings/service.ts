/**
 * Rules of the cashier settings (decision record 028). Writes lock the company row first, so code and
 * account number checks of one company run one after the other. A linked subject is checked with
 * the shared rules of src/domain/cashier-settings.ts (the forms use the same); "in use" comes from
 * usage.ts, which the cash and bank journal extends.
 */
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx, type Tx } from '../../db/tx';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import { bankAccountSubjectProblem, cashierKindSubjectProblem, kindHasBank, type BankAccountKind, type LinkProblem } from '../../../domain/cashier-settings';
import type { Paging } from '../../../contract/common';
import type { BankAccountDto, BankDto, CashierKindDto } from '../../../contract/cashier-settings';
import * as q from './queries';
import { usedBankAccountIds, usedCashierKindIds } from './usage';

export type Direction = 'INCOME' | 'OUTCOME';

const PROBLEM_CODE: Record<LinkProblem, ResultCode> = {
  notLeaf: 'CASHIER_SUBJECT_NOT_LEAF', disabled: 'CASHIER_SUBJECT_DISABLED', notCash: 'CASHIER_SUBJECT_NOT_CASH', notBank: 'CASHIER_SUBJECT_NOT_BANK', cashOrBank: 'CASHIER_SUBJECT_CASH_OR_BANK',
};

const bankDto = (b: q.BankRow): BankDto => ({ id: b.id, companyId: b.companyId, code: b.code, name: b.name, disabled: b.disabled, version: b.version });

const bankAccountDto = (r: { a: q.BankAccountRow; bank: q.Ref | null; currency: q.Ref | null; subject: q.SubjectRef | null }): BankAccountDto => ({
  id: r.a.id, companyId: r.a.companyId, accountId: r.a.accountId, code: r.a.code, name: r.a.name, kind: r.a.kind as BankAccountKind,
  bankId: r.a.bankId, bank: r.bank, accountNo: r.a.accountNo, currencyId: r.a.currencyId, currency: r.currency,
  subjectId: r.a.subjectId, subject: r.subject, openedAt: r.a.openedAt, disabled: r.a.disabled, remark: r.a.remark, version: r.a.version,
});

const kindDto = (r: { k: q.CashierKindRow; subject: q.SubjectRef | null }): CashierKindDto => ({
  id: r.k.id, companyId: r.k.companyId, accountId: r.k.accountId, direction: r.k.direction as Direction, code: r.k.code, name: r.k.name,
  subjectId: r.k.subjectId, subject: r.subject, disabled: r.k.disabled, version: r.k.version,
});

/** The account year, which must be one of the ledger set's (when given). */
async function yearOfSet(tx: Tx, companyId: number, accountYearId: number, accountId?: number) {
  const y = await q.yearOf(tx, accountYearId);
  if (!y || y.companyId !== companyId) throw new DomainError('NO_PERMISSION');
  if (accountId !== undefined && y.accountId !== accountId) throw new DomainError('CASHIER_SUBJECT_OTHER_LEDGER');
  return y;
}

/** The subject of the year, refused by the rule (a missing one answers like a foreign one). */
async function checkSubject(tx: Tx, accountYearId: number, subjectId: number, problem: (s: { code: string; leaf: boolean; disabled: boolean }) => LinkProblem | null): Promise<void> {
  const s = await q.findSubject(tx, accountYearId, subjectId);
  if (!s) throw new DomainError('NO_PERMISSION');
  const p = problem(s);
  if (p) throw new DomainError(PROBLEM_CODE[p], { code: s.code });
}

// ---- banks ---------------------------------------------------------------------------------------

export async function listBanks(db: Db, companyId: number, p: Paging<q.BankFilter>): Promise<{ content: BankDto[]; total: number }> {
  const { rows, total } = await q.selectBanks(companyScope(db, companyId), p);
  return { content: rows.map(bankDto), total };
}

export async function createBank(db: Db, companyId: number, b: { code: string; name: string; disabled: boolean }): Promise<BankDto> {
  return withTx(db, async (tx) => {
    await q.lockCompany(tx, companyId);
    if (await q.findBankByCode(tx, companyId, b.code)) throw new DomainError('BANK_CODE_DUPLICATE', { code: b.code });
    return bankDto(await q.insertBank(tx, { companyId, code: b.code, name: b.name, disabled: b.disabled }));
  });
}

export async function updateBank(db: Db, id: number, patch: { code?: string; name?: string; disabled?: boolean | null; version?: number }): Promise<BankDto> {
  return withTx(db, async (tx) => {
    const b = await q.findBank(tx, id, true);
    if (!b) throw new DomainError('NO_PERMISSION');
    assertVersion(b.version, patch.version);
    const set: Parameters<typeof q.patchBank>[2] = {};
    if (patch.code !== undefined && patch.code !== b.code) {
      await q.lockCompany(tx, b.companyId);
      if (await q.findBankByCode(tx, b.companyId, patch.code, b.id)) throw new DomainError('BANK_CODE_DUPLICATE', { code: patch.code });
      set.code = patch.code;
    }
    if (patch.name !== undefined && patch.name !== b.name) set.name = patch.name;
    if (patch.disabled !== undefined && (patch.disabled === true) !== b.disabled) set.disabled = patch.disabled === true;
    return bankDto(Object.keys(set).length ? await q.patchBank(tx, b.id, set) : b);
  });
}

/** A bank is in use while a bank account names it. */
export async function bankUsed(db: Db, id: number): Promise<boolean> {
  return withTx(db, (tx) => q.bankOnAccounts(tx, id));
}

export async function deleteBank(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const b = await q.findBank(tx, id, true);
    if (!b) throw new DomainError('NO_PERMISSION');
    if (await q.bankOnAccounts(tx, b.id)) throw new DomainError('IN_USE');
    await q.deleteBank(tx, b.id);
  });
}

// ---- bank accounts -------------------------------------------------------------------------------

export async function listBankAccounts(db: Db, companyId: number, p: Paging<q.BankAccountFilter>): Promise<{ content: BankAccountDto[]; total: number }> {
  const { rows, total } = await q.selectBankAccounts(companyScope(db, companyId), p);
  return { content: rows.map(bankAccountDto), total };
}

async function oneBankAccount(tx: Tx, a: q.BankAccountRow): Promise<BankAccountDto> {
  const { rows } = await q.selectBankAccounts(companyScope(tx, a.companyId), { filter: { accountId: a.accountId, id: [a.id] }, limit: 1, offset: 0, sort: {}, expand: new Set() });
  return bankAccountDto(rows[0]);
}

export interface BankAccountFields {
  accountYearId?: number;
  code?: string;
  name?: string;
  kind?: BankAccountKind;
  bankId?: number | null;
  accountNo?: string | null;
  currencyId?: number | null;
  subjectId?: number;
  openedAt?: string | null;
  disabled?: boolean | null;
  remark?: string | null;
  version?: number;
}

/** The rules every save of a bank account passes (the merged record after the patch). */
async function checkBankAccount(tx: Tx, companyId: number, accountId: number, next: q.BankAccountRow, changed: (f: keyof q.BankAccountRow) => boolean, selfId?: number): Promise<void> {
  const kind = next.kind as BankAccountKind;
  if (kindHasBank(kind) && !next.bankId) throw new DomainError('BANK_ACCOUNT_BANK_REQUIRED');
  if (!kindHasBank(kind) && next.bankId) throw new DomainError('BANK_ACCOUNT_BANK_ONLY');
  if (changed('bankId') && next.bankId && !(await q.ownedBy(tx, 'banks', companyId, next.bankId))) throw new DomainError('NO_PERMISSION');
  if (changed('currencyId') && next.currencyId && !(await q.ownedBy(tx, 'currencies', companyId, next.currencyId))) throw new DomainError('NO_PERMISSION');
  if (changed('code') && (await q.bankAccountClash(tx, companyId, 'code', next.code, selfId))) throw new DomainError('BANK_ACCOUNT_CODE_DUPLICATE', { code: next.code });
  if (changed('accountNo') && next.accountNo && (await q.bankAccountClash(tx, companyId, 'accountNo', next.accountNo, selfId))) throw new DomainError('BANK_ACCOUNT_NO_DUPLICATE', { accountNo: next.accountNo });
  if ((changed('subjectId') || changed('kind') || changed('accountYearId')) && next.subjectId && next.accountYearId) {
    await yearOfSet(tx, companyId, next.accountYearId, accountId);
    await checkSubject(tx, next.accountYearId, next.subjectId, (s) => bankAccountSubjectProblem(kind, s));
  }
}

/** Adds a bank account to the ledger set of the subject's account year. */
export async function createBankAccount(db: Db, companyId: number, b: Required<Pick<BankAccountFields, 'accountYearId' | 'code' | 'name' | 'kind' | 'subjectId'>> & BankAccountFields): Promise<BankAccountDto> {
  return withTx(db, async (tx) => {
    await q.lockCompany(tx, companyId);
    const year = await yearOfSet(tx, companyId, b.accountYearId);
    const row = {
      companyId, accountId: year.accountId, code: b.code, name: b.name, kind: b.kind, bankId: b.bankId ?? null, accountNo: b.accountNo ?? null, currencyId: b.currencyId ?? null,
      accountYearId: year.id, subjectId: b.subjectId, openedAt: b.openedAt ?? null, disabled: b.disabled === true, remark: b.remark ?? null,
    };
    await checkBankAccount(tx, companyId, year.accountId, { ...row, id: 0, createdAt: '', version: 0 }, () => true);
    return oneBankAccount(tx, await q.insertBankAccount(tx, row));
  });
}

/** Changes only the fields that differ; nothing to change answers the account as it is. */
export async function updateBankAccount(db: Db, id: number, patch: BankAccountFields): Promise<BankAccountDto> {
  return withTx(db, async (tx) => {
    const a = await q.findBankAccount(tx, id, true);
    if (!a) throw new DomainError('NO_PERMISSION');
    const { version, ...f } = patch;
    assertVersion(a.version, version);
    if (f.subjectId !== undefined && f.accountYearId === undefined && a.accountYearId === null) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
    const set: Partial<q.BankAccountRow> = {};
    for (const k of ['code', 'name', 'kind', 'bankId', 'accountNo', 'currencyId', 'subjectId', 'accountYearId', 'openedAt', 'remark'] as const) {
      const v = f[k];
      if (v !== undefined && v !== a[k]) (set as Record<string, unknown>)[k] = v;
    }
    if (f.disabled !== undefined && (f.disabled === true) !== a.disabled) set.disabled = f.disabled === true;
    // A kind without a bank drops the bank when the patch does not name one.
    if (set.kind && !kindHasBank(set.kind as BankAccountKind) && f.bankId === undefined && a.bankId) set.bankId = null;
    if (!Object.keys(set).length) return oneBankAccount(tx, a);
    await q.lockCompany(tx, a.companyId);
    await checkBankAccount(tx, a.companyId, a.accountId, { ...a, ...set }, (k) => k in set, a.id);
    return oneBankAccount(tx, await q.patchBankAccount(tx, a.id, set));
  });
}

export async function bankAccountUsed(db: Db, id: number): Promise<boolean> {
  return withTx(db, async (tx) => (await usedBankAccountIds(tx, [id])).length > 0);
}

export async function deleteBankAccount(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const a = await q.findBankAccount(tx, id, true);
    if (!a) throw new DomainError('NO_PERMISSION');
    if ((await usedBankAccountIds(tx, [a.id])).length) throw new DomainError('IN_USE');
    await q.deleteBankAccount(tx, a.id);
  });
}

// ---- income / outcome kinds ----------------------------------------------------------------------

export async function listCashierKinds(db: Db, companyId: number, direction: Direction, p: Paging<q.CashierKindFilter>): Promise<{ content: CashierKindDto[]; total: number }> {
  const { rows, total } = await q.selectCashierKinds(companyScope(db, companyId), direction, p);
  return { content: rows.map(kindDto), total };
}

async function oneKind(tx: Tx, k: q.CashierKindRow): Promise<CashierKindDto> {
  const { rows } = await q.selectCashierKinds(companyScope(tx, k.companyId), k.direction as Direction, { filter: { accountId: k.accountId, id: [k.id] }, limit: 1, offset: 0, sort: {}, expand: new Set() });
  return kindDto(rows[0]);
}

export async function createCashierKind(db: Db, companyId: number, direction: Direction, b: { accountYearId: number; code: string; name: string; subjectId: number; disabled: boolean }): Promise<CashierKindDto> {
  return withTx(db, async (tx) => {
    await q.lockCompany(tx, companyId);
    const year = await yearOfSet(tx, companyId, b.accountYearId);
    if (await q.cashierKindByCode(tx, year.accountId, direction, b.code)) throw new DomainError('CASHIER_KIND_CODE_DUPLICATE', { code: b.code });
    await checkSubject(tx, year.id, b.subjectId, cashierKindSubjectProblem);
    return oneKind(tx, await q.insertCashierKind(tx, { companyId, accountId: year.accountId, direction, code: b.code, name: b.name, accountYearId: year.id, subjectId: b.subjectId, disabled: b.disabled }));
  });
}

export async function updateCashierKind(db: Db, id: number, direction: Direction, patch: { accountYearId?: number; code?: string; name?: string; subjectId?: number; disabled?: boolean | null; version?: number }): Promise<CashierKindDto> {
  return withTx(db, async (tx) => {
    const k = await q.findCashierKind(tx, id, true);
    if (!k || k.direction !== direction) throw new DomainError('NO_PERMISSION');
    assertVersion(k.version, patch.version);
    const set: Partial<q.CashierKindRow> = {};
    if (patch.code !== undefined && patch.code !== k.code) {
      await q.lockCompany(tx, k.companyId);
      if (await q.cashierKindByCode(tx, k.accountId, direction, patch.code, k.id)) throw new DomainError('CASHIER_KIND_CODE_DUPLICATE', { code: patch.code });
      set.code = patch.code;
    }
    if (patch.name !== undefined && patch.name !== k.name) set.name = patch.name;
    if (patch.disabled !== undefined && (patch.disabled === true) !== k.disabled) set.disabled = patch.disabled === true;
    const yearId = patch.accountYearId ?? k.accountYearId;
    if ((patch.subjectId !== undefined && patch.subjectId !== k.subjectId) || (patch.accountYearId !== undefined && patch.accountYearId !== k.accountYearId)) {
      const subjectId = patch.subjectId ?? k.subjectId;
      if (!yearId || !subjectId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
      await yearOfSet(tx, k.companyId, yearId, k.accountId);
      await checkSubject(tx, yearId, subjectId, cashierKindSubjectProblem);
      set.subjectId = subjectId;
      set.accountYearId = yearId;
    }
    return oneKind(tx, Object.keys(set).length ? await q.patchCashierKind(tx, k.id, set) : k);
  });
}

export async function cashierKindUsed(db: Db, id: number): Promise<boolean> {
  return withTx(db, async (tx) => (await usedCashierKindIds(tx, [id])).length > 0);
}

export async function deleteCashierKind(db: Db, id: number, direction: Direction): Promise<void> {
  await withTx(db, async (tx) => {
    const k = await q.findCashierKind(tx, id, true);
    if (!k || k.direction !== direction) throw new DomainError('NO_PERMISSION');
    if ((await usedCashierKindIds(tx, [k.id])).length) throw new DomainError('IN_USE');
    await q.deleteCashierKind(tx, k.id);
  });
}
