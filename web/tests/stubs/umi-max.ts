// Test double for '@umijs/max' (vitest only): zh-CN (or, after setLocale, en-US) messages,
// an in-memory history.
import zh from '@/locales/zh-CN';
import en from '@/locales/en-US';

const all: Record<string, Record<string, string>> = { 'zh-CN': zh, 'en-US': en };
let locale = 'zh-CN';
export const useIntl = () => {
  const messages = all[locale] || zh;
  return { locale, messages, formatMessage: ({ id }: { id: string }) => messages[id] ?? id };
};
export const getLocale = () => locale;
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
