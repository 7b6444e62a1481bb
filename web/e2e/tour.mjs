// A screenshot tour for looking at the app (npm run tour): every page and overlay of the web
// shell at 1280x720 (the narrowest supported width), saved as e2e/screenshots/tour-*.png.
// Starts the server like run.mjs (ANQUAN_BIN or ANQUAN_URL). Not a test: it only fails when
// a page cannot be reached.
import fs from 'node:fs';
import path from 'node:path';
import { here, launchBrowser, startServer } from './lib.mjs';

const srv = await startServer();
if (srv.error) {
  console.log(srv.error);
  process.exit(1);
}
const BASE = srv.base;
const { browser, error } = await launchBrowser();
if (error) {
  console.log(error);
  process.exit(1);
}
const shots = path.join(here, 'screenshots');
fs.mkdirSync(shots, { recursive: true });
const W = Number(process.env.TOUR_WIDTH || 1280);
const ctx = await browser.newContext({ viewport: { width: W, height: 720 }, locale: 'zh-CN' });
const page = await ctx.newPage();
page.setDefaultTimeout(15000);
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
// API answers that are not a success (what the user would see as an error toast)
const apiErrors = [];
page.on('response', async (r) => {
  if (!r.url().includes('/api/')) return;
  let body = {};
  try {
    body = await r.json();
  } catch {
    /* not JSON */
  }
  const code = typeof body.code === 'number' ? body.code : r.status();
  if (code !== 200 && !r.url().includes('/oauth/token')) apiErrors.push(`${code} ${r.url().replace(BASE, '')} ${body.msg || ''}`);
});
let n = 0;
const shot = async (name) => {
  n++;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shots, `tour-${String(n).padStart(2, '0')}-${name}.png`) });
};

await page.goto(`${BASE}/login`);
await page.locator('#username').waitFor();
await shot('login');
await page.locator('#login-submit').click();
await shot('login-validation');
if (await page.locator('#tenantId').count()) await page.locator('#tenantId').fill(process.env.ANQUAN_TENANT || '100001');
await page.locator('#username').fill(process.env.ANQUAN_USER || 'admin');
await page.locator('#password').fill(process.env.ANQUAN_PASS || 'admin');
await page.locator('#login-submit').click();
await page.waitForURL('**/select-module');
await page.locator('[data-module]').first().waitFor();
await shot('select-module');
await page.locator('[data-module]:not([data-module="system_settings"])').first().click();
await shot('module-click');
await page.keyboard.press('Escape');
await page.goto(`${BASE}/select-module`);
await page.locator('[data-module="system_settings"]').click();
await page.waitForURL('**/wel/index');
await page.locator('.aq-sider .ant-menu-root').waitFor();
await shot('dashboard');
await page.locator('[data-testid="module-switch"]').click();
await shot('module-popover');
await page.locator('[data-testid="module-switch"]').click();
await page.mouse.move(640, 600);
await page.locator('[data-testid="notice-widget"]').hover();
await shot('notice-widget');
await page.mouse.move(10, 400);
await page.locator('[data-testid="user-dropdown"]').hover();
await shot('user-dropdown');
await page.mouse.move(10, 400);
await page.locator('[data-testid="theme-chooser"]').click();
await shot('theme-chooser');
await page.keyboard.press('Escape');
for (const p of [
  '/system/user',
  '/system/role',
  '/system/dept',
  '/system/post',
  '/system/menu',
  '/system/dict',
  '/system/param',
  '/system/client',
  '/system/tenant',
  '/system/menuTenantConfig',
  '/system/label',
  '/system/social',
  '/businessProcess/noticeAnnouncement/index',
  '/info/index',
  '/system/cache_manage',
  '/system/myIntegralCenter',
  '/myiframe/about:blank',
]) {
  await page.goto(`${BASE}${p}`);
  await page.locator('.aq-content').waitFor();
  await page.waitForTimeout(600);
  await shot(p.replace(/[/:]+/g, '_').replace(/^_/, ''));
}
await page.goto(`${BASE}/system/user`);
await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
await page.locator('.aq-crud .ant-pro-table-list-toolbar button', { hasText: '新增' }).click();
await shot('user-add-dialog');
await page.keyboard.press('Escape');
await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().locator('.ant-checkbox-input').check();
await shot('user-selected');
await page.locator('[data-testid="tree-toggle"]').click();
await shot('tree-collapsed');
await page.locator('[data-testid="tabs-menu"]').hover();
await shot('tabs-menu');
await page.mouse.move(10, 400);
await page.goto(`${BASE}/businessProcess/noticeAnnouncement/index`);
const view = page.locator('.aq-crud .ant-table-tbody tr.ant-table-row a', { hasText: '查看' }).first();
if (await view.count()) {
  await view.click();
  await shot('notice-detail');
  await page.keyboard.press('Escape');
}
await page.locator('[data-testid="menu-search"]').click();
await page.locator('.aq-menu-search input').fill('字典');
await shot('menu-search');
await page.keyboard.press('Escape');
for (const p of ['/404', '/403', '/500', '/expectation/index', '/largeSizeScreenMonitor/index', '/no/such/page']) {
  await page.goto(`${BASE}${p}`);
  await page.waitForTimeout(600);
  await shot(p.replace(/[/:]+/g, '_').replace(/^_/, ''));
}
await browser.close();
srv.stop();
if (errors.length) console.log(`page errors: ${errors.slice(0, 5).join(' | ')}`);
if (apiErrors.length) console.log(`API errors:\n  ${apiErrors.join('\n  ')}`);
console.log(`${n} screenshots in ${shots}`);
