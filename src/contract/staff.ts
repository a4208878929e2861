/**
 * Departments and employees (spec 02 §2.3, §3, §5; spec 01 §7 /aux/department, /aux/employee,
 * /aux/organization): a department tree per company, employees in last-level departments, and the
 * binding of an employee to a user account (one account to at most one employee per company).
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { TEXT_BASE, TEXT_INTRO } from '../domain/constants';
import { isPersonName, PERSON_NAME_MAX, PERSON_NAME_MIN } from '../domain/staff';
import { codeText, dateString, deleteByFilterSchema, idOrIds, idParams, idSchema, listOf, listQuery, nameInitialsField, optionalText } from './common';
import { defineRoute } from './route';
import { dateOrder, EMPLOYEE_DATES } from './date-order';

/** Code and phone are trimmed (spec 02 §5); an empty optional text is stored as null. */
const code = codeText(TEXT_BASE);
const optionalDate = z.union([dateString, z.literal('').transform(() => null), z.null()]).optional();
/** A false `disabled` is sent as null (spec 02 §4); both mean "enabled". */
const disabledFlag = z.boolean().nullable().optional().transform((v) => v === true);
const version = z.number().int().min(0).optional();
const booleanParam = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const personRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const departmentDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameInitials: nameInitialsField,
  parentId: z.number().int().nullable(),
  /** The department's principal (an employee), whose bound user sees the department as theirs. */
  principalId: z.number().int().nullable(),
  principal: personRef.nullable().optional(),
  disabled: z.boolean(),
  /** No child departments: only these take employees. */
  leaf: z.boolean(),
  /** Employees sit in it: it cannot be given a child department (PARENT_IN_USE), so a form does not offer it as a parent. */
  hasEmployees: z.boolean(),
  version: z.number().int(),
});
export type DepartmentDto = z.infer<typeof departmentDto>;


export const departmentCreateBody = z.object({
  companyId: idSchema,
  code,
  name: z.string().trim().min(1).max(TEXT_BASE),
  parentId: idSchema.nullable().optional(),
  principalId: idSchema.nullable().optional(),
  disabled: disabledFlag,
});
export const departmentUpdateBody = z.object({
  code: code.optional(),
  name: z.string().trim().min(1).max(TEXT_BASE).optional(),
  parentId: idSchema.nullable().optional(),
  principalId: idSchema.nullable().optional(),
  disabled: z.boolean().nullable().optional(),
  version,
});
export const departmentFilter = z.object({
  companyId: idSchema.optional(),
  keyword: z.string().max(100).optional(),
  parentId: idSchema.optional(),
  id: idOrIds.optional(),
  leaf: booleanParam.optional(),
  disabled: booleanParam.optional(),
});

export const userRef = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

export const employeeDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameInitials: nameInitialsField,
  /** 1 man, 0 woman. */
  sex: z.union([z.literal(0), z.literal(1)]).nullable(),
  departmentId: z.number().int(),
  department: personRef.nullable().optional(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  salesman: z.boolean(),
  birthday: z.string().nullable(),
  entryDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  remark: z.string().nullable(),
  disabled: z.boolean(),
  /** The bound user account, if any. */
  userId: z.number().int().nullable(),
  user: userRef.nullable().optional(),
  version: z.number().int(),
});
export type EmployeeDto = z.infer<typeof employeeDto>;

// Length rules as zod's own (not a named refinement) so a refusal reads 'At least 2 characters' /
// 'At most 18 characters' from the catalogue; isPersonName (characters, not UTF-16 units) stays the rule.
const personName = z.string().trim().min(PERSON_NAME_MIN).max(PERSON_NAME_MAX).refine(isPersonName);
const sex = z.union([z.literal(0), z.literal(1), z.coerce.number().int().min(0).max(1)]).nullable().optional();

const employeeFields = {
  code,
  name: personName,
  sex,
  departmentId: idSchema,
  phone: optionalText(TEXT_BASE),
  position: optionalText(TEXT_BASE),
  salesman: z.boolean().nullable().optional().transform((v) => v === true),
  birthday: optionalDate,
  entryDate: optionalDate,
  leaveDate: optionalDate,
  remark: optionalText(TEXT_INTRO),
  disabled: disabledFlag,
};
/** Born, then entered, then left: a reversed pair is refused on its later date (an empty leave date stays open). */
export const employeeCreateBody = z.object({ companyId: idSchema, ...employeeFields }).superRefine(dateOrder(EMPLOYEE_DATES));
export const employeeUpdateBody = z.object({
  code: code.optional(),
  name: personName.optional(),
  sex,
  departmentId: idSchema.optional(),
  phone: optionalText(TEXT_BASE),
  position: optionalText(TEXT_BASE),
  salesman: z.boolean().nullable().optional(),
  birthday: optionalDate,
  entryDate: optionalDate,
  leaveDate: optionalDate,
  remark: optionalText(TEXT_INTRO),
  disabled: z.boolean().nullable().optional(),
  version,
}).superRefine(dateOrder(EMPLOYEE_DATES)); // the dates sent; the service checks one sent alone against the stored other
export const employeeFilter = z.object({
  companyId: idSchema.optional(),
  keyword: z.string().max(100).optional(),
  /** The department and every department below it. */
  parentDepartmentId: idSchema.optional(),
  departmentId: idSchema.optional(),
  userId: idSchema.optional(),
  id: idOrIds.optional(),
  disabled: booleanParam.optional(),
});
export const bindUserBody = z.object({ userId: idSchema, version });
export const unbindUserBody = z.object({ version }).optional();

export interface DepartmentTreeNode extends DepartmentDto {
  subItems: DepartmentTreeNode[];
  employees?: EmployeeDto[];
}
export const departmentTreeNode: z.ZodType<DepartmentTreeNode> = departmentDto.extend({
  get subItems() {
    return z.array(departmentTreeNode);
  },
  employees: z.array(employeeDto).optional(),
});

export const organizationDto = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Root departments; children under subItems (employees when expanded with department.employees). */
  departments: z.array(departmentTreeNode),
});
export const organizationQuery = z.object({ companyId: idSchema.optional(), expand: z.string().max(100).optional() });

export const principalDepartmentsQuery = z.object({ companyId: idSchema.optional() });

const read = { right: null, scope: 'company' } as const;
const manage = { right: RIGHTS.USER_CENTER, scope: 'company' } as const;
const tags = ['staff'];

/** Departments (/aux/department). Reading is open to every user of the company (pickers); changes need the user centre right. */
export const departmentApi = {
  list: defineRoute({ method: 'GET', path: '/aux/department', query: listQuery(departmentFilter, { defaultLimit: 1000 }), answer: listOf(departmentDto), access: read, tags }),
  /** The departments whose principal is the signed-in user's employee (spec 01 §6). */
  principal: defineRoute({ method: 'GET', path: '/aux/department/principal', query: principalDepartmentsQuery, answer: listOf(departmentDto), access: read, tags }),
  /** Whether anything uses the department (children, employees); true means in use. */
  used: defineRoute({ method: 'GET', path: '/aux/department/:id/used', params: idParams, answer: z.boolean(), access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/aux/department', body: departmentCreateBody, answer: departmentDto, access: manage, tags }),
  update: defineRoute({ method: 'POST', path: '/aux/department/:id', params: idParams, body: departmentUpdateBody, answer: departmentDto, access: manage, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/aux/department/:id', params: idParams, answer: z.null(), access: manage, tags }),
  removeMany: defineRoute({ method: 'DELETE', path: '/aux/department', query: deleteByFilterSchema, answer: z.null(), access: manage, tags }),
};

/** Employees (/aux/employee). */
export const employeeApi = {
  list: defineRoute({ method: 'GET', path: '/aux/employee', query: listQuery(employeeFilter, { defaultLimit: 10 }), answer: listOf(employeeDto), access: read, tags }),
  /** Whether anything uses the employee (a department's principal; vouchers and clients add theirs); true means in use. */
  used: defineRoute({ method: 'GET', path: '/aux/employee/:id/used', params: idParams, answer: z.boolean(), access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/aux/employee', body: employeeCreateBody, answer: employeeDto, access: manage, tags }),
  update: defineRoute({ method: 'POST', path: '/aux/employee/:id', params: idParams, body: employeeUpdateBody, answer: employeeDto, access: manage, tags }),
  bindUser: defineRoute({ method: 'POST', path: '/aux/employee/:id/bindUser', params: idParams, body: bindUserBody, answer: employeeDto, access: manage, tags }),
  unbindUser: defineRoute({ method: 'POST', path: '/aux/employee/:id/unbindUser', params: idParams, body: unbindUserBody, answer: employeeDto, access: manage, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/aux/employee/:id', params: idParams, answer: z.null(), access: manage, tags }),
  removeMany: defineRoute({ method: 'DELETE', path: '/aux/employee', query: deleteByFilterSchema, answer: z.null(), access: manage, tags }),
};

/** The company with its department tree (/aux/organization). */
export const organizationApi = {
  get: defineRoute({ method: 'GET', path: '/aux/organization', query: organizationQuery, answer: listOf(organizationDto), access: read, tags }),
};
