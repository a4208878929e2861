/** Queries and mutations of the users screen (/userCenter/user): users, their roles and company links. */
import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '../../domain/constants';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { linkApi, userApi } from '../../contract/heads';
import type { userCreateBody, userUpdateBody, userRoleDto, userCompanyDto } from '../../contract/idm';
import type { UserKind, UserState } from '../../domain/enums';
import { queryKeys } from './keys';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type UserCreateInput = z.input<typeof userCreateBody>;
export type UserUpdateInput = z.input<typeof userUpdateBody>;
export type UserRoleDto = z.infer<typeof userRoleDto>;
export type UserCompanyDto = z.infer<typeof userCompanyDto>;

export interface UserListFilter {
  kind?: UserKind | null;
  state?: UserState | null;
  companyId?: number | null;
}

const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export const userListOptions = (req: ListRequest, filter: UserListFilter = {}) =>
  queryOptions({
    queryKey: queryKeys.users({ ...req, ...filter }),
    queryFn: ({ signal }) =>
      call(userApi.list, { query: { filter: clean({ keyword: req.keyword, ...filter }), index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined } }, { signal }),
  });

/** Users for pickers (add-link dialogs): one request, up to the search result size. */
export const userPickerOptions = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.users({ picker: keyword }),
    queryFn: ({ signal }) => call(userApi.list, { query: { filter: clean({ keyword }), index: 0, size: 100, sort: { username: 'asc' } } }, { signal }),
  });

export const userExists = (username: string) => call(userApi.exists, { query: { username } });

export const userRolesOptions = (userId: number | null, companyId: number | null) =>
  queryOptions({
    queryKey: queryKeys.userRoles({ userId, companyId }),
    queryFn: ({ signal }) => call(linkApi.userRoles, { query: { filter: clean({ userId, companyId }), index: 0, size: MAX_PAGE_LIMIT } }, { signal }),
    enabled: !!userId,
  });

export const userCompaniesOptions = (filter: { userId?: number | null; companyId?: number | null }) =>
  queryOptions({
    queryKey: queryKeys.userCompanies(filter),
    queryFn: ({ signal }) => call(linkApi.userCompanies, { query: { filter: clean(filter), index: 0, size: MAX_PAGE_LIMIT } }, { signal }),
    enabled: !!(filter.userId || filter.companyId),
  });

/** One page of a company's user links (the user-company screen). */
export const companyUsersPageOptions = (companyId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: [...queryKeys.userCompanies({ companyId }), 'page', req] as const,
    queryFn: ({ signal }) =>
      call(linkApi.userCompanies, { query: { filter: { companyId: companyId ?? undefined }, index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined } }, { signal }),
    enabled: !!companyId,
  });

export function useCreateUser() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: UserCreateInput) => call(userApi.create, { body }),
    invalidate: [queryKeys.users(), ['userCompanies'], ['userRoles']],
  });
}

export function useUpdateUser() {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: UserUpdateInput }) => call(userApi.update, { params: { id }, body }),
    invalidate: [queryKeys.users()],
  });
}

export function useToggleUserDisabled() {
  return useAdminMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) => call(userApi.disable, { params: { id }, body: { disabled } }),
    invalidate: [queryKeys.users()],
  });
}

export function useSetUserPassword() {
  return useAdminMutation({
    mutationFn: (body: { userId: number; password: string }) => call(userApi.setPassword, { body }),
  });
}

export function useDeleteUsers() {
  return useAdminMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await call(userApi.remove, { params: { id } });
    },
    invalidate: [queryKeys.users(), ['userCompanies'], ['userRoles']],
  });
}

export function useAddUserRole() {
  return useAdminMutation({
    mutationFn: (body: { userId: number; roleId: number }) => call(linkApi.addUserRole, { body }),
    invalidate: [['userRoles'], ['roles']],
  });
}

export function useRemoveUserRole() {
  return useAdminMutation({
    mutationFn: (id: number) => call(linkApi.removeUserRole, { params: { id } }),
    invalidate: [['userRoles'], ['roles']],
  });
}

export function useAddUserCompany() {
  return useAdminMutation({
    mutationFn: (body: { userId: number; companyId: number }) => call(linkApi.addUserCompany, { body }),
    invalidate: [['userCompanies'], queryKeys.users()],
  });
}

export function useRemoveUserCompany() {
  return useAdminMutation({
    mutationFn: (id: number) => call(linkApi.removeUserCompany, { params: { id } }),
    // Unlinking also drops that user's roles in the company.
    invalidate: [['userCompanies'], ['userRoles'], queryKeys.users()],
  });
}
