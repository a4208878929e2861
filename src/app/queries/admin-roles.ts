/** Queries and mutations of the roles screen (/userCenter/role): roles, role rights, the rights catalogue. */
import { canGrant, type RightHolder } from '../../domain/rights';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { roleApi, sessionApi } from '../../contract/heads';
import type { RoleDto, roleCreateBody, roleUpdateBody } from '../../contract/idm';
import { queryKeys } from './keys';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type RoleCreateInput = z.input<typeof roleCreateBody>;
export type RoleUpdateInput = z.input<typeof roleUpdateBody>;

export const roleListOptions = (companyId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: queryKeys.roles(companyId, req),
    queryFn: ({ signal }) =>
      call(roleApi.list, { query: { filter: { companyId: companyId ?? undefined, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined } }, { signal }),
    enabled: !!companyId,
  });

/** All roles of a company, for pickers (user role assignment). */
export const companyRolesOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: queryKeys.roles(companyId, 'all'),
    queryFn: ({ signal }) => call(roleApi.list, { query: { filter: { companyId: companyId ?? undefined }, index: 0, size: 1000, sort: { name: 'asc' }, expand: 'rights' } }, { signal }),
    enabled: !!companyId,
  });

/** A role's rights with the version they were read at (sent back on save: a stale save answers STALE_DATA). */
export const roleRightsOptions = (roleId: number | null) =>
  queryOptions({
    queryKey: queryKeys.roleRights(roleId ?? 0),
    queryFn: async ({ signal }) => {
      const role = await call(roleApi.get, { params: { id: roleId! } }, { signal });
      return { rightIds: role.rightIds ?? [], version: role.version };
    },
    enabled: !!roleId,
  });

export const allRightsOptions = (lang: string) =>
  queryOptions({
    queryKey: queryKeys.allRights(lang),
    queryFn: ({ signal }) => call(sessionApi.allRights, {}, { signal }),
    staleTime: 10 * 60_000,
  });

export function useCreateRole() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: RoleCreateInput) => call(roleApi.create, { body }),
    invalidate: [['roles']],
  });
}

export function useUpdateRole() {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: RoleUpdateInput }) => call(roleApi.update, { params: { id }, body }),
    invalidate: [['roles']],
  });
}

export function useDeleteRole() {
  return useAdminMutation({
    mutationFn: (id: number) => call(roleApi.remove, { params: { id } }),
    invalidate: [['roles'], ['userRoles']],
  });
}

/**
 * Replaces the role's rights with the given set, naming the version they were loaded at: if someone
 * else saved meanwhile, the server answers STALE_DATA (shown) and the reloaded rights replace the
 * stale tree instead of the other editor's change being erased.
 */
export function useSaveRoleRights() {
  const qc = useQueryClient();
  return useAdminMutation({
    saves: true,
    mutationFn: (body: { roleId: number; rightIds: number[]; version: number }) => call(roleApi.setRights, { body }),
    invalidate: (vars) => [queryKeys.roleRights(vars.roleId), ['roles'], queryKeys.currentUser()],
    onError: (err, vars) => {
      if (err instanceof ApiError && err.code === 'STALE_DATA') void qc.invalidateQueries({ queryKey: queryKeys.roleRights(vars.roleId) });
    },
  });
}

/** Whether the signed-in user may give this role to someone (roles whose rights they lack are refused by the server). */
export function canGrantRole(user: RightHolder | null | undefined, role: Pick<RoleDto, 'rightIds'>): boolean {
  return !!user && canGrant(user, role.rightIds ?? []);
}
