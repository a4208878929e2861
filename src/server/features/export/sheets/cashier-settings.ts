/**
 * The bank account workbook (spec 01 §2 /basic/bankAccount, spec 02 §9 bankAccount template;
 * decision 028). Imported into an account year: the subject column is a subject code of that year,
 * the bank and the currency are given by their codes in the company. The rows go through the same
 * service rules as the form (kind ↔ subject, bank only on BANK accounts, unique code and number).
 */
import { eq } from 'drizzle-orm';
import { bankAccountCreateBody, bankAccountUpdateBody, type BankAccountDto } from '../../../../contract/cashier-settings';
import { bankAccountKinds } from '../../../../domain/enums';
import type { Db } from '../../../db/client';
import { banks, currencies, subjects } from '../../../db/schema';
import { DomainError } from '../../../../domain/result-codes';
import * as cashier from '../../cashier-settings/service';
import * as cq from '../../cashier-settings/queries';
import type { SheetDef } from '../sheet';
import { byCode, collect, date, flag, keyed, listPaging, oneOf, optionalText, refByCode } from './cells';

type Filter = { accountYearId: number; accountId?: number } & Omit<cq.BankAccountFilter, 'accountId'>;

interface Ctx { banks: Map<string, number>; currencies: Map<string, number>; subjects: Map<string, number> }

const context = async (db: Db, s: { companyId: number; scopeId: number }): Promise<Ctx> => {
  const [b, c, su] = await Promise.all([
    db.select({ id: banks.id, code: banks.code }).from(banks).where(eq(banks.companyId, s.companyId)),
    db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(eq(currencies.companyId, s.companyId)),
    db.select({ id: subjects.id, code: subjects.code }).from(subjects).where(eq(subjects.accountYearId, s.scopeId)),
  ]);
  return { banks: byCode(b), currencies: byCode(c), subjects: byCode(su) };
};

/** The ledger set of the sheet's account year (the scope id). */
async function accountOf(db: Db, accountYearId: number): Promise<number> {
  const y = await cq.yearOf(db, accountYearId);
  if (!y) throw new DomainError('NO_PERMISSION');
  return y.accountId;
}

const KIND_WORDS = { CASH: ['现金', 'Cash'], BANK: ['银行', 'Bank'], OTHER: ['其他', 'Other'], WX_PAY: ['微信', 'WeChat Pay', 'WeChat'], ALI_PAY: ['支付宝', 'Alipay'] };

export const bankAccountSheet: SheetDef<BankAccountDto, Ctx, Filter> = {
  kind: 'BANK_ACCOUNT',
  name: { zh: '银行账户', en: 'Bank accounts', file: 'bank-accounts' },
  keyField: 'code',
  columns: [
    { zh: '账户编码', en: 'Code', width: 12, field: 'code', required: true, cell: (a) => a.code, example: 'B003', note: { zh: '必填，公司内唯一；已存在的编码会被更新', en: 'Required, unique in the company; an existing code is updated' } },
    { zh: '账户名称', en: 'Name', width: 24, field: 'name', required: true, cell: (a) => a.name, example: '建设银行基本户', note: { zh: '必填', en: 'Required' } },
    { zh: '账户类型', en: 'Kind', width: 10, field: 'kind', required: true, cell: (a) => a.kind, parse: oneOf(bankAccountKinds, KIND_WORDS), example: 'BANK', note: { zh: 'CASH（现金）/BANK（银行）/OTHER（其他）/WX_PAY（微信）/ALI_PAY（支付宝）', en: 'CASH / BANK / OTHER / WX_PAY (WeChat Pay) / ALI_PAY (Alipay)' } },
    { zh: '开户银行编码', en: 'Bank code', width: 12, field: 'bankId', cell: (a) => a.bank?.code ?? null, parse: refByCode((c: Ctx) => c.banks), example: 'CCB', note: { zh: '银行账户必填（银行编码），其他类型留空', en: "Required for BANK accounts (the bank's code); empty for other kinds" } },
    { zh: '银行账号', en: 'Account number', width: 24, field: 'accountNo', cell: (a) => a.accountNo, parse: optionalText, example: '6227000012345678', note: { zh: '公司内唯一，空格会被去掉，可空', en: 'Unique in the company, spaces dropped, may be empty' } },
    { zh: '币种编码', en: 'Currency code', width: 10, field: 'currencyId', cell: (a) => a.currency?.code ?? null, parse: refByCode((c: Ctx) => c.currencies), example: 'CNY', note: { zh: '币种编码，可空', en: 'A currency code, may be empty' } },
    { zh: '科目编码', en: 'Subject code', width: 12, field: 'subjectId', required: true, cell: (a) => a.subject?.code ?? null, parse: refByCode((c: Ctx) => c.subjects), example: '1002', note: { zh: '必填，本年度的末级科目：现金账户为 1001 及其下级，银行账户为 1002 及其下级', en: 'Required, a last-level subject of this year: 1001 or below for CASH, 1002 or below for BANK' } },
    { zh: '开户日期', en: 'Opening date', width: 12, field: 'openedAt', cell: (a) => a.openedAt, parse: date, example: '2024-01-01', note: { zh: 'YYYY-MM-DD，可空', en: 'YYYY-MM-DD, may be empty' } },
    { zh: '停用', en: 'Disabled', width: 8, field: 'disabled', cell: (a) => a.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
    { zh: '备注', en: 'Remark', width: 24, field: 'remark', cell: (a) => a.remark, parse: optionalText, example: null, note: { zh: '可空，最多 200 字', en: 'May be empty, at most 200 characters' } },
  ],
  context,
  page: async (db, s, filter, offset, limit) => {
    const { accountYearId: _y, ...rest } = filter;
    return cashier.listBankAccounts(db, s.companyId, listPaging({ ...rest, accountId: await accountOf(db, s.scopeId) }, offset, limit));
  },
  existing: async (tx, s) => {
    const accountId = await accountOf(tx, s.scopeId);
    // Codes are unique in the company: an existing code of another ledger set is refused by the service, not updated here.
    return keyed(await collect((p) => cashier.listBankAccounts(tx, s.companyId, p), { accountId } as cq.BankAccountFilter));
  },
  createBody: bankAccountCreateBody,
  updateBody: bankAccountUpdateBody,
  scopeFields: (s) => ({ accountYearId: s.scopeId }),
  ruleFields: {
    BANK_ACCOUNT_CODE_DUPLICATE: 'code', BANK_ACCOUNT_NO_DUPLICATE: 'accountNo', BANK_ACCOUNT_BANK_REQUIRED: 'bankId', BANK_ACCOUNT_BANK_ONLY: 'bankId',
    CASHIER_SUBJECT_NOT_LEAF: 'subjectId', CASHIER_SUBJECT_DISABLED: 'subjectId', CASHIER_SUBJECT_NOT_CASH: 'subjectId', CASHIER_SUBJECT_NOT_BANK: 'subjectId', CASHIER_SUBJECT_OTHER_LEDGER: 'subjectId',
  },
  create: (tx, s, body: Parameters<typeof cashier.createBankAccount>[2]) => cashier.createBankAccount(tx, s.companyId, body),
  // A subject read from this sheet is of the sheet's account year.
  update: (tx, s, a, body: cashier.BankAccountFields) => cashier.updateBankAccount(tx, a.id, body.subjectId !== undefined ? { ...body, accountYearId: s.scopeId } : body),
};
