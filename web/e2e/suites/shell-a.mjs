// Browser suite of what a new user trips over in the shell (issue 12, items 1-6; helper shell-a):
// 序号 across pages of any size, titles of the full-window boards in English, columns the fixed
// 操作 column does not cover, seeded menus of a database from before their aliases, a refused
// save of a long form that scrolls to and names the field, the full-window boards behind the
// user's menus, and narrow screens. `E2E_ONLY=<regexp>` runs only the matching scenarios.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { DIST, freePort, waitReady } from '../lib.mjs';
import { antd, openSuite } from '../suite.mjs';

const { BASE, TENANT, browser, page, shot, scenario, expect, login, finish } = await openSuite('shell-a', {
  viewport: { width: 1440, height: 900 },
});

/** the list of the page at `path`, loaded */
async function openList(path, p = page) {
  await p.goto(`${BASE}${path}`);
  await p.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
}
/** a new browser context (zh-CN unless told) for one scenario, closed by the caller */
const newContext = (options = {}) => browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', ...options });
/** the texts of the 序号 cells shown */
const indexCells = (p = page) => p.locator('.aq-crud .ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

// item 5
await scenario('序号 continues across pages of any size (20 a page: page 2 starts at 21)', async () => {
  await openList('/hiddenDanger/checkTask');
  await page.locator('.aq-crud .ant-pagination-options .ant-select-selector').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '20' }).first().click();
  await page.waitForFunction(() => document.querySelectorAll('.aq-crud .ant-table-tbody tr.ant-table-row').length > 10);
  const first = await indexCells();
  expect(first[0] === '1' && first[first.length - 1] === String(first.length), `page 1 of 20: ${first.join(',')}`);
  expect(await page.locator('.aq-crud .ant-pagination-item-2').count(), 'no second page of 20 (fewer than 21 seeded tasks)');
  await page.locator('.aq-crud .ant-pagination-item-2').click();
  await page.waitForFunction(
    () => document.querySelector('.aq-crud .ant-table-tbody tr.ant-table-row td:nth-child(2)')?.textContent.trim() === '21',
  );
  const second = await indexCells();
  expect(
    second.every((v, i) => v === String(21 + i)),
    `page 2 of 20: ${second.join(',')}`,
  );
  await shot('shell-a-5-index-size-20');
});

// item 4
await scenario('in English the full-window boards opened from the sidebar are titled by their tab label', async () => {
  const ctx = await newContext({ locale: 'en-US' });
  const p = await ctx.newPage();
  try {
    await login(p);
    await p.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
    await p.goto(`${BASE}/safetyRisk/identification/riskObject`);
    const sider = p.locator('.aq-sider .ant-menu-item');
    await sider.first().waitFor();
    await p.waitForFunction(() => document.title.startsWith('Risk objects'));
    for (const [path, title] of [
      ['/risk-commitment', 'Safety commitment'],
      ['/dual-prophylaxis/index', 'Double prevention screen'],
    ]) {
      if (!p.url().endsWith('/safetyRisk/identification/riskObject')) await p.goBack();
      await sider.first().waitFor();
      // the sidebar item of the board (its English label)
      await p.locator('.aq-sider .ant-menu-item', { hasText: title }).click();
      await p.waitForURL(`**${path}`);
      await p.waitForFunction((t) => document.title.startsWith(t), title, { timeout: 5000 }).catch(() => undefined);
      const shown = await p.title();
      expect(shown === `${title} - Safety Production Platform`, `title on ${path}: ${shown}`);
    }
    await shot('shell-a-4-title-en', p);
  } finally {
    await ctx.close();
  }
});

// item 3
await scenario('in English at 1280 px the fixed Actions column covers no column of users and certificates', async () => {
  const ctx = await newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const p = await ctx.newPage();
  try {
    await login(p);
    await p.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
    for (const [path, titles] of [
      ['/system/user', ['Mobile', 'Created at']],
      ['/personnel/certificate', ['Issue date', 'Expiry date']],
    ]) {
      await openList(path, p);
      const scroller = p.locator('.aq-crud .ant-table-content, .aq-crud .ant-table-body').first();
      await scroller.evaluate((e) => (e.scrollLeft = e.scrollWidth));
      await p.waitForTimeout(200);
      const box = async (t) => {
        const b = await p.locator('.aq-crud .ant-table-thead th', { hasText: t }).first().boundingBox();
        return { left: b.x, right: b.x + b.width };
      };
      const op = await box('Actions');
      for (const t of titles) {
        const b = await box(t);
        expect(b.right <= op.left + 1, `${path}: ${t} ends at ${b.right}, Actions starts at ${op.left}`);
      }
      // the row's links fit their column on one line
      const links = await p
        .locator('.aq-crud .ant-table-tbody tr.ant-table-row')
        .first()
        .locator('td.ant-table-cell-fix-right')
        .evaluate((td) => td.scrollHeight <= td.clientHeight + 1 && td.scrollWidth <= td.clientWidth + 1);
      expect(links, `${path}: the Actions links do not fit their column`);
      const doc = await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(doc, `${path}: the page scrolls sideways`);
    }
    await shot('shell-a-3-columns-en-1280', p);
  } finally {
    await ctx.close();
  }
});

// item 1
await scenario('the full-window boards follow the menus: operator1 gets /403 for them, fetching nothing', async () => {
  const ctx = await newContext();
  const p = await ctx.newPage();
  try {
    await login(p, 'operator1', '123456');
    const calls = [];
    p.on('request', (r) => {
      if (r.url().includes('/api/nDoublePrevention/')) calls.push(r.url().replace(BASE, ''));
    });
    for (const path of ['/risk-commitment', '/dual-prophylaxis/index']) {
      await p.goto(`${BASE}${path}`);
      await p.waitForURL('**/403');
      await p.waitForTimeout(800);
      expect(calls.length === 0, `${path}: the page fetched ${calls.join(', ')}`);
      const toasts = await p.locator('.ant-message-notice').allInnerTexts();
      expect(toasts.length === 0, `${path}: toasts ${toasts.join(' / ')}`);
    }
    await shot('shell-a-1-board-403', p);
  } finally {
    await ctx.close();
  }
  // the administrator, whose menus lead to them, still opens both by their address
  for (const [path, ready] of [
    ['/risk-commitment', '[data-testid^="commit-"]'],
    ['/dual-prophylaxis/index', '[data-testid="dual-screen"]'],
  ]) {
    await page.goto(`${BASE}${path}`);
    await page.locator(ready).first().waitFor();
    expect(page.url().endsWith(path), `admin on ${path} is at ${page.url()}`);
  }
});

// item 6, a refused save in a long form outside CrudPage
await scenario('a refused permit submit scrolls to the first missing field and names it', async () => {
  await page.goto(`${BASE}/businessProcess/jobManagement/newJobManagement/hotWork/submit`);
  const form = page.locator('[data-testid="permit-form"]');
  await form.locator('#workUnit').waitFor();
  // the submit buttons are at the bottom of the form: the required fields are far above
  const submit = page.locator('[data-testid="submit-apply"]');
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const wrong = form.locator('.ant-form-item-has-error').first();
  await wrong.waitFor();
  const label = (await wrong.locator('.ant-form-item-label label').innerText()).trim();
  const named = page.locator('.ant-message-notice', { hasText: '请检查' }).first();
  await named.waitFor();
  const msg = await named.innerText();
  expect(msg.includes(label), `the message "${msg}" does not name ${label}`);
  await page.waitForTimeout(800);
  const inView = await wrong.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
  expect(inView, `the first missing field (${label}) is out of view`);
  await shot('shell-a-6-permit-named-field');
});

// item 6, seeded menus of a database provisioned before they carried a 菜单别名
await scenario(
  'a database from before the menu aliases and the API key page: its seeded entries save as they are and the new page arrives after the upgrade',
  async () => {
    const bin = process.env.ANQUAN_BIN && path.resolve(process.env.ANQUAN_BIN);
    expect(bin && fs.existsSync(bin), 'this scenario starts its own server: set ANQUAN_BIN');
    expect(spawnSync('sqlite3', ['-version']).status === 0, 'sqlite3 is missing (apt-get install -y sqlite3)');
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'anquan-e2e-old-'));
    /** the binary on `data`; resolves to { base, stop } once ready */
    async function start() {
      const port = await freePort();
      const mqtt = await freePort();
      let log = '';
      const srv = spawn(bin, [`--http=127.0.0.1:${port}`, `--data=${data}`, `--web=${DIST}`, `--mqtt=127.0.0.1:${mqtt}`], {
        env: { ...process.env, ANQUAN_CAPTCHA: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      srv.stdout.on('data', (d) => (log += d));
      srv.stderr.on('data', (d) => (log += d));
      const stop = () =>
        new Promise((resolve) => {
          if (srv.exitCode !== null) return resolve();
          srv.on('exit', resolve);
          srv.kill('SIGTERM');
        });
      const base = `http://127.0.0.1:${port}`;
      if (!(await waitReady(`${base}/readyz`, 90000))) {
        await stop();
        throw new Error(`the second server did not get ready: ${log.slice(-500)}`);
      }
      return { base, stop };
    }
    let srv = await start();
    try {
      // as a database seeded before version 4 of blade-system: no entry has an alias, no API key
      // page (version 5 gives tenants the pages added to the template since), neither applied
      await srv.stop();
      const db = path.join(data, 'system.db');
      const newer = "(SELECT id FROM blade_menu WHERE code IN ('api_key', 'api_key_add', 'api_key_delete'))";
      const sql = `UPDATE blade_menu SET alias = ''; DELETE FROM blade_role_menu WHERE menu_id IN ${newer}; DELETE FROM blade_menu WHERE id IN ${newer}; DELETE FROM goose_db_version WHERE version_id >= 4;`;
      const r = spawnSync('sqlite3', [db, sql], { encoding: 'utf8' });
      expect(r.status === 0, `sqlite3: ${r.stderr}`);
      srv = await start();
      const ctx = await newContext();
      const p = await ctx.newPage();
      try {
        await p.goto(`${srv.base}/login`);
        await p.locator('#username').waitFor();
        if (await p.locator('#tenantId').count()) await p.locator('#tenantId').fill(TENANT);
        await p.locator('#username').fill('admin');
        await p.locator('#password').fill('admin');
        await p.locator('#login-submit').click();
        await p.waitForURL('**/select-module');
        await p.goto(`${srv.base}/system/menu`);
        const { row: rowOf, modalOf: modalIn, toast: toastIn } = antd(p);
        const r1 = rowOf('系统设置');
        await r1.waitFor();
        await r1.locator('a', { hasText: '编辑' }).click();
        const m = modalIn('编辑');
        await m.locator('#alias').waitFor();
        expect(
          (await m.locator('#alias').inputValue()) === 'systemSettings',
          `菜单别名 after the upgrade: "${await m.locator('#alias').inputValue()}"`,
        );
        await m.locator('.ant-modal-footer .ant-btn-primary').click();
        await toastIn('操作成功').waitFor();
        await shot('shell-a-6-old-database-menu', p);
        // the page added since reached the tenant, with its buttons, granted to its administrators
        await p.goto(`${srv.base}/system/apiKey`);
        await p.getByRole('button', { name: /签发密钥/ }).waitFor();
      } finally {
        await ctx.close();
      }
    } finally {
      await srv.stop();
      fs.rmSync(data, { recursive: true, force: true });
    }
  },
);

// item 2
await scenario('on a phone (360 px) the dashboard and the permit view fit, the permit title keeps its width', async () => {
  const ctx = await newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const p = await ctx.newPage();
  const wide = () => p.evaluate(() => document.documentElement.scrollWidth);
  try {
    await login(p, 'operator1', '123456');
    await p.goto(`${BASE}/wel/index`);
    await p.locator('[data-testid="tile-info"]').waitFor();
    await p.waitForTimeout(500);
    const w = await wide();
    expect(w <= 360, `the dashboard is ${w} px wide`);
    await shot('shell-a-2-phone-dashboard', p);
    await openList('/businessProcess/jobManagement/list', p);
    await p.locator('.aq-crud .ant-table-tbody tr.ant-table-row a', { hasText: '查看' }).first().click();
    await p.waitForURL('**/view?**');
    const title = p.locator('.ant-card-head-title').first();
    await title.waitFor();
    await p.waitForTimeout(800);
    const b = await title.boundingBox();
    expect(b.width >= 240, `the permit title is ${Math.round(b.width)} px wide`);
    const v = await wide();
    expect(v <= 360, `the permit view is ${v} px wide`);
    await shot('shell-a-2-phone-permit-view', p);
  } finally {
    await ctx.close();
  }
});

await finish();
