import website from '@/config/website';
import request, { apiGet } from '@/utils/request';
import type { Schemas } from './types';

/** blade-auth: tokens, captcha, logout, user info, cache (spec 7.1). */
export interface LoginResult {
  access_token: string;
  token_type?: string;
  refresh_token: string;
  expires_in?: number;
  tenant_id: string;
  user_id?: string;
  dept_id?: string;
  post_id?: string;
  role_id?: string;
  account?: string;
  user_name?: string;
  nick_name?: string;
  real_name?: string;
  role_name?: string;
  avatar?: string;
  oauth_id?: string;
  expirationInformation?: string;
  error_description?: string;
  message?: string;
}

export interface LoginForm {
  tenantId: string;
  username: string;
  password: string;
  /** captcha key/code when the captcha is on */
  key?: string;
  code?: string;
}

/** The token endpoint takes a POST form only: parameters (password, refresh token, social
 * code) travel in the body, never in the URL, which the gateway refuses. */
const TOKEN_URL = '/api/blade-auth/oauth/token';

/** The password cipher (crypto-js) loads with the first login, not with the login page;
 * the page warms it up when the password field gets the focus. */
export const loadCipher = () => import('@/utils/crypto');

export async function loginByUsername(form: LoginForm, captcha: boolean) {
  const tenantId = form.tenantId || website.tenantId;
  const { encrypt } = await loadCipher();
  return request<LoginResult>({
    url: TOKEN_URL,
    method: 'POST',
    authorization: false,
    headers: {
      'Tenant-Id': tenantId,
      ...(captcha ? { 'Captcha-Key': form.key || '', 'Captcha-Code': form.code || '' } : {}),
    },
    form: true,
    data: {
      tenantId,
      username: form.username,
      password: encrypt(form.password),
      grant_type: captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
  });
}

export interface SocialForm {
  tenantId: string;
  /** provider key, the :source of /oauth/redirect/:source */
  source: string;
  code: string;
  state?: string;
}

/** Social login (spec 7.1): an unknown person gets a token with user_id -1 and an oauth_id. */
export function loginBySocial(form: SocialForm) {
  const tenantId = form.tenantId || website.tenantId;
  return request<LoginResult>({
    url: TOKEN_URL,
    method: 'POST',
    authorization: false,
    // the callback page shows the refusal itself
    silent: true,
    headers: { 'Tenant-Id': tenantId },
    form: true,
    data: { tenantId, source: form.source, code: form.code, state: form.state, grant_type: 'social', scope: 'all' },
  });
}

export function refreshToken(refresh_token: string, tenantId: string) {
  return request<LoginResult>({
    url: TOKEN_URL,
    method: 'POST',
    authorization: false,
    silent: true,
    headers: { 'Tenant-Id': tenantId },
    form: true,
    data: { tenantId, refresh_token, grant_type: 'refresh_token', scope: 'all' },
  });
}

export type Captcha = Schemas['v1CaptchaReply'];
export const getCaptcha = () => apiGet('/api/blade-auth/oauth/captcha', undefined, { authorization: false, silent: true });
export const logout = () => apiGet('/api/blade-auth/oauth/logout', undefined, { silent: true });
export const getUserInfo = () => apiGet('/api/blade-auth/oauth/user-info');
/** user-info with a token that is not the session's yet (the password-free link); a 401 only rejects */
export const checkAccessToken = (accessToken: string, tenantId?: string) =>
  apiGet('/api/blade-auth/oauth/user-info', undefined, {
    authorization: false,
    silent: true,
    unauthorized: 'reject',
    headers: { [website.tokenHeader]: `bearer ${accessToken}`, ...(tenantId ? { [website.tenantHeader]: tenantId } : {}) },
  });
export const clearCache = () => apiGet('/api/blade-auth/oauth/clear-cache');
