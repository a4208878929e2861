/**
 * The signed-in caller and what it may touch. Rights are held per company: a role belongs to a
 * company and grants its rights in that company only. A company the caller is not linked to and a
 * company that does not exist look the same (NO_PERMISSION), so ids cannot be probed.
 */
import { ALL_RIGHT_IDS } from '../../domain/rights';
import { DomainError } from '../../domain/result-codes';
import type { Language } from '../../domain/enums';
import type { Scope } from '../../contract/route';

export interface CallerUser {
  id: number;
  username: string;
  name: string;
  kind: 'ADMIN' | 'OTHER';
  state: string;
  companyId: number | null;
  language: string | null;
}

export class Access {
  readonly isAdmin: boolean;
  /** The scopes whose guards have passed; a scoped route that finishes without its own answers 403 (plugin.ts). */
  private readonly scopes = new Set<Scope>();
  constructor(
    readonly user: CallerUser,
    readonly sessionId: number,
    /** Company chosen for this session (switchCompany); null until one exists. */
    readonly currentCompanyId: number | null,
    /** Linked (or, for admins, all undeleted) companies → rights held there. */
    private readonly rightsByCompany: Map<number, Set<number>>,
    readonly lang: Language,
  ) {
    this.isAdmin = user.kind === 'ADMIN';
  }

  get companyIds(): number[] {
    return [...this.rightsByCompany.keys()];
  }

  get checkedScopes(): Scope[] {
    return [...this.scopes];
  }

  /** Whether a guard of this scope has passed during the request. */
  checkedScope(scope: Scope): boolean {
    return this.scopes.has(scope);
  }

  /** Records that a guard of this scope passed (guards call this; assertCompany records 'company' itself). */
  noteScopeChecked(scope: Scope = 'company'): void {
    this.scopes.add(scope);
  }

  /** Companies where the caller holds the right (admins: every undeleted company). */
  companiesWith(right: number | readonly number[] | null): number[] {
    return this.companyIds.filter((c) => this.has(right, c));
  }

  isLinked(companyId: number): boolean {
    return this.rightsByCompany.has(companyId);
  }

  /** Rights in a company (the session's company when none is named). Admins hold every right. */
  rightIds(companyId: number | null = this.currentCompanyId): number[] {
    if (this.isAdmin) return [...ALL_RIGHT_IDS];
    if (companyId === null) return [];
    return [...(this.rightsByCompany.get(companyId) ?? [])];
  }

  has(right: number | readonly number[] | null | undefined, companyId: number | null = this.currentCompanyId): boolean {
    if (right === null || right === undefined) return true;
    if (this.isAdmin) return true;
    if (companyId === null) return false;
    const held = this.rightsByCompany.get(companyId);
    if (!held) return false;
    const wanted = typeof right === 'number' ? [right] : right;
    return wanted.some((r) => held.has(r));
  }

  /** Throws NO_PERMISSION unless the caller is linked to the company and holds the right there. */
  assertCompany(companyId: number | null | undefined, right?: number | readonly number[] | null): void {
    if (companyId === null || companyId === undefined || !this.isLinked(companyId)) throw new DomainError('NO_PERMISSION');
    if (!this.has(right, companyId)) throw new DomainError('NO_PERMISSION');
    this.scopes.add('company');
  }

  /** Throws NO_PERMISSION unless the caller holds the right in the session's company (global resources). */
  assertRight(right: number | readonly number[] | null | undefined): void {
    if (!this.has(right)) throw new DomainError('NO_PERMISSION');
  }

  assertAdmin(): void {
    if (!this.isAdmin) throw new DomainError('NO_PERMISSION');
  }
}
