import website from '@/config/website';

/**
 * Storage helper (spec 3): every key carries the configured prefix; an entry holds
 * dataType, content, type and datetime. A truthy `type` means session storage,
 * otherwise local storage.
 */
export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type?: boolean | string;
  datetime: number;
}

export const keyName = (name: string) => `${website.key}-${name}`;

function pick(type?: boolean | string): Storage {
  return type ? window.sessionStorage : window.localStorage;
}

export function setStore(params: { name: string; content: unknown; type?: boolean | string }) {
  const { name, content, type } = params;
  const obj: StoreEntry = { dataType: typeof content, content, type, datetime: Date.now() };
  pick(type).setItem(keyName(name), JSON.stringify(obj));
}

function readEntry(name: string, type?: boolean | string): StoreEntry | undefined {
  const key = keyName(name);
  let raw = type !== undefined ? pick(type).getItem(key) : window.sessionStorage.getItem(key);
  if (raw == null && type === undefined) raw = window.localStorage.getItem(key);
  if (raw == null || raw === '') return undefined;
  try {
    return JSON.parse(raw) as StoreEntry;
  } catch {
    return undefined;
  }
}

/** Returns the stored content (or the whole entry with debug), undefined when absent. */
export function getStore<T = any>(params: { name: string; type?: boolean | string; debug?: boolean }): T | undefined {
  const entry = readEntry(params.name, params.type);
  if (!entry) return undefined;
  if (params.debug) return entry as unknown as T;
  switch (entry.dataType) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'object':
      return entry.content as T;
    default:
      return entry.content as T;
  }
}

/** The stored datetime of an entry, or 0. */
export function getStoreTime(name: string, type?: boolean | string): number {
  return readEntry(name, type)?.datetime ?? 0;
}

export function removeStore(params: { name: string; type?: boolean | string }) {
  const key = keyName(params.name);
  if (params.type === undefined) {
    window.localStorage.removeItem(key);
    window.sessionStorage.removeItem(key);
  } else pick(params.type).removeItem(key);
}

/** All entries with our prefix: [{name, content}] */
export function getAllStore(params: { type?: boolean | string } = {}) {
  const s = pick(params.type);
  const list: { name: string; content: unknown }[] = [];
  const prefix = `${website.key}-`;
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key || !key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    list.push({ name, content: getStore({ name, type: params.type }) });
  }
  return list;
}

export function clearStore(params: { type?: boolean | string } = {}) {
  pick(params.type).clear();
}
