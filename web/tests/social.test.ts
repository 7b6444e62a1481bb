import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readSocialCallback, SOCIAL_DENIED, SOCIAL_MISSING, SOCIAL_NO_TENANT } from '@/utils/social';
import { PF_INVALID, PF_MISMATCH, readPasswordFreeLink } from '@/utils/passwordFree';
import { needsNoAuth } from '@/utils/guard';
import { isPasswordFree, needsRegistration, useSession } from '@/stores/session';
import { configureRequest } from '@/utils/request';
import { getToken } from '@/utils/auth';
import { checkAccessToken } from '@/services/auth';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.sig`;

describe('social callback (/oauth/redirect/:source)', () => {
  it('reads source, code, state and the tenant from the query', () => {
    expect(readSocialCallback('github', '?code=abc&state=s1&tenantId=100001')).toEqual({
      ok: true,
      form: { tenantId: '100001', source: 'github', code: 'abc', state: 's1' },
    });
  });

  it('falls back to the detected or stored tenant', () => {
    const cb = readSocialCallback('github', 'code=abc', '100002');
    expect(cb.ok && cb.form.tenantId).toBe('100002');
    expect(readSocialCallback('github', '?code=abc&tenantId=100003', '100002')).toMatchObject({ ok: true, form: { tenantId: '100003' } });
  });

  it('explains a missing code, a refused consent and an unknown tenant', () => {
    expect(readSocialCallback('github', '?state=s1', '100001')).toEqual({ ok: false, reason: SOCIAL_MISSING });
    expect(readSocialCallback(undefined, '?code=abc', '100001')).toEqual({ ok: false, reason: SOCIAL_MISSING });
    expect(readSocialCallback('github', '?error=access_denied', '100001')).toEqual({ ok: false, reason: SOCIAL_DENIED });
    expect(readSocialCallback('github', '?error=access_denied&error_description=no', '100001')).toEqual({ ok: false, reason: 'no' });
    expect(readSocialCallback('github', '?code=abc', '')).toEqual({ ok: false, reason: SOCIAL_NO_TENANT });
  });

  it('the callback and the password-free page need no token', () => {
    expect(needsNoAuth('/oauth/redirect/github')).toBe(true);
    expect(needsNoAuth('/passwordFree')).toBe(true);
    expect(needsNoAuth('/login')).toBe(true);
    expect(needsNoAuth('/oauth')).toBe(false);
    expect(needsNoAuth('/system/user')).toBe(false);
  });
});

describe('social login in the session store', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useSession.getState().fedLogOut();
  });

  it('an unknown person (user_id -1) is logged in, must register and loads no buttons', async () => {
    const calls: string[] = [];
    const bodies: string[] = [];
    configureRequest({
      fetch: vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(url);
        bodies.push(String(init?.body ?? ''));
        return new Response(
          JSON.stringify({
            access_token: jwt({ tenant_id: '100001', user_id: '-1', oauth_id: '77' }),
            refresh_token: 'r',
            tenant_id: '100001',
            user_id: '-1',
            oauth_id: '77',
            nick_name: 'Octo',
          }),
          { status: 200 },
        );
      }) as any,
    });
    await useSession.getState().loginSocial({ tenantId: '100001', source: 'github', code: 'abc', state: 's' });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0], 'http://x');
    expect(url.pathname).toBe('/api/blade-auth/oauth/token');
    // a POST form: nothing in the URL, everything in the body
    expect(url.search).toBe('');
    expect(Object.fromEntries(new URLSearchParams(bodies[0]))).toMatchObject({
      tenantId: '100001',
      source: 'github',
      code: 'abc',
      state: 's',
      grant_type: 'social',
    });
    const s = useSession.getState();
    expect(getToken()).not.toBe('');
    expect(s.userInfo.oauth_id).toBe('77');
    expect(needsRegistration(s.userInfo)).toBe(true);
  });

  it('a known person loads buttons and roles like a password login', async () => {
    const calls: string[] = [];
    configureRequest({
      fetch: vi.fn(async (url: string) => {
        calls.push(url.split('?')[0]);
        if (url.startsWith('/api/blade-auth/oauth/token'))
          return new Response(
            JSON.stringify({
              access_token: jwt({ tenant_id: '100001', user_id: '5' }),
              refresh_token: 'r',
              tenant_id: '100001',
              user_id: '5',
            }),
            { status: 200 },
          );
        return new Response(JSON.stringify({ code: 200, success: true, data: url.includes('buttons') ? [] : { roleAlias: 'user' } }), {
          status: 200,
        });
      }) as any,
    });
    await useSession.getState().loginSocial({ tenantId: '100001', source: 'github', code: 'abc' });
    expect(needsRegistration(useSession.getState().userInfo)).toBe(false);
    expect(calls).toContain('/api/blade-system/menu/buttons');
    expect(calls).toContain('/api/blade-auth/oauth/user-info');
  });

  it('a refused code rejects with the server message and leaves no session', async () => {
    configureRequest({
      fetch: vi.fn(
        async () =>
          new Response(
            JSON.stringify({ code: 400, success: false, msg: '第三方登录失败,请重试', error_description: '第三方登录失败,请重试' }),
            { status: 400 },
          ),
      ) as any,
    });
    const notify = vi.fn();
    configureRequest({ notifyError: notify });
    await expect(useSession.getState().loginSocial({ tenantId: '100001', source: 'github', code: 'bad' })).rejects.toThrow(
      '第三方登录失败,请重试',
    );
    expect(notify).not.toHaveBeenCalled(); // the callback page shows it, not a toast
    expect(getToken()).toBe('');
  });
});

describe('password-free link (/passwordFree)', () => {
  const now = Date.UTC(2026, 0, 1);
  const good = jwt({ tenant_id: '100001', user_id: '9', account: 'passwordFree', exp: now / 1000 + 3600 });

  it('accepts an issued access token that matches tenant and account', () => {
    expect(readPasswordFreeLink(`?tenantId=100001&account=passwordFree&access_token=${good}&refresh_token=r1`, now)).toEqual({
      ok: true,
      accessToken: good,
      refreshToken: 'r1',
      tenantId: '100001',
      account: 'passwordFree',
    });
    expect(readPasswordFreeLink(`?access_token=${good}`, now)).toMatchObject({ ok: true, tenantId: '100001', account: 'passwordFree' });
  });

  it('rejects a link without a token, a one-time token, garbage, an expired or a foreign token', () => {
    expect(readPasswordFreeLink('?tenantId=100001&account=passwordFree', now)).toEqual({ ok: false, reason: PF_INVALID });
    expect(readPasswordFreeLink('?tenantId=100001&account=passwordFree&token=one-time', now)).toEqual({ ok: false, reason: PF_INVALID });
    expect(readPasswordFreeLink('?access_token=not-a-jwt', now)).toEqual({ ok: false, reason: PF_INVALID });
    const old = jwt({ tenant_id: '100001', account: 'passwordFree', exp: now / 1000 - 1 });
    expect(readPasswordFreeLink(`?access_token=${old}`, now)).toEqual({ ok: false, reason: PF_INVALID });
    expect(readPasswordFreeLink(`?tenantId=100002&access_token=${good}`, now)).toEqual({ ok: false, reason: PF_MISMATCH });
    expect(readPasswordFreeLink(`?account=admin&access_token=${good}`, now)).toEqual({ ok: false, reason: PF_MISMATCH });
  });

  it('checking the token sends it explicitly and a 401 does not log anyone out', async () => {
    const seen: Record<string, string>[] = [];
    const onUnauthorized = vi.fn();
    configureRequest({
      onUnauthorized,
      fetch: vi.fn(async (_url: string, init: any) => {
        seen.push(init.headers);
        return new Response(JSON.stringify({ code: 401, msg: '请求未授权' }), { status: 401 });
      }) as any,
    });
    await expect(checkAccessToken('tok-1', '100001')).rejects.toThrow();
    expect(seen[0]['Blade-Auth']).toBe('bearer tok-1');
    expect(seen[0]['Tenant-Id']).toBe('100001');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('an adopted token becomes the session; the passwordless flag reduces the top bar', () => {
    useSession.getState().adoptToken(good, 'r1');
    const s = useSession.getState();
    expect(getToken()).toBe(good);
    expect(s.tenantId).toBe('100001');
    expect(s.userInfo.account).toBe('passwordFree');
    expect(isPasswordFree(s.userInfo)).toBe(true);
    expect(isPasswordFree({ account: 'admin' })).toBe(false);
    expect(isPasswordFree({ account: 'admin', passwordFree: true })).toBe(true);
  });
});
