// Performance figures of the built web client (npm run perf). Builds nothing: run
// `npm run build` first. Starts the server like e2e/run.mjs (ANQUAN_BIN on a free port with a
// temporary data folder, ANQUAN_CAPTCHA=off, --web=dist) or uses ANQUAN_URL, then measures
// in headless Chromium:
//   (a) the JavaScript the /login route loads: raw bytes, gzip -9 and brotli -11 of those bodies,
//       and the bytes the server actually transferred (its precompressed brotli siblings);
//   (b) the first screen of /login: navigation start → the login form (account, password and
//       submit) visible and painted,
//       cold (fresh browser context, empty cache) and warm (same context), median of 5;
//   (c) after login, the users list (/system/user): navigation start → table rows rendered
//       and → interactive (rows rendered, then no long task for 500 ms), for a full page load
//       and for an in-app navigation from the sidebar, median of 5.
// Prints plain lines; not a pass/fail test (exit code 0 unless it could not measure).
import os from 'node:os';
import zlib from 'node:zlib';
import { launchBrowser, startServer } from './lib.mjs';

const RUNS = Number(process.env.PERF_RUNS || 5);
const TENANT = process.env.ANQUAN_TENANT || '100001';
const USER = process.env.ANQUAN_USER || 'admin';
const PASS = process.env.ANQUAN_PASS || 'admin';
const VIEWPORT = { width: 1366, height: 800 };

const srv = await startServer();
if (srv.error) {
  console.log(srv.error);
  process.exit(1);
}
const BASE = srv.base;
const launched = await launchBrowser();
if (launched.error) {
  console.log(launched.error);
  srv.stop();
  process.exit(1);
}
const { browser } = launched;

// In-page probes: marks relative to navigation start (performance.now), long tasks.
const PROBE = () => {
  const aq = (window.__aq = { marks: {}, longtasks: [] });
  try {
    new PerformanceObserver((l) => l.getEntries().forEach((e) => aq.longtasks.push([e.startTime, e.startTime + e.duration]))).observe({
      type: 'longtask',
      buffered: true,
    });
  } catch {
    /* no long task API */
  }
  const shown = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  // the next paint after a DOM state: a frame, then the task after it
  const painted = (name) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (aq.marks[`${name}Painted`] = performance.now());
      ch.port2.postMessage(0);
    });
  const check = () => {
    const m = aq.marks;
    if (
      !m.loginForm &&
      shown(document.querySelector('#username')) &&
      shown(document.querySelector('#password')) &&
      shown(document.querySelector('#login-submit'))
    ) {
      m.loginForm = performance.now();
      painted('loginForm');
    }
    if (
      !m.userRows &&
      document.querySelector('.aq-crud .ant-table-tbody tr.ant-table-row') &&
      !document.querySelector('.aq-crud .ant-spin-spinning')
    ) {
      m.userRows = performance.now();
      painted('userRows');
    }
  };
  aq.reset = (name) => {
    delete aq.marks[name];
    delete aq.marks[`${name}Painted`];
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
};

/** rows time → interactive: the end of the chain of long tasks that starts within 500 ms */
const INTERACTIVE = (from) => {
  let t = from;
  const lts = window.__aq.longtasks.slice().sort((a, b) => a[0] - b[0]);
  for (const [s, e] of lts) {
    if (e <= t) continue;
    if (s < t + 500) t = Math.max(t, e);
    else break;
  }
  return t;
};

const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'n/a');
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const list = (xs) => xs.map((x) => Math.round(x)).join(', ');

async function waitMark(page, name, timeout = 30000) {
  await page.waitForFunction((n) => window.__aq && window.__aq.marks[`${n}Painted`] !== undefined, name, { timeout, polling: 50 });
  return page.evaluate((n) => ({ dom: window.__aq.marks[n], painted: window.__aq.marks[`${n}Painted`] }), name);
}

async function newContext() {
  const ctx = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  await ctx.addInitScript(PROBE);
  return ctx;
}

const out = [];
const say = (line) => {
  out.push(line);
  console.log(line);
};

// ---- machine
const cpus = os.cpus();
say(
  `machine: ${cpus.length} cores, ${cpus[0]?.model || 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, node ${process.version}, Chromium ${browser.version()}`,
);
say(
  `server: ${BASE}${process.env.ANQUAN_BIN && !process.env.ANQUAN_URL ? ` (${process.env.ANQUAN_BIN}, --web=dist)` : ''}; viewport ${VIEWPORT.width}x${VIEWPORT.height}; runs ${RUNS}`,
);

// ---- (a) + (b) cold: a fresh context per run
const cold = [];
const coldFcp = [];
let jsFiles = [];
for (let i = 0; i < RUNS; i++) {
  const ctx = await newContext();
  const page = await ctx.newPage();
  const scripts = [];
  if (i === 0) {
    page.on('response', (r) => {
      const req = r.request();
      if (req.resourceType() === 'script' || /\.m?js(\?|$)/.test(r.url())) scripts.push(r);
    });
  }
  await page.goto(`${BASE}/login`);
  const m = await waitMark(page, 'loginForm');
  cold.push(m.painted);
  coldFcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime));
  if (i === 0) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    for (const r of scripts) {
      const body = await r.body().catch(() => Buffer.alloc(0));
      const sizes = await r
        .request()
        .sizes()
        .catch(() => ({ responseBodySize: 0 }));
      jsFiles.push({
        url: r.url().replace(BASE, ''),
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        wire: sizes.responseBodySize,
      });
    }
  }
  await ctx.close();
}
const sum = (k) => jsFiles.reduce((a, f) => a + f[k], 0);
say(
  `login route JS: ${jsFiles.length} files, ${kb(sum('raw'))} raw, ${kb(sum('gzip'))} gzip -9, ${kb(sum('br'))} brotli -11, ${kb(sum('wire'))} transferred [target <= 200 KB gzip]`,
);
jsFiles.sort((a, b) => b.gzip - a.gzip).forEach((f) => say(`  ${f.url}: ${kb(f.raw)} raw, ${kb(f.gzip)} gzip, ${kb(f.br)} brotli`));
say(
  `login first screen, cold cache: median ${ms(median(cold))} to the form painted (runs: ${list(cold)}); first contentful paint median ${ms(median(coldFcp))} [target <= 300 ms]`,
);

// ---- (b) warm: one context, the cache filled by a first visit
{
  const ctx = await newContext();
  const page = await ctx.newPage();
  await page.goto(`${BASE}/login`);
  await waitMark(page, 'loginForm');
  await page.waitForLoadState('networkidle');
  const warm = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${BASE}/login`);
    warm.push((await waitMark(page, 'loginForm')).painted);
  }
  say(`login first screen, warm cache: median ${ms(median(warm))} (runs: ${list(warm)})`);

  // ---- (c) log in, choose the system module, then the users list
  const tenant = page.locator('#tenantId');
  if (await tenant.count()) await tenant.fill(TENANT);
  await page.locator('#username').fill(USER);
  await page.locator('#password').fill(PASS);
  const tLogin = Date.now();
  await page.locator('#login-submit').click();
  await page.waitForURL('**/select-module');
  await page.locator('[data-module]').first().waitFor();
  say(`login submit → module chooser: ${Date.now() - tLogin} ms`);
  await page.locator('[data-module="system_settings"]').click();
  await page.waitForURL('**/wel/index');
  await page.locator('.aq-sider .ant-menu-root').waitFor();

  // full page load of /system/user (logged in, warm cache)
  const fullRows = [];
  const fullTti = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${BASE}/system/user`);
    const m = await waitMark(page, 'userRows');
    await page.waitForTimeout(1200);
    fullRows.push(m.painted);
    fullTti.push(await page.evaluate(INTERACTIVE, m.painted));
    if (process.env.PERF_DEBUG) console.log(JSON.stringify(m), JSON.stringify(await page.evaluate(() => window.__aq.longtasks)));
  }
  say(
    `users list, full page load: rows painted median ${ms(median(fullRows))} (runs: ${list(fullRows)}); interactive median ${ms(median(fullTti))} (runs: ${list(fullTti)}) [target: rows <= 700 ms]`,
  );

  // in-app navigation: from the dashboard, click 用户管理 in the sidebar
  const navRows = [];
  const navTti = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${BASE}/wel/index`);
    await page.locator('.aq-sider .ant-menu-root').waitFor();
    const item = page.locator('.aq-sider .ant-menu-item', { hasText: '用户管理' });
    await page.waitForTimeout(300);
    if (!(await item.isVisible())) {
      const subs = page.locator('.aq-sider .ant-menu-submenu-title');
      for (let j = 0; j < (await subs.count()); j++) {
        await subs.nth(j).click();
        await page.waitForTimeout(250);
        if (await item.isVisible()) break;
      }
    }
    await page.waitForTimeout(500);
    const t0 = await item.evaluate((el) => {
      window.__aq.reset('userRows');
      window.__aq.longtasks.length = 0;
      const t = performance.now();
      el.click();
      return t;
    });
    const m = await waitMark(page, 'userRows');
    await page.waitForTimeout(1200);
    navRows.push(m.painted - t0);
    navTti.push((await page.evaluate(INTERACTIVE, m.painted)) - t0);
  }
  say(
    `users list, in-app navigation (sidebar click): rows painted median ${ms(median(navRows))} (runs: ${list(navRows)}); interactive median ${ms(median(navTti))} (runs: ${list(navTti)})`,
  );
  await ctx.close();
}

await browser.close();
srv.stop();
process.exit(0);
