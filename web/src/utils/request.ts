import { message } from '@/utils/feedback';
import website from '@/config/website';
import { getToken } from './auth';
import { basicAuth } from './basicAuth';
import { getStore } from './storage';
import type { GetData, GetPath } from '@/services/types';

/**
 * The one HTTP client (spec 7 and 8). Statuses 200-500 resolve at the transport level;
 * the Blade envelope decides success. A request may opt out of the bearer token with
 * `authorization: false`.
 */
export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, any>;
  data?: any;
  headers?: Record<string, string>;
  /** false: do not send Blade-Auth */
  authorization?: boolean;
  /** 'blob' returns the raw Response for downloads */
  responseType?: 'json' | 'blob';
  /** form-urlencoded body instead of JSON */
  form?: boolean;
  /** reject without the error toast */
  silent?: boolean;
  /** 'reject': a 401 only rejects (for checking a token that is not the session's yet) */
  unauthorized?: 'logout' | 'reject';
}

export interface Envelope<T = any> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T = any> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const AUTH_EXPIRED_TEXT = '授权已过期';
export const AUTH_EXPIRED_TOAST = '您的网站服务授权已过期,请重新申请授权';
export const ATTACHMENT_HANDLED = 'attachment deletion handled';
export const ATTACHMENT_HANDLED_ZH = '附件删除已处理';

export class RequestError extends Error {
  code: number;
  body: any;
  constructor(msg: string, code: number, body?: any) {
    super(msg);
    this.code = code;
    this.body = body;
  }
}

interface Hooks {
  notifyError: (msg: string) => void;
  onUnauthorized: () => void;
  fetch: typeof fetch;
}

const hooks: Hooks = {
  notifyError: (msg) => {
    message.error(msg);
  },
  onUnauthorized: () => {},
  fetch: (input, init) => fetch(input, init),
};

/** Installs the app's handlers (logout on 401, toast) or test doubles. */
export function configureRequest(h: Partial<Hooks>) {
  Object.assign(hooks, h);
}

/** Serializes params, dropping undefined, null and empty strings. */
export function toQuery(params?: Record<string, any>): string {
  if (!params) return '';
  const q = new URLSearchParams();
  Object.entries(params).forEach(([k, v]) => {
    if (v === undefined || v === null || v === '') return;
    q.append(k, Array.isArray(v) ? v.join(',') : String(v));
  });
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function tenantId(): string {
  return getStore<string>({ name: 'tenantId' }) || website.tenantId;
}

export function buildHeaders(opts: Pick<RequestOptions, 'headers' | 'authorization'>): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: `Basic ${basicAuth()}`,
    [website.tenantHeader]: tenantId(),
  };
  const token = getToken();
  if (token && opts.authorization !== false) headers[website.tokenHeader] = `bearer ${token}`;
  return { ...headers, ...(opts.headers || {}) };
}

let unauthorizedFired = 0;

/** Interprets a decoded body + status the Blade way; returns the body or throws. */
export function handleResult(status: number, body: any, opts: { silent?: boolean; unauthorized?: 'logout' | 'reject' } = {}) {
  const code: number = (body && typeof body === 'object' && typeof body.code === 'number' ? body.code : 0) || status;
  const msg: string = (body && (body.msg || body.error_description)) || 'unknown error';
  if (website.statusWhiteList.includes(code)) throw new RequestError(msg, code, body);
  if (msg === ATTACHMENT_HANDLED || msg === ATTACHMENT_HANDLED_ZH) return body;
  if (code === 401) {
    if (opts.unauthorized === 'reject') throw new RequestError(msg, code, body);
    const now = Date.now();
    if (now - unauthorizedFired > 1000) {
      unauthorizedFired = now;
      hooks.onUnauthorized();
    }
    throw new RequestError(msg, code, body);
  }
  if (code !== 200) {
    if (!opts.silent) hooks.notifyError(msg.includes(AUTH_EXPIRED_TEXT) ? AUTH_EXPIRED_TOAST : msg);
    throw new RequestError(msg, code, body);
  }
  return body;
}

export async function request<T = any>(opts: RequestOptions): Promise<T> {
  const method = opts.method || 'GET';
  const headers = buildHeaders(opts);
  let body: BodyInit | undefined;
  if (opts.data !== undefined && method !== 'GET') {
    if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = toQuery(opts.data).slice(1);
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.data);
    }
  }
  const ctrl = typeof AbortController !== 'undefined' ? new AbortController() : undefined;
  const timer = ctrl ? setTimeout(() => ctrl.abort(), website.httpTimeout) : undefined;
  let res: Response;
  try {
    res = await hooks.fetch(opts.url + toQuery(opts.params), { method, headers, body, signal: ctrl?.signal, credentials: 'same-origin' });
  } finally {
    if (timer) clearTimeout(timer);
  }
  if (res.status < 200 || res.status > 500) {
    throw new RequestError(res.statusText || 'network error', res.status);
  }
  if (opts.responseType === 'blob' && res.status === 200) {
    return res as unknown as T;
  }
  let data: any = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { msg: text };
    }
  }
  return handleResult(res.status, data, { silent: opts.silent, unauthorized: opts.unauthorized }) as T;
}

export const get = <T = any>(url: string, params?: Record<string, any>, extra: Partial<RequestOptions> = {}) =>
  request<Envelope<T>>({ url, params, method: 'GET', ...extra });
export const post = <T = any>(url: string, data?: any, params?: Record<string, any>, extra: Partial<RequestOptions> = {}) =>
  request<Envelope<T>>({ url, data, params, method: 'POST', ...extra });

/**
 * A typed GET of a gateway path (thin client over `get`): the answer's data is typed from the
 * generated API types, e.g. `apiGet('/api/audit-log/services')` → `Envelope<AuditSource[]>`.
 */
export const apiGet = <P extends GetPath>(url: P, params?: Record<string, any>, extra: Partial<RequestOptions> = {}) =>
  get<GetData<P>>(url, params, extra);

export default request;
