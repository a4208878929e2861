/** Queries and mutations of the users screen (/userCenter/user): users, their roles and company links. */
import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '../../domain/constants';
import type { z } from 'zod';
import { api } from '../api/client';
import type { ListAnswer } from '../../contract/common';
import type { UserDto, userCreateBody, userUpdateBody, userRoleDto, userCompanyDto } from '../../contract/idm';
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
      api.get<ListAnswer<UserDto>>('/idm/user', { filter: clean({ keyword: req.keyword, ...filter }), index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined }, signal),
  });

/** Users for pickers (add-link dialogs): one request, up to the search result size. */
export const userPickerOptions = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.users({ picker: keyword }),
    queryFn: ({ signal }) => api.get<ListAnswer<UserDto>>('/idm/user', { filter: clean({ keyword }), index: 0, size: 100, sort: { username: 'asc' } }, signal),
  });

export const userExists = (username: string) => api.get<boolean>('/idm/user/exists', { username });

export const userRolesOptions = (userId: number | null, companyId: number | null) =>
  queryOptions({
    queryKey: queryKeys.userRoles({ userId, companyId }),
    queryFn: ({ signal }) => api.get<ListAnswer<UserRoleDto>>('/idm/userRole', { filter: clean({ userId, companyId }), index: 0, size: MAX_PAGE_LIMIT }, signal),
    enabled: !!userId,
  });

export const userCompaniesOptions = (filter: { userId?: number | null; companyId?: number | null }) =>
  queryOptions({
    queryKey: queryKeys.userCompanies(filter),
    queryFn: ({ signal }) => api.get<ListAnswer<UserCompanyDto>>('/idm/userCompany', { filter: clean(filter), index: 0, size: MAX_PAGE_LIMIT }, signal),
    enabled: !!(filter.userId || filter.companyId),
  });

/** One page of a company's user links (the user-company screen). */
export const companyUsersPageOptions = (companyId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: [...queryKeys.userCompanies({ companyId }), 'page', req] as const,
    queryFn: ({ signal }) =>
      api.get<ListAnswer<UserCompanyDto>>('/idm/userCompany', { filter: { companyId }, index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined }, signal),
    enabled: !!companyId,
  });

export function useCreateUser() {
  return useAdminMutation({
    mutationFn: (body: UserCreateInput) => api.post<UserDto>('/idm/user', body),
    invalidate: [queryKeys.users(), ['userCompanies'], ['userRoles']],
  });
}

export function useUpdateUser() {
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateInput }) => api.post<UserDto>(`/idm/user/${id}`, body),
    invalidate: [queryKeys.users()],
  });
}

export function useToggleUserDisabled() {
  return useAdminMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) => api.post<UserDto>(`/idm/user/${id}/disable`, { disabled }),
    invalidate: [queryKeys.users()],
  });
}

export function useSetUserPassword() {
  return useAdminMutation({
    mutationFn: (body: { userId: number; password: string }) => api.post<null>('/idm/user/setPassword', body),
  });
}

export function useDeleteUsers() {
  return useAdminMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await api.del<null>(`/idm/user/${id}`);
    },
    invalidate: [queryKeys.users(), ['userCompanies'], ['userRoles']],
  });
}

export function useAddUserRole() {
  return useAdminMutation({
    mutationFn: (body: { userId: number; roleId: number }) => api.post<UserRoleDto>('/idm/userRole', body),
    invalidate: [['userRoles'], ['roles']],
  });
}

export function useRemoveUserRole() {
  return useAdminMutation({
    mutationFn: (id: number) => api.del<null>(`/idm/userRole/${id}`),
    invalidate: [['userRoles'], ['roles']],
  });
}

export function useAddUserCompany() {
  return useAdminMutation({
    mutationFn: (body: { userId: number; companyId: number }) => api.post<UserCompanyDto>('/idm/userCompany', body),
    invalidate: [['userCompanies'], queryKeys.users()],
  });
}

export function useRemoveUserCompany() {
  return useAdminMutation({
    mutationFn: (id: number) => api.del<null>(`/idm/userCompany/${id}`),
    // Unlinking also drops that user's roles in the company.
    invalidate: [['userCompanies'], ['userRoles'], queryKeys.users()],
  });
}
