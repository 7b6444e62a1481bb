import React from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { FeedbackBinder } from '@/utils/feedback';
import { history } from '@umijs/max';
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
