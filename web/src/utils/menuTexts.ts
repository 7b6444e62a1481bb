import { addLocale } from '@umijs/max';

let loading: Promise<void> | undefined;

/**
 * Adds the English menu names to umi's en-US locale, once. They come in their own chunk after
 * login (the menu tree and the pages need them; /login does not), and addLocale re-renders the
 * locale provider, so a sidebar drawn before they arrive is redrawn in English.
 */
export function loadMenuTexts(): Promise<void> {
  loading ??= import(/* webpackChunkName: "menu-texts" */ '@/locales/menus/en-US').then((m) => {
    // messages only: the locale's antd and dayjs settings stay as they are
    addLocale('en-US', m.default, undefined as any);
  });
  return loading;
}
