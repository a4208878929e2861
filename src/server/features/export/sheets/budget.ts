/**
 * The budget (per account year) and vendor (per ledger set) workbooks (spec 02 §2.2, §2.7, §5).
 * Budgets: 4/6/8-digit codes, written parents first (the service finds a row's parent by its code);
 * the amount is a leaf's own amount in currency units, read into cents by the money rules; a
 * parent's total is exported for reading only.
 */
import { budgetCreateBody, budgetUpdateBody, vendorCreateBody, vendorUpdateBody, type BudgetDto, type VendorDto } from '../../../../contract/budget';
import { auxKinds, budgetKinds } from '../../../../domain/enums';
import { budgetLevelOfCode } from '../../../../domain/budget-code';
import type { Db } from '../../../db/client';
import * as budget from '../../budget/service';
import * as staff from '../../staff/service';
import type { SheetDef } from '../sheet';
import { amount, byCode, AMOUNT_NUM_FMT, centsCell, collect, digits, flag, keyed, listPaging, oneOf, optionalText, refByCode } from './cells';

type BudgetFilter = Parameters<typeof budget.listBudgets>[2]['filter'];
type VendorFilter = Parameters<typeof budget.listVendors>[2]['filter'];

interface Ctx { employees: Map<string, number> }
const context = async (db: Db, s: { companyId: number }): Promise<Ctx> => ({ employees: byCode(await collect((p) => staff.listEmployees(db, s.companyId, p), {})) });

export const budgetSheet: SheetDef<BudgetDto, Ctx, BudgetFilter> = {
  kind: 'BUDGET',
  name: { zh: '预算', en: 'Budgets', file: 'budgets' },
  keyField: 'code',
  columns: [
    { zh: '预算编码', en: 'Code', width: 12, field: 'code', required: true, cell: (b) => b.code, parse: digits, example: '6001', note: { zh: '必填，4/6/8 位数字（每级 2 位）；上级须已存在或在本表中；已存在的编码会被更新', en: 'Required, 4, 6 or 8 digits (2 per level); the parent must exist or be in this sheet; an existing code is updated' } },
    { zh: '预算名称', en: 'Name', width: 24, field: 'name', required: true, cell: (b) => b.name, example: '律师费收入', note: { zh: '必填', en: 'Required' } },
    { zh: '助记码', en: 'Abbreviation', width: 12, field: 'abbr', cell: (b) => b.abbr, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '类别', en: 'Kind', width: 10, field: 'kind', cell: (b) => b.kind, parse: oneOf(budgetKinds, { INCOME: ['收入', 'Income'], OUTCOME: ['支出', 'Outcome', 'Expense'] }), example: 'INCOME', note: { zh: 'INCOME（收入）/OUTCOME（支出）；下级随上级', en: 'INCOME / OUTCOME; a child takes its parent’s kind' } },
    { zh: '级次', en: 'Level', width: 8, cell: (b) => b.level, example: null, note: { zh: '', en: '' } },
    { zh: '金额', en: 'Amount', width: 16, field: 'amount', numFmt: AMOUNT_NUM_FMT, cell: (b) => (b.leaf ? centsCell(b.amount) : null), parse: amount, example: '120000.00', note: { zh: '末级预算的年度金额（元，最多两位小数）；上级留空', en: "A last-level budget's annual amount (currency units, at most 2 decimals); empty on parents" } },
    { zh: '合计', en: 'Total', width: 16, numFmt: AMOUNT_NUM_FMT, cell: (b) => centsCell(b.total), example: null, note: { zh: '', en: '' } },
    { zh: '负责人编码', en: 'Principal code', width: 14, field: 'principalId', cell: (b) => b.principal?.code ?? null, parse: refByCode((c: Ctx) => c.employees), example: null, note: { zh: '员工编码，可空', en: "An employee's code, may be empty" } },
    { zh: '停用', en: 'Disabled', width: 10, field: 'disabled', cell: (b) => b.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
  ],
  context,
  page: (db, s, filter, offset, limit) => budget.listBudgets(db, s.companyId, listPaging({ ...filter, accountYearId: s.scopeId }, offset, limit)),
  existing: async (tx, s) => keyed(await collect((p) => budget.listBudgets(tx, s.companyId, p), { accountYearId: s.scopeId } as BudgetFilter)),
  createBody: budgetCreateBody,
  updateBody: budgetUpdateBody,
  scopeFields: (s) => ({ accountYearId: s.scopeId }),
  // Parents first: shorter codes, then by code.
  order: (rows) => [...rows].sort((a, b) => a.key.length - b.key.length || a.key.localeCompare(b.key)),
  ruleFields: {
    // Tip2 is the code's length (4, 6 or 8 digits), or a kind other than the parent's.
    BUDGET_CODE_INVALID: (_e, row) => (budgetLevelOfCode(row.key) === null ? 'code' : 'kind'),
    BUDGET_CODE_DUPLICATE: 'code', BUDGET_PARENT_MISSING: 'code', BUDGET_PARENT_IN_USE: 'code', BUDGET_PARENT_HAS_AMOUNT: 'code',
    BUDGET_NOT_LEAF: 'amount', EMPLOYEE_DISABLED: 'principalId',
  },
  create: (tx, s, body: Parameters<typeof budget.createBudget>[2]) => budget.createBudget(tx, s.companyId, body),
  update: (tx, s, b, body: Parameters<typeof budget.updateBudget>[3]) => budget.updateBudget(tx, s.companyId, b.id, body),
};

export const vendorSheet: SheetDef<VendorDto, Ctx, VendorFilter> = {
  kind: 'VENDOR',
  name: { zh: '供应商', en: 'Vendors', file: 'vendors' },
  keyField: 'code',
  columns: [
    { zh: '供应商编码', en: 'Code', width: 14, field: 'code', required: true, cell: (v) => v.code, example: 'V001', note: { zh: '必填，账套内唯一；已存在的编码会被更新', en: 'Required, unique in the ledger set; an existing code is updated' } },
    { zh: '供应商名称', en: 'Name', width: 28, field: 'name', required: true, cell: (v) => v.name, example: '某某办公用品公司', note: { zh: '必填', en: 'Required' } },
    { zh: '类型', en: 'Kind', width: 10, field: 'kind', cell: (v) => v.kind, parse: oneOf(auxKinds, { NORMAL: ['普通', 'Normal'], VIP: ['VIP'], OTHER: ['其他', 'Other'] }), example: 'NORMAL', note: { zh: 'NORMAL/VIP/OTHER，空 = NORMAL', en: 'NORMAL/VIP/OTHER, empty = NORMAL' } },
    { zh: '负责人编码', en: 'Owner code', width: 14, field: 'ownerId', cell: (v) => v.owner?.code ?? null, parse: refByCode((c: Ctx) => c.employees), example: null, note: { zh: '员工编码，可空', en: "An employee's code, may be empty" } },
    { zh: '停用', en: 'Disabled', width: 10, field: 'disabled', cell: (v) => v.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
  ],
  context,
  page: (db, s, filter, offset, limit) => budget.listVendors(db, s.companyId, listPaging({ ...filter, accountId: s.scopeId }, offset, limit)),
  existing: async (tx, s) => keyed(await collect((p) => budget.listVendors(tx, s.companyId, p), { accountId: s.scopeId } as VendorFilter)),
  createBody: vendorCreateBody,
  updateBody: vendorUpdateBody,
  scopeFields: (s) => ({ accountId: s.scopeId }),
  ruleFields: { VENDOR_CODE_DUPLICATE: 'code', EMPLOYEE_DISABLED: 'ownerId' },
  create: (tx, s, body: Parameters<typeof budget.createVendor>[2]) => budget.createVendor(tx, s.companyId, body),
  update: (tx, s, v, body: Parameters<typeof budget.updateVendor>[3]) => budget.updateVendor(tx, s.companyId, v.id, body),
};
