// Test double for '@umijs/max' (vitest only): zh-CN (or, after setLocale, en-US) messages,
// an in-memory history.
import zh from '@/locales/zh-CN';
import en from '@/locales/en-US';
import enMenus from '@/locales/menus/en-US';
import { useMemo } from 'react';
import accessFactory from '@/access';
import { useSession } from '@/stores/session';

const all: Record<string, Record<string, string>> = { 'zh-CN': { ...zh }, 'en-US': { ...en, ...enMenus } }; // the menu names as after login
/** umi's addLocale: merges messages into a locale */
export const addLocale = (name: string, messages: Record<string, string>) => {
  all[name] = { ...(all[name] || {}), ...messages };
};
let locale = 'zh-CN';
export const useIntl = () => {
  const messages = all[locale] || zh;
  return { locale, messages, formatMessage: ({ id }: { id: string }) => messages[id] ?? id };
};
export const getLocale = () => locale;
/** umi's getIntl: the same messages outside a component */
export const getIntl = (l: string = locale) => {
  const messages = all[l] || zh;
  return { locale: l, messages, formatMessage: ({ id }: { id: string }) => messages[id] ?? id };
};
export const setLocale = (l: string) => {
  locale = l;
};
const stack: string[] = ['/'];
export const history = {
  get location() {
    return { pathname: stack[stack.length - 1], search: '' };
  },
  push: (p: string) => stack.push(p),
  replace: (p: string) => (stack[stack.length - 1] = p),
  back: () => stack.pop(),
};

// useAccess as the access plugin gives it, computed from the session store directly (the app keeps
// the plugin's initial state in step with the same store, see src/app.tsx)
export const useAccess = () => {
  const permission = useSession((s) => s.permission);
  const roles = useSession((s) => s.roles);
  return useMemo(() => accessFactory({ permission, roles }), [permission, roles]);
};
export const useModel = () => ({ initialState: undefined, setInitialState: () => undefined });
