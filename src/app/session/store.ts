/**
 * Session and scope state of the SPA: token, user id and user, UI language, and the current
 * company / account (ledger set) / account year. Token and user id live in sessionStorage so a
 * reload keeps the session (spec 01 §4); the scope selection is remembered per user.
 * A tiny external store read with useSyncExternalStore (no extra state library).
 */
import { useSyncExternalStore } from 'react';
import type { SessionUserDto } from '../../contract/idm';
import type { Language } from '../../domain/enums';
import { STORAGE_EXPIRE_S } from '../../domain/constants';
import { detectLanguage } from '../i18n';

export interface Scope {
  companyId: number | null;
  accountId: number | null;
  accountYearId: number | null;
}

export interface SessionState extends Scope {
  token: string | null;
  userId: number | null;
  user: SessionUserDto | null;
  language: Language;
  /** Bumped whenever company/account/year changes, so pages reload their data (spec 01 §2). */
  scopeVersion: number;
}

const TOKEN_KEY = 'ledgerdesk.token';
const USER_ID_KEY = 'ledgerdesk.userId';
/** When the token was stored; stored session data older than STORAGE_EXPIRE_S is not restored. */
const SAVED_AT_KEY = 'ledgerdesk.savedAt';

/** Whether stored session data saved at `savedAt` (ms) is still usable at `now` (spec 01 §9 storage expiry). */
export function storedSessionValid(savedAt: number | null, now: number): boolean {
  return savedAt !== null && Number.isFinite(savedAt) && now - savedAt >= 0 && now - savedAt < STORAGE_EXPIRE_S * 1000;
}
const scopeKey = (userId: number) => `ledgerdesk.scope.${userId}`;

function readInitial(): SessionState {
  const ss = typeof sessionStorage !== 'undefined' ? sessionStorage : undefined;
  const savedAt = ss?.getItem(SAVED_AT_KEY) ? Number(ss.getItem(SAVED_AT_KEY)) : null;
  const fresh = storedSessionValid(savedAt, Date.now());
  const token = fresh ? (ss?.getItem(TOKEN_KEY) ?? null) : null;
  const userId = fresh && ss?.getItem(USER_ID_KEY) ? Number(ss.getItem(USER_ID_KEY)) : null;
  let scope: Scope = { companyId: null, accountId: null, accountYearId: null };
  if (userId && typeof localStorage !== 'undefined') {
    try {
      scope = { ...scope, ...JSON.parse(localStorage.getItem(scopeKey(userId)) ?? '{}') };
    } catch {
      /* a damaged saved scope is ignored */
    }
  }
  return { token, userId, user: null, language: detectLanguage(), scopeVersion: 0, ...scope };
}

type Listener = () => void;

/** The state after a scope change, or null when nothing changes. */
export function nextScope(state: SessionState, next: Partial<Scope>): SessionState | null {
  const s = { ...state };
  if (next.companyId !== undefined && next.companyId !== s.companyId) {
    s.companyId = next.companyId;
    s.accountId = null;
    s.accountYearId = null;
  }
  if (next.accountId !== undefined && next.accountId !== s.accountId) {
    s.accountId = next.accountId;
    s.accountYearId = null;
  }
  if (next.accountYearId !== undefined) s.accountYearId = next.accountYearId;
  if (s.companyId === state.companyId && s.accountId === state.accountId && s.accountYearId === state.accountYearId) return null;
  return { ...s, scopeVersion: state.scopeVersion + 1 };
}

function createStore() {
  let state = readInitial();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  const persistScope = () => {
    if (state.userId && typeof localStorage !== 'undefined') {
      localStorage.setItem(scopeKey(state.userId), JSON.stringify({ companyId: state.companyId, accountId: state.accountId, accountYearId: state.accountYearId }));
    }
  };
  return {
    getState: () => state,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    signIn(token: string, user: SessionUserDto) {
      sessionStorage.setItem(TOKEN_KEY, token);
      sessionStorage.setItem(USER_ID_KEY, String(user.id));
      sessionStorage.setItem(SAVED_AT_KEY, String(Date.now()));
      const saved = readInitial();
      state = { ...state, token, userId: user.id, user, companyId: user.currentCompanyId ?? saved.companyId, accountId: saved.accountId, accountYearId: saved.accountYearId };
      emit();
    },
    setToken(token: string) {
      sessionStorage.setItem(TOKEN_KEY, token);
      sessionStorage.setItem(SAVED_AT_KEY, String(Date.now()));
      state = { ...state, token };
      emit();
    },
    setUser(user: SessionUserDto) {
      state = { ...state, user, companyId: state.companyId ?? user.currentCompanyId };
      emit();
    },
    /** Changing any part of the scope bumps scopeVersion; lower levels reset when a higher one changes. */
    setScope(next: Partial<Scope>) {
      const s = nextScope(state, next);
      if (!s) return;
      state = s;
      persistScope();
      emit();
    },
    /**
     * After the server switched the session's company: the user (with that company's rights) and
     * the scope change in one update, so nobody sees the new rights with the old company.
     */
    companySwitched(user: SessionUserDto, companyId: number) {
      state = nextScope({ ...state, user }, { companyId }) ?? { ...state, user };
      persistScope();
      emit();
    },
    setLanguage(language: Language) {
      state = { ...state, language };
      emit();
    },
    /** Logout: token, user and scope are cleared (tabs and caches are cleared by their owners). */
    signOut() {
      sessionStorage.removeItem(TOKEN_KEY);
      sessionStorage.removeItem(USER_ID_KEY);
      sessionStorage.removeItem(SAVED_AT_KEY);
      state = { ...state, token: null, userId: null, user: null, companyId: null, accountId: null, accountYearId: null, scopeVersion: state.scopeVersion + 1 };
      emit();
    },
  };
}

export const sessionStore = createStore();
export type SessionStore = typeof sessionStore;

export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => select(sessionStore.getState()), () => select(sessionStore.getState()));
}

export const useScope = (): Scope & { scopeVersion: number } => {
  const companyId = useSession((s) => s.companyId);
  const accountId = useSession((s) => s.accountId);
  const accountYearId = useSession((s) => s.accountYearId);
  const scopeVersion = useSession((s) => s.scopeVersion);
  return { companyId, accountId, accountYearId, scopeVersion };
};

/** Rights check for the UI (menus, buttons). The server re-checks every call. */
export function useHasRight(right: number | readonly number[]): boolean {
  const user = useSession((s) => s.user);
  if (!user) return false;
  if (user.kind === 'ADMIN') return true;
  const wanted = typeof right === 'number' ? [right] : right;
  return wanted.some((r) => user.rightIds.includes(r));
}
