import React, { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { FeedbackBinder } from '@/utils/feedback';
import { history, useModel } from '@umijs/max';
import type { AccessState } from '@/access';
import { useSession, startTokenRefresh } from '@/stores/session';
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

/** Navigation guard (spec 2.3). */
export function onRouteChange({ location }: { location: { pathname: string } }) {
  const path = location.pathname;
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
  if (s.isLock && path !== '/lock') history.replace('/lock');
}

/** The access plugin's input (src/access.ts): the session's button codes and roles. */
export async function getInitialState(): Promise<AccessState> {
  const s = useSession.getState();
  return { permission: s.permission, roles: s.roles };
}

/** Keeps the initial state, and so useAccess(), in step with the session store (login, logout, buttons). */
function AccessSync({ children }: { children: React.ReactNode }) {
  const { setInitialState } = useModel('@@initialState');
  const permission = useSession((s) => s.permission);
  const roles = useSession((s) => s.roles);
  useEffect(() => {
    setInitialState({ permission, roles });
  }, [permission, roles, setInitialState]);
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
    >
      <AntApp message={{ top: 64, maxCount: 3 }}>
        <FeedbackBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function rootContainer(container: React.ReactNode) {
  return <ThemeRoot>{container}</ThemeRoot>;
}
