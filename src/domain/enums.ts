/** The enumerations of spec 01 §3 and spec 02 §3, as const tuples so zod and the UI share them. */
export const userStates = ['NORMAL', 'DISABLED', 'LOCKED'] as const;
export type UserState = (typeof userStates)[number];

export const userKinds = ['ADMIN', 'OTHER'] as const;
export type UserKind = (typeof userKinds)[number];

export const accountStates = ['NORMAL', 'DRAFT', 'DELETED'] as const;
export type AccountState = (typeof accountStates)[number];

export const voucherStates = ['NORMAL', 'INVALID'] as const;
export type VoucherState = (typeof voucherStates)[number];

export const voucherProcSteps = ['AUDIT', 'AUDIT_ERROR', 'AUDIT_SUCCESS', 'BOOK_KEEP', 'CASHIER', 'INVALID', 'CREATED'] as const;
export type VoucherProcStep = (typeof voucherProcSteps)[number];

/** Subject kinds; the first digit of a subject code (1..5) decides the kind. */
export const subjectKinds = ['ASSET', 'DEBT', 'INTEREST', 'COST', 'PROFIT'] as const;
export type SubjectKind = (typeof subjectKinds)[number];

export const directions = ['BORROWER', 'LENDER'] as const;
export type Direction = (typeof directions)[number];

export const budgetKinds = ['INCOME', 'OUTCOME'] as const;
export const codeRuleKinds = ['TEXT', 'NUMBER', 'DATETIME'] as const;
export const codeRulePeriods = ['NONE', 'YEAR', 'MONTH', 'DAY'] as const;

export const roleKinds = ['SYSTEM', 'USER'] as const;
export type RoleKind = (typeof roleKinds)[number];
export const roleOwners = ['COMPANY'] as const;

export const auxKinds = ['NORMAL', 'VIP', 'OTHER'] as const;
export const projectKinds = ['LITIGATION', 'NON_LITIGATION'] as const;
export const bankAccountKinds = ['CASH', 'BANK', 'OTHER', 'WX_PAY', 'ALI_PAY'] as const;
/** Income (收入) and outcome (支出) kinds of the cash and bank journal. */
export const cashierKindDirections = ['INCOME', 'OUTCOME'] as const;
export const specificSubjectTypes = ['CASH', 'BANK', 'CASH_OPP', 'BUSINESS'] as const;
export const invoiceKinds = ['VAT_GENERAL', 'VAT_SPECIAL', 'PAPER_SPECIAL', 'PAPER_GENERAL'] as const;

/** Auxiliary accounting types, their fixed ids (spec 02 §3) and names (the /aux/auxType catalogue). */
export const auxTypes = [
  { id: 1, type: 'DEPARTMENT', nameZh: '部门', nameEn: 'Department' },
  { id: 2, type: 'EMPLOYEE', nameZh: '职员', nameEn: 'Employee' },
  { id: 3, type: 'CUSTOMER', nameZh: '客户', nameEn: 'Customer' },
  { id: 4, type: 'VENDOR', nameZh: '供应商', nameEn: 'Vendor' },
  { id: 5, type: 'PROJECT', nameZh: '项目', nameEn: 'Project' },
  { id: 6, type: 'BUDGET', nameZh: '预算', nameEn: 'Budget' },
] as const;

export const languages = ['zh_CN', 'en_US'] as const;
export type Language = (typeof languages)[number];

/** Background export tasks (spec 01 §7 export progress): what they export and where they are. */
export const exportKinds = ['SUBJECT', 'DEPARTMENT', 'EMPLOYEE', 'CUSTOMER', 'PROJECT', 'VENDOR', 'BUDGET', 'INVOICE', 'VOUCHER', 'VOUCHER_PDF', 'BANK_ACCOUNT', 'LEDGER', 'REPORT', 'REPORT_PDF', 'EXPENSE', 'CASH_JOURNAL'] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportTaskStates = ['RUNNING', 'FINISHED', 'FAILED'] as const;
export type ExportTaskState = (typeof exportTaskStates)[number];
