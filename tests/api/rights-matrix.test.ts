/**
 * The rights matrix: every declared /api route is called (1) without a token, (2) by a user of the
 * company who lacks the route's right, (3) by a fully-privileged user of ANOTHER company with this
 * company's ids, and (4) by that same user with ids that do not exist. (1) → 401; (2) and (3) → 403
 * 'No permission to operate'; (3) and (4) must be indistinguishable. A route without a sample here
 * fails the test, so new routes cannot skip the matrix. "This company" and its rows are built by
 * the file itself, and every refusing test ends by checking that none of them changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RIGHT_IDS } from '../../src/domain/rights';
import { minimalPdf } from '../../src/domain/pdf';
import { auxTypes } from '../../src/domain/enums';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeCompany, makeRole, makeUser, MISSING_ID } from './factories';

type Ids = { user: number; role: number; userRole: number; userCompany: number; company: number; account: number; accountYear: number; period: number; userData: number; voucherKind: number; currency: number; subject: number; department: number; employee: number; customer: number; project: number; exportToken: string; budget: number; vendor: number; invoice: number; invoiceAttachment: number; voucher: number; bank: number; bankAccount: number; incomeKind: number; outcomeKind: number; expense: number; expenseKind: number; reportRow: number; cashLine: number; summary: number };
interface Sample {
  query?: Record<string, unknown>;
  body?: unknown;
  url?: string;
  /** Touches the matrix company's data by id: used for the foreign/missing comparison. */
  scoped?: boolean;
}

const samples: Record<string, (ids: Ids) => Sample> = {
  'POST /api/idm/user/logout': () => ({}),
  'POST /api/idm/user/refreshToken': () => ({}),
  'GET /api/idm/user/current': () => ({}),
  'GET /api/idm/user/rights': () => ({}),
  'GET /api/idm/user/allRights': () => ({}),
  'GET /api/idm/user/role': () => ({}),
  'POST /api/idm/user/changePassword': () => ({ body: { oldPassword: 'x', newPassword: 'abc123' } }),
  'POST /api/idm/user/changeUsername': () => ({ body: { username: 'newname' } }),
  'POST /api/idm/user/switchCompany': (i) => ({ body: { companyId: i.company }, scoped: true }),
  'POST /api/idm/user/language': () => ({ body: { language: 'en_US' } }),
  'POST /api/idm/user/avatar': () => ({}),
  'GET /api/idm/user': () => ({}),
  'GET /api/idm/user/:id': (i) => ({ url: `/api/idm/user/${i.user}`, scoped: true }),
  'POST /api/idm/user': () => ({ body: { username: 'matrix1', name: 'Matrix', password: 'abc123' } }),
  'POST /api/idm/user/:id': (i) => ({ url: `/api/idm/user/${i.user}`, body: { name: 'Renamed' }, scoped: true }),
  'POST /api/idm/user/:id/disable': (i) => ({ url: `/api/idm/user/${i.user}/disable`, body: { disabled: true }, scoped: true }),
  'POST /api/idm/user/setPassword': (i) => ({ body: { userId: i.user, password: 'abc123' }, scoped: true }),
  'GET /api/idm/user/exists': () => ({ query: { username: 'clerk' } }),
  'DELETE /api/idm/user/:id': (i) => ({ url: `/api/idm/user/${i.user}`, scoped: true }),
  'GET /api/idm/role': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/idm/role/:id': (i) => ({ url: `/api/idm/role/${i.role}`, scoped: true }),
  'POST /api/idm/role': (i) => ({ body: { companyId: i.company, name: 'Matrix role' }, scoped: true }),
  'POST /api/idm/role/:id': (i) => ({ url: `/api/idm/role/${i.role}`, body: { name: 'Renamed role' }, scoped: true }),
  'DELETE /api/idm/role/:id': (i) => ({ url: `/api/idm/role/${i.role}`, scoped: true }),
  'GET /api/idm/roleRights': (i) => ({ query: { roleId: i.role }, scoped: true }),
  'POST /api/idm/roleRights': (i) => ({ body: { roleId: i.role, rightIds: [1] }, scoped: true }),
  'GET /api/idm/userRole': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/idm/userRole': (i) => ({ body: { userId: i.user, roleId: i.role }, scoped: true }),
  'DELETE /api/idm/userRole/:id': (i) => ({ url: `/api/idm/userRole/${i.userRole}`, scoped: true }),
  'DELETE /api/idm/userRole': (i) => ({ query: { filter: { id: [i.userRole] } }, scoped: true }),
  'GET /api/idm/userCompany': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/idm/userCompany': (i) => ({ body: { userId: i.user, companyId: i.company }, scoped: true }),
  'DELETE /api/idm/userCompany/:id': (i) => ({ url: `/api/idm/userCompany/${i.userCompany}`, scoped: true }),
  'GET /api/company': () => ({}),
  'GET /api/company/:id': (i) => ({ url: `/api/company/${i.company}`, scoped: true }),
  'POST /api/company': () => ({ body: { name: 'Matrix company' } }),
  'POST /api/company/:id': (i) => ({ url: `/api/company/${i.company}`, body: { phone: '123' }, scoped: true }),
  'DELETE /api/company/:id': (i) => ({ url: `/api/company/${i.company}`, scoped: true }),
  'GET /api/account': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/account/main': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/account/year': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'POST /api/account/year': (i) => ({ body: { accountId: i.account, year: 2030 }, scoped: true }),
  'DELETE /api/account/year/:id': (i) => ({ url: `/api/account/year/${i.accountYear}`, scoped: true }),
  'GET /api/account/period': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'POST /api/account/period/:id': (i) => ({ url: `/api/account/period/${i.period}`, body: { startAt: '2025-01-01', endAt: '2025-01-30' }, scoped: true }),
  'GET /api/account/:id': (i) => ({ url: `/api/account/${i.account}`, scoped: true }),
  'POST /api/account': (i) => ({ body: { companyId: i.company, name: 'Matrix ledger' }, scoped: true }),
  'POST /api/account/:id': (i) => ({ url: `/api/account/${i.account}`, body: { name: 'Renamed ledger' }, scoped: true }),
  'POST /api/account/:id/main': (i) => ({ url: `/api/account/${i.account}/main`, scoped: true }),
  'GET /api/account/:id/rollInfo': (i) => ({ url: `/api/account/${i.account}/rollInfo`, scoped: true }),
  'POST /api/account/:id/roll': (i) => ({ url: `/api/account/${i.account}/roll`, body: { rewriteBalance: true }, scoped: true }),
  'POST /api/account/:id/reverseRoll': (i) => ({ url: `/api/account/${i.account}/reverseRoll`, body: {}, scoped: true }),
  'POST /api/voucher/profitTransfer': (i) => ({ body: { periodId: i.period, preview: true }, scoped: true }),
  'DELETE /api/account/:id': (i) => ({ url: `/api/account/${i.account}`, scoped: true }),
  'GET /api/subject': (i) => ({ query: { filter: { accountYearId: i.accountYear } }, scoped: true }),
  'GET /api/subject/codeRule': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'POST /api/subject/codeRule': (i) => ({ body: { accountYearId: i.accountYear, lengths: [4, 2, 2] }, scoped: true }),
  'GET /api/subject/used': (i) => ({ query: { id: i.subject }, scoped: true }),
  'GET /api/subject/usedLevel': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'GET /api/subject/:id': (i) => ({ url: `/api/subject/${i.subject}`, scoped: true }),
  'POST /api/subject': (i) => ({ body: { accountYearId: i.accountYear, code: '100101', name: 'Matrix subject' }, scoped: true }),
  'POST /api/subject/:id': (i) => ({ url: `/api/subject/${i.subject}`, body: { name: 'Renamed subject' }, scoped: true }),
  'DELETE /api/subject': (i) => ({ query: { filter: { accountYearId: i.accountYear, id: [i.subject] } }, scoped: true }),
  'POST /api/system/config': () => ({ body: { languageSwitch: true } }),
  'GET /api/system/userData': () => ({}),
  'POST /api/system/userData': () => ({ body: { kind: 'list', subKind: 'x', content: { a: 1 } } }),
  'POST /api/system/userData/:id': (i) => ({ url: `/api/system/userData/${i.userData}`, body: { content: { a: 2 } }, scoped: true }),
  'DELETE /api/system/userData/:id': (i) => ({ url: `/api/system/userData/${i.userData}`, scoped: true }),
  'DELETE /api/system/userData': (i) => ({ query: { filter: { id: [i.userData] } } }),
  'GET /api/system/shortcut': () => ({}),
  'POST /api/system/shortcut': () => ({ body: { keys: ['voucher.daily.list'] } }),
  'DELETE /api/system/shortcut': () => ({}),
  'GET /api/voucher/kind': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'POST /api/voucher/kind': (i) => ({ body: { accountId: i.account, name: '矩' }, scoped: true }),
  'POST /api/voucher/kind/:id': (i) => ({ url: `/api/voucher/kind/${i.voucherKind}`, body: { name: '矩阵' }, scoped: true }),
  'GET /api/voucher/kind/:id/used': (i) => ({ url: `/api/voucher/kind/${i.voucherKind}/used`, scoped: true }),
  'DELETE /api/voucher/kind/:id': (i) => ({ url: `/api/voucher/kind/${i.voucherKind}`, scoped: true }),
  'GET /api/voucher/codeRule': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'POST /api/voucher/codeRule': (i) => ({ body: { accountId: i.account, length: 6 }, scoped: true }),
  'GET /api/common/currency': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'POST /api/common/currency': (i) => ({ body: { companyId: i.company, code: 'USD', name: 'Dollar', rate: '7.1' }, scoped: true }),
  'POST /api/common/currency/:id': (i) => ({ url: `/api/common/currency/${i.currency}`, body: { name: 'Renamed' }, scoped: true }),
  'DELETE /api/common/currency/:id': (i) => ({ url: `/api/common/currency/${i.currency}`, scoped: true }),
  'GET /api/aux/department': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/aux/department/principal': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/aux/department/:id/used': (i) => ({ url: `/api/aux/department/${i.department}/used`, scoped: true }),
  'POST /api/aux/department': (i) => ({ body: { companyId: i.company, code: 'MX', name: 'Matrix dept' }, scoped: true }),
  'POST /api/aux/department/:id': (i) => ({ url: `/api/aux/department/${i.department}`, body: { name: 'Renamed dept' }, scoped: true }),
  'DELETE /api/aux/department/:id': (i) => ({ url: `/api/aux/department/${i.department}`, scoped: true }),
  'DELETE /api/aux/department': (i) => ({ query: { filter: { id: [i.department] } }, scoped: true }),
  'GET /api/aux/employee': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/aux/employee/:id/used': (i) => ({ url: `/api/aux/employee/${i.employee}/used`, scoped: true }),
  'POST /api/aux/employee': (i) => ({ body: { companyId: i.company, code: 'MX', name: 'Matrix', departmentId: i.department }, scoped: true }),
  'POST /api/aux/employee/:id': (i) => ({ url: `/api/aux/employee/${i.employee}`, body: { name: 'Renamed' }, scoped: true }),
  'POST /api/aux/employee/:id/bindUser': (i) => ({ url: `/api/aux/employee/${i.employee}/bindUser`, body: { userId: i.user }, scoped: true }),
  'POST /api/aux/employee/:id/unbindUser': (i) => ({ url: `/api/aux/employee/${i.employee}/unbindUser`, body: {}, scoped: true }),
  'DELETE /api/aux/employee/:id': (i) => ({ url: `/api/aux/employee/${i.employee}`, scoped: true }),
  'GET /api/aux/budget': (i) => ({ query: { filter: { accountYearId: i.accountYear } }, scoped: true }),
  'GET /api/aux/budget/summary': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'GET /api/aux/budget/:id/used': (i) => ({ url: `/api/aux/budget/${i.budget}/used`, scoped: true }),
  'POST /api/aux/budget': (i) => ({ body: { accountYearId: i.accountYear, code: '9002', name: 'Matrix budget' }, scoped: true }),
  'POST /api/aux/budget/:id': (i) => ({ url: `/api/aux/budget/${i.budget}`, body: { name: 'Renamed budget' }, scoped: true }),
  'DELETE /api/aux/budget/:id': (i) => ({ url: `/api/aux/budget/${i.budget}`, scoped: true }),
  'GET /api/aux/vendor': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/aux/vendor/:id/used': (i) => ({ url: `/api/aux/vendor/${i.vendor}/used`, scoped: true }),
  'GET /api/aux/auxType': () => ({}),
  'GET /api/aux/auxUsed': (i) => ({ query: { type: 'CUSTOMER', id: i.customer }, scoped: true }),
  'GET /api/aux/bookValue': (i) => ({ query: { filter: { companyId: i.company, type: 'CUSTOMER' } }, scoped: true }),
  'GET /api/subject/aux': (i) => ({ query: { filter: { accountYearId: i.accountYear, auxTypeId: auxTypes.map((a) => a.id) } }, scoped: true }),
  'GET /api/subject/specific': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'POST /api/subject/specific': (i) => ({ body: { accountYearId: i.accountYear, kind: 'CASH', subjectIds: [i.subject] }, scoped: true }),
  'POST /api/aux/vendor': (i) => ({ body: { accountId: i.account, code: 'MXV2', name: 'Matrix vendor' }, scoped: true }),
  'POST /api/aux/vendor/:id': (i) => ({ url: `/api/aux/vendor/${i.vendor}`, body: { name: 'Renamed vendor' }, scoped: true }),
  'DELETE /api/aux/vendor/:id': (i) => ({ url: `/api/aux/vendor/${i.vendor}`, scoped: true }),
  'DELETE /api/aux/employee': (i) => ({ query: { filter: { id: [i.employee] } }, scoped: true }),
  'GET /api/aux/organization': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/aux/customer': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/aux/customer/:id/used': (i) => ({ url: `/api/aux/customer/${i.customer}/used`, scoped: true }),
  'POST /api/aux/customer': (i) => ({ body: { companyId: i.company, code: 'MXC2', name: 'Matrix client 2' }, scoped: true }),
  'POST /api/aux/customer/:id': (i) => ({ url: `/api/aux/customer/${i.customer}`, body: { name: 'Renamed client' }, scoped: true }),
  'DELETE /api/aux/customer/:id': (i) => ({ url: `/api/aux/customer/${i.customer}`, scoped: true }),
  'GET /api/aux/project': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/aux/project/:id/used': (i) => ({ url: `/api/aux/project/${i.project}/used`, scoped: true }),
  'POST /api/aux/project': (i) => ({ body: { companyId: i.company, code: 'MXP2', name: 'Matrix project 2', clients: [i.customer], principals: [i.employee] }, scoped: true }),
  'POST /api/aux/project/:id': (i) => ({ url: `/api/aux/project/${i.project}`, body: { name: 'Renamed project' }, scoped: true }),
  'DELETE /api/aux/project/:id': (i) => ({ url: `/api/aux/project/${i.project}`, scoped: true }),
  'GET /api/invoice': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/invoice/:id': (i) => ({ url: `/api/invoice/${i.invoice}`, scoped: true }),
  'POST /api/invoice': (i) => ({ body: { projectId: i.project, no: 'MXI2', date: '2026-01-02' }, scoped: true }),
  'POST /api/invoice/:id': (i) => ({ url: `/api/invoice/${i.invoice}`, body: { remark: 'Changed' }, scoped: true }),
  'DELETE /api/invoice/:id': (i) => ({ url: `/api/invoice/${i.invoice}`, scoped: true }),
  'POST /api/invoice/:id/open': (i) => ({ url: `/api/invoice/${i.invoice}/open`, scoped: true }),
  'POST /api/invoice/:id/attachment': (i) => ({ url: `/api/invoice/${i.invoice}/attachment`, scoped: true }),
  'DELETE /api/invoice/:id/attachment/:attachmentId': (i) => ({ url: `/api/invoice/${i.invoice}/attachment/${i.invoiceAttachment}`, scoped: true }),
  'POST /api/subject/export': (i) => ({ body: { filter: { accountYearId: i.accountYear } }, scoped: true }),
  'POST /api/subject/import': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'GET /api/subject/template': () => ({}),
  'POST /api/aux/department/export': (i) => ({ body: { filter: { companyId: i.company, id: [i.department] } }, scoped: true }),
  'POST /api/aux/department/import': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/aux/department/template': () => ({}),
  'POST /api/aux/employee/export': (i) => ({ body: { filter: { companyId: i.company, id: [i.employee] } }, scoped: true }),
  'POST /api/aux/employee/import': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/aux/employee/template': () => ({}),
  'POST /api/aux/customer/export': (i) => ({ body: { filter: { companyId: i.company, id: [i.customer] } }, scoped: true }),
  'POST /api/aux/customer/import': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/aux/customer/template': () => ({}),
  'POST /api/aux/project/export': (i) => ({ body: { filter: { companyId: i.company, id: [i.project] } }, scoped: true }),
  'POST /api/aux/project/import': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/aux/project/template': () => ({}),
  'POST /api/aux/vendor/export': (i) => ({ body: { filter: { accountId: i.account, id: [i.vendor] } }, scoped: true }),
  'POST /api/aux/vendor/import': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'GET /api/aux/vendor/template': () => ({}),
  'POST /api/aux/budget/export': (i) => ({ body: { filter: { accountYearId: i.accountYear, id: [i.budget] } }, scoped: true }),
  'POST /api/aux/budget/import': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'GET /api/aux/budget/template': () => ({}),
  'POST /api/invoice/export': (i) => ({ body: { filter: { companyId: i.company, id: [i.invoice] } }, scoped: true }),
  'POST /api/invoice/import': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/invoice/template': () => ({}),
  'GET /api/system/export/:token': (i) => ({ url: `/api/system/export/${i.exportToken}`, scoped: true }),
  'GET /api/voucher': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/voucher/code': (i) => ({ query: { accountId: i.account, kindId: i.voucherKind, markTime: '2025-01-10' }, scoped: true }),
  'GET /api/voucher/:id': (i) => ({ url: `/api/voucher/${i.voucher}`, scoped: true }),
  'GET /api/voucher/total': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/voucher/rolled': (i) => ({ query: { id: String(i.voucher) }, scoped: true }),
  'GET /api/voucher/makers': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'POST /api/voucher': (i) => ({ body: { accountId: i.account, kindId: i.voucherKind, markTime: '2025-01-11', items: matrixItems(i) }, scoped: true }),
  'POST /api/voucher/:id': (i) => ({ url: `/api/voucher/${i.voucher}`, body: { kindId: i.voucherKind, markTime: '2025-01-12', items: matrixItems(i) }, scoped: true }),
  'DELETE /api/voucher/:id': (i) => ({ url: `/api/voucher/${i.voucher}`, scoped: true }),
  'POST /api/voucher/:id/:action': (i) => ({ url: `/api/voucher/${i.voucher}/invalid`, body: {}, scoped: true }),
  'POST /api/voucher/batch': (i) => ({ body: { action: 'invalid', ids: [i.voucher] }, scoped: true }),
  'POST /api/voucher/arrangeCode': (i) => ({ body: { accountId: i.account, periodId: i.period, dryRun: true }, scoped: true }),
  'GET /api/voucher/billQuery': (i) => ({ query: { accountId: i.account, source: 'EXPENSE' }, scoped: true }),
  'GET /api/voucher/billRules': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'POST /api/voucher/billTransfer': (i) => ({ body: { accountId: i.account, source: 'JOURNAL', kindId: i.voucherKind, id: i.cashLine, preview: true }, scoped: true }),
  'POST /api/voucher/billsTransfer': (i) => ({ body: { accountId: i.account, source: 'EXPENSE', kindId: i.voucherKind, creditSubjectId: i.subject, ids: [i.expense], preview: true }, scoped: true }),
  'POST /api/voucher/:id/sync': (i) => ({ url: `/api/voucher/${i.voucher}/sync`, body: { targetAccountId: i.account }, scoped: true }),
  'GET /api/subject/relation': (i) => ({ query: { filter: { sourceAccountYearId: i.accountYear } }, scoped: true }),
  'POST /api/subject/relation': (i) => ({ body: { sourceAccountYearId: i.accountYear, targetAccountYearId: i.accountYear, items: [{ sourceSubjectId: i.subject, targetSubjectId: i.subject }] }, scoped: true }),
  'POST /api/subject/relation/byCode': (i) => ({ body: { sourceAccountYearId: i.accountYear, targetAccountYearId: i.accountYear }, scoped: true }),
  'DELETE /api/subject/relation': (i) => ({ query: { filter: { sourceAccountYearId: i.accountYear, id: [i.subject] } }, scoped: true }),
  'GET /api/voucher/:id/proc': (i) => ({ url: `/api/voucher/${i.voucher}/proc`, scoped: true }),
  'GET /api/voucher/step': (i) => ({ query: { accountId: i.account, accountYearId: i.accountYear, step: 'next', fromId: i.voucher }, scoped: true }),
  'GET /api/subject/balance': (i) => ({ query: { filter: { accountYearId: i.accountYear, subjectId: i.subject } }, scoped: true }),
  'POST /api/voucher/exportPdf': (i) => ({ body: { ids: [i.voucher] }, scoped: true }),
  'POST /api/voucher/exportXls': (i) => ({ body: { filter: { accountId: i.account, id: [i.voucher] } }, scoped: true }),
  'POST /api/voucher/importXls': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'GET /api/voucher/template': () => ({}),
  'GET /api/opening': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'POST /api/opening': (i) => ({ body: { accountYearId: i.accountYear, rows: [{ subjectId: i.subject, amountCents: 100 }] }, scoped: true }),
  'GET /api/opening/aux': (i) => ({ query: { accountYearId: i.accountYear, subjectId: i.subject }, scoped: true }),
  'POST /api/opening/aux': (i) => ({ body: { accountYearId: i.accountYear, subjectId: i.subject, rows: [] }, scoped: true }),
  'GET /api/opening/trialBalance': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'POST /api/opening/carryForward': (i) => ({ body: { fromAccountYearId: i.accountYear, toAccountYearId: i.accountYear }, scoped: true }),
  'GET /api/ledger/subjectBalance': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period } }, scoped: true }),
  'GET /api/ledger/subjectSummary': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period } }, scoped: true }),
  'GET /api/ledger/subjectTotal': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period } }, scoped: true }),
  'GET /api/ledger/subjectDetail': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, subjectId: i.subject }, offset: 0, limit: 10 }, scoped: true }),
  'POST /api/ledger/subjectBalance/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period } }, scoped: true }),
  'POST /api/ledger/subjectSummary/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period } }, scoped: true }),
  'POST /api/ledger/subjectTotal/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period } }, scoped: true }),
  'POST /api/ledger/subjectDetail/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, subjectId: i.subject } }, scoped: true }),
  'GET /api/report/balanceSheet': (i) => ({ query: { accountId: i.account, year: 2025, month: 1 }, scoped: true }),
  'GET /api/report/incomeStatement': (i) => ({ query: { accountId: i.account, year: 2025, month: 1 }, scoped: true }),
  'POST /api/report/balanceSheet/export': (i) => ({ body: { accountId: i.account, year: 2025, month: 1, format: 'xlsx' }, scoped: true }),
  'POST /api/report/incomeStatement/export': (i) => ({ body: { accountId: i.account, year: 2025, month: 1, format: 'pdf' }, scoped: true }),
  'GET /api/report/comprehensiveStatistical': (i) => ({ query: { accountId: i.account, year: 2025 }, scoped: true }),
  'GET /api/report/departmentIODetail': (i) => ({ query: { accountId: i.account, year: 2025, startMonth: 1, endMonth: 1 }, scoped: true }),
  'GET /api/report/business': (i) => ({ query: { companyId: i.company, date: '2025-01-31' }, scoped: true }),
  'GET /api/retrieval/conflict': () => ({ query: { keyword: '华夏' } }),
  'GET /api/report/businessQuery': (i) => ({ query: { filter: { companyId: i.company, from: '2025-01-01', to: '2025-12-31' } }, scoped: true }),
  'POST /api/report/businessQuery/export': (i) => ({ body: { filter: { companyId: i.company, from: '2025-01-01', to: '2025-12-31' } }, scoped: true }),
  'GET /api/report/adminStat': () => ({ query: { date: '2025-01-31' } }),
  'GET /api/report/departmentRADetail': (i) => ({ query: { companyId: i.company, startDate: '2025-01-01', endDate: '2025-12-31' }, scoped: true }),
  'GET /api/report/definition': (i) => ({ query: { companyId: i.company, kind: 'BALANCE_SHEET' }, scoped: true }),
  'POST /api/report/definition': (i) => ({ body: { companyId: i.company, kind: 'INCOME_STATEMENT', lineNo: 90, label: 'Matrix row' }, scoped: true }),
  'POST /api/report/definition/reset': (i) => ({ body: { companyId: i.company, kind: 'INCOME_STATEMENT' }, scoped: true }),
  'POST /api/report/definition/:id': (i) => ({ url: `/api/report/definition/${i.reportRow}`, body: { label: 'Renamed row', version: 0 }, scoped: true }),
  'DELETE /api/report/definition/:id': (i) => ({ url: `/api/report/definition/${i.reportRow}`, scoped: true }),
  'GET /api/ledger/auxBalance': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, auxTypeId: 3, auxIds: [i.customer] } }, scoped: true }),
  'GET /api/ledger/auxTotal': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, auxTypeId: 3, auxIds: [i.customer] } }, scoped: true }),
  'GET /api/ledger/auxDetail': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, auxTypeId: 3, auxId: i.customer } }, scoped: true }),
  'GET /api/report/budgetSummary': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, budgetIds: [i.budget] } }, scoped: true }),
  'GET /api/report/budgetDetail': (i) => ({ query: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, budgetId: i.budget } }, scoped: true }),
  'POST /api/ledger/auxBalance/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, auxTypeId: 3, auxIds: [i.customer], showZero: true } }, scoped: true }),
  'POST /api/ledger/auxTotal/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, auxTypeId: 3, auxIds: [i.customer], showZero: true } }, scoped: true }),
  'POST /api/ledger/auxDetail/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, auxTypeId: 3, auxId: i.customer } }, scoped: true }),
  'POST /api/report/budgetSummary/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, budgetIds: [i.budget] } }, scoped: true }),
  'POST /api/report/budgetDetail/export': (i) => ({ body: { filter: { accountId: i.account, accountYearId: i.accountYear, startPeriodId: i.period, endPeriodId: i.period, budgetId: i.budget } }, scoped: true }),
  'GET /api/common/bank': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/common/bank/:id/used': (i) => ({ url: `/api/common/bank/${i.bank}/used`, scoped: true }),
  'POST /api/common/bank': (i) => ({ body: { companyId: i.company, code: 'MXB2', name: 'Matrix bank' }, scoped: true }),
  'POST /api/common/bank/:id': (i) => ({ url: `/api/common/bank/${i.bank}`, body: { name: 'Renamed bank' }, scoped: true }),
  'DELETE /api/common/bank/:id': (i) => ({ url: `/api/common/bank/${i.bank}`, scoped: true }),
  'GET /api/common/commonlySummary': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/common/commonlySummary': (i) => ({ body: { companyId: i.company, summary: '矩阵常用摘要二' }, scoped: true }),
  'POST /api/common/commonlySummary/:id': (i) => ({ url: `/api/common/commonlySummary/${i.summary}`, body: { summary: '改名的摘要' }, scoped: true }),
  'DELETE /api/common/commonlySummary/:id': (i) => ({ url: `/api/common/commonlySummary/${i.summary}`, scoped: true }),
  'GET /api/common/bankAccount': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/common/bankAccount/:id/used': (i) => ({ url: `/api/common/bankAccount/${i.bankAccount}/used`, scoped: true }),
  'POST /api/common/bankAccount': (i) => ({ body: { accountYearId: i.accountYear, code: 'MXA2', name: 'Matrix cash', kind: 'CASH', subjectId: i.subject }, scoped: true }),
  'POST /api/common/bankAccount/:id': (i) => ({ url: `/api/common/bankAccount/${i.bankAccount}`, body: { name: 'Renamed account' }, scoped: true }),
  'DELETE /api/common/bankAccount/:id': (i) => ({ url: `/api/common/bankAccount/${i.bankAccount}`, scoped: true }),
  'POST /api/common/bankAccount/export': (i) => ({ body: { filter: { accountYearId: i.accountYear, id: [i.bankAccount] } }, scoped: true }),
  'POST /api/common/bankAccount/import': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'GET /api/common/bankAccount/template': () => ({}),
  'GET /api/cashier/income': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/cashier/income/:id/used': (i) => ({ url: `/api/cashier/income/${i.incomeKind}/used`, scoped: true }),
  'POST /api/cashier/income': (i) => ({ body: { accountYearId: i.accountYear, code: 'MXI2', name: 'Matrix income', subjectId: i.subject }, scoped: true }),
  'POST /api/cashier/income/:id': (i) => ({ url: `/api/cashier/income/${i.incomeKind}`, body: { name: 'Renamed income' }, scoped: true }),
  'DELETE /api/cashier/income/:id': (i) => ({ url: `/api/cashier/income/${i.incomeKind}`, scoped: true }),
  'GET /api/cashier/outcome': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/cashier/outcome/:id/used': (i) => ({ url: `/api/cashier/outcome/${i.outcomeKind}/used`, scoped: true }),
  'POST /api/cashier/outcome': (i) => ({ body: { accountYearId: i.accountYear, code: 'MXO2', name: 'Matrix outcome', subjectId: i.subject }, scoped: true }),
  'POST /api/cashier/outcome/:id': (i) => ({ url: `/api/cashier/outcome/${i.outcomeKind}`, body: { name: 'Renamed outcome' }, scoped: true }),
  'DELETE /api/cashier/outcome/:id': (i) => ({ url: `/api/cashier/outcome/${i.outcomeKind}`, scoped: true }),
  'GET /api/expense': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/expense/check': (i) => ({ query: { companyId: i.company, no: 'MXE1' }, scoped: true }),
  'GET /api/expense/kind': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/expense/kind': (i) => ({ body: { companyId: i.company, name: '矩阵费用2' }, scoped: true }),
  'POST /api/expense/kind/:id': (i) => ({ url: `/api/expense/kind/${i.expenseKind}`, body: { disabled: true }, scoped: true }),
  'POST /api/expense/lock': (i) => ({ body: { lock: true, ids: [i.expense] }, scoped: true }),
  'GET /api/expense/:id': (i) => ({ url: `/api/expense/${i.expense}`, scoped: true }),
  'POST /api/expense': (i) => ({ body: { companyId: i.company, markAt: '2025-01-10', invoices: [{ expenseKindId: i.expenseKind, issueAt: '2025-01-09', no: 'MXE2', amount: 100 }] }, scoped: true }),
  'POST /api/expense/:id': (i) => ({ url: `/api/expense/${i.expense}`, body: { markAt: '2025-01-10', invoices: [{ expenseKindId: i.expenseKind, issueAt: '2025-01-09', no: 'MXE3', amount: 100 }] }, scoped: true }),
  'DELETE /api/expense/:id': (i) => ({ url: `/api/expense/${i.expense}`, scoped: true }),
  'GET /api/expense/exportXls': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/expense/export': (i) => ({ body: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/expense/importXls': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/expense/template': () => ({}),
  'GET /api/cashier/cash': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/cashier/cash/total': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'GET /api/cashier/cash/exportXls': (i) => ({ query: { filter: { accountId: i.account } }, scoped: true }),
  'POST /api/cashier/cash/export': (i) => ({ body: { filter: { accountId: i.account } }, scoped: true }),
  'POST /api/cashier/cash/importXls': (i) => ({ query: { bankAccountId: i.bankAccount }, scoped: true }),
  'GET /api/cashier/cash/template': () => ({}),
  'POST /api/cashier/cash': (i) => ({ body: { bankAccountId: i.bankAccount, lines: [{ date: '2025-01-12', summary: 'matrix', receiptCents: 5 }] }, scoped: true }),
  'POST /api/cashier/cash/:id': (i) => ({ url: `/api/cashier/cash/${i.cashLine}`, body: { date: '2025-01-12', summary: 'changed', paymentCents: 7 }, scoped: true }),
  'DELETE /api/cashier/cash/:id': (i) => ({ url: `/api/cashier/cash/${i.cashLine}`, scoped: true }),
  'GET /api/cashier/code': (i) => ({ query: { bankAccountId: i.bankAccount, date: '2025-01-31' }, scoped: true }),
  'GET /api/cashier/balance': (i) => ({ query: { accountId: i.account, dateFrom: '2025-01-01', dateTo: '2025-01-31' }, scoped: true }),
  'GET /api/cashier/cashBalance': (i) => ({ query: { accountId: i.account, date: '2025-01-31' }, scoped: true }),
  'GET /api/cashier/cash/fromVoucher': (i) => ({ query: { filter: { bankAccountId: i.bankAccount, dateFrom: '2025-01-01', dateTo: '2025-01-31' } }, scoped: true }),
  'POST /api/cashier/cash/fromVoucher': (i) => ({ body: { bankAccountId: i.bankAccount, itemIds: [MISSING_ID] }, scoped: true }),
  'POST /api/cashier/calcCashBalance': (i) => ({ body: { bankAccountId: i.bankAccount }, scoped: true }),
  'POST /api/cashier/calcCashBalances': (i) => ({ body: { bankAccountIds: [i.bankAccount] }, scoped: true }),
  'GET /api/cashier/opening': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'POST /api/cashier/opening': (i) => ({ body: { accountId: i.account, openings: [{ bankAccountId: i.bankAccount, startDate: '2025-01-01', openingCents: 99 }] }, scoped: true }),
};

/** Two lines on the cash subject (debit and credit 1.00): a valid body whatever the ids. */
function matrixItems(i: Ids) {
  return [
    { summary: '矩阵凭证', subjectId: i.subject, direction: true, amount: '100' },
    { summary: '矩阵凭证', subjectId: i.subject, direction: false, amount: '100' },
  ];
}

/**
 * List routes called with no filter at all: the company scope is implied (the session's company or
 * every company where the caller holds the right), so a caller without the right must still get 403,
 * not an empty list.
 */
const unfiltered: Record<string, Sample> = {
  'GET /api/idm/user': {},
  'GET /api/idm/role': {},
  'GET /api/idm/userRole': {},
  'GET /api/idm/userCompany': {},
  'GET /api/idm/user/exists': { query: { username: 'clerk' } },
};

describe.each(backends())('rights matrix (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let norights: string;
  let foreigner: string;
  let ids: Ids;
  const MISSING = MISSING_ID;
  const missing: Ids = { user: MISSING, role: MISSING, userRole: MISSING, userCompany: MISSING, company: MISSING, account: MISSING, accountYear: MISSING, period: MISSING, userData: MISSING, voucherKind: MISSING, currency: MISSING, subject: MISSING, department: MISSING, employee: MISSING, customer: MISSING, project: MISSING, exportToken: 'M'.repeat(32), budget: MISSING, vendor: MISSING, invoice: MISSING, invoiceAttachment: MISSING, voucher: MISSING, bank: MISSING, bankAccount: MISSING, incomeKind: MISSING, outcomeKind: MISSING, expense: MISSING, expenseKind: MISSING, reportRow: MISSING, cashLine: MISSING, summary: MISSING };

  /** The matrix company's rows are exactly as built: the refused calls changed nothing. */
  const expectUnchanged = async () => {
    const company = (await t.call('GET', `/api/company/${ids.company}`, { token: admin })).json().data;
    expect(company.phone).toBe('010-12345678');
    expect(company.deleted).toBe(false);
    const user = (await t.call('GET', `/api/idm/user/${ids.user}`, { token: admin })).json().data;
    expect(user).toMatchObject({ name: '张记账', state: 'NORMAL' });
    const account = (await t.call('GET', `/api/account/${ids.account}`, { token: admin })).json().data;
    expect(account).toMatchObject({ name: '主账套 Main ledger', main: 1, deleted: false });
    const periods = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: ids.accountYear } })).json().data.content;
    expect(periods[0].endAt).toBe('2025-01-31');
    const years = (await t.call('GET', '/api/account/year', { token: admin, query: { accountId: ids.account } })).json().data.content;
    expect(years.map((y: { year: number }) => y.year)).toEqual([2025, 2026]);
    const role = (await t.call('GET', `/api/idm/role/${ids.role}`, { token: admin })).json().data;
    expect(role.name).toBe('记账员 Clerk');
    expect(role.rightIds).toContain(2010101);
    const kinds = (await t.call('GET', '/api/voucher/kind', { token: admin, query: { accountId: ids.account } })).json().data.content;
    expect(kinds.map((k: { name: string }) => k.name)).toEqual(['记', '收', '付', '转']);
    expect((await t.call('GET', '/api/voucher/codeRule', { token: admin, query: { accountId: ids.account } })).json().data.length).toBe(4);
    const currencies = (await t.call('GET', '/api/common/currency', { token: admin, query: { companyId: ids.company } })).json().data.content;
    expect(currencies.map((c: { code: string }) => c.code)).toEqual(['CNY']);
    const subjects = (await t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: ids.accountYear } } })).json().data;
    expect(subjects.total).toBe(66);
    expect(subjects.content[0]).toMatchObject({ code: '1001', name: '库存现金' });
    const rule = (await t.call('GET', '/api/subject/codeRule', { token: admin, query: { accountYearId: ids.accountYear } })).json().data;
    expect(rule.levels.map((l: { length: number }) => l.length)).toEqual([4, 2, 2, 2]);
    const depts = (await t.call('GET', '/api/aux/department', { token: admin, query: { filter: { companyId: ids.company } } })).json().data;
    expect(depts.content.map((d: { name: string }) => d.name)).toEqual(['矩阵部门']);
    const emps = (await t.call('GET', '/api/aux/employee', { token: admin, query: { filter: { companyId: ids.company } } })).json().data;
    expect(emps.content.map((e: { name: string; userId: number | null }) => [e.name, e.userId])).toEqual([['矩阵员工', null]]);
    const clients = (await t.call('GET', '/api/aux/customer', { token: admin, query: { filter: { companyId: ids.company } } })).json().data;
    expect(clients.content.map((c: { name: string; version: number }) => [c.name, c.version])).toEqual([['矩阵客户', 0]]);
    const projects = (await t.call('GET', '/api/aux/project', { token: admin, query: { filter: { companyId: ids.company } } })).json().data;
    const voucher = (await t.call('GET', `/api/voucher/${ids.voucher}`, { token: admin })).json().data;
    expect(voucher).toMatchObject({ state: 'NORMAL', lifecycle: 'draft', markTime: '2025-01-10', version: 0, debitCents: '100' });
    expect(projects.content.map((p: { name: string; clientIds: number[]; version: number }) => [p.name, p.clientIds, p.version])).toEqual([['矩阵项目', [ids.customer], 0]]);
    const invoices = (await t.call('GET', '/api/invoice', { token: admin, query: { filter: { companyId: ids.company } } })).json().data;
    expect(invoices.content.map((i: { no: string; remark: string | null; opened: boolean; version: number; attachments: Array<{ id: number }> }) => [i.no, i.remark, i.opened, i.version, i.attachments.map((a) => a.id)]))
      .toEqual([['MXI', null, false, 0, [ids.invoiceAttachment]]]);
    const banks = (await t.call('GET', '/api/common/bank', { token: admin, query: { filter: { companyId: ids.company } } })).json().data;
    expect(banks.content.map((b: { code: string; version: number }) => [b.code, b.version])).toEqual([['MXB', 0]]);
    const bankAccounts = (await t.call('GET', '/api/common/bankAccount', { token: admin, query: { filter: { accountId: ids.account } } })).json().data;
    expect(bankAccounts.content.map((a: { code: string; version: number }) => [a.code, a.version])).toEqual([['MXA', 0]]);
    const lines = (await t.call('GET', '/api/cashier/cash', { token: admin, query: { filter: { accountId: ids.account } } })).json().data;
    expect(lines.content.map((l: { summary: string; receiptCents: string; version: number }) => [l.summary, l.receiptCents, l.version])).toEqual([['矩阵日记账', '100', 0]]);
    const openings = (await t.call('GET', '/api/cashier/opening', { token: admin, query: { accountId: ids.account } })).json().data;
    expect(openings.map((o: { id: number | null }) => o.id)).toEqual([null]);
    for (const dir of ['income', 'outcome']) {
      const kinds = (await t.call('GET', `/api/cashier/${dir}`, { token: admin, query: { filter: { accountId: ids.account } } })).json().data;
      expect(kinds.content.map((k: { name: string; version: number }) => [k.name, k.version])).toEqual([[dir === 'income' ? '矩阵收入' : '矩阵支出', 0]]);
    }
    const expenses = (await t.call('GET', '/api/expense', { token: admin, query: { filter: { companyId: ids.company }, expand: 'invoices' } })).json().data;
    expect(expenses.content.map((e: { code: string; lockAt: string | null; version: number; invoices: Array<{ no: string }> }) => [e.code, e.lockAt, e.version, e.invoices.map((x) => x.no)])).toEqual([['2025010001', null, 0, ['MXE']]]);
    const expenseKinds = (await t.call('GET', '/api/expense/kind', { token: admin, query: { filter: { companyId: ids.company } } })).json().data;
    expect(expenseKinds.content.map((k: { name: string; disabled: boolean }) => [k.name, k.disabled])).toEqual([['矩阵费用', false]]);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    const post = async (url: string, body: unknown, token = admin) => data(t.call('POST', url, { token, body }), url);
    // The matrix company: a ledger set with years 2025 and 2026, a clerk role and a clerk holding it.
    const company = await makeCompany(t, admin, { phone: '010-12345678' });
    const account = await post('/api/account', { companyId: company.id, name: '主账套 Main ledger', year: 2025 });
    await post('/api/account/year', { accountId: account.id, year: 2026 });
    const year2025 = account.accountYears[0].id as number;
    const periods = await data(t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: year2025 } }), 'periods');
    const clerkRole = await makeRole(t, admin, company.id, [1, 2010101], '记账员 Clerk');
    const clerk = await makeUser(t, admin, company.id, { roleIds: [clerkRole.id], name: '张记账' });
    norights = (await makeUser(t, admin, company.id)).token;
    const foreignCompany = await makeCompany(t, admin);
    foreigner = (await makeUser(t, admin, foreignCompany.id, { rightIds: ALL_RIGHT_IDS })).token;
    const ud = await post('/api/system/userData', { kind: 'list', content: { w: 1 } }, clerk.token);
    const userRoles = (await data(t.call('GET', '/api/idm/userRole', { token: admin, query: { filter: { companyId: company.id, userId: clerk.id } } }), 'userRole')).content;
    const userCompanies = (await data(t.call('GET', '/api/idm/userCompany', { token: admin, query: { filter: { companyId: company.id, userId: clerk.id } } }), 'userCompany')).content;
    const kinds = (await data(t.call('GET', '/api/voucher/kind', { token: admin, query: { accountId: account.id } }), 'kinds')).content;
    const currencies = (await data(t.call('GET', '/api/common/currency', { token: admin, query: { companyId: company.id } }), 'currencies')).content;
    const cash = (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: year2025, code: '1001' } } }), 'subjects')).content[0];
    const dept = await post('/api/aux/department', { companyId: company.id, code: 'MX', name: '矩阵部门' });
    const emp = await post('/api/aux/employee', { companyId: company.id, code: 'MX01', name: '矩阵员工', departmentId: dept.id });
    const client = await post('/api/aux/customer', { companyId: company.id, code: 'MXC', name: '矩阵客户', ownerId: emp.id });
    const project = await post('/api/aux/project', { companyId: company.id, code: 'MXP', name: '矩阵项目', clients: [client.id], principals: [emp.id] });
    const exportTask = await post('/api/subject/export', { filter: { accountYearId: year2025 } }, clerk.token);
    const invoice = await post('/api/invoice', { projectId: project.id, no: 'MXI', date: '2026-01-01', amount: 100 });
    const boundary = '----matrix';
    const pdf = Buffer.from(minimalPdf(['Matrix invoice']));
    const uploaded = await t.app.inject({
      method: 'POST', url: `/api/invoice/${invoice.id}/attachment`,
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mx.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` },
    });
    const invoiceAttachment = uploaded.json().data.attachments[0].id as number;
    const budget = await post('/api/aux/budget', { accountYearId: year2025, code: '9001', name: '矩阵预算' });
    const vendor = await post('/api/aux/vendor', { accountId: account.id, code: 'MXV', name: '矩阵供应商' });
    const voucher = await post('/api/voucher', { accountId: account.id, kindId: kinds[1].id, markTime: '2025-01-10', items: [
      { summary: '矩阵凭证', subjectId: cash.id, direction: true, amount: '100' }, { summary: '矩阵凭证', subjectId: cash.id, direction: false, amount: '100' }] });
    const revenue = (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: year2025, code: '5001' } } }), 'subjects')).content[0];
    const bank = await post('/api/common/bank', { companyId: company.id, code: 'MXB', name: '矩阵银行' });
    const summary = await post('/api/common/commonlySummary', { companyId: company.id, code: 'MX', summary: '矩阵常用摘要' });
    const bankAccount = await post('/api/common/bankAccount', { accountYearId: year2025, code: 'MXA', name: '矩阵现金', kind: 'CASH', subjectId: cash.id });
    const incomeKind = await post('/api/cashier/income', { accountYearId: year2025, code: 'MXI', name: '矩阵收入', subjectId: revenue.id });
    const outcomeKind = await post('/api/cashier/outcome', { accountYearId: year2025, code: 'MXO', name: '矩阵支出', subjectId: revenue.id });
    const [cashLine] = await post('/api/cashier/cash', { bankAccountId: bankAccount.id, lines: [{ date: '2025-01-10', summary: '矩阵日记账', receiptCents: 100 }] });
    const expenseKind = await post('/api/expense/kind', { companyId: company.id, name: '矩阵费用' });
    const expense = await post('/api/expense', { companyId: company.id, markAt: '2025-01-10', invoices: [{ expenseKindId: expenseKind.id, issueAt: '2025-01-09', no: 'MXE', amount: 100 }] });
    ids = { user: clerk.id, role: clerkRole.id, userRole: userRoles[0].id, userCompany: userCompanies[0].id, company: company.id, account: account.id, accountYear: year2025, period: periods.content[0].id, userData: ud.id, voucherKind: kinds[1].id, currency: currencies[0].id, subject: cash.id, department: dept.id, employee: emp.id, customer: client.id, project: project.id, exportToken: exportTask.token as string, budget: budget.id, vendor: vendor.id, invoice: invoice.id, invoiceAttachment, voucher: voucher.id, bank: bank.id, bankAccount: bankAccount.id, incomeKind: incomeKind.id, outcomeKind: outcomeKind.id, expense: expense.id, expenseKind: expenseKind.id, reportRow: 0, cashLine: cashLine.id, summary: summary.id };
    ids.reportRow = ((await t.call('GET', '/api/report/definition', { token: admin, query: { companyId: company.id, kind: 'INCOME_STATEMENT' } })).json().data as Array<{ id: number }>)[0].id;
    await expectUnchanged();
  });
  afterAll(async () => t?.close());

  const send = (method: string, key: string, s: Sample, token?: string) =>
    t.call(method as 'GET', s.url ?? key.split(' ')[1], { token, query: s.query, body: s.body ?? (method === 'POST' ? {} : undefined) });

  it('has a sample for every declared route', () => {
    const keys = t.app.declaredRoutes.filter((r) => !('public' in r.access)).map((r) => `${r.method} ${r.url}`);
    const lacking = keys.filter((k) => !samples[k]);
    expect(lacking).toEqual([]);
  });

  it('refuses every non-public route without a token (401)', async () => {
    for (const r of t.app.declaredRoutes.filter((x) => !('public' in x.access))) {
      const key = `${r.method} ${r.url}`;
      const res = await send(r.method, key, samples[key](ids));
      expect(res.statusCode, key).toBe(401);
      expect(res.json().code, key).toBe('UNAUTHENTICATED');
    }
    await expectUnchanged();
  });

  it('refuses a same-company user without the right (403 No permission to operate)', async () => {
    let checked = 0;
    for (const r of t.app.declaredRoutes) {
      if ('public' in r.access || (r.access.right === null && !r.access.adminOnly)) continue;
      const key = `${r.method} ${r.url}`;
      const res = await t.call(r.method as 'GET', samples[key](ids).url ?? r.url, { token: norights, query: samples[key](ids).query, body: samples[key](ids).body ?? (r.method === 'POST' ? {} : undefined), lang: 'en_US' });
      expect(res.statusCode, key).toBe(403);
      expect(res.json(), key).toMatchObject({ success: false, code: 'NO_PERMISSION', msg: 'No permission to operate', data: null });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
    await expectUnchanged();
  });

  it('refuses list routes without any filter to a user lacking the right (no empty 200)', async () => {
    for (const [key, s] of Object.entries(unfiltered)) {
      const [method, url] = key.split(' ');
      expect(t.app.declaredRoutes.some((r) => `${r.method} ${r.url}` === key), key).toBe(true);
      const res = await t.call(method as 'GET', url, { token: norights, query: s.query, lang: 'en_US' });
      expect(res.statusCode, key).toBe(403);
      expect(res.json(), key).toMatchObject({ success: false, code: 'NO_PERMISSION', msg: 'No permission to operate', data: null });
    }
    await expectUnchanged();
  });

  it('answers a foreign company id exactly like a missing id, and refuses both', async () => {
    let checked = 0;
    for (const r of t.app.declaredRoutes) {
      if ('public' in r.access) continue;
      const key = `${r.method} ${r.url}`;
      const s = samples[key](ids);
      if (!s.scoped) continue;
      const foreign = await send(r.method, key, s, foreigner);
      const miss = await send(r.method, key, samples[key](missing), foreigner);
      expect(foreign.statusCode, key).toBe(403);
      expect({ status: miss.statusCode, code: miss.json().code, msg: miss.json().msg }, key).toEqual({ status: foreign.statusCode, code: foreign.json().code, msg: foreign.json().msg });
      checked++;
    }
    expect(checked).toBeGreaterThan(25);
    await expectUnchanged();
    // Two calls per scoped route (~400 in all): minutes when the machine is busy with other test files.
  }, 120_000);
});
