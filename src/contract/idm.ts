/** Identity: sign-in, users, roles, role rights, user roles, user companies (spec 01 §7 /idm). */
import { z } from 'zod';
import { departmentDto, employeeDto } from './staff';
import { userKinds, userStates, roleKinds, languages } from '../domain/enums';
import { isValidPassword } from '../domain/password';
import { NAME_MAX, NAME_MIN, TEXT_BASE } from '../domain/constants';
import { RIGHTS } from '../domain/rights';
import { deleteByFilterSchema, idOrIds, idParams, idSchema, int32, listOf, listQuery } from './common';
import { defineRoute } from './route';

export const passwordSchema = z.string().refine(isValidPassword, { message: 'INVALID_PASSWORD' });

export const loginBody = z.object({
  username: z.string().trim().min(1).max(50),
  password: z.string().min(1).max(100),
  captcha: z.string().trim().max(10).optional().nullable(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const userDto = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  kind: z.enum(userKinds),
  state: z.enum(userStates),
  companyId: z.number().int().nullable(),
  mobileTel: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(languages).nullable(),
  avatar: z.object({ id: z.number().int(), realUri: z.string() }).nullable(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;
/**
 * A row of the user list: whether the caller may act on that user (reset the password, edit,
 * disable, delete, give or take roles and company links) by the server's own rule
 * (http/idm-guards.ts guardManagedUser); the screen disables those actions on other rows.
 */
export const userListItemDto = userDto.extend({ manageable: z.boolean() });
export type UserListItemDto = z.infer<typeof userListItemDto>;

/** What the shell needs after sign-in and on every reload (spec 01 §3 Session/user). */
export const sessionUserDto = userDto.extend({
  /** Company of this session (switchCompany changes it). */
  currentCompanyId: z.number().int().nullable(),
  rightIds: z.array(z.number().int()),
  /** The user's employee in the current company (spec 01 §3), null when none is bound. */
  employee: employeeDto.nullable(),
  /** The departments of the current company whose principal is that employee (spec 01 §6). */
  principalDepartments: z.array(departmentDto),
});
export type SessionUserDto = z.infer<typeof sessionUserDto>;

export const loginAnswer = z.object({ accessToken: z.string(), user: sessionUserDto });
export type LoginAnswer = z.infer<typeof loginAnswer>;
/** Appendix of a failed sign-in: whether a captcha is now required, and its image (data URL). */
export const loginFailureAppendix = z.object({ captchaRequired: z.boolean(), captcha: z.string().nullable() });

export const changePasswordBody = z.object({ oldPassword: z.string().min(1), newPassword: passwordSchema });
export const setPasswordBody = z.object({ userId: idSchema, password: passwordSchema });
export const changeUsernameBody = z.object({ username: z.string().trim().min(2).max(50).regex(/^[A-Za-z0-9_.@-]+$/) });
export const switchCompanyBody = z.object({ companyId: idSchema });
export const languageBody = z.object({ language: z.enum(languages) });

const mobile = z.string().trim().regex(/^1\d{10}$/, 'mobile');
const noSpecialSymbols = (s: string) => !/[<>"'`\\{}|^~[\]]/.test(s);
const nameText = z.string().trim().min(1).max(TEXT_BASE).refine(noSpecialSymbols, 'special symbols');
/** A user's (person's) name: 2 to 18 characters, no special symbols (spec 01 §5, §9 NAME_MIN/NAME_MAX). */
const personName = z.string().trim().min(NAME_MIN).max(NAME_MAX).refine(noSpecialSymbols, 'special symbols');

export const userCreateBody = z.object({
  username: z.string().trim().min(2).max(50).regex(/^[A-Za-z0-9_.@-]+$/),
  name: personName,
  password: passwordSchema,
  kind: z.enum(userKinds).default('OTHER'),
  state: z.enum(userStates).default('NORMAL'),
  companyId: idSchema.nullable().optional(),
  mobileTel: mobile.nullable().optional().or(z.literal('').transform(() => null)),
  email: z.string().trim().email().nullable().optional().or(z.literal('').transform(() => null)),
  /** Companies to link the new user to (user-company links). */
  companyIds: z.array(idSchema).max(1000).optional(),
  roleIds: z.array(idSchema).max(1000).optional(),
});
export const userUpdateBody = userCreateBody.omit({ password: true, username: true }).partial();
export const userFilter = z.object({
  keyword: z.string().max(100).optional(),
  kind: z.enum(userKinds).optional(),
  state: z.enum(userStates).optional(),
  companyId: idSchema.optional(),
  id: idOrIds.optional(),
});

export const roleDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  kind: z.enum(roleKinds),
  owner: z.literal('COMPANY'),
  remark: z.string().nullable(),
  rightIds: z.array(z.number().int()).optional(),
  userCount: z.number().int().optional(),
  /** Bumped by every change of the role or its rights; sent back with an update (STALE_DATA when stale). */
  version: z.number().int(),
});
export type RoleDto = z.infer<typeof roleDto>;
export const roleCreateBody = z.object({
  companyId: idSchema,
  name: nameText,
  remark: z.string().trim().max(250).nullable().optional(),
  rightIds: z.array(int32).max(1000).optional(),
});
export const roleUpdateBody = roleCreateBody.omit({ companyId: true }).partial().extend({ version: z.number().int().min(0).optional() });
/** Replace a role's rights (the rights-tree editor saves the whole set). */
export const roleRightsBody = z.object({ roleId: idSchema, rightIds: z.array(int32).max(1000), version: z.number().int().min(0).optional() });
export const userRoleBody = z.object({ userId: idSchema, roleId: idSchema });
export const userRoleDto = z.object({ id: z.number().int(), companyId: z.number().int(), userId: z.number().int(), roleId: z.number().int(), roleName: z.string().optional(), username: z.string().optional() });
/** Filter of the user-role and user-company lists (in filter JSON or as flat query parameters). */
export const userLinkFilter = z.object({
  userId: idSchema.optional(),
  roleId: idSchema.optional(),
  companyId: idSchema.optional(),
});
export const userCompanyBody = z.object({ userId: idSchema, companyId: idSchema });
export const userCompanyDto = z.object({ id: z.number().int(), userId: z.number().int(), companyId: z.number().int(), companyName: z.string().optional(), username: z.string().optional(), name: z.string().optional() });

export const rightDto = z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string(), nameZh: z.string(), nameEn: z.string(), sort: z.number().int() });
export type RightDto = z.infer<typeof rightDto>;

export const captchaAnswer = z.object({ captchaRequired: z.boolean(), captcha: z.string().nullable() });

const self = { right: null, scope: 'self' } as const;
const manage = { right: RIGHTS.USER_CENTER, scope: 'company' } as const;
const tags = ['idm'];

/** Sign-in and the signed-in user's own session (/idm/user/login, logout, current, …). */
export const sessionApi = {
  login: defineRoute({ method: 'POST', path: '/idm/user/login', body: loginBody, answer: loginAnswer, access: { public: true }, tags }),
  /** A fresh captcha image for a username that needs one ("captcha by userName"). */
  captcha: defineRoute({ method: 'GET', path: '/idm/user/captcha', query: z.object({ userName: z.string().trim().min(1).max(50) }), answer: captchaAnswer, access: { public: true }, tags }),
  /** Logout ends every session of the user at once (other tabs and devices too). */
  logout: defineRoute({ method: 'POST', path: '/idm/user/logout', answer: z.null(), access: self, tags }),
  refreshToken: defineRoute({ method: 'POST', path: '/idm/user/refreshToken', answer: z.object({ accessToken: z.string() }), access: self, tags }),
  current: defineRoute({ method: 'GET', path: '/idm/user/current', answer: sessionUserDto, access: self, tags }),
  rights: defineRoute({ method: 'GET', path: '/idm/user/rights', query: z.object({ companyId: idSchema.optional() }), answer: z.array(z.number().int()), access: self, tags }),
  allRights: defineRoute({ method: 'GET', path: '/idm/user/allRights', answer: z.array(rightDto), access: self, tags }),
  myRoles: defineRoute({ method: 'GET', path: '/idm/user/role', answer: z.array(roleDto), access: self, tags }),
  changePassword: defineRoute({ method: 'POST', path: '/idm/user/changePassword', body: changePasswordBody, answer: z.null(), access: self, tags }),
  changeUsername: defineRoute({ method: 'POST', path: '/idm/user/changeUsername', body: changeUsernameBody, answer: sessionUserDto, access: self, tags }),
  switchCompany: defineRoute({ method: 'POST', path: '/idm/user/switchCompany', body: switchCompanyBody, answer: sessionUserDto, access: self, tags }),
  language: defineRoute({ method: 'POST', path: '/idm/user/language', body: languageBody, answer: z.null(), access: self, tags }),
  /** Avatar upload: png or jpeg under 200 kB, recognised by content, not by file name. */
  avatar: defineRoute({ method: 'POST', path: '/idm/user/avatar', multipart: true, answer: sessionUserDto, access: self, tags }),
};

/** User administration (/userCenter/user). */
export const userApi = {
  list: defineRoute({ method: 'GET', path: '/idm/user', query: listQuery(userFilter), answer: listOf(userListItemDto), access: manage, tags }),
  get: defineRoute({ method: 'GET', path: '/idm/user/:id', params: idParams, answer: userDto, access: manage, tags }),
  create: defineRoute({ method: 'POST', path: '/idm/user', body: userCreateBody, answer: userDto, access: manage, tags }),
  update: defineRoute({ method: 'POST', path: '/idm/user/:id', params: idParams, body: userUpdateBody, answer: userDto, access: manage, tags }),
  /** The disable toggle of spec 01 §4: disabling ends every session of that user at once. */
  disable: defineRoute({ method: 'POST', path: '/idm/user/:id/disable', params: idParams, body: z.object({ disabled: z.boolean() }), answer: userDto, access: manage, tags }),
  setPassword: defineRoute({ method: 'POST', path: '/idm/user/setPassword', body: setPasswordBody, answer: z.null(), access: manage, tags }),
  /** Whether a username is taken (the create dialog checks on blur); usernames are global. */
  exists: defineRoute({ method: 'GET', path: '/idm/user/exists', query: z.object({ username: z.string().trim().min(1).max(50) }), answer: z.boolean(), access: manage, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/idm/user/:id', params: idParams, answer: z.null(), access: manage, tags }),
};

/** Roles and role rights (/idm/role, /idm/roleRights). */
export const roleApi = {
  list: defineRoute({ method: 'GET', path: '/idm/role', query: listQuery(z.object({ companyId: idSchema.optional(), keyword: z.string().max(100).optional() })), answer: listOf(roleDto), access: manage, tags }),
  get: defineRoute({ method: 'GET', path: '/idm/role/:id', params: idParams, answer: roleDto, access: manage, tags }),
  create: defineRoute({ method: 'POST', path: '/idm/role', body: roleCreateBody, answer: roleDto, access: manage, tags }),
  update: defineRoute({ method: 'POST', path: '/idm/role/:id', params: idParams, body: roleUpdateBody, answer: roleDto, access: manage, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/idm/role/:id', params: idParams, answer: z.null(), access: manage, tags }),
  rights: defineRoute({ method: 'GET', path: '/idm/roleRights', query: z.object({ roleId: idSchema }), answer: z.array(z.number().int()), access: manage, tags }),
  /** Replaces a role's rights with the given set (the rights-tree editor saves the whole tree). */
  setRights: defineRoute({ method: 'POST', path: '/idm/roleRights', body: roleRightsBody, answer: z.array(z.number().int()), access: manage, tags }),
};

/** User roles (/idm/userRole) and user-company links (/idm/userCompany). */
export const linkApi = {
  userRoles: defineRoute({ method: 'GET', path: '/idm/userRole', query: listQuery(userLinkFilter, { defaultLimit: 100 }), answer: listOf(userRoleDto), access: manage, tags }),
  addUserRole: defineRoute({ method: 'POST', path: '/idm/userRole', body: userRoleBody, answer: userRoleDto, access: manage, tags }),
  removeUserRole: defineRoute({ method: 'DELETE', path: '/idm/userRole/:id', params: idParams, answer: z.null(), access: manage, tags }),
  removeUserRoles: defineRoute({ method: 'DELETE', path: '/idm/userRole', query: deleteByFilterSchema, answer: z.number().int(), access: manage, tags }),
  userCompanies: defineRoute({ method: 'GET', path: '/idm/userCompany', query: listQuery(userLinkFilter, { defaultLimit: 100 }), answer: listOf(userCompanyDto), access: manage, tags }),
  addUserCompany: defineRoute({ method: 'POST', path: '/idm/userCompany', body: userCompanyBody, answer: userCompanyDto, access: manage, tags }),
  removeUserCompany: defineRoute({ method: 'DELETE', path: '/idm/userCompany/:id', params: idParams, answer: z.null(), access: manage, tags }),
};
