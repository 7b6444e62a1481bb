import React, { useEffect } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { FeedbackApp } from '@/utils/feedback';
import { getIntl, getLocale, history, useModel } from '@umijs/max';
import { useModule } from '@/stores/module';
import { useEnterprise } from '@/stores/enterprise';
import { pageTitle } from '@/utils/pageTitle';
import { loadMenuTexts } from '@/utils/menuTexts';
import { menuPaths, type AccessState } from '@/access';
import { needsRegistration, useSession, startTokenRefresh } from '@/stores/session';
import { prefetchMenus } from '@/layouts/moduleNav';
import { applyThemeClass, themeOf, useTheme } from '@/stores/theme';
import { configureRequest } from '@/utils/request';
import { getToken } from '@/utils/auth';
import { installErrorLog } from '@/utils/errorLog';
import website from '@/config/website';
import { needsNoAuth } from '@/utils/guard';
import './global.less';

configureRequest({
  onUnauthorized: () => {
    useSession.getState().fedLogOut();
    if (history.location.pathname !== '/login') history.replace('/login');
  },
});
installErrorLog();
applyThemeClass(useTheme.getState().name);
startTokenRefresh();
// a full load of a signed-in page: the menus (the page's gate waits for them) and the page's
// chunk, found in the layout's route table (src/layouts/PageSwitch), are asked for now,
// alongside the layout's chunk, not after the layout has loaded and run
{
  const s = useSession.getState();
  const path = window.location.pathname;
  if (getToken() && !s.isLock && !needsNoAuth(path) && !needsRegistration(s.userInfo)) {
    prefetchMenus();
    import(/* webpackChunkName: "pages" */ '@/layouts/PageSwitch').then((m) => m.preloadPage(path)).catch(() => undefined);
  }
}

/**
 * The page title follows the current tab's label, translated (spec 2.3), on every route: the
 * layout sets it again for its pages (tabs, locale switch); the full-window pages outside it
 * (/risk-commitment, /dual-prophylaxis/index) get it here.
 */
function syncTitle(path = history.location.pathname) {
  const intl = getIntl(getLocale());
  document.title = pageTitle(useModule.getState().tree, path, intl.messages as Record<string, string>, getLocale());
}
useModule.subscribe((s, prev) => {
  if (s.tree !== prev.tree) syncTitle();
});

/** Navigation guard (spec 2.3). */
export function onRouteChange({ location }: { location: { pathname: string } }) {
  const path = location.pathname;
  syncTitle(path);
  const token = getToken();
  const s = useSession.getState();
  if (!token) {
    if (s.token) s.fedLogOut();
    if (!needsNoAuth(path)) history.replace('/login');
    return;
  }
  if (path === '/login') {
    history.replace('/');
    return;
  }
  // the English menu names arrive after login; the title follows them once they are in
  loadMenuTexts()
    .then(() => syncTitle())
    .catch(() => undefined);
  if (s.isLock && path !== '/lock') {
    history.replace('/lock');
    return;
  }
  // each allowed navigation loads the enterprise record (spec 2.3); a recent answer serves it
  if (!needsNoAuth(path)) useEnterprise.getState().load(s.tenantId);
}

/** The access plugin's input (src/access.ts): the session's button codes and roles. */
export async function getInitialState(): Promise<AccessState> {
  const s = useSession.getState();
  const m = useModule.getState();
  return { permission: s.permission, roles: s.roles, menus: m.loaded ? menuPaths(m.tree, s.roles) : undefined };
}

/** Keeps the initial state, and so useAccess(), in step with the session store (login, logout, buttons). */
function AccessSync({ children }: { children: React.ReactNode }) {
  const { setInitialState } = useModel('@@initialState');
  const permission = useSession((s) => s.permission);
  const roles = useSession((s) => s.roles);
  const tree = useModule((s) => s.tree);
  const loaded = useModule((s) => s.loaded);
  useEffect(() => {
    setInitialState({ permission, roles, menus: loaded ? menuPaths(tree, roles) : undefined });
  }, [permission, roles, tree, loaded, setInitialState]);
  return <>{children}</>;
}

export function innerProvider(container: React.ReactNode) {
  return <AccessSync>{container}</AccessSync>;
}

function ThemeRoot({ children }: { children: React.ReactNode }) {
  const name = useTheme((s) => s.name);
  const t = themeOf(name);
  return (
    <ConfigProvider
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: { colorPrimary: t.primary || website.defaultColor, borderRadius: 4 },
        components: { Layout: { headerHeight: 56 } },
      }}
      // every form: a refused submit scrolls its first wrong field into view
      form={{ scrollToFirstError: { behavior: 'smooth', block: 'center' } }}
    >
      <FeedbackApp message={{ top: 64, maxCount: 3 }}>{children}</FeedbackApp>
    </ConfigProvider>
  );
}

export function rootContainer(container: React.ReactNode) {
  return <ThemeRoot>{container}</ThemeRoot>;
}
