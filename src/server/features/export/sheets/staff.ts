/** The department and employee workbooks (spec 02 §2.3, §5): code first, references by code. */
import { departmentCreateBody, departmentUpdateBody, employeeCreateBody, employeeUpdateBody, type DepartmentDto, type EmployeeDto } from '../../../../contract/staff';
import type { Db } from '../../../db/client';
import { DomainError } from '../../../../domain/result-codes';
import * as staff from '../../staff/service';
import { codeKey, halfWidth } from '../../../../domain/half-width';
import type { Parsed, SheetDef, SheetRow, SheetScope } from '../sheet';
import { byCode, collect, date, flag, keyed, listPaging, optionalText, refByCode } from './cells';

type Filter = Parameters<typeof staff.listDepartments>[2]['filter'];
type EmployeeFilter = Parameters<typeof staff.listEmployees>[2]['filter'];

const allDepartments = (db: Db, companyId: number) => collect((p) => staff.listDepartments(db, companyId, p), {} as Filter);
const allEmployees = (db: Db, companyId: number) => collect((p) => staff.listEmployees(db, companyId, p), {} as EmployeeFilter);

interface DepartmentCtx { departments: Map<number, DepartmentDto>; employees: Map<string, number> }

/** Parents before children, siblings in sheet order (a parent named by a row below still comes first). */
function parentsFirst(rows: SheetRow[]): SheetRow[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out: SheetRow[] = [];
  const done = new Set<SheetRow>();
  const visit = (r: SheetRow, path: Set<SheetRow>) => {
    if (done.has(r) || path.has(r)) return;
    path.add(r);
    const parent = byKey.get(codeKey(r.texts.parentId ?? ''));
    if (parent) visit(parent, path);
    done.add(r);
    out.push(r);
  };
  for (const r of rows) visit(r, new Set());
  return out;
}

export const departmentSheet: SheetDef<DepartmentDto, DepartmentCtx, Filter> = {
  kind: 'DEPARTMENT',
  name: { zh: '部门', en: 'Departments', file: 'departments' },
  keyField: 'code',
  columns: [
    { zh: '部门编码', en: 'Code', width: 16, field: 'code', required: true, cell: (d) => d.code, example: 'D01', note: { zh: '必填，公司内唯一；已存在的编码会被更新', en: 'Required, unique in the company; an existing code is updated' } },
    { zh: '部门名称', en: 'Name', width: 24, field: 'name', required: true, cell: (d) => d.name, example: '诉讼部', note: { zh: '必填', en: 'Required' } },
    {
      zh: '上级部门编码', en: 'Parent code', width: 16, field: 'parentId',
      cell: (d, ctx) => (d.parentId ? ctx.departments.get(d.parentId)?.code ?? null : null),
      // Settled in the transaction (resolve): the parent may be a row of this very sheet.
      parse: () => ({ skip: true }),
      example: null, note: { zh: '空 = 顶级部门（已存在的部门留空则不移动）；可以是本表中前面或后面的行', en: 'Empty = a top-level department (an existing one left empty stays where it is); may be another row of this sheet' },
    },
    { zh: '负责人编码', en: 'Principal code', width: 16, field: 'principalId', cell: (d) => d.principal?.code ?? null, parse: refByCode((c: DepartmentCtx) => c.employees), example: null, note: { zh: '员工编码，可空', en: "An employee's code, may be empty" } },
    { zh: '停用', en: 'Disabled', width: 10, field: 'disabled', cell: (d) => d.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
  ],
  context: async (db, s) => ({ departments: new Map((await allDepartments(db, s.companyId)).map((d) => [d.id, d])), employees: byCode(await allEmployees(db, s.companyId)) }),
  page: (db, s, filter, offset, limit) => staff.listDepartments(db, s.companyId, listPaging(filter, offset, limit)),
  existing: async (tx, s) => keyed(await allDepartments(tx, s.companyId)),
  createBody: departmentCreateBody,
  updateBody: departmentUpdateBody,
  scopeFields: (s) => ({ companyId: s.companyId }),
  order: parentsFirst,
  resolve: async (tx, s, row) => {
    if (!('parentId' in row.texts)) return;
    const code = row.texts.parentId;
    let parentId: number | null = null;
    if (code) {
      const parent = (await allDepartments(tx, s.companyId)).find((d) => codeKey(d.code) === codeKey(code));
      if (!parent) throw new DomainError('IMPORT_REFERENCE_UNKNOWN', { code });
      parentId = parent.id;
    }
    row.create.parentId = parentId;
    // A blank parent keeps an existing department where it is (blank cells keep stored values).
    if (code) row.update.parentId = parentId;
  },
  ruleFields: { DATA_DUPLICATION: 'code', PARENT_IN_USE: 'parentId', PARENT_IS_SELF: 'parentId', IMPORT_REFERENCE_UNKNOWN: 'parentId', EMPLOYEE_DISABLED: 'principalId' },
  create: (tx, _s, body: Parameters<typeof staff.createDepartment>[1]) => staff.createDepartment(tx, body),
  update: (tx, s, d, body: Parameters<typeof staff.updateDepartment>[3]) => staff.updateDepartment(tx, s.companyId, d.id, body),
};

interface EmployeeCtx { departments: Map<string, number> }

/**
 * Sex as a language-neutral code, as the other enum columns are (NORMAL, INCOME, BORROWER): M / F in
 * both languages' exports and the template. The import also reads the words a sheet typed by hand
 * may hold (男/女, Male/Female, 1/0).
 */
export const SEX_CODES = { 1: 'M', 0: 'F' } as const;
const SEX_WORDS = { 1: ['M', '男', 'MALE', 'MAN', '1'], 0: ['F', '女', 'FEMALE', 'WOMAN', '0'] };
export const sexOf = (text: string): Parsed => {
  if (text === '') return { value: null };
  const t = halfWidth(text).toUpperCase();
  if (SEX_WORDS[1].includes(t)) return { value: 1 };
  if (SEX_WORDS[0].includes(t)) return { value: 0 };
  return { error: 'oneOf', params: { values: 'M / F / 男 / 女' } };
};
export const sexCell = (sex: number | null): string | null => (sex === 1 ? SEX_CODES[1] : sex === 0 ? SEX_CODES[0] : null);

export const employeeSheet: SheetDef<EmployeeDto, EmployeeCtx, EmployeeFilter> = {
  kind: 'EMPLOYEE',
  name: { zh: '员工', en: 'Employees', file: 'employees' },
  keyField: 'code',
  columns: [
    { zh: '员工编码', en: 'Code', width: 14, field: 'code', required: true, cell: (e) => e.code, example: 'E001', note: { zh: '必填，公司内唯一（去掉首尾空格）；已存在的编码会被更新', en: 'Required, unique in the company (trimmed); an existing code is updated' } },
    { zh: '姓名', en: 'Name', width: 16, field: 'name', required: true, cell: (e) => e.name, example: '张三', note: { zh: '必填', en: 'Required' } },
    { zh: '性别', en: 'Sex', width: 8, field: 'sex', cell: (e) => sexCell(e.sex), parse: sexOf, example: 'M', note: { zh: 'M（男）/F（女），也可填 男/女，可空', en: 'M (male) / F (female), 男/女 also read; may be empty' } },
    { zh: '部门编码', en: 'Department code', width: 16, field: 'departmentId', cell: (e) => e.department?.code ?? null, parse: refByCode((c: EmployeeCtx) => c.departments), example: 'D01', note: { zh: '必填，末级部门的编码', en: "Required, a last-level department's code" } },
    { zh: '电话', en: 'Phone', width: 16, field: 'phone', cell: (e) => e.phone, parse: optionalText, example: '13800000000', note: { zh: '去掉首尾空格', en: 'Trimmed' } },
    { zh: '职位', en: 'Position', width: 14, field: 'position', cell: (e) => e.position, parse: optionalText, example: '律师', note: { zh: '可空', en: 'May be empty' } },
    { zh: '业务员', en: 'Salesman', width: 10, field: 'salesman', cell: (e) => e.salesman, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
    { zh: '出生日期', en: 'Birthday', width: 12, field: 'birthday', cell: (e) => e.birthday, parse: date, example: '1990-01-31', note: { zh: 'YYYY-MM-DD 或 Excel 日期', en: 'YYYY-MM-DD or an Excel date' } },
    { zh: '入职日期', en: 'Entry date', width: 12, field: 'entryDate', cell: (e) => e.entryDate, parse: date, example: '2024-03-01', note: { zh: 'YYYY-MM-DD 或 Excel 日期', en: 'YYYY-MM-DD or an Excel date' } },
    { zh: '离职日期', en: 'Leave date', width: 12, field: 'leaveDate', cell: (e) => e.leaveDate, parse: date, example: null, note: { zh: 'YYYY-MM-DD 或 Excel 日期', en: 'YYYY-MM-DD or an Excel date' } },
    { zh: '备注', en: 'Remark', width: 24, field: 'remark', cell: (e) => e.remark, parse: optionalText, example: null, note: { zh: '可空', en: 'May be empty' } },
    { zh: '停用', en: 'Disabled', width: 10, field: 'disabled', cell: (e) => e.disabled, parse: flag, example: false, note: { zh: '是/否', en: 'Yes/No' } },
  ],
  context: async (db, s) => ({ departments: byCode(await allDepartments(db, s.companyId)) }),
  page: (db, s, filter, offset, limit) => staff.listEmployees(db, s.companyId, listPaging(filter, offset, limit)),
  existing: async (tx, s) => keyed(await allEmployees(tx, s.companyId)),
  createBody: employeeCreateBody,
  updateBody: employeeUpdateBody,
  scopeFields: (s: SheetScope) => ({ companyId: s.companyId }),
  ruleFields: { DATA_DUPLICATION: 'code', DEPARTMENT_NOT_LEAF: 'departmentId', DEPARTMENT_DISABLED: 'departmentId' },
  create: (tx, _s, body: Parameters<typeof staff.createEmployee>[1]) => staff.createEmployee(tx, body),
  update: (tx, s, e, body: Parameters<typeof staff.updateEmployee>[3]) => staff.updateEmployee(tx, s.companyId, e.id, body),
};
