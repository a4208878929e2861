/**
 * Every outcome the API can report. Each code maps to an HTTP status and to a message key in
 * locales/<lang>/errors.json (the spec's error catalogue). The wire `code` is 0 on success and the
 * code string on failure, so "a code other than 0 is a failure" (spec 01 §7) holds.
 */
export const resultCodes = {
  OK: { status: 200, key: 'errors.OK' },
  INVALID_INPUT: { status: 400, key: 'errors.INVALID_INPUT' },
  UNAUTHENTICATED: { status: 401, key: 'errors.UNAUTHENTICATED' },
  SESSION_IDLE: { status: 401, key: 'errors.SESSION_IDLE' },
  LOGIN_FAILED: { status: 401, key: 'errors.LOGIN_FAILED' },
  CAPTCHA_REQUIRED: { status: 401, key: 'errors.CAPTCHA_REQUIRED' },
  CAPTCHA_WRONG: { status: 401, key: 'errors.CAPTCHA_WRONG' },
  USER_DISABLED: { status: 403, key: 'errors.USER_DISABLED' },
  USER_LOCKED: { status: 403, key: 'errors.USER_LOCKED' },
  TOO_MANY_REQUESTS: { status: 429, key: 'errors.TOO_MANY_REQUESTS' },
  NO_PERMISSION: { status: 403, key: 'errors.NO_PERMISSION' },
  NO_ACCOUNT_PERMISSION: { status: 403, key: 'errors.NO_ACCOUNT_PERMISSION' },
  NOT_FOUND: { status: 404, key: 'errors.NOT_FOUND' },
  INVALID_PASSWORD: { status: 400, key: 'errors.INVALID_PASSWORD' },
  OLD_PASSWORD_WRONG: { status: 400, key: 'errors.OLD_PASSWORD_WRONG' },
  PASSWORDS_DO_NOT_MATCH: { status: 400, key: 'errors.PASSWORDS_DO_NOT_MATCH' },
  DATA_DUPLICATION: { status: 409, key: 'errors.DATA_DUPLICATION' },
  IN_USE: { status: 409, key: 'errors.IN_USE' },
  MISSING_ACCOUNT_OR_PERIOD: { status: 400, key: 'errors.MISSING_ACCOUNT_OR_PERIOD' },
  PERIOD_END_BEFORE_START: { status: 400, key: 'errors.PERIOD_END_BEFORE_START' },
  /** A query's range of numbers (amounts, codes) whose end is less than its start. */
  RANGE_END_BEFORE_START: { status: 400, key: 'errors.RANGE_END_BEFORE_START' },
  PERIOD_OVERLAP: { status: 400, key: 'errors.PERIOD_OVERLAP' },
  /** A settled (rolled) period cannot change; reverse the settlement first. */
  PERIOD_SETTLED: { status: 409, key: 'errors.PERIOD_SETTLED' },
  YEAR_EXISTS: { status: 409, key: 'errors.YEAR_EXISTS' },
  /** Settle refused: the reasons (rollInfo's blockers) in the message, every check in the appendix. */
  SETTLE_BLOCKED: { status: 409, key: 'errors.SETTLE_BLOCKED' },
  ALL_PERIODS_SETTLED: { status: 409, key: 'errors.ALL_PERIODS_SETTLED' },
  NOTHING_SETTLED: { status: 409, key: 'errors.NOTHING_SETTLED' },
  /** Only the last settled period can be reopened. */
  REVERSE_SETTLE_NOT_LAST: { status: 409, key: 'errors.REVERSE_SETTLE_NOT_LAST' },
  /** No profit and loss balance is left to transfer. */
  PROFIT_TRANSFER_NOTHING: { status: 409, key: 'errors.PROFIT_TRANSFER_NOTHING' },
  /** A transfer of bookkept vouchers only waits until the earlier transfers are bookkept. */
  PROFIT_TRANSFER_UNBOOKED: { status: 409, key: 'errors.PROFIT_TRANSFER_UNBOOKED' },
  /** The account year has no usable current year profit subject (本年利润, 3103). */
  PROFIT_SUBJECT_MISSING: { status: 409, key: 'errors.PROFIT_SUBJECT_MISSING' },
  /** The year-end close (结转本年利润) is made in the year's last period only. */
  YEAR_CLOSE_NOT_YEAR_END: { status: 409, key: 'errors.YEAR_CLOSE_NOT_YEAR_END' },
  /** The year-end close waits until profit and loss is transferred into 本年利润. */
  YEAR_CLOSE_PROFIT_LOSS_OPEN: { status: 409, key: 'errors.YEAR_CLOSE_PROFIT_LOSS_OPEN' },
  /** 本年利润 holds no balance: nothing to close. */
  YEAR_CLOSE_NOTHING: { status: 409, key: 'errors.YEAR_CLOSE_NOTHING' },
  /** No 利润分配—未分配利润 subject in the chart (3104 leaf, or a detail under it named 未分配利润). */
  UNDISTRIBUTED_PROFIT_MISSING: { status: 409, key: 'errors.UNDISTRIBUTED_PROFIT_MISSING' },
  YEAR_NOT_LAST: { status: 409, key: 'errors.YEAR_NOT_LAST' },
  FILE_TYPE_NOT_ALLOWED: { status: 400, key: 'errors.FILE_TYPE_NOT_ALLOWED' },
  FILE_TOO_LARGE: { status: 413, key: 'errors.FILE_TOO_LARGE' },
  FILE_CLEARED: { status: 410, key: 'errors.FILE_CLEARED' },
  NO_DATA_TO_EXPORT: { status: 400, key: 'errors.NO_DATA_TO_EXPORT' },
  /** An import without an .xlsx file ('please select EXCEL'). */
  IMPORT_FILE_REQUIRED: { status: 400, key: 'errors.IMPORT_FILE_REQUIRED' },
  /** Some rows of an import are wrong: the first one named, every one in the appendix; nothing imported. */
  IMPORT_ROWS_INVALID: { status: 400, key: 'errors.IMPORT_ROWS_INVALID' },
  /** An import row repeats a code an earlier row of the same sheet has. */
  IMPORT_CODE_REPEATED: { status: 400, key: 'errors.IMPORT_CODE_REPEATED' },
  /** An import cell names a record (department, employee, client…) by a code nothing has. */
  IMPORT_REFERENCE_UNKNOWN: { status: 400, key: 'errors.IMPORT_REFERENCE_UNKNOWN' },
  /** An import's header lacks the resource's required columns (another resource's file, or no template). */
  IMPORT_WRONG_TEMPLATE: { status: 400, key: 'errors.IMPORT_WRONG_TEMPLATE' },
  /** An import's header names a column the resource does not have (misspelt): it would be silently dropped. */
  IMPORT_COLUMN_UNKNOWN: { status: 400, key: 'errors.IMPORT_COLUMN_UNKNOWN' },
  /** An import's header names the same column twice. */
  IMPORT_COLUMN_REPEATED: { status: 400, key: 'errors.IMPORT_COLUMN_REPEATED' },
  /** An import row is the template's example row, left in. */
  IMPORT_EXAMPLE_ROW: { status: 400, key: 'errors.IMPORT_EXAMPLE_ROW' },
  /** A background export failed (the task reports it; spec 02 §8 'Export fail'). */
  EXPORT_FAILED: { status: 500, key: 'errors.EXPORT_FAILED' },
  /** A background export was cut short by a server restart (marked at start-up). */
  EXPORT_INTERRUPTED: { status: 500, key: 'errors.EXPORT_INTERRUPTED' },
  DEBIT_CREDIT_IMBALANCE: { status: 400, key: 'errors.DEBIT_CREDIT_IMBALANCE' },
  BALANCE_SHEET_IMBALANCE: { status: 400, key: 'errors.BALANCE_SHEET_IMBALANCE' },
  /** A report definition row's formula does not parse, names an unknown subject or row, or refers to itself (decision 033). */
  REPORT_FORMULA_INVALID: { status: 400, key: 'errors.REPORT_FORMULA_INVALID' },
  /** A report row others refer to (R15), or one whose total the imbalance check compares, cannot be deleted. */
  REPORT_ROW_IN_USE: { status: 409, key: 'errors.REPORT_ROW_IN_USE' },
  CANNOT_DISABLE_SELF: { status: 400, key: 'errors.CANNOT_DISABLE_SELF' },
  SYSTEM_ROLE_READONLY: { status: 400, key: 'errors.SYSTEM_ROLE_READONLY' },
  /** The last active (NORMAL) ADMIN cannot be demoted, disabled or deleted, not even by itself. */
  LAST_ADMIN: { status: 409, key: 'errors.LAST_ADMIN' },
  /** A company that holds books (vouchers, settled periods, invoices, reimbursements, cash journal lines) cannot be deleted (decision 063). */
  COMPANY_HAS_BOOKS: { status: 409, key: 'errors.COMPANY_HAS_BOOKS' },
  /** The record changed since the caller read it (its version moved on): reload and apply the change again. */
  STALE_DATA: { status: 409, key: 'errors.STALE_DATA' },
  /** The base currency cannot be deleted or disabled, and its rate stays 1. */
  BASE_CURRENCY_LOCKED: { status: 409, key: 'errors.BASE_CURRENCY_LOCKED' },
  /** The default voucher kind cannot be deleted; make another kind the default first. */
  DEFAULT_VOUCHER_KIND: { status: 409, key: 'errors.DEFAULT_VOUCHER_KIND' },
  /** Subject tip1: the code already exists in this account year. */
  SUBJECT_CODE_DUPLICATE: { status: 409, key: 'errors.SUBJECT_CODE_DUPLICATE' },
  /** Subject tip2: the code's length is not one of the code rule's lengths, or its first digit is not a kind (1–5). */
  SUBJECT_CODE_INVALID: { status: 400, key: 'errors.SUBJECT_CODE_INVALID' },
  /** Subject tip3: a code below level 1 whose parent does not exist. */
  SUBJECT_PARENT_MISSING: { status: 400, key: 'errors.SUBJECT_PARENT_MISSING' },
  /** A subject already used by the ledger cannot get a child. */
  SUBJECT_PARENT_IN_USE: { status: 409, key: 'errors.SUBJECT_PARENT_IN_USE' },
  /** Only last-level (leaf) subjects can be deleted. */
  SUBJECT_NOT_LEAF: { status: 409, key: 'errors.SUBJECT_NOT_LEAF' },
  /** Tip7: the subject is in use; each newly added auxiliary type needs a value for its existing lines. */
  SUBJECT_AUX_VALUES_REQUIRED: { status: 400, key: 'errors.SUBJECT_AUX_VALUES_REQUIRED' },
  /** An import adding an auxiliary type to a used subject: only the subject form can ask for the value its existing lines take. */
  SUBJECT_AUX_IMPORT_ADD: { status: 400, key: 'errors.SUBJECT_AUX_IMPORT_ADD' },
  /** A used subject's auxiliary types can be added to but not removed (its lines carry them). */
  SUBJECT_AUX_IN_USE: { status: 409, key: 'errors.SUBJECT_AUX_IN_USE' },
  /** Used subjects cannot be deleted. */
  SUBJECT_IN_USE: { status: 409, key: 'errors.SUBJECT_IN_USE' },
  /** A code rule beyond 15 levels, 40 digits in all or 1–10 digits per level. */
  SUBJECT_CODE_RULE_INVALID: { status: 400, key: 'errors.SUBJECT_CODE_RULE_INVALID' },
  /** The new code rule would move existing subjects to another level. */
  SUBJECT_CODE_RULE_IN_USE: { status: 409, key: 'errors.SUBJECT_CODE_RULE_IN_USE' },
  /** A subject cannot play the specific role (decision record 019): {{codes}} and the role. */
  SPECIFIC_SUBJECT_INVALID: { status: 400, key: 'errors.SPECIFIC_SUBJECT_INVALID' },
  /** One account is bound to at most one employee per company (spec 02 §5). */
  ACCOUNT_ALREADY_BOUND: { status: 409, key: 'errors.ACCOUNT_ALREADY_BOUND' },
  /** Only ordinary accounts (kind OTHER) are bound to employees, never an administrator (spec 02 §3, §7). */
  ACCOUNT_NOT_BINDABLE: { status: 400, key: 'errors.ACCOUNT_NOT_BINDABLE' },
  /** Employees belong to last-level departments only. */
  DEPARTMENT_NOT_LEAF: { status: 400, key: 'errors.DEPARTMENT_NOT_LEAF' },
  /** A disabled employee, client or department chosen anew (an owner, principal, project client, department): the pickers hide them. */
  EMPLOYEE_DISABLED: { status: 400, key: 'errors.EMPLOYEE_DISABLED' },
  CUSTOMER_DISABLED: { status: 400, key: 'errors.CUSTOMER_DISABLED' },
  DEPARTMENT_DISABLED: { status: 400, key: 'errors.DEPARTMENT_DISABLED' },
  /** A department with employees cannot get a child department. */
  PARENT_IN_USE: { status: 409, key: 'errors.PARENT_IN_USE' },
  /** A department cannot sit below itself. */
  PARENT_IS_SELF: { status: 400, key: 'errors.PARENT_IS_SELF' },
  /** A project names at least one client (spec 02 §5). */
  PROJECT_CLIENT_REQUIRED: { status: 400, key: 'errors.PROJECT_CLIENT_REQUIRED' },
  /** A project names at least one principal (director) employee. */
  PROJECT_PRINCIPAL_REQUIRED: { status: 400, key: 'errors.PROJECT_PRINCIPAL_REQUIRED' },
  /** Budget tip1: the code already exists in this account year. */
  BUDGET_CODE_DUPLICATE: { status: 409, key: 'errors.BUDGET_CODE_DUPLICATE' },
  /** Budget tip2: the code is not 4, 6 or 8 digits, or a child's kind differs from its parent's. */
  BUDGET_CODE_INVALID: { status: 400, key: 'errors.BUDGET_CODE_INVALID' },
  /** Budget tip3: a code below level 1 whose parent does not exist. */
  BUDGET_PARENT_MISSING: { status: 400, key: 'errors.BUDGET_PARENT_MISSING' },
  /** A budget the ledger uses cannot get a child budget (named by its code, as SUBJECT_PARENT_IN_USE). */
  BUDGET_PARENT_IN_USE: { status: 409, key: 'errors.BUDGET_PARENT_IN_USE' },
  /** Only leaf budgets can be deleted or carry an amount of their own. */
  BUDGET_NOT_LEAF: { status: 409, key: 'errors.BUDGET_NOT_LEAF' },
  /** A vendor code already exists in this ledger set. */
  VENDOR_CODE_DUPLICATE: { status: 409, key: 'errors.VENDOR_CODE_DUPLICATE' },
  /** Cashier settings (decision 028): banks, bank accounts, income/outcome kinds and their subjects. */
  BANK_CODE_DUPLICATE: { status: 409, key: 'errors.BANK_CODE_DUPLICATE' },
  SUMMARY_DUPLICATE: { status: 409, key: 'errors.SUMMARY_DUPLICATE' },
  SUMMARY_CODE_DUPLICATE: { status: 409, key: 'errors.SUMMARY_CODE_DUPLICATE' },
  BANK_ACCOUNT_CODE_DUPLICATE: { status: 409, key: 'errors.BANK_ACCOUNT_CODE_DUPLICATE' },
  BANK_ACCOUNT_NO_DUPLICATE: { status: 409, key: 'errors.BANK_ACCOUNT_NO_DUPLICATE' },
  BANK_ACCOUNT_BANK_REQUIRED: { status: 400, key: 'errors.BANK_ACCOUNT_BANK_REQUIRED' },
  BANK_ACCOUNT_BANK_ONLY: { status: 400, key: 'errors.BANK_ACCOUNT_BANK_ONLY' },
  CASHIER_KIND_CODE_DUPLICATE: { status: 409, key: 'errors.CASHIER_KIND_CODE_DUPLICATE' },
  CASHIER_SUBJECT_NOT_LEAF: { status: 400, key: 'errors.CASHIER_SUBJECT_NOT_LEAF' },
  CASHIER_SUBJECT_DISABLED: { status: 400, key: 'errors.CASHIER_SUBJECT_DISABLED' },
  CASHIER_SUBJECT_NOT_CASH: { status: 400, key: 'errors.CASHIER_SUBJECT_NOT_CASH' },
  CASHIER_SUBJECT_NOT_BANK: { status: 400, key: 'errors.CASHIER_SUBJECT_NOT_BANK' },
  CASHIER_SUBJECT_CASH_OR_BANK: { status: 400, key: 'errors.CASHIER_SUBJECT_CASH_OR_BANK' },
  CASHIER_SUBJECT_OTHER_LEDGER: { status: 400, key: 'errors.CASHIER_SUBJECT_OTHER_LEDGER' },
  /** A journal line is exactly one receipt or one payment (a positive amount on one side). */
  CASH_LINE_AMOUNT: { status: 400, key: 'errors.CASH_LINE_AMOUNT' },
  CASH_LINE_BEFORE_START: { status: 400, key: 'errors.CASH_LINE_BEFORE_START' },
  /** A journal line dated outside the ledger set's account years (spec 01 §5: an accounting date lies within them). */
  CASH_LINE_OUTSIDE_YEARS: { status: 400, key: 'errors.CASH_LINE_OUTSIDE_YEARS' },
  CASH_LINE_HAS_VOUCHER: { status: 409, key: 'errors.CASH_LINE_HAS_VOUCHER' },
  CASH_CODE_DUPLICATE: { status: 409, key: 'errors.CASH_CODE_DUPLICATE' },
  CASH_KIND_DIRECTION: { status: 400, key: 'errors.CASH_KIND_DIRECTION' },
  CASH_KIND_DISABLED: { status: 400, key: 'errors.CASH_KIND_DISABLED' },
  CASH_ACCOUNT_DISABLED: { status: 400, key: 'errors.CASH_ACCOUNT_DISABLED' },
  CASH_OPENING_AFTER_LINES: { status: 409, key: 'errors.CASH_OPENING_AFTER_LINES' },
  INVOICE_RED_OVER_AMOUNT: { status: 400, key: 'errors.INVOICE_RED_OVER_AMOUNT' },
  INVOICE_RECEIVED_OVER_AMOUNT: { status: 400, key: 'errors.INVOICE_RECEIVED_OVER_AMOUNT' },
  BUDGET_PARENT_HAS_AMOUNT: { status: 409, key: 'errors.BUDGET_PARENT_HAS_AMOUNT' },
  SUBJECT_DIRECTION_USED: { status: 409, key: 'errors.SUBJECT_DIRECTION_USED' },
  CASH_LINE_FROM_VOUCHER: { status: 409, key: 'errors.CASH_LINE_FROM_VOUCHER' },
  CASH_VOUCHER_LINE_TAKEN: { status: 409, key: 'errors.CASH_VOUCHER_LINE_TAKEN' },
  CASH_ACCOUNT_NO_SUBJECT: { status: 400, key: 'errors.CASH_ACCOUNT_NO_SUBJECT' },
  /** Voucher lifecycle refusals (src/domain/voucher-lifecycle.ts) and save rules (voucher-rules.ts). */
  VOUCHER_NOT_SAVED: { status: 409, key: 'errors.VOUCHER_NOT_SAVED' },
  VOUCHER_LOCKED: { status: 409, key: 'errors.VOUCHER_LOCKED' },
  VOUCHER_INVALIDATED: { status: 409, key: 'errors.VOUCHER_INVALIDATED' },
  VOUCHER_NOT_INVALID: { status: 409, key: 'errors.VOUCHER_NOT_INVALID' },
  VOUCHER_ALREADY_AUDITED: { status: 409, key: 'errors.VOUCHER_ALREADY_AUDITED' },
  VOUCHER_NOT_AUDITED: { status: 409, key: 'errors.VOUCHER_NOT_AUDITED' },
  VOUCHER_AUDIT_ERROR: { status: 409, key: 'errors.VOUCHER_AUDIT_ERROR' },
  VOUCHER_NOT_AUDIT_ERROR: { status: 409, key: 'errors.VOUCHER_NOT_AUDIT_ERROR' },
  VOUCHER_BOOKKEPT: { status: 409, key: 'errors.VOUCHER_BOOKKEPT' },
  VOUCHER_NOT_BOOKKEPT: { status: 409, key: 'errors.VOUCHER_NOT_BOOKKEPT' },
  VOUCHER_ALREADY_CASHIERED: { status: 409, key: 'errors.VOUCHER_ALREADY_CASHIERED' },
  VOUCHER_NOT_CASHIERED: { status: 409, key: 'errors.VOUCHER_NOT_CASHIERED' },
  VOUCHER_CASHIER_SIGN_REQUIRED: { status: 409, key: 'errors.VOUCHER_CASHIER_SIGN_REQUIRED' },
  VOUCHER_SELF_AUDIT: { status: 403, key: 'errors.VOUCHER_SELF_AUDIT' },
  VOUCHER_ROW_INCOMPLETE: { status: 400, key: 'errors.VOUCHER_ROW_INCOMPLETE' },
  VOUCHER_NO_COMPLETE_ROW: { status: 400, key: 'errors.VOUCHER_NO_COMPLETE_ROW' },
  VOUCHER_ZERO_LINE: { status: 400, key: 'errors.VOUCHER_ZERO_LINE' },
  VOUCHER_DEBIT_AND_CREDIT: { status: 400, key: 'errors.VOUCHER_DEBIT_AND_CREDIT' },
  VOUCHER_AMOUNT_TOO_LARGE: { status: 400, key: 'errors.VOUCHER_AMOUNT_TOO_LARGE' },
  VOUCHER_SUMMARY_TOO_LONG: { status: 400, key: 'errors.VOUCHER_SUMMARY_TOO_LONG' },
  VOUCHER_FIELD_REQUIRED: { status: 400, key: 'errors.VOUCHER_FIELD_REQUIRED' },
  VOUCHER_CODE_INVALID: { status: 400, key: 'errors.VOUCHER_CODE_INVALID' },
  VOUCHER_BILL_COUNT_INVALID: { status: 400, key: 'errors.VOUCHER_BILL_COUNT_INVALID' },
  MARK_DATE_OUT_OF_RANGE: { status: 400, key: 'errors.MARK_DATE_OUT_OF_RANGE' },
  DATE_OUTSIDE_ACCOUNT_YEARS: { status: 400, key: 'errors.DATE_OUTSIDE_ACCOUNT_YEARS' },
  /** An invoice number already exists in the company (an invoice is a tax document: one number, one invoice). */
  INVOICE_NO_DUPLICATE: { status: 409, key: 'errors.INVOICE_NO_DUPLICATE' },
  /** The last attachment of an invoice cannot be deleted: an invoice needs one ('is mandatory'); upload the replacement first. */
  INVOICE_ATTACHMENT_REQUIRED: { status: 409, key: 'errors.INVOICE_ATTACHMENT_REQUIRED' },
  /** An invoice attachment that is not a PDF by its content ('only PDF files can be uploaded'). */
  PDF_ONLY: { status: 400, key: 'errors.PDF_ONLY' },
  /** An invoice attachment above 2 MB. */
  ATTACHMENT_TOO_LARGE: { status: 413, key: 'errors.ATTACHMENT_TOO_LARGE' },
  /** An upload request without a file part. */
  ATTACHMENT_MISSING: { status: 400, key: 'errors.ATTACHMENT_MISSING' },
  /** The code is taken in this period and kind. */
  VOUCHER_CODE_DUPLICATE: { status: 409, key: 'errors.VOUCHER_CODE_DUPLICATE' },
  /** A line names a subject that is not a leaf, is disabled, or is of another account year. */
  VOUCHER_SUBJECT_UNUSABLE: { status: 400, key: 'errors.VOUCHER_SUBJECT_UNUSABLE' },
  /** A line carries an auxiliary value its subject does not take, twice, or one not valid for the year. */
  VOUCHER_AUX_INVALID: { status: 400, key: 'errors.VOUCHER_AUX_INVALID' },
  /** The voucher has been reversed in red already. */
  VOUCHER_ALREADY_REVERSED: { status: 409, key: 'errors.VOUCHER_ALREADY_REVERSED' },
  VOUCHER_UNAVAILABLE: { status: 404, key: 'errors.VOUCHER_UNAVAILABLE' },
  VOUCHER_REVERSED: { status: 409, key: 'errors.VOUCHER_REVERSED' },
  VOUCHER_REVERSAL_NOT_AUDITED: { status: 409, key: 'errors.VOUCHER_REVERSAL_NOT_AUDITED' },
  VOUCHER_REVERSAL_FIXED: { status: 409, key: 'errors.VOUCHER_REVERSAL_FIXED' },
  VOUCHER_REVERSAL_UNMAPPED: { status: 409, key: 'errors.VOUCHER_REVERSAL_UNMAPPED' },
  VOUCHER_REVERSAL_BUDGET_UNMAPPED: { status: 409, key: 'errors.VOUCHER_REVERSAL_BUDGET_UNMAPPED' },
  VOUCHER_REVERSAL_EARLIER_YEAR: { status: 400, key: 'errors.VOUCHER_REVERSAL_EARLIER_YEAR' },
  /** A subject relation must lead to an account year of another ledger set of the same company. */
  SUBJECT_RELATION_SAME_LEDGER: { status: 400, key: 'errors.SUBJECT_RELATION_SAME_LEDGER' },
  /** Only enabled leaf subjects are mapped (a voucher line can name nothing else). */
  SUBJECT_RELATION_SUBJECT_UNUSABLE: { status: 400, key: 'errors.SUBJECT_RELATION_SUBJECT_UNUSABLE' },
  /** The target requires auxiliary types the source does not carry: a copied line could not be completed. */
  SUBJECT_RELATION_AUX_MISSING: { status: 400, key: 'errors.SUBJECT_RELATION_AUX_MISSING' },
  /** The source carries auxiliary types the target does not take, and the relation does not say they are dropped. */
  SUBJECT_RELATION_AUX_DROPPED: { status: 400, key: 'errors.SUBJECT_RELATION_AUX_DROPPED' },
  /** A synchronised copy needs a relation for every subject of the voucher; the unmapped ones are named. */
  VOUCHER_SYNC_UNMAPPED: { status: 400, key: 'errors.VOUCHER_SYNC_UNMAPPED' },
  /** The voucher already has a synchronised copy (or is one) in that ledger set. */
  VOUCHER_SYNC_EXISTS: { status: 409, key: 'errors.VOUCHER_SYNC_EXISTS' },
  /** A voucher is synchronised to another ledger set than its own. */
  VOUCHER_SYNC_SAME_ACCOUNT: { status: 400, key: 'errors.VOUCHER_SYNC_SAME_ACCOUNT' },
  /** A vendor or budget value of a line has no counterpart of the same code in the target ledger set or year. */
  VOUCHER_SYNC_AUX_UNMAPPED: { status: 400, key: 'errors.VOUCHER_SYNC_AUX_UNMAPPED' },
  // Reimbursements (spec 02 §5, §8; decision 034).
  REIMBURSE_NOT_SAVED: { status: 409, key: 'errors.REIMBURSE_NOT_SAVED' },
  REIMBURSE_SAVE_FIRST: { status: 409, key: 'errors.REIMBURSE_SAVE_FIRST' },
  REIMBURSE_AUDITED: { status: 409, key: 'errors.REIMBURSE_AUDITED' },
  REIMBURSE_ALREADY_AUDITED: { status: 409, key: 'errors.REIMBURSE_ALREADY_AUDITED' },
  REIMBURSE_NOT_AUDITED: { status: 409, key: 'errors.REIMBURSE_NOT_AUDITED' },
  REIMBURSE_LINE_INCOMPLETE: { status: 400, key: 'errors.REIMBURSE_LINE_INCOMPLETE' },
  REIMBURSE_INVOICE_DUPLICATE: { status: 409, key: 'errors.REIMBURSE_INVOICE_DUPLICATE' },
  REIMBURSE_NO_VALID_DATA: { status: 400, key: 'errors.REIMBURSE_NO_VALID_DATA' },
  REIMBURSE_AMOUNT_TOO_LARGE: { status: 400, key: 'errors.REIMBURSE_AMOUNT_TOO_LARGE' },
  REIMBURSE_CODE_EXHAUSTED: { status: 409, key: 'errors.REIMBURSE_CODE_EXHAUSTED' },
  REIMBURSE_SUBMITTER_DISABLED: { status: 400, key: 'errors.REIMBURSE_SUBMITTER_DISABLED' },
  /** The maker of a reimbursement cannot audit it (as a voucher's maker cannot, VOUCHER_SELF_AUDIT). */
  REIMBURSE_SELF_AUDIT: { status: 403, key: 'errors.REIMBURSE_SELF_AUDIT' },
  /** An invoice line issued after the document's mark date. */
  REIMBURSE_ISSUE_AFTER_MARK: { status: 400, key: 'errors.REIMBURSE_ISSUE_AFTER_MARK' },
  /** A mark date outside the company's account years (no voucher could ever be made of it). */
  REIMBURSE_MARK_DATE_OUT_OF_RANGE: { status: 400, key: 'errors.REIMBURSE_MARK_DATE_OUT_OF_RANGE' },
  EXPENSE_KIND_DISABLED: { status: 400, key: 'errors.EXPENSE_KIND_DISABLED' },
  EXPENSE_KIND_NAME_DUPLICATE: { status: 409, key: 'errors.EXPENSE_KIND_NAME_DUPLICATE' },
  QUERY_FAILED: { status: 500, key: 'errors.QUERY_FAILED' },
  OPERATION_FAILED: { status: 500, key: 'errors.OPERATION_FAILED' },
  /** Concurrent transactions kept aborting this one (deadlock, serialization failure) after every retry; nothing was changed. */
  BUSY: { status: 503, key: 'errors.BUSY' },
  /** Opening balances (decision 029): leaf subjects only; an auxiliary subject opens with the sum of its breakdown. */
  OPENING_NOT_LEAF: { status: 400, key: 'errors.OPENING_NOT_LEAF' },
  OPENING_AUX_SUM_MISMATCH: { status: 400, key: 'errors.OPENING_AUX_SUM_MISMATCH' },
  OPENING_NO_AUX: { status: 400, key: 'errors.OPENING_NO_AUX' },
  OPENING_AUX_VALUE_REQUIRED: { status: 400, key: 'errors.OPENING_AUX_VALUE_REQUIRED' },
  OPENING_AUX_DUPLICATE: { status: 409, key: 'errors.OPENING_AUX_DUPLICATE' },
  OPENING_CARRY_YEAR_INVALID: { status: 400, key: 'errors.OPENING_CARRY_YEAR_INVALID' },
  OPENING_CARRY_SUBJECT_MISSING: { status: 409, key: 'errors.OPENING_CARRY_SUBJECT_MISSING' },
  /** The previous year's settled year end carried its closing balances into these openings: read-only until it is reverse-settled. */
  OPENING_CARRIED: { status: 409, key: 'errors.OPENING_CARRIED' },
  /** Documents to vouchers (decision 037). */
  DOC_ALREADY_TRANSFERRED: { status: 409, key: 'errors.DOC_ALREADY_TRANSFERRED' },
  DOC_NOTHING_TO_TRANSFER: { status: 400, key: 'errors.DOC_NOTHING_TO_TRANSFER' },
  DOC_SUBJECT_MISSING: { status: 400, key: 'errors.DOC_SUBJECT_MISSING' },
  DOC_CREDIT_SUBJECT_REQUIRED: { status: 400, key: 'errors.DOC_CREDIT_SUBJECT_REQUIRED' },
  DOC_AUX_MISSING: { status: 400, key: 'errors.DOC_AUX_MISSING' },
  DOC_AUX_UNUSABLE: { status: 400, key: 'errors.DOC_AUX_UNUSABLE' },
  /** A fixed auxiliary value with sub-items (a parent budget item) cannot stand on a voucher line. */
  DOC_AUX_NOT_LEAF: { status: 400, key: 'errors.DOC_AUX_NOT_LEAF' },
  /** A reimbursement paid more than its invoices: no voucher until the document is put right. */
  DOC_PAY_EXCEEDS_TOTAL: { status: 400, key: 'errors.DOC_PAY_EXCEEDS_TOTAL' },
  REIMBURSE_HAS_VOUCHER: { status: 409, key: 'errors.REIMBURSE_HAS_VOUCHER' },
} as const satisfies Record<string, { status: number; key: string }>;

export type ResultCode = keyof typeof resultCodes;

export function httpStatusOf(code: ResultCode): number {
  return resultCodes[code].status;
}

export function messageKeyOf(code: ResultCode): string {
  return resultCodes[code].key;
}

export function isResultCode(value: unknown): value is ResultCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(resultCodes, value);
}

/** A domain failure carrying a result code; the server turns it into the wrapped answer. */
export class DomainError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly params: Record<string, string | number> = {},
    readonly appendix?: unknown,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}
