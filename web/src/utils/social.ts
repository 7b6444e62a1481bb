import type { SocialForm } from '@/services/auth';

/**
 * The social-login callback (/oauth/redirect/:source?code=&state=[&tenantId=]): the provider
 * sends the browser back here with an authorization code. The tenant comes from the query,
 * else the tenant the host name was recognised as, else the tenant last used here.
 */
export type SocialCallback = { ok: true; form: SocialForm } | { ok: false; reason: string };

export const SOCIAL_MISSING = '第三方登录参数缺失,请重新发起登录';
export const SOCIAL_DENIED = '第三方登录已取消或被拒绝';
export const SOCIAL_NO_TENANT = '无法确定租户,请从登录页重新发起第三方登录';

export function readSocialCallback(source: string | undefined, search: string, fallbackTenant?: string): SocialCallback {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  // OAuth2 error answer (RFC 6749 4.1.2.1), e.g. error=access_denied
  if (q.get('error')) return { ok: false, reason: q.get('error_description') || SOCIAL_DENIED };
  const code = (q.get('code') || '').trim();
  const src = (source || q.get('source') || '').trim();
  if (!code || !src) return { ok: false, reason: SOCIAL_MISSING };
  const tenantId = (q.get('tenantId') || q.get('tenant_id') || fallbackTenant || '').trim();
  if (!tenantId) return { ok: false, reason: SOCIAL_NO_TENANT };
  return { ok: true, form: { tenantId, source: src, code, state: q.get('state') || undefined } };
}
