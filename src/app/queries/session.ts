/**
 * Session calls and queries: sign-in, current user, system config, logout, password change,
 * company switch and language preference (spec 01 §4, §7 /idm/user, /system/config).
 */
import { queryOptions } from '@tanstack/react-query';
import { api, request } from '../api/client';
import type { LoginAnswer, LoginBody, SessionUserDto } from '../../contract/idm';
import type { SystemConfigDto } from '../../contract/system';
import type { Language } from '../../domain/enums';
import { queryKeys } from './keys';

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser(),
    queryFn: ({ signal }) => api.get<SessionUserDto | null>('/idm/user/current', undefined, signal),
    staleTime: Infinity,
  });

export const systemConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config(),
    queryFn: ({ signal }) => api.get<SystemConfigDto>('/system/config', undefined, signal),
    staleTime: 5 * 60_000,
  });

/** Sign-in; failures carry the captcha appendix ({captchaRequired, captcha}). */
export const login = (body: LoginBody) => request<LoginAnswer>('POST', '/idm/user/login', { body, quiet: true });

export const fetchCaptcha = (userName: string) => api.get<{ captchaRequired: boolean; captcha: string | null }>('/idm/user/captcha', { userName });

export const logoutCall = () => request<null>('POST', '/idm/user/logout', { quiet: true });

export const changePassword = (oldPassword: string, newPassword: string) => api.post<null>('/idm/user/changePassword', { oldPassword, newPassword });

export const switchCompany = (companyId: number) => api.post<SessionUserDto>('/idm/user/switchCompany', { companyId });

export const saveLanguage = (language: Language) => api.post<null>('/idm/user/language', { language });
