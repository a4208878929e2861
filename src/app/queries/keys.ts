/**
 * Query keys, hierarchical so one invalidation refreshes every dependent list:
 * invalidate ['companies'] after any company change, ['accounts', companyId] after ledger-set
 * changes, ['accountYears', accountId] after year/period changes.
 */
export const queryKeys = {
  currentUser: () => ['currentUser'] as const,
  config: () => ['systemConfig'] as const,
  companies: () => ['companies'] as const,
  /** The signed-in user's companies (top-bar selector, company setup). */
  myCompanies: () => ['companies', 'mine'] as const,
  companyList: (params: unknown) => ['companies', 'list', params] as const,
  company: (id: number) => ['companies', 'one', id] as const,
  accounts: (companyId: number | null) => ['accounts', companyId] as const,
  accountList: (companyId: number | null, params: unknown) => ['accounts', companyId, 'list', params] as const,
  accountYears: (accountId: number | null) => ['accountYears', accountId] as const,
  periods: (accountYearId: number | null) => ['accountYears', 'periods', accountYearId] as const,
  users: (params?: unknown) => (params === undefined ? (['users'] as const) : (['users', params] as const)),
  roles: (companyId: number | null, params?: unknown) => ['roles', companyId, params] as const,
  roleRights: (roleId: number) => ['roles', 'rights', roleId] as const,
  allRights: (lang: string) => ['allRights', lang] as const,
  userRoles: (filter: unknown) => ['userRoles', filter] as const,
  userCompanies: (filter: unknown) => ['userCompanies', filter] as const,
  userData: (kind: string, subKind?: string) => ['userData', kind, subKind] as const,
  /** Voucher kinds of a ledger set (the voucher editor reads the same key). */
  voucherKinds: (accountId: number | null) => ['voucherKinds', accountId] as const,
  voucherCodeRule: (accountId: number | null) => ['voucherCodeRule', accountId] as const,
  currencies: (companyId: number | null) => ['currencies', companyId] as const,
};
