/**
 * Session calls and queries: sign-in, current user, system config, logout, password change,
 * company switch and language preference (spec 01 §4, §7 /idm/user, /system/config).
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/typed-client';
import { sessionApi, systemApi } from '../../contract/heads';
import type { LoginBody } from '../../contract/idm';
import type { Language } from '../../domain/enums';
import { queryKeys } from './keys';
import { ApiError } from '../api/client';
import { USER_LOAD_MAX_FAILURES } from '../../domain/constants';

/** A dead session (no network, expired, idle): the expired-login alert handles it, never retried. */
export const isSessionProblem = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.code === 'UNAUTHENTICATED' || e.code === 'SESSION_IDLE');

/**
 * The signed-in user. Whoever asks first (the router before the shell's code has loaded, or the
 * shell's session guard) asks with the same attempts: other failures are retried up to
 * USER_LOAD_MAX_FAILURES times, then the guard logs out (spec 01 §4). A guard that mounts after the
 * router's attempts have all failed takes that failure as it is (`retryOnMount: false`) instead of
 * starting over: the user is logged out after 3 calls, not 6 (shell.spec saw 6 when the shell's
 * code was slower than the failing calls). Logging out clears the cache, so a new sign-in asks anew.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser(),
    queryFn: ({ signal }) => call(sessionApi.current, {}, { signal }),
    staleTime: Infinity,
    retry: (failureCount, error) => !isSessionProblem(error) && failureCount < USER_LOAD_MAX_FAILURES,
    retryDelay: 500,
    retryOnMount: false,
  });

export const systemConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config(),
    queryFn: ({ signal }) => call(systemApi.config, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** Sign-in; failures carry the captcha appendix ({captchaRequired, captcha}). */
export const login = (body: LoginBody) => call(sessionApi.login, { body }, { quiet: true });

export const fetchCaptcha = (userName: string) => call(sessionApi.captcha, { query: { userName } });

export const logoutCall = () => call(sessionApi.logout, {}, { quiet: true });

export const changePassword = (oldPassword: string, newPassword: string) => call(sessionApi.changePassword, { body: { oldPassword, newPassword } });

export const switchCompany = (companyId: number) => call(sessionApi.switchCompany, { body: { companyId } });

export const saveLanguage = (language: Language) => call(sessionApi.language, { body: { language } });
