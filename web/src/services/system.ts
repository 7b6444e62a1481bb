import { apiGet, get, post, type Page } from '@/utils/request';
import type { MenuEntry } from '@/utils/menu';
import type { Schemas } from './types';

/** blade-system and label-management (spec 7.2-7.4). */
const S = '/api/blade-system';

export type DictItem = Schemas['v1Dict'];

/** A generic CRUD API module over a Blade resource path. */
export interface CrudApi<T = any> {
  list: (params: Record<string, any>) => Promise<Page<T> | T[]>;
  detail?: (id: string) => Promise<T>;
  submit?: (row: Partial<T>) => Promise<any>;
  update?: (row: Partial<T>) => Promise<any>;
  remove?: (ids: string) => Promise<any>;
  /** export endpoint for GET download */
  exportUrl?: string;
}

export function crudApi<T = any>(base: string, listPath = 'list', extra: Partial<CrudApi<T>> = {}): CrudApi<T> {
  return {
    list: (params) => get<Page<T>>(`${base}/${listPath}`, params).then((r) => r.data),
    detail: (id) => get<T>(`${base}/detail`, { id }).then((r) => r.data),
    submit: (row) => post(`${base}/submit`, row),
    remove: (ids) => post(`${base}/remove`, undefined, { ids }),
    ...extra,
  };
}

// menus
export const getRoutes = (topMenuId?: string) =>
  apiGet(`${S}/menu/routes`, topMenuId ? { topMenuId } : undefined).then((r) => r.data || []);
export const getButtons = () => apiGet(`${S}/menu/buttons`).then((r) => r.data || []);
export const getTopMenu = () => apiGet(`${S}/menu/top-menu`).then((r) => r.data || []);
export const getMenuTree = (tenantId?: string) => apiGet(`${S}/menu/tree`, { tenantId }).then((r) => r.data || []);
export const getMenuLazyList = (parentId: string, params: Record<string, any> = {}) =>
  apiGet(`${S}/menu/lazy-list`, { parentId, ...params }).then((r) => r.data || []);
export const getGrantTree = () => apiGet(`${S}/menu/grant-tree`).then((r) => r.data);
export const getRoleTreeKeys = (roleIds: string) => apiGet(`${S}/menu/role-tree-keys`, { roleIds }).then((r) => r.data);
export const menuApi = crudApi<MenuEntry>(`${S}/menu`, 'list');

// dictionaries
const dictCache = new Map<string, Promise<DictItem[]>>();
export function getDictionary(code: string): Promise<DictItem[]> {
  if (!dictCache.has(code)) {
    const p = apiGet(`${S}/dict/dictionary`, { code }, { silent: true })
      .then((r) => r.data || [])
      .catch(() => {
        dictCache.delete(code);
        return [] as DictItem[];
      });
    dictCache.set(code, p);
  }
  return dictCache.get(code)!;
}
export const clearDictCache = () => dictCache.clear();
export const dictParentApi = crudApi<DictItem>(`${S}/dict`, 'parent-list');
export const dictChildList = (parentId: string, params: Record<string, any>) =>
  apiGet(`${S}/dict/child-list`, { parentId, ...params }).then((r) => r.data);
export const getDictTree = () => apiGet(`${S}/dict/tree`, { code: 'DICT' }).then((r) => r.data || []);

// tenants
export const tenantApi = crudApi(`${S}/tenant`);
export const getTenantInfo = (domain: string) =>
  apiGet(`${S}/tenant/info`, { domain }, { authorization: false, silent: true }).then((r) => r.data);
export const getTenantSelect = () => apiGet(`${S}/tenant/select`).then((r) => r.data || []);
export const getTenantById = (tenantId: string) => apiGet(`${S}/tenant/getByTenantId`, { tenantId }, { silent: true }).then((r) => r.data);

// roles, depts, posts, params, clients
export const roleApi = crudApi(`${S}/role`);
export const getRoleTree = () => apiGet(`${S}/role/tree`).then((r) => r.data || []);
export const grantRole = (roleIds: string[], menuIds: string[]) => post(`${S}/role/grant`, { roleIds, menuIds });
export const deptApi = crudApi(`${S}/dept`);
export const getDeptTree = () => apiGet(`${S}/dept/tree`).then((r) => r.data || []);
export const postApi = crudApi(`${S}/post`);
/** every post of the tenant for pickers: post/list is paged (at most 1000 a page); quiet when not permitted */
export const getPostSelect = () =>
  apiGet(`${S}/post/list`, { current: 1, size: 1000 }, { silent: true })
    .then((r) => r.data?.records || [])
    .catch(() => []);
export const paramApi = crudApi(`${S}/param`);
export const clientApi = crudApi(`${S}/client`);
export const menuTenantConfigApi = crudApi(`${S}/menuTenantConfig`, 'page');
export const labelApi = crudApi('/api/label-management', 'page');

// enterprise record (arrives with the factory service; may 404)
export const getFactoryDetail = () => apiGet('/api/base-factory/factory/detail', undefined, { silent: true }).then((r) => r.data);

// social (OAuth2/OIDC) login providers of the tenant, blade-auth
// no detail call: the list row is the record (its secret comes back masked)
export const socialProviderApi = crudApi('/api/blade-auth/social-provider', 'list', { detail: undefined });
/** API keys of the assistant's OpenAI-compatible endpoint: listed by prefix; the secret is answered once, on create. */
export interface ApiKeyCreated {
  key: { id: string; name: string; prefix: string; userName: string; expireTime: string };
  secret: string;
}
export const apiKeyApi = crudApi('/api/blade-auth/api-key', 'list', { detail: undefined });
export const createApiKey = (v: { userId: string; name: string; expireDays?: number }) =>
  post<ApiKeyCreated>('/api/blade-auth/api-key/submit', v).then((r) => r.data);
