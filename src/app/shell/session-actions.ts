/**
 * What signing in, signing out and changing the language do to the whole app (spec 01 §4):
 * logout clears caches, token, user and tabs; re-login (after an expired or idle session) logs
 * out and reloads the page.
 */
import type { LoginAnswer } from '../../contract/idm';
import type { Language } from '../../domain/enums';
import { i18n, setStoredLanguage } from '../i18n';
import { logoutCall, saveLanguage } from '../queries/session';
import { queryKeys } from '../queries/keys';
import { sessionStore } from '../session/store';
import { queryClient } from './query-client';
import { tabsStore } from './tabs-store';

export function signIn(answer: LoginAnswer): void {
  tabsStore.clear();
  queryClient.clear();
  sessionStore.signIn(answer.accessToken, answer.user);
  queryClient.setQueryData(queryKeys.currentUser(), answer.user);
}

/** Ends the session here and (best effort) on the server. */
export async function logout(): Promise<void> {
  const hadToken = !!sessionStore.getState().token;
  if (hadToken) await logoutCall().catch(() => undefined);
  sessionStore.signOut();
  tabsStore.clear();
  queryClient.clear();
}

/** The only way out of the expired-login and idle alerts: log out, then reload (lands on /login). */
export async function relogin(): Promise<void> {
  // The token may already be dead on the server; do not wait for a network that may be down.
  const call = logoutCall().catch(() => undefined);
  sessionStore.signOut();
  tabsStore.clear();
  queryClient.clear();
  await Promise.race([call, new Promise((r) => setTimeout(r, 1500))]);
  window.location.reload();
}

/** Switches the UI language; remembered locally and, when signed in, on the server. */
export async function applyLanguage(language: Language, persistOnServer = true): Promise<void> {
  setStoredLanguage(language);
  sessionStore.setLanguage(language);
  document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en-US';
  await i18n.changeLanguage(language);
  if (persistOnServer && sessionStore.getState().token) await saveLanguage(language).catch(() => undefined);
}
