/**
 * What a user-centre manager may act on. Admins manage everyone. Any other caller manages the
 * companies where they hold the user-centre right (10): it sees the non-admin users linked to one of
 * them, acts only on users tied to none but managed companies and holding no right the caller lacks
 * there, manages the roles of those companies — and may only hand out rights they hold there themselves.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/result-codes';
import { canGrant, RIGHTS } from '../../domain/rights';
import { findUserById } from '../features/idm/sessions';
import { companiesOfUsers, userLinkedTo } from '../features/idm/users';
import { findRole, roleRightIds, userRightsByCompany, type RoleRow } from '../features/idm/roles';
import { guardCompany } from './guards';

/** Companies where the caller holds the user-centre right (admins: all). */
export function managedCompanies(req: FastifyRequest): number[] {
  return req.access.companiesWith(RIGHTS.USER_CENTER);
}

/**
 * A user the caller may see (read routes, list filters): for a non-admin, a non-admin user linked to
 * at least one managed company. Unmanaged, admin (for non-admins) and missing users look the same.
 */
export async function guardVisibleUser(req: FastifyRequest, userId: number) {
  const user = await findUserById(req.server.db, userId);
  if (!user) throw new DomainError('NO_PERMISSION');
  if (!req.access.isAdmin) {
    if (user.kind === 'ADMIN') throw new DomainError('NO_PERMISSION');
    if (!(await userLinkedTo(req.server.db, userId, managedCompanies(req)))) throw new DomainError('NO_PERMISSION');
  }
  req.access.noteScopeChecked();
  return user;
}

/**
 * A user the caller may act on (reset, rename, disable, delete, re-link, give or take a role): for a
 * non-admin, a non-admin user every company of whom (links, roles, home company) the caller manages
 * — otherwise a manager of one company could take over a user who also works in another — and whose
 * rights in each of those companies the caller holds there too: a manager holding only the
 * user-centre right must not reset an auditor's password and sign in as the auditor (the same rule
 * as handing out rights, assertGrantable). Refused users answer like missing ones.
 */
export async function guardManagedUser(req: FastifyRequest, userId: number) {
  const user = await findUserById(req.server.db, userId);
  if (!user || !(await manageableUsers(req, [user])).has(user.id)) throw new DomainError('NO_PERMISSION');
  req.access.noteScopeChecked();
  return user;
}

/**
 * Which of these users the caller may act on (guardManagedUser's rule; the user list marks each row
 * `manageable` with it): two queries for any number of users, none for an admin, who manages all.
 */
export async function manageableUsers(req: FastifyRequest, users: ReadonlyArray<{ id: number; kind: string }>): Promise<Set<number>> {
  if (req.access.isAdmin) return new Set(users.map((u) => u.id));
  const candidates = users.filter((u) => u.kind !== 'ADMIN').map((u) => u.id);
  const companiesOf = await companiesOfUsers(req.server.db, candidates);
  const rightsOf = await userRightsByCompany(req.server.db, candidates);
  const managed = new Set(managedCompanies(req));
  return new Set(candidates.filter((id) => {
    const theirs = companiesOf.get(id) ?? [];
    if (!theirs.length || theirs.some((c) => !managed.has(c))) return false;
    const theirRights = rightsOf.get(id);
    return theirs.every((c) => grantable(req, c, theirRights?.get(c) ?? []));
  }));
}

/** Whether the caller may hand out these rights in that company (assertGrantable without the throw). */
function grantable(req: FastifyRequest, companyId: number, rightIds: readonly number[]): boolean {
  // Roles are stored with the menus above each right, so those must be held too (canGrant).
  return canGrant({ kind: req.access.isAdmin ? 'ADMIN' : 'OTHER', rightIds: req.access.rightIds(companyId) }, rightIds);
}

/** A non-admin may only hand out rights they hold themselves in that company (no self-escalation). */
export function assertGrantable(req: FastifyRequest, companyId: number, rightIds: readonly number[]): void {
  if (!grantable(req, companyId, rightIds)) throw new DomainError('NO_PERMISSION');
}

/** A role of a managed company. */
export async function guardRole(req: FastifyRequest, roleId: number): Promise<RoleRow> {
  const role = await findRole(req.server.db, roleId);
  if (!role) throw new DomainError('NO_PERMISSION');
  guardCompany(req, role.companyId, RIGHTS.USER_CENTER);
  return role;
}

/** A role the caller may give to someone: in a managed company, and every right of it grantable. */
export async function guardAssignableRole(req: FastifyRequest, roleId: number): Promise<RoleRow> {
  const role = await guardRole(req, roleId);
  assertGrantable(req, role.companyId, await roleRightIds(req.server.db, role.id));
  return role;
}
