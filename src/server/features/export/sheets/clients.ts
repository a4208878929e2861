/**
 * The client (customer) and project workbooks (spec 02 §2.5, §5, §6). Exports hold only what the
 * caller's list shows (the visibility rule: own rows unless admin or the view-all right); imports
 * update only rows the caller may see (another code answers like a duplicate, as the form does).
 */
import { customerCreateBody, customerUpdateBody, projectCreateBody, projectUpdateBody, type CustomerDto, type ProjectDto } from '../../../../contract/clients';
import { auxKinds, projectKinds } from '../../../../domain/enums';
import { RIGHTS } from '../../../../domain/rights';
import type { Db } from '../../../db/client';
import * as clients from '../../clients/service';
import * as staff from '../../staff/service';
import type { SheetDef, SheetScope } from '../sheet';
import { amount, byCode, AMOUNT_NUM_FMT, centsCell, collect, flag, joinCodes, keyed, listPaging, oneOf, optionalText, refByCode, refsByCodes } from './cells';

type CustomerFilter = Parameters<typeof clients.listCustomers>[3]['filter'];
type ProjectFilter = Parameters<typeof clients.listProjects>[3]['filter'];

const viewer = (s: SheetScope, viewAllRight: number): clients.Viewer => ({ userId: s.userId, isAdmin: s.isAdmin, viewAll: s.has(viewAllRight) });
const C = RIGHTS.CUSTOMER_VIEW_ALL;
const P = RIGHTS.PROJECT_VIEW_ALL;
const employeesByCode = async (db: Db, companyId: number) => byCode(await collect((p) => staff.listEmployees(db, companyId, p), {}));
const visibleCustomers = (db: Db, s: SheetScope) => collect((p) => clients.listCustomers(db, s.companyId, viewer(s, C), p), {} as CustomerFilter);
const visibleProjects = (db: Db, s: SheetScope) => collect((p) => clients.listProjects(db, s.companyId, viewer(s, P), p), {} as ProjectFilter);

const KIND_WORDS = { NORMAL: ['普通', 'Normal'], VIP: ['VIP'], OTHER: ['其他', 'Other'] };

interface CustomerCtx { employees: Map<string, number> }

export const customerSheet: SheetDef<CustomerDto, CustomerCtx, CustomerFilter> = {
  kind: 'CUSTOMER',
  name: { zh: '客户', en: 'Clients', file: 'clients' },
  keyField: 'code',
  columns: [
    { zh: '客户编码', en: 'Code', width: 14, field: 'code', required: true, cell: (c) => c.code, example: 'C001', note: { zh: '必填，公司内唯一；已存在的编码会被更新', en: 'Required, unique in the company; an existing code is updated' } },
    { zh: '客户名称', en: 'Name', width: 28, field: 'name', required: true, cell: (c) => c.name, example: '某某科技有限公司', note: { zh: '必填', en: 'Required' } },
    { zh: '类型', en: 'Kind', width: 10, field: 'kind', cell: (c) => c.kind, parse: oneOf(auxKinds, KIND_WORDS), example: 'NORMAL', note: { zh: 'NORMAL/VIP/OTHER，空 = NORMAL', en: 'NORMAL/VIP/OTHER, empty = NORMAL' } },
    { zh: '负责人编码', en: 'Owner code', width: 14, field: 'ownerId', cell: (c) => c.owner?.code ?? null, parse: refByCode((x: CustomerCtx) => x.employees), example: 'E001', note: { zh: '员工编码，可空', en: "An employee's code, may be empty" } },
    { zh: '开户行', en: 'Bank', width: 20, field: 'bankName', cell: (c) => c.bankName, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '银行账号', en: 'Bank account', width: 22, field: 'bankAccount', cell: (c) => c.bankAccount, parse: optionalText, example: null, note: { zh: '可空（请以文本填写）', en: 'May be empty (enter as text)' } },
    { zh: '发票抬头', en: 'Invoice title', width: 24, field: 'invoiceTitle', cell: (c) => c.invoiceTitle, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '税号', en: 'Tax number', width: 22, field: 'taxNumber', cell: (c) => c.taxNumber, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '地址', en: 'Address', width: 30, field: 'address', cell: (c) => c.address, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '曾用名', en: 'Former name', width: 20, field: 'formerName', cell: (c) => c.formerName, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '停用', en: 'Disabled', width: 10, field: 'disabled', cell: (c) => c.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
  ],
  context: async (db, s) => ({ employees: await employeesByCode(db, s.companyId) }),
  page: (db, s, filter, offset, limit) => clients.listCustomers(db, s.companyId, viewer(s, C), listPaging(filter, offset, limit)),
  existing: async (tx, s) => keyed(await visibleCustomers(tx, s)),
  createBody: customerCreateBody,
  updateBody: customerUpdateBody,
  scopeFields: (s) => ({ companyId: s.companyId }),
  ruleFields: { DATA_DUPLICATION: 'code', EMPLOYEE_DISABLED: 'ownerId' },
  create: (tx, _s, body: Parameters<typeof clients.createCustomer>[1]) => clients.createCustomer(tx, body),
  update: (tx, s, c, body: Parameters<typeof clients.updateCustomer>[4]) => clients.updateCustomer(tx, s.companyId, viewer(s, C), c.id, body),
};

interface ProjectCtx { employees: Map<string, number>; customers: Map<string, number>; departments: Map<string, number> }

export const projectSheet: SheetDef<ProjectDto, ProjectCtx, ProjectFilter> = {
  kind: 'PROJECT',
  name: { zh: '项目', en: 'Projects', file: 'projects' },
  keyField: 'code',
  columns: [
    { zh: '项目编码', en: 'Code', width: 14, field: 'code', required: true, cell: (p) => p.code, example: 'P2025001', note: { zh: '必填，公司内唯一；已存在的编码会被更新', en: 'Required, unique in the company; an existing code is updated' } },
    { zh: '项目名称', en: 'Name', width: 28, field: 'name', required: true, cell: (p) => p.name, example: '某某合同纠纷', note: { zh: '必填', en: 'Required' } },
    { zh: '类型', en: 'Kind', width: 16, field: 'kind', cell: (p) => p.kind, parse: oneOf(projectKinds, { LITIGATION: ['诉讼', 'Litigation'], NON_LITIGATION: ['非诉', '非诉讼', 'Non-litigation'] }), example: 'LITIGATION', note: { zh: 'LITIGATION（诉讼）/NON_LITIGATION（非诉），空 = 非诉', en: 'LITIGATION / NON_LITIGATION, empty = NON_LITIGATION' } },
    { zh: '客户编码', en: 'Client codes', width: 18, field: 'clients', cell: (p) => joinCodes(p.clients), parse: refsByCodes((x: ProjectCtx) => x.customers), example: 'C001', note: { zh: '必填，一个或多个客户编码，用逗号分隔', en: "Required: one or more clients' codes, separated by commas" } },
    { zh: '负责人编码', en: 'Principal codes', width: 18, field: 'principals', cell: (p) => joinCodes(p.principals), parse: refsByCodes((x: ProjectCtx) => x.employees), example: 'E001', note: { zh: '必填，一个或多个员工编码，用逗号分隔', en: "Required: one or more employees' codes, separated by commas" } },
    { zh: '部门编码', en: 'Department code', width: 14, field: 'departmentId', cell: (p) => p.department?.code ?? null, parse: refByCode((x: ProjectCtx) => x.departments), example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '金额', en: 'Amount', width: 16, field: 'amount', numFmt: AMOUNT_NUM_FMT, cell: (p) => centsCell(p.amount), parse: amount, example: '50000.00', note: { zh: '元，最多两位小数，可带千分位', en: 'In currency units, at most 2 decimals, thousands separators allowed' } },
    { zh: '对方当事人', en: 'Opposing party', width: 20, field: 'oppParty', cell: (p) => p.oppParty, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '原告', en: 'Plaintiff', width: 18, field: 'plaintiff', cell: (p) => p.plaintiff, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '被告', en: 'Defendant', width: 18, field: 'defendant', cell: (p) => p.defendant, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '案情摘要', en: 'Summary', width: 30, field: 'summary', cell: (p) => p.summary, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '备注', en: 'Remark', width: 24, field: 'remark', cell: (p) => p.remark, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '停用', en: 'Disabled', width: 10, field: 'disabled', cell: (p) => p.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
  ],
  context: async (db, s) => ({
    employees: await employeesByCode(db, s.companyId),
    customers: byCode(await visibleCustomers(db, s)),
    departments: byCode(await collect((p) => staff.listDepartments(db, s.companyId, p), {})),
  }),
  page: (db, s, filter, offset, limit) => clients.listProjects(db, s.companyId, viewer(s, P), listPaging(filter, offset, limit)),
  existing: async (tx, s) => keyed(await visibleProjects(tx, s)),
  createBody: projectCreateBody,
  updateBody: projectUpdateBody,
  scopeFields: (s) => ({ companyId: s.companyId }),
  current: (p, field) => (field === 'clients' ? p.clientIds : field === 'principals' ? p.principalIds : (p as Record<string, unknown>)[field]),
  ruleFields: { DATA_DUPLICATION: 'code', DEPARTMENT_NOT_LEAF: 'departmentId', DEPARTMENT_DISABLED: 'departmentId', CUSTOMER_DISABLED: 'clients', EMPLOYEE_DISABLED: 'principals', PROJECT_CLIENT_REQUIRED: 'clients', PROJECT_PRINCIPAL_REQUIRED: 'principals' },
  create: (tx, _s, body: Parameters<typeof clients.createProject>[1]) => clients.createProject(tx, body),
  update: (tx, s, p, body: Parameters<typeof clients.updateProject>[4]) => clients.updateProject(tx, s.companyId, viewer(s, P), p.id, body),
};
