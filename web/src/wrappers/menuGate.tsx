import React, { useEffect } from 'react';
import { Spin } from 'antd';
import { Navigate, Outlet, useAccess, useLocation } from '@umijs/max';
import { ensureTree } from '@/layouts/moduleNav';
import { useModule } from '@/stores/module';
import { getToken } from '@/utils/auth';

/**
 * Route access for the full-window pages outside the layout (/risk-commitment,
 * /dual-prophylaxis/index; `wrappers` in .umirc.ts): the same rule as the layout's gate
 * (access.canRoute, the user's role-filtered menu tree). The tree is loaded here when the page is
 * opened by its address; until it arrives a spinner shows, and a page the menus do not lead to
 * is not mounted (nothing fetched, no toast): the address becomes /403.
 */
export default function MenuGate() {
  const { pathname } = useLocation();
  const access = useAccess();
  useEffect(() => {
    // without a token the navigation guard (app.tsx) leads to /login
    if (!getToken()) return;
    // a failure is toasted by the client; the gate then refuses instead of waiting for ever
    ensureTree().catch(() => {
      if (!useModule.getState().loaded) useModule.getState().setTree([]);
    });
  }, [pathname]);
  if (!access.menusLoaded) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (!access.canRoute({ path: pathname })) return <Navigate to="/403" replace />;
  return <Outlet />;
}
