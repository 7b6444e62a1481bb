import { decodeJwt } from './util';

/**
 * The password-free link (/passwordFree): ?tenantId=&account=&access_token=[&refresh_token=].
 * Only a link that carries an access token issued by this platform can be used; a one-time
 * `token` needs an exchange the server does not offer, so such a link is reported invalid.
 */
export type PasswordFreeLink =
  { ok: true; accessToken: string; refreshToken: string; tenantId: string; account: string } | { ok: false; reason: string };

export const PF_INVALID = '免密登录链接无效或已过期,请联系管理员重新获取';
export const PF_MISMATCH = '免密登录链接与账号信息不一致,请联系管理员重新获取';

export function readPasswordFreeLink(search: string, nowMs = Date.now()): PasswordFreeLink {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const accessToken = (q.get('access_token') || q.get('accessToken') || '').trim();
  if (!accessToken) return { ok: false, reason: PF_INVALID };
  const jwt = decodeJwt(accessToken);
  if (!jwt || !Object.keys(jwt).length) return { ok: false, reason: PF_INVALID };
  if (typeof jwt.exp === 'number' && jwt.exp * 1000 <= nowMs) return { ok: false, reason: PF_INVALID };
  const tenantId = (q.get('tenantId') || '').trim();
  const account = (q.get('account') || '').trim();
  if (tenantId && jwt.tenant_id && String(jwt.tenant_id) !== tenantId) return { ok: false, reason: PF_MISMATCH };
  if (account && jwt.account && String(jwt.account) !== account) return { ok: false, reason: PF_MISMATCH };
  return {
    ok: true,
    accessToken,
    refreshToken: (q.get('refresh_token') || q.get('refreshToken') || '').trim(),
    tenantId: tenantId || String(jwt.tenant_id || ''),
    account: account || String(jwt.account || ''),
  };
}
