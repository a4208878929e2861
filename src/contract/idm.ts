/** Identity: sign-in, users, roles, role rights, user roles, user companies (spec 01 §7 /idm). */
import { z } from 'zod';
import { userKinds, userStates, roleKinds, languages } from '../domain/enums';
import { isValidPassword } from '../domain/password';
import { TEXT_BASE } from '../domain/constants';

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

/** What the shell needs after sign-in and on every reload (spec 01 §3 Session/user). */
export const sessionUserDto = userDto.extend({
  /** Company of this session (switchCompany changes it). */
  currentCompanyId: z.number().int().nullable(),
  rightIds: z.array(z.number().int()),
});
export type SessionUserDto = z.infer<typeof sessionUserDto>;

export const loginAnswer = z.object({ accessToken: z.string(), user: sessionUserDto });
export type LoginAnswer = z.infer<typeof loginAnswer>;
/** Appendix of a failed sign-in: whether a captcha is now required, and its image (data URL). */
export const loginFailureAppendix = z.object({ captchaRequired: z.boolean(), captcha: z.string().nullable() });

export const changePasswordBody = z.object({ oldPassword: z.string().min(1), newPassword: passwordSchema });
export const setPasswordBody = z.object({ userId: z.coerce.number().int().positive(), password: passwordSchema });
export const changeUsernameBody = z.object({ username: z.string().trim().min(2).max(50).regex(/^[A-Za-z0-9_.@-]+$/) });
export const switchCompanyBody = z.object({ companyId: z.coerce.number().int().positive() });
export const languageBody = z.object({ language: z.enum(languages) });

const mobile = z.string().trim().regex(/^1\d{10}$/, 'mobile');
const nameText = z.string().trim().min(1).max(TEXT_BASE).refine((s) => !/[<>"'`\\{}|^~[\]]/.test(s), 'special symbols');

export const userCreateBody = z.object({
  username: z.string().trim().min(2).max(50).regex(/^[A-Za-z0-9_.@-]+$/),
  name: nameText,
  password: passwordSchema,
  kind: z.enum(userKinds).default('OTHER'),
  state: z.enum(userStates).default('NORMAL'),
  companyId: z.coerce.number().int().positive().nullable().optional(),
  mobileTel: mobile.nullable().optional().or(z.literal('').transform(() => null)),
  email: z.string().trim().email().nullable().optional().or(z.literal('').transform(() => null)),
  /** Companies to link the new user to (user-company links). */
  companyIds: z.array(z.coerce.number().int().positive()).optional(),
  roleIds: z.array(z.coerce.number().int().positive()).optional(),
});
export const userUpdateBody = userCreateBody.omit({ password: true, username: true }).partial();
export const userFilter = z.object({
  keyword: z.string().optional(),
  kind: z.enum(userKinds).optional(),
  state: z.enum(userStates).optional(),
  companyId: z.coerce.number().int().optional(),
  id: z.union([z.coerce.number().int(), z.array(z.coerce.number().int())]).optional(),
}).passthrough();

export const roleDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  kind: z.enum(roleKinds),
  owner: z.literal('COMPANY'),
  remark: z.string().nullable(),
  rightIds: z.array(z.number().int()).optional(),
  userCount: z.number().int().optional(),
});
export type RoleDto = z.infer<typeof roleDto>;
export const roleCreateBody = z.object({
  companyId: z.coerce.number().int().positive(),
  name: nameText,
  remark: z.string().trim().max(250).nullable().optional(),
  rightIds: z.array(z.coerce.number().int()).optional(),
});
export const roleUpdateBody = roleCreateBody.omit({ companyId: true }).partial();
/** Replace a role's rights (the rights-tree editor saves the whole set). */
export const roleRightsBody = z.object({ roleId: z.coerce.number().int().positive(), rightIds: z.array(z.coerce.number().int()) });
export const userRoleBody = z.object({ userId: z.coerce.number().int().positive(), roleId: z.coerce.number().int().positive() });
export const userRoleDto = z.object({ id: z.number().int(), companyId: z.number().int(), userId: z.number().int(), roleId: z.number().int(), roleName: z.string().optional(), username: z.string().optional() });
/** Filter of the user-role and user-company lists (in filter JSON or as flat query parameters). */
export const userLinkFilter = z.object({
  userId: z.coerce.number().int().positive().optional(),
  roleId: z.coerce.number().int().positive().optional(),
  companyId: z.coerce.number().int().positive().optional(),
}).passthrough();
export const userCompanyBody = z.object({ userId: z.coerce.number().int().positive(), companyId: z.coerce.number().int().positive() });
export const userCompanyDto = z.object({ id: z.number().int(), userId: z.number().int(), companyId: z.number().int(), companyName: z.string().optional(), username: z.string().optional(), name: z.string().optional() });

export const rightDto = z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string(), nameZh: z.string(), nameEn: z.string(), sort: z.number().int() });
export type RightDto = z.infer<typeof rightDto>;
