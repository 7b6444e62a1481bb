import React, { Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { Navigate, useAccess, useLocation, useRoutes } from '@umijs/max';
import pageRoutes, { pageOf } from '@/config/routes';

// for src/app.tsx, which loads this chunk on a full load to start the page's chunk from it
export { preloadPage } from '@/config/routes';

/**
 * The layout's pages (src/config/routes.ts) as react-router routes: a lazy component per entry,
 * made once. This module and the route table make one chunk ("pages"), not part of umi.js
 * (.umirc.ts routes the layout as one catch-all): the layout loads it, and src/app.tsx asks for
 * it on a full load, alongside the layout's chunk, to start the page's chunk early.
 */
const pageElements = pageRoutes.map((r) => {
  if (r.redirect) return { path: r.path, element: <Navigate to={r.redirect} replace /> };
  const Page = React.lazy(r.page!);
  return { path: r.path, element: <Page /> };
});

/**
 * The page of the current path behind its gate (`access: 'canRoute'`, src/access.ts): a page the
 * user's menus do not lead to is not mounted (it fetches nothing) and the address becomes /403;
 * until the menus arrive a spinner shows, while the page's chunk already loads.
 */
export default function PageSwitch() {
  const location = useLocation();
  const access = useAccess();
  const leaf = pageOf(location.pathname);
  useEffect(() => {
    leaf?.page?.().catch(() => undefined);
  }, [leaf]);
  const page = useRoutes(pageElements);
  const gate = ((): 'open' | 'waiting' | 'denied' => {
    if (!leaf?.access) return 'open';
    if (!access.menusLoaded) return 'waiting';
    const detector = (access as unknown as Record<string, unknown>)[leaf.access];
    const ok = typeof detector === 'function' ? detector({ path: location.pathname, menu: leaf.menu }) : !!detector;
    return ok ? 'open' : 'denied';
  })();
  if (gate === 'denied') return <Navigate to="/403" replace />;
  if (gate === 'waiting') return <Spin className="aq-route-wait" />;
  return <Suspense fallback={<Spin className="aq-route-wait" />}>{page}</Suspense>;
}
