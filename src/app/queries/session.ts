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

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser(),
    queryFn: ({ signal }) => call(sessionApi.current, {}, { signal }),
    staleTime: Infinity,
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
