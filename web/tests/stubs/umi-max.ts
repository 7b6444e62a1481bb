// Test double for '@umijs/max' (vitest only): zh-CN messages, an in-memory history.
import zh from '@/locales/zh-CN';

const messages = zh as Record<string, string>;
let locale = 'zh-CN';
export const useIntl = () => ({
  locale,
  messages,
  formatMessage: ({ id }: { id: string }) => messages[id] ?? id,
});
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
