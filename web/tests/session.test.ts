import { beforeEach, describe, expect, it, vi } from 'vitest';
import { needsRegistration, shouldRefresh, useSession } from '@/stores/session';
import { useTabs } from '@/stores/tabs';
import { configureRequest } from '@/utils/request';
import { getToken } from '@/utils/auth';
import { buildQuery, permCodes, readPage, toValueEnum } from '@/components/CrudPage/helpers';

describe('token refresh rule (spec 4)', () => {
  const t0 = 1_000_000_000_000;
  it('refreshes once the token is tokenTime seconds old and no refresh runs', () => {
    expect(shouldRefresh(t0 + 2999_000, t0, true, false, 3000)).toBe(false);
    expect(shouldRefresh(t0 + 3000_000, t0, true, false, 3000)).toBe(true);
    expect(shouldRefresh(t0 + 9000_000, t0, true, true, 3000)).toBe(false);
    expect(shouldRefresh(t0 + 9000_000, t0, false, false, 3000)).toBe(false);
    expect(shouldRefresh(t0 + 9000_000, 0, true, false, 3000)).toBe(false);
  });

  it('runs one refresh at a time', async () => {
    let calls = 0;
    let release: () => void = () => {};
    configureRequest({
      fetch: vi.fn(async () => {
        calls++;
        await new Promise<void>((r) => (release = r));
        return new Response(JSON.stringify({ access_token: 'new', refresh_token: 'r2' }), { status: 200 });
      }) as any,
    });
    document.cookie = 'refresh_token=r1; path=/';
    const a = useSession.getState().refresh();
    const b = useSession.getState().refresh();
    expect(await b).toBe(false);
    release();
    expect(await a).toBe(true);
    expect(calls).toBe(1);
    expect(getToken()).toBe('new');
  });
});

describe('registration trigger (spec 2.5)', () => {
  it('needs registration when the local id is missing or negative', () => {
    expect(needsRegistration({ access_token: 't', user_id: '-1' })).toBe(true);
    expect(needsRegistration({ access_token: 't' })).toBe(true);
    expect(needsRegistration({ access_token: 't', user_id: '1123598821738675201' })).toBe(false);
    expect(needsRegistration({})).toBe(false);
  });
});

describe('session store (spec 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('login success stores tokens, tenant and user, clears tabs and the lock', () => {
    document.cookie = 'access_token=old; path=/';
    useTabs.getState().add({ label: 'x', value: '/x' });
    useSession.getState().setLock('123');
    useSession.getState().applyLogin({
      access_token: 'tok',
      refresh_token: 'ref',
      tenant_id: '100001',
      user_id: '1',
      role_name: 'administrator,user',
      nick_name: '管理员',
    } as any);
    const s = useSession.getState();
    expect(getToken()).toBe('tok');
    expect(s.tenantId).toBe('100001');
    expect(s.roles).toEqual(['administrator', 'user']);
    expect(s.isLock).toBe(false);
    expect(useTabs.getState().list.map((t) => t.value)).toEqual(['/wel/index']);
    expect(JSON.parse(localStorage.getItem('anquan-tenantId')!).content).toBe('100001');
  });

  it('lock keeps the password in session storage and unlocks only with it', () => {
    useSession.getState().setLock('pw');
    expect(JSON.parse(sessionStorage.getItem('anquan-lockPasswd')!).content).toBe('pw');
    expect(useSession.getState().unlock('bad')).toBe(false);
    expect(useSession.getState().isLock).toBe(true);
    expect(useSession.getState().unlock('pw')).toBe(true);
    expect(useSession.getState().isLock).toBe(false);
    expect(sessionStorage.getItem('anquan-lockPasswd')).toBeNull();
  });

  it('log out clears cookies and both storages', () => {
    useSession.getState().applyLogin({ access_token: 'tok', refresh_token: 'ref', tenant_id: '100001', user_id: '1' } as any);
    useSession.getState().setLock('pw');
    useSession.getState().fedLogOut();
    expect(getToken()).toBe('');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('anquan-'))).toEqual([]);
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('anquan-'))).toEqual([]);
    expect(useSession.getState().userInfo).toEqual({});
  });

  it('button permissions are a flat code set', async () => {
    configureRequest({
      fetch: vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 200, data: [{ code: 'user', children: [{ code: 'user_add' }] }] }), { status: 200 }),
      ) as any,
    });
    await useSession.getState().loadButtons();
    expect(useSession.getState().hasPerm('user_add')).toBe(true);
    expect(useSession.getState().hasPerm('user_delete')).toBe(false);
  });
});

describe('roles from user-info', () => {
  it('adds the role aliases the menu refers to', async () => {
    useSession.setState({ roles: ['管理员'] });
    configureRequest({
      fetch: vi.fn(
        async () => new Response(JSON.stringify({ code: 200, data: { roleAlias: 'administrator,safety' } }), { status: 200 }),
      ) as any,
    });
    await useSession.getState().loadRoles();
    expect(useSession.getState().roles).toEqual(['administrator', 'safety', '管理员']);
  });
});

describe('CrudPage helpers', () => {
  const fields = [
    { title: 'a', dataIndex: 'account', search: true },
    { title: 's', dataIndex: 'status', search: 'equal' },
    { title: 't', dataIndex: 'createTime', search: 'daterange' },
    { title: 'n', dataIndex: 'remark' },
  ] as any;

  it('maps ProTable params to current/size and Blade filter suffixes', () => {
    expect(
      buildQuery({ current: 2, pageSize: 20, account: 'ad', status: 1, createTime: ['2026-01-01', '2026-02-01'], remark: 'x' }, fields),
    ).toEqual({
      current: 2,
      size: 20,
      account: 'ad',
      status_equal: 1,
      createTime_datege: '2026-01-01',
      createTime_datele: '2026-02-01',
    });
    expect(buildQuery({}, fields, { deptId: '9' })).toEqual({ current: 1, size: 10, deptId: '9' });
  });

  it('button codes from a prefix', () => {
    expect(permCodes('user')).toEqual({
      add: 'user_add',
      edit: 'user_edit',
      delete: 'user_delete',
      view: 'user_view',
      export: 'user_export',
    });
  });

  it('reads pages and lists', () => {
    expect(readPage({ records: [1, 2], total: 12 })).toEqual({ data: [1, 2], total: 12 });
    expect(readPage([1])).toEqual({ data: [1], total: 1 });
    expect(readPage(null)).toEqual({ data: [], total: 0 });
    expect(toValueEnum([{ dictKey: 1, dictValue: '男' }])).toEqual({ '1': { text: '男' } });
    expect(
      readPage([
        { id: 1, children: [] },
        { id: 2, children: [{ id: 3, children: [] }] },
      ]).data,
    ).toEqual([{ id: 1 }, { id: 2, children: [{ id: 3 }] }]);
  });
});
