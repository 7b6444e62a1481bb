import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_EXPIRED_TOAST, configureRequest, get, handleResult, request, RequestError, toQuery } from '@/utils/request';
import { setStore } from '@/utils/storage';
import website from '@/config/website';

function fakeFetch(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init: RequestInit) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
}

describe('request client (spec 7, 8)', () => {
  const toasts: string[] = [];
  let unauthorized = 0;
  beforeEach(() => {
    toasts.length = 0;
    unauthorized = 0;
    localStorage.clear();
    document.cookie = 'access_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    configureRequest({ notifyError: (m) => toasts.push(m), onUnauthorized: () => unauthorized++ });
  });
  afterEach(() => {
    website.statusWhiteList.length = 0;
  });

  it('sends client basic auth, the tenant id and the bearer token', async () => {
    const f = fakeFetch(200, { code: 200, success: true, data: 1, msg: 'ok' });
    configureRequest({ fetch: f as any });
    setStore({ name: 'tenantId', content: '100001' });
    document.cookie = 'access_token=abc; path=/';
    await get('/api/x', { current: 1, empty: '', none: undefined });
    const [url, init] = f.mock.calls[0];
    const h = init.headers as Record<string, string>;
    expect(url).toBe('/api/x?current=1');
    expect(h.Authorization).toBe('Basic c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(h['Tenant-Id']).toBe('100001');
    expect(h['Blade-Auth']).toBe('bearer abc');
  });

  it('a request may opt out of the bearer token', async () => {
    const f = fakeFetch(200, { code: 200, data: null });
    configureRequest({ fetch: f as any });
    document.cookie = 'access_token=abc; path=/';
    await request({ url: '/api/y', authorization: false });
    expect((f.mock.calls[0][1].headers as any)['Blade-Auth']).toBeUndefined();
    expect((f.mock.calls[0][1].headers as any)['Tenant-Id']).toBe('000000');
  });

  it('posts JSON bodies and form bodies', async () => {
    const f = fakeFetch(200, { code: 200, data: true });
    configureRequest({ fetch: f as any });
    await request({ url: '/a', method: 'POST', data: { a: 1 } });
    expect(f.mock.calls[0][1].body).toBe('{"a":1}');
    await request({ url: '/a', method: 'POST', data: { a: 1, b: 'x y' }, form: true });
    expect(f.mock.calls[1][1].body).toBe('a=1&b=x+y');
  });

  it('reads the bare token object (no code) as success', async () => {
    configureRequest({ fetch: fakeFetch(200, { access_token: 't' }) as any });
    await expect(request({ url: '/t', method: 'POST' })).resolves.toEqual({ access_token: 't' });
  });

  it('uses msg, else error_description, else unknown error, and toasts it', async () => {
    configureRequest({ fetch: fakeFetch(400, { code: 400, msg: '当前账号已被使用!' }) as any });
    await expect(get('/x')).rejects.toThrow('当前账号已被使用!');
    configureRequest({ fetch: fakeFetch(400, { error_code: 400, error_description: '用户名或密码错误' }) as any });
    await expect(get('/x')).rejects.toThrow('用户名或密码错误');
    configureRequest({ fetch: fakeFetch(500, '') as any });
    await expect(get('/x')).rejects.toThrow('unknown error');
    expect(toasts).toEqual(['当前账号已被使用!', '用户名或密码错误', 'unknown error']);
  });

  it('401 logs out without a toast', async () => {
    configureRequest({ fetch: fakeFetch(401, { code: 401, msg: '请求未授权' }) as any });
    await expect(get('/x')).rejects.toBeInstanceOf(RequestError);
    expect(unauthorized).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('whitelisted codes reject silently', async () => {
    website.statusWhiteList.push(403);
    configureRequest({ fetch: fakeFetch(403, { code: 403, msg: 'no' }) as any });
    await expect(get('/x')).rejects.toThrow('no');
    expect(toasts).toEqual([]);
  });

  it('swallows the attachment-deletion message', async () => {
    expect(handleResult(400, { code: 400, msg: 'attachment deletion handled' })).toEqual({ code: 400, msg: 'attachment deletion handled' });
    expect(toasts).toEqual([]);
  });

  it('shows the authorization-expired toast', () => {
    expect(() => handleResult(400, { code: 400, msg: '网站服务授权已过期' })).toThrow();
    expect(toasts).toEqual([AUTH_EXPIRED_TOAST]);
  });

  it('statuses above 500 and network errors reject', async () => {
    configureRequest({ fetch: fakeFetch(502, 'bad gateway') as any });
    await expect(get('/x')).rejects.toBeInstanceOf(RequestError);
    configureRequest({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as any,
    });
    await expect(get('/x')).rejects.toThrow('Failed to fetch');
  });

  it('silent requests do not toast', async () => {
    configureRequest({ fetch: fakeFetch(404, { code: 404, msg: 'not found' }) as any });
    await expect(get('/x', undefined, { silent: true })).rejects.toThrow();
    expect(toasts).toEqual([]);
  });

  it('serializes arrays as comma lists', () => {
    expect(toQuery({ ids: ['1', '2'] })).toBe('?ids=1%2C2');
    expect(toQuery({})).toBe('');
  });
});
