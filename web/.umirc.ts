import path from 'node:path';
import { defineConfig } from '@umijs/max';

/**
 * Routes mirror spec section 2. Here: the pages outside the main layout, then the layout as a
 * catch-all. The pages inside the layout are listed in src/config/routes.ts (any other path
 * inside the layout falls through to its last entry: a menu path of a module that a later issue
 * builds shows the under-development page, anything else goes to /404).
 */
const underDevelopment = './expectation/index';

// evergreen browsers only: keeps core-js polyfills out of the entry chunk
const TARGETS = { chrome: 90, edge: 90, firefox: 90, safari: 14 };

export default defineConfig({
  title: '安全生产管理平台',
  history: { type: 'browser' },
  publicPath: '/',
  outputPath: 'dist',
  hash: true,
  targets: TARGETS,
  // umi hands `targets` to babel at the top level, which babel-preset-umi's preset-env does not
  // read: without this every async function and for-of of src/ went through regenerator (bigger
  // chunks, @babel/runtime helpers in the entry). The same targets, given to preset-env itself.
  chainWebpack(memo) {
    for (const name of ['src', 'jsx-ts-tsx', 'extra-src']) {
      if (!memo.module.rules.has(name) || !memo.module.rule(name).uses.has('babel-loader')) continue;
      memo.module
        .rule(name)
        .use('babel-loader')
        .tap((o: any) => ({
          ...o,
          presets: (o.presets || []).map((p: any) =>
            Array.isArray(p) && /babel-preset-umi/.test(p[0]) ? [p[0], { ...p[1], presetEnv: { ...p[1].presetEnv, targets: TARGETS } }] : p,
          ),
        }));
    }
    // packages without a package.json `sideEffects` flag whose modules are pure: antd's Input reads
    // one context of rc-field-form and Button's style one colour class of @rc-component/color-picker;
    // without the flag their whole index (the form engine, the picker panels) reached /login
    memo.module
      .rule('pure-packages')
      .test(/[\\/]node_modules[\\/](rc-field-form|@rc-component[\\/]color-picker)[\\/]/)
      .sideEffects(false);
    return memo;
  },
  // no <Helmet> in the app: react-helmet-async stays out of the entry chunk
  helmet: false,
  jsMinifierOptions: { target: ['chrome90', 'es2020'] },
  // no core-js and no global regenerator-runtime: async code stays native for these targets
  polyfill: false,
  // the same targets have ResizeObserver: rc-resize-observer gets the native one (src/utils/resizeObserver.ts)
  alias: { 'resize-observer-polyfill$': path.join(__dirname, 'src/utils/resizeObserver.ts') },
  mfsu: false,
  antd: {},
  // button and menu permissions (src/access.ts); the initial state carries the session's codes and roles
  access: {},
  initialState: {},
  model: {},
  // the locale plugin would pull moment into the entry chunk; antd 5 uses dayjs. No preset: the
  // 'antd' preset extended dayjs with ten plugins in the entry chunk (on /login), but antd 5's
  // pickers import the ones they need themselves (rc-picker/es/generate/dayjs) when a page with a
  // picker loads, and the app's own code uses none of them.
  moment2dayjs: { preset: 'none', plugins: [] },
  locale: {
    default: 'zh-CN',
    antd: true,
    baseNavigator: false,
    baseSeparator: '-',
    useLocalStorage: true,
  },
  favicons: ['/favicon.svg'],
  // Cesium's prebuilt files (Cesium.js, its workers, widgets.css and assets such as the NaturalEarthII
  // imagery) served from /cesium/: the 3D map loads them on demand (src/components/PlantMap3D) and
  // never from a CDN or Cesium ion
  // (its index.js and index.cjs, 9 MB of module bundles the script tag does not use, stay out)
  copy: [
    ...['Assets', 'ThirdParty', 'Widgets', 'Workers'].map((d) => ({
      from: `node_modules/cesium/Build/Cesium/${d}`,
      to: `dist/cesium/${d}`,
    })),
    { from: 'node_modules/cesium/Build/Cesium/Cesium.js', to: 'dist/cesium/Cesium.js' },
  ],
  metas: [{ name: 'version', content: '1.9.1' }],
  define: {
    'process.env.ANQUAN_VERSION': '1.9.1',
  },
  proxy: {
    '/api': { target: process.env.ANQUAN_API || 'http://127.0.0.1:8080', changeOrigin: true },
  },
  routes: [
    { path: '/login', component: './login/index', layout: false, meta: { isAuth: false } },
    { path: '/passwordFree', component: './passwordFree/index', layout: false },
    { path: '/oauth/redirect/:source', component: './oauth/redirect', layout: false },
    { path: '/select-module', component: './select-module/index' },
    { path: '/lock', component: './lock/index' },
    { path: '/404', component: './exception/404' },
    { path: '/403', component: './exception/403' },
    { path: '/500', component: './exception/500' },
    { path: '/expectation/index', component: underDevelopment },
    { path: '/myiframe/:routerPath', component: './myiframe/index' },
    { path: '/visualization', component: './video/visualization/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    // the full-window boards follow the menus like the pages inside the layout (src/wrappers/menuGate.tsx)
    { path: '/risk-commitment', component: './risk-commitment/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    {
      path: '/largeSizeScreenMonitor/index',
      component: './largeSizeScreenMonitor/index',
      access: 'canRoute',
      wrappers: ['@/wrappers/menuGate'],
    },
    { path: '/riskMonitoring/index', component: './riskMonitoring/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    { path: '/dual-prophylaxis/index', component: './dual-prophylaxis/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    { path: '/ai-video-alarm/index', component: './video/screen/index', access: 'canRoute', wrappers: ['@/wrappers/menuGate'] },
    { path: '/wap/wel/index', component: underDevelopment },
    { path: '/test/index', component: underDevelopment },
    { path: '/', redirect: '/wel/index' },
    { path: '/wel', redirect: '/wel/index' },
    // every page inside the main layout: its own table (src/config/routes.ts, with the access
    // rules) loads with the layout's chunk, so umi.js, which /login parses first, carries no
    // chunk lists of the ~125 layout pages
    { path: '/*', component: '@/layouts/BasicLayout' },
  ],
  npmClient: 'npm',
  // only used with ANALYZE=1 (bundle report for checking the login route size)
  analyze: {
    analyzerMode: 'static',
    openAnalyzer: false,
    generateStatsFile: true,
    statsFilename: '/tmp/aq-stats.json',
    reportFilename: '/tmp/aq-report.html',
    logLevel: 'warn',
  },
});
