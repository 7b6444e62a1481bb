import { create } from 'zustand';
import website from '@/config/website';
import * as authApi from '@/services/auth';
import type { LoginForm, LoginResult, SocialForm } from '@/services/auth';
import { getButtons } from '@/services/system';
import { getRefreshToken, getToken, getTokenTime, removeToken, setRefreshToken, setToken, tokenAge } from '@/utils/auth';
import { flattenButtons } from '@/utils/menu';
import { clearStore, getStore, removeStore, setStore } from '@/utils/storage';
import { decodeJwt } from '@/utils/util';
import { useModule } from './module';
import { useTabs } from './tabs';

/** Session: tokens, user, roles, button permissions and the screen lock (spec 4). */
export interface UserInfo extends Partial<LoginResult> {
  [k: string]: any;
}

interface SessionState {
  token: string;
  tenantId: string;
  userInfo: UserInfo;
  roles: string[];
  permission: Record<string, boolean>;
  isLock: boolean;
  lockPasswd: string;
  refreshing: boolean;
  login: (form: LoginForm, captcha: boolean) => Promise<LoginResult>;
  /** grant_type=social; a person without a local account gets the registration dialog */
  loginSocial: (form: SocialForm) => Promise<LoginResult>;
  /** an access token issued elsewhere (the password-free link) becomes the session */
  adoptToken: (accessToken: string, refreshToken?: string) => void;
  applyLogin: (res: LoginResult) => void;
  loadButtons: () => Promise<void>;
  /** roles (aliases) from user-info, which the menu's meta.roles refer to; `info` is a
   * user-info answer the caller already has */
  loadRoles: (info?: Record<string, any>) => Promise<void>;
  /** what every login loads next: buttons and roles, each failing quietly */
  loadAccess: (info?: Record<string, any>) => Promise<void>;
  logout: () => Promise<void>;
  fedLogOut: () => void;
  refresh: () => Promise<boolean>;
  setLock: (passwd: string) => void;
  unlock: (passwd: string) => boolean;
  hasPerm: (code: string) => boolean;
  setUserInfo: (u: UserInfo) => void;
}

/** A refresh runs when the token's age reaches tokenTime and no refresh is running. */
export function shouldRefresh(now: number, storedAt: number, hasToken: boolean, refreshing: boolean, threshold = website.tokenTime) {
  if (!hasToken || refreshing || !storedAt) return false;
  return tokenAge(now, storedAt) >= threshold;
}

/** A user without a local id (missing, '-1' or negative) must register. */
export function needsRegistration(u: UserInfo | undefined): boolean {
  if (!u || !u.access_token) return false;
  const id = u.user_id;
  if (id === undefined || id === null || id === '') return true;
  return Number(id) < 0;
}

/** The special passwordless account (spec 2.4, 6): its top bar keeps only the avatar and log out. */
export function isPasswordFree(u: UserInfo | undefined): boolean {
  return !!u && (u.passwordFree === true || (!!u.account && u.account === website.passwordFreeAccount));
}

const rolesOf = (res: LoginResult): string[] => {
  const jwt = decodeJwt(res.access_token || '');
  const r = jwt.role_name || res.role_name || '';
  return String(r).split(',').filter(Boolean);
};

export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  tenantId: getStore<string>({ name: 'tenantId' }) || '',
  userInfo: getStore<UserInfo>({ name: 'userInfo' }) || {},
  roles: getStore<string[]>({ name: 'roles' }) || [],
  permission: getStore<Record<string, boolean>>({ name: 'permission' }) || {},
  isLock: !!getStore<boolean>({ name: 'isLock' }),
  lockPasswd: getStore<string>({ name: 'lockPasswd', type: 'session' }) || '',
  refreshing: false,

  login: async (form, captcha) => {
    const res = await authApi.loginByUsername(form, captcha);
    if (res.error_description) throw new Error(res.error_description);
    get().applyLogin(res);
    await get().loadAccess();
    return res;
  },

  loginSocial: async (form) => {
    const res = await authApi.loginBySocial(form);
    if (res.error_description) throw new Error(res.error_description);
    get().applyLogin(res);
    // a user who still has to register owns no menus or buttons yet
    if (!needsRegistration(get().userInfo)) {
      await get().loadAccess();
    }
    return res;
  },

  adoptToken: (accessToken, refreshToken = '') => {
    const jwt = decodeJwt(accessToken);
    get().applyLogin({
      access_token: accessToken,
      refresh_token: refreshToken,
      tenant_id: jwt.tenant_id || '',
      user_id: jwt.user_id,
      account: jwt.account,
      user_name: jwt.user_name,
      nick_name: jwt.nick_name || jwt.user_name,
      real_name: jwt.real_name,
      role_name: jwt.role_name,
      avatar: jwt.avatar,
      oauth_id: jwt.oauth_id,
    } as LoginResult);
  },

  applyLogin: (res) => {
    setToken(res.access_token);
    setRefreshToken(res.refresh_token);
    const jwt = decodeJwt(res.access_token || '');
    const userInfo: UserInfo = {
      ...res,
      user_id: res.user_id ?? jwt.user_id,
      dept_id: String(res.dept_id ?? jwt.dept_id ?? '')
        .split(',')
        .pop(),
    };
    const roles = rolesOf(res);
    const tenantId = res.tenant_id || jwt.tenant_id || '';
    setStore({ name: 'userInfo', content: userInfo });
    setStore({ name: 'roles', content: roles });
    setStore({ name: 'tenantId', content: tenantId });
    removeStore({ name: 'isLock' });
    removeStore({ name: 'lockPasswd', type: 'session' });
    useTabs.getState().reset();
    set({ token: res.access_token, userInfo, roles, tenantId, isLock: false, lockPasswd: '' });
  },

  loadButtons: async () => {
    const permission = flattenButtons(await getButtons());
    setStore({ name: 'permission', content: permission });
    set({ permission });
  },

  loadRoles: async (known) => {
    const info = known || (await authApi.getUserInfo()).data || {};
    const roles = Array.from(new Set([...String(info.roleAlias || '').split(','), ...get().roles].filter(Boolean)));
    setStore({ name: 'roles', content: roles });
    set({ roles });
  },

  loadAccess: async (info) => {
    await Promise.all([
      get()
        .loadButtons()
        .catch(() => undefined),
      get()
        .loadRoles(info)
        .catch(() => undefined),
    ]);
  },

  logout: async () => {
    try {
      if (getToken()) await authApi.logout();
    } catch {
      /* the session ends anyway */
    }
    get().fedLogOut();
  },

  fedLogOut: () => {
    removeToken();
    // reset the stores first: their persistence would otherwise write entries back
    useTabs.getState().reset();
    useModule.getState().reset();
    clearStore();
    clearStore({ type: 'session' });
    set({ token: '', userInfo: {}, roles: [], permission: {}, isLock: false, lockPasswd: '', tenantId: '' });
  },

  refresh: async () => {
    if (get().refreshing) return false;
    const rt = getRefreshToken();
    if (!rt) return false;
    set({ refreshing: true });
    try {
      const res = await authApi.refreshToken(rt, get().tenantId || website.tenantId);
      if (!res?.access_token) return false;
      setToken(res.access_token);
      setRefreshToken(res.refresh_token);
      set({ token: res.access_token });
      return true;
    } catch {
      return false;
    } finally {
      set({ refreshing: false });
    }
  },

  setLock: (passwd) => {
    setStore({ name: 'isLock', content: true });
    setStore({ name: 'lockPasswd', content: passwd, type: 'session' });
    set({ isLock: true, lockPasswd: passwd });
  },

  unlock: (passwd) => {
    if (passwd !== get().lockPasswd) return false;
    removeStore({ name: 'isLock' });
    removeStore({ name: 'lockPasswd', type: 'session' });
    set({ isLock: false, lockPasswd: '' });
    return true;
  },

  hasPerm: (code) => !!get().permission[code],
  setUserInfo: (u) => {
    const userInfo = { ...get().userInfo, ...u };
    setStore({ name: 'userInfo', content: userInfo });
    set({ userInfo });
  },
}));

let timer: ReturnType<typeof setInterval> | undefined;
/** Every 10 s: refresh the token once it is tokenTime seconds old (one at a time). */
export function startTokenRefresh() {
  if (timer) return;
  timer = setInterval(() => {
    const s = useSession.getState();
    if (shouldRefresh(Date.now(), getTokenTime(), !!getToken(), s.refreshing)) s.refresh();
  }, website.refreshInterval);
}
