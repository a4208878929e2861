/**
 * Clients (customers) and projects (cases): spec 02 §2.5, §4–§6 and spec 01 §7 (/aux/customer,
 * /aux/project). Reading is open to the company's users but filtered by the visibility rule (own
 * rows unless ADMIN or the view-all right 401 / 501); changes need the operation right (402 / 502).
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { TEXT_BASE, TEXT_INTRO, TEXT_LONG } from '../domain/constants';
import { auxKinds, projectKinds } from '../domain/enums';
import { PROJECT_AMOUNT_MAX_CENTS } from '../domain/clients';
import { codeText, idOrIds, idParams, idSchema, listOf, listQuery, nameInitialsField, optionalText } from './common';
import { defineRoute } from './route';
import { moneyCents } from './money';

/** Code is trimmed (spec 02 §5); an empty optional text is stored as null. */
const code = codeText(TEXT_BASE);
const name = z.string().trim().min(1).max(TEXT_BASE);
/** A false `disabled` is sent as null (spec 02 §4); both mean "enabled". */
const disabledFlag = z.boolean().nullable().optional().transform((v) => v === true);
const version = z.number().int().min(0).optional();
const ids = z.array(idSchema).max(100);
/** A boolean query value (JSON or the text true / false). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const refDto = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const customerDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: z.enum(auxKinds),
  code: z.string(),
  name: z.string(),
  nameInitials: nameInitialsField,
  ownerId: z.number().int().nullable(),
  owner: refDto.nullable(),
  ownerName: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  invoiceTitle: z.string().nullable(),
  taxNumber: z.string().nullable(),
  address: z.string().nullable(),
  formerName: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type CustomerDto = z.infer<typeof customerDto>;

const customerFields = {
  name,
  kind: z.enum(auxKinds).optional(),
  ownerId: idSchema.nullable().optional(),
  bankName: optionalText(TEXT_BASE),
  bankAccount: optionalText(TEXT_BASE),
  invoiceTitle: optionalText(TEXT_BASE),
  taxNumber: optionalText(TEXT_BASE),
  address: optionalText(TEXT_LONG),
  formerName: optionalText(TEXT_BASE),
};
export const customerCreateBody = z.object({ companyId: idSchema, code, ...customerFields, kind: z.enum(auxKinds).default('NORMAL'), disabled: disabledFlag });
export const customerUpdateBody = z.object({ code: code.optional(), ...customerFields, name: name.optional(), disabled: z.boolean().nullable().optional(), version });
export const customerFilter = z.object({
  companyId: idSchema.optional(),
  keyword: z.string().max(100).optional(),
  /** Only clients led by this employee (narrows; never widens the visibility rule). */
  leaderId: idSchema.optional(),
  id: idOrIds.optional(),
  kind: z.enum(auxKinds).optional(),
  /** false: enabled clients only (the pickers). */
  disabled: flag.optional(),
});

export const projectDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: z.enum(projectKinds),
  code: z.string(),
  name: z.string(),
  nameInitials: nameInitialsField,
  /** Integer cents. */
  amount: z.number().int(),
  departmentId: z.number().int().nullable(),
  department: refDto.nullable(),
  departmentName: z.string().nullable(),
  oppParty: z.string().nullable(),
  plaintiff: z.string().nullable(),
  defendant: z.string().nullable(),
  summary: z.string().nullable(),
  remark: z.string().nullable(),
  disabled: z.boolean(),
  clients: z.array(refDto),
  clientIds: z.array(z.number().int()),
  clientNames: z.string(),
  principals: z.array(refDto),
  principalIds: z.array(z.number().int()),
  principalNames: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type ProjectDto = z.infer<typeof projectDto>;

const projectFields = {
  name,
  kind: z.enum(projectKinds).optional(),
  /** Integer cents: the form's value × 100 rounded. */
  amount: moneyCents(PROJECT_AMOUNT_MAX_CENTS).optional(),
  departmentId: idSchema.nullable().optional(),
  oppParty: optionalText(TEXT_BASE),
  plaintiff: optionalText(TEXT_BASE),
  defendant: optionalText(TEXT_BASE),
  summary: optionalText(TEXT_LONG),
  remark: optionalText(TEXT_INTRO),
  /** Client (customer) ids; at least one (PROJECT_CLIENT_REQUIRED). */
  clients: ids.optional(),
  /** Principal (employee) ids; at least one (PROJECT_PRINCIPAL_REQUIRED). */
  principals: ids.optional(),
};
export const projectCreateBody = z.object({
  companyId: idSchema, code, ...projectFields,
  kind: z.enum(projectKinds).default('NON_LITIGATION'), amount: projectFields.amount.default(0),
  clients: ids.default([]), principals: ids.default([]), disabled: disabledFlag,
});
export const projectUpdateBody = z.object({ code: code.optional(), ...projectFields, name: name.optional(), disabled: z.boolean().nullable().optional(), version });
export const projectFilter = z.object({
  companyId: idSchema.optional(),
  keyword: z.string().max(100).optional(),
  /** Only projects this employee leads (narrows; never widens the visibility rule). */
  leaderId: idSchema.optional(),
  id: idOrIds.optional(),
  kind: z.enum(projectKinds).optional(),
  customerId: idSchema.optional(),
  /** false: enabled projects only (the pickers). */
  disabled: flag.optional(),
});

const read = { right: null, scope: 'company' } as const;
const tags = ['clients'];

/** Clients (/aux/customer): default sort code ascending. */
export const customerApi = {
  list: defineRoute({ method: 'GET', path: '/aux/customer', query: listQuery(customerFilter, { defaultLimit: 10 }), answer: listOf(customerDto), access: read, tags }),
  /** Whether a project names the client; true means in use. */
  used: defineRoute({ method: 'GET', path: '/aux/customer/:id/used', params: idParams, answer: z.boolean(), access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/aux/customer', body: customerCreateBody, answer: customerDto, access: { right: RIGHTS.CUSTOMER_OPERATE, scope: 'company' }, tags }),
  update: defineRoute({ method: 'POST', path: '/aux/customer/:id', params: idParams, body: customerUpdateBody, answer: customerDto, access: { right: RIGHTS.CUSTOMER_OPERATE, scope: 'company' }, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/aux/customer/:id', params: idParams, answer: z.null(), access: { right: RIGHTS.CUSTOMER_OPERATE, scope: 'company' }, tags }),
};

/** Projects (/aux/project): default sort code descending. */
export const projectApi = {
  list: defineRoute({ method: 'GET', path: '/aux/project', query: listQuery(projectFilter, { defaultLimit: 10 }), answer: listOf(projectDto), access: read, tags }),
  /** Whether anything uses the project (vouchers and invoices add theirs later); true means in use. */
  used: defineRoute({ method: 'GET', path: '/aux/project/:id/used', params: idParams, answer: z.boolean(), access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/aux/project', body: projectCreateBody, answer: projectDto, access: { right: RIGHTS.PROJECT_OPERATE, scope: 'company' }, tags }),
  update: defineRoute({ method: 'POST', path: '/aux/project/:id', params: idParams, body: projectUpdateBody, answer: projectDto, access: { right: RIGHTS.PROJECT_OPERATE, scope: 'company' }, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/aux/project/:id', params: idParams, answer: z.null(), access: { right: RIGHTS.PROJECT_OPERATE, scope: 'company' }, tags }),
};
