// Browser scenarios against Anquan (gateway + built web).
// Usage: ANQUAN_URL=http://127.0.0.1:8080 npm run e2e   (a running server)
//    or: ANQUAN_BIN=../bin/anquan npm run e2e            (starts the binary on a free port
//        with a temporary data folder, ANQUAN_CAPTCHA=off, ANQUAN_ALLOW_PRIVATE_IDP=on and --web=dist, stops it after)
// Prints "N passed, N failed" last and exits non-zero on any failure.
import { readRows } from './xlsx.mjs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './lib.mjs';
import { antd, hoverMenu, openSuite, SHOTS as shots } from './suite.mjs';

// the shell's failure shots are FAIL-<scenario>; a run of it clears every FAIL-* shot
const { BASE, TENANT, USER, PASS, browser, context, page, pageErrors, shot, scenario, expect, finish } = await openSuite('', {
  acceptDownloads: true,
});
const { toast } = antd(page);

const visibleModal = (title) =>
  title
    ? page.locator('.ant-modal-content', { has: page.locator('.ant-modal-title', { hasText: title }) }).last()
    : page.locator('.ant-modal-content:visible').last();
const confirmOk = async () => {
  const btn = page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary').last();
  await btn.waitFor();
  await btn.click();
};
async function login(user = USER, pass = PASS) {
  await page.goto(`${BASE}/login`);
  await page.locator('#username').waitFor();
  const tenant = page.locator('#tenantId');
  if (await tenant.count()) await tenant.fill(TENANT);
  await page.locator('#username').fill(user);
  await page.locator('#password').fill(pass);
  await page.locator('#login-submit').click();
}

await scenario('wrong password shows the server message', async () => {
  await login(USER, 'wrong-password-1');
  await toast('用户名或密码错误').waitFor();
  expect(page.url().includes('/login'), 'should stay on /login');
  await shot('01-login-wrong-password');
});

await scenario(
  'log in to tenant 100001 with the captcha off',
  async () => {
    await page
      .locator('.ant-message-notice')
      .first()
      .waitFor({ state: 'detached', timeout: 8000 })
      .catch(() => undefined);
    await login();
    await page.waitForURL('**/select-module');
    await page.locator('[data-module]').first().waitFor();
    await shot('02-select-module');
  },
  { critical: true },
);

await scenario(
  'choose the system settings module',
  async () => {
    await page.locator('[data-module="system_settings"]').click();
    await page.waitForURL('**/wel/index');
    await page.locator('.aq-sider .ant-menu-root').waitFor();
    await shot('03-dashboard');
  },
  { critical: true },
);

await scenario(
  'open the users page from the sidebar',
  async () => {
    const item = page.locator('.aq-sider .ant-menu-item', { hasText: '用户管理' });
    if (!(await item.isVisible())) {
      // open the submenu that holds it
      const subs = page.locator('.aq-sider .ant-menu-submenu-title');
      for (let i = 0; i < (await subs.count()); i++) {
        await subs.nth(i).click();
        if (await item.isVisible()) break;
      }
    }
    await item.click();
    await page.waitForURL('**/system/user');
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await shot('04-users');
  },
  { critical: true },
);

const account = `e2e${Date.now().toString().slice(-7)}`;

async function searchAccount(acc) {
  const input = page.locator('.ant-pro-table-search #account');
  await input.fill(acc);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/blade-user/page')),
    page.locator('.ant-pro-table-search button', { hasText: /搜\s*索/ }).click(),
  ]);
  await page.waitForFunction(() => !document.querySelector('.aq-crud .ant-spin-spinning'));
}

async function pickFirstTreeOption(modal, label) {
  const item = modal.locator('.ant-form-item', { has: page.locator('.ant-form-item-label', { hasText: label }) }).first();
  await item.locator('.ant-select-selector').click();
  // the dropdown just opened is the last one in the body (an earlier one may still be closing)
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const node = dropdown.locator('.ant-select-tree-node-content-wrapper').first();
  await node.waitFor();
  await node.click();
  await item.locator('.ant-select-selection-item').first().waitFor();
  // close the (multiple) dropdown without Esc, which would close the dialog, and wait until it is gone
  await modal.locator('.ant-modal-title').click();
  await page.waitForFunction(() => document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').length === 0);
}

await scenario('add a user', async () => {
  await page.locator('.aq-crud .ant-pro-table-list-toolbar button', { hasText: '新增' }).click();
  const modal = visibleModal('新增用户');
  await modal.locator('#account').waitFor();
  await modal.locator('#account').fill(account);
  await modal.locator('#realName').fill('测试用户');
  await modal.locator('#name').fill('测试');
  await modal.locator('#password').fill('Test@123456');
  await modal.locator('#password2').fill('Test@123456');
  await pickFirstTreeOption(modal, '所属角色');
  await pickFirstTreeOption(modal, '所属部门');
  await shot('05-user-add');
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await searchAccount(account);
  await page.locator('.ant-table-tbody tr', { hasText: account }).first().waitFor();
});

await scenario('edit the user', async () => {
  const row = page.locator('.ant-table-tbody tr', { hasText: account }).first();
  await row.locator('a', { hasText: '编辑' }).click();
  const modal = visibleModal('编辑用户');
  await modal.locator('#realName').waitFor();
  // the dialog fills itself from the user's detail: type only after that
  await page.waitForFunction(() => !!document.querySelector('.ant-modal #realName')?.value);
  await modal.locator('#realName').fill('测试用户改');
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await page.locator('.ant-table-tbody tr', { hasText: '测试用户改' }).first().waitFor();
});

await scenario('view the user', async () => {
  const row = page.locator('.ant-table-tbody tr', { hasText: account }).first();
  await row.locator('a', { hasText: '查看' }).click();
  const modal = visibleModal('查看用户');
  await modal.waitFor();
  await modal.getByText(account).first().waitFor();
  await shot('06-user-view');
  await modal.locator('.ant-modal-footer button', { hasText: /关\s*闭/ }).click();
  await modal.waitFor({ state: 'detached' });
});

await scenario('delete the user', async () => {
  const row = page.locator('.ant-table-tbody tr', { hasText: account }).first();
  await row.locator('a', { hasText: '删除' }).click();
  await page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' }).waitFor();
  await confirmOk();
  await toast('操作成功').waitFor();
  await page.locator('.ant-table-tbody tr', { hasText: account }).first().waitFor({ state: 'detached' });
  await searchAccount('');
});

await scenario('batch delete with nothing selected warns', async () => {
  await page.locator('.aq-crud .ant-pro-table-list-toolbar button', { hasText: '删除' }).click();
  await toast('请选择至少一条数据').waitFor();
});

await scenario('export downloads an .xlsx', async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30000 }),
    page.locator('.aq-crud .ant-pro-table-list-toolbar button', { hasText: '导出' }).click(),
  ]);
  const name = download.suggestedFilename();
  expect(name.endsWith('.xlsx'), `file name ${name}`);
  await toast('导出成功').waitFor();
  // The file's rows are the list's rows: same count, same accounts.
  const rows = readRows(await download.path());
  const listed = await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').allInnerTexts();
  const total = Number((await page.locator('.aq-crud .ant-pagination-total-text').innerText()).match(/共\s*(\d+)/)?.[1]);
  expect(rows.length - 1 === total, `export has ${rows.length - 1} rows, the list says ${total}`);
  const exported = rows.slice(1).map((r) => r.join(' '));
  for (const line of listed) {
    const account = line.split(/\s+/).find((w) => /^[a-z][a-z0-9_]*$/i.test(w));
    expect(account && exported.some((r) => r.includes(account)), `listed account ${account} missing from the export`);
  }
});

await scenario('tab close rules', async () => {
  const tabs = page.locator('.aq-tabs .ant-tabs-tab');
  expect((await tabs.count()) >= 2, 'home and users tabs expected');
  const home = tabs.first();
  expect((await home.locator('.ant-tabs-tab-remove').count()) === 0, 'home tab must not be closable');
  const users = page.locator('.aq-tabs .ant-tabs-tab', { hasText: '用户管理' });
  await users.locator('.ant-tabs-tab-remove').click();
  await page.waitForURL('**/wel/index');
  expect((await page.locator('.aq-tabs .ant-tabs-tab').count()) === 1, 'one tab left');
  expect((await page.locator('.aq-tabs .ant-tabs-tab-remove').count()) === 0, 'a sole tab cannot be closed');
  await shot('07-tabs');
});

await scenario('menu search opens, filters and closes with Esc', async () => {
  await page.locator('[data-testid="menu-search"]').click();
  const modal = page.locator('.aq-menu-search');
  await modal.locator('.ant-modal-title', { hasText: '菜单搜索' }).waitFor();
  await modal.locator('input').fill('用户');
  await modal.locator('.ant-list-item', { hasText: '用户' }).first().waitFor();
  await shot('08-menu-search');
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
});

// The theme reaches <body> from an effect after the choice renders: wait for
// the class (a loaded machine takes longer) instead of reading it at once.
const bodyHas = (cls) =>
  page
    .waitForFunction((c) => document.body.classList.contains(c), cls, { timeout: 10000 })
    .then(
      () => true,
      () => false,
    );

await scenario('theme survives a reload', async () => {
  await page.locator('[data-testid="theme-chooser"]').click();
  await page.locator('[data-theme="theme-dark"]').click();
  expect(await bodyHas('theme-dark'), 'body class after choosing');
  await page.keyboard.press('Escape');
  await page.reload();
  await page.locator('.aq-sider').waitFor();
  expect(await bodyHas('theme-dark'), 'body class after reload');
  await shot('09-theme-dark');
  await page.locator('[data-testid="theme-chooser"]').click();
  await page.locator('[data-theme="theme-default"]').click();
  await page.keyboard.press('Escape');
});

await scenario('lock and unlock the screen', async () => {
  await hoverMenu(page, page.locator('[data-testid="user-dropdown"]'), '锁屏');
  await page.locator('#lock-passwd').fill('lock123');
  await visibleModal('设置锁屏密码').locator('.ant-modal-footer .ant-btn-primary').click();
  await page.waitForURL('**/lock');
  await page.goto(`${BASE}/system/user`);
  await page.waitForURL('**/lock');
  await shot('10-lock');
  await page.locator('#unlock-passwd').fill('nope');
  await page.locator('#unlock-btn').click();
  await toast('解锁密码错误').waitFor();
  await page.locator('#unlock-passwd').fill('lock123');
  await page.locator('#unlock-btn').click();
  await page.waitForURL('**/wel/index');
});

await scenario('English switch changes the menu texts', async () => {
  await hoverMenu(page, page.locator('.aq-header [data-testid="lang-switch"]'), 'English');
  await page.locator('[data-testid="tabs-menu"]', { hasText: 'Tab actions' }).waitFor();
  const menuText = await page.locator('.aq-sider .ant-menu-root').innerText();
  expect(/[A-Za-z]{3,}/.test(menuText), `sidebar should have English texts: ${menuText.slice(0, 80)}`);
  await shot('11-english');
  await page.goto(`${BASE}/system/user`);
  await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
  const head = await page.locator('.aq-crud .ant-table-thead').innerText();
  expect(/Account/.test(head) && !/登录账号/.test(head), `English column titles expected: ${head.replace(/\s+/g, ' ')}`);
  await shot('11-english-users');
  await page.goto(`${BASE}/wel/index`);
  await page.locator('.aq-sider').waitFor();
  await hoverMenu(page, page.locator('.aq-header [data-testid="lang-switch"]'), '简体中文');
  await page.locator('[data-testid="tabs-menu"]', { hasText: '标签操作' }).waitFor();
});

await scenario('the other system pages and built-in pages render', async () => {
  const pages = [
    ['/system/role', '.aq-crud .ant-table'],
    ['/system/dept', '.aq-crud .ant-table'],
    ['/system/post', '.aq-crud .ant-table'],
    ['/system/menu', '.aq-crud .ant-table'],
    ['/system/dict', '.aq-crud .ant-table'],
    ['/system/param', '.aq-crud .ant-table'],
    ['/system/menuTenantConfig', '.aq-crud .ant-table'],
    ['/system/label', '.aq-crud .ant-table'],
    ['/system/social', '.aq-crud .ant-table'],
    ['/businessProcess/noticeAnnouncement/index', '.aq-crud .ant-table'],
    ['/info/index', '.ant-tabs'],
    ['/system/cache_manage', '#clear-cache'],
    ['/system/myIntegralCenter', '.ant-statistic'],
    ['/expectation/index', '.ant-result'],
    ['/no/such/page', '.ant-result-404'],
  ];
  const before = pageErrors.length;
  for (const [p, sel] of pages) {
    await page.goto(`${BASE}${p}`);
    await page.locator(sel).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
    await shot(`page${p.replace(/\//g, '_')}`);
  }
  expect(pageErrors.length === before, `page errors: ${pageErrors.slice(before).join(' | ')}`);
  await page.goto(`${BASE}/wel/index`);
  await page.locator('.aq-sider').waitFor();
});

// ---- social login against a fake OAuth2 provider on loopback (no real provider needed)
const api = async (method, url, { token, body, params } = {}) => {
  const q = params ? `?${new URLSearchParams(params)}` : '';
  const r = await fetch(`${BASE}${url}${q}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Tenant-Id': TENANT,
      ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json();
};
const adminToken = async () => (await context.cookies()).find((c) => c.name === 'access_token')?.value || '';
let provider;
const socialSource = `e2e${Date.now().toString(36)}`;
const socialSubject = `gh-${Date.now()}`;
const guestAccount = `guest${Date.now().toString().slice(-6)}`;

await scenario('social login of an unknown person opens 账号注册 and files a registration', async () => {
  const port = await freePort();
  provider = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'POST' && req.url.startsWith('/token'))
      res.end(JSON.stringify({ access_token: 'fake-provider-token', token_type: 'bearer' }));
    else if (req.url.startsWith('/userinfo'))
      res.end(JSON.stringify({ sub: socialSubject, preferred_username: 'octo', name: '第三方用户' }));
    else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise((r) => provider.listen(port, '127.0.0.1', r));
  const token = await adminToken();
  const saved = await api('POST', '/api/blade-auth/social-provider/submit', {
    token,
    body: {
      source: socialSource,
      name: 'E2E',
      clientId: 'e2e-client',
      clientSecret: 'e2e-secret',
      tokenUrl: `http://127.0.0.1:${port}/token`,
      userInfoUrl: `http://127.0.0.1:${port}/userinfo`,
    },
  });
  expect(saved.success, `provider not saved: ${JSON.stringify(saved)}`);

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  p.setDefaultTimeout(15000);
  try {
    await p.goto(`${BASE}/oauth/redirect/${socialSource}?code=abc123&state=xyz&tenantId=${TENANT}`);
    await p.waitForURL('**/select-module');
    const dlg = p.locator('.ant-modal-content', { has: p.locator('.ant-modal-title', { hasText: '账号注册' }) });
    await dlg.waitFor();
    expect((await dlg.locator('#tenantId').count()) === 0, 'the tenant field should be hidden: the tenant is known');
    const warn = (text) => p.locator('.ant-message-notice', { hasText: text }).first().waitFor();
    const submit = () => dlg.locator('.ant-modal-footer .ant-btn-primary').click();
    await submit();
    await warn('请先输入账号名称');
    await dlg.locator('#account').fill(guestAccount);
    await submit();
    await warn('请先输入密码');
    await dlg.locator('#name').fill('第三方访客');
    await dlg.locator('#password').fill('Guest@123');
    await dlg.locator('#password2').fill('Guest@124');
    await submit();
    await warn('两次密码输入不一致');
    await dlg.locator('#password2').fill('Guest@123');
    await p.screenshot({ path: path.join(shots, '13-social-register.png') });
    await submit();
    const done = p.locator('.ant-modal-confirm', { hasText: '注册申请已提交,请耐心等待管理员通过!' });
    await done.waitFor();
    await done.locator('.ant-btn-primary').click();
    await p.waitForURL('**/login');
  } finally {
    await ctx.close();
  }
  // pending registrations are listed only when the status filter asks for them
  const page1 = await api('GET', '/api/blade-user/page', {
    token,
    params: { current: 1, size: 10, account: guestAccount, status_equal: 0 },
  });
  const row = (page1.data?.records || []).find((r) => r.account === guestAccount);
  expect(row && String(row.status) === '0', `a pending user ${guestAccount} expected: ${JSON.stringify(page1).slice(0, 300)}`);
});

await scenario('the administrator approves the registration; the next social login goes straight in', async () => {
  await page.goto(`${BASE}/system/user`);
  await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
  const status = page
    .locator('.ant-pro-table-search .ant-form-item', { has: page.locator('label', { hasText: '状态' }) })
    .locator('.ant-select-selector');
  await status.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '待审核' }).click();
  await searchAccount(guestAccount);
  const row = page.locator('.ant-table-tbody tr', { hasText: guestAccount }).first();
  await row.waitFor();
  await row.locator('.ant-checkbox-input').check();
  await page.locator('.aq-crud .ant-pro-table-list-toolbar button', { hasText: '审核通过' }).click();
  await page.locator('.ant-modal-confirm', { hasText: '审核通过' }).waitFor();
  await confirmOk();
  await toast('操作成功').waitFor();
  await page.locator('.ant-pro-table-search button', { hasText: /重\s*置|清\s*空/ }).click();

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  p.setDefaultTimeout(15000);
  try {
    await p.goto(`${BASE}/oauth/redirect/${socialSource}?code=again&state=xyz&tenantId=${TENANT}`);
    await p.waitForURL('**/select-module');
    // a new account has no role yet: the chooser shows its modules or says there are none
    await p.locator('[data-module], .ant-empty').first().waitFor();
    expect((await p.locator('.ant-modal-title', { hasText: '账号注册' }).count()) === 0, 'no registration dialog for an approved user');
  } finally {
    await ctx.close();
  }
});

await scenario('social callback without a code explains and leads back to /login', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  try {
    await p.goto(`${BASE}/oauth/redirect/${socialSource}?state=xyz`);
    await p.locator('[data-testid="social-redirect"] .ant-result', { hasText: '第三方登录参数缺失' }).waitFor();
    await p.goto(`${BASE}/oauth/redirect/nosuchsource?code=abc&tenantId=${TENANT}`);
    await p.locator('[data-testid="social-redirect"] .ant-result', { hasText: '未配置第三方登录' }).waitFor();
    await p.screenshot({ path: path.join(shots, '14-social-error.png') });
    await p.locator('#back-to-login').click();
    await p.waitForURL('**/login');
  } finally {
    await ctx.close();
  }
  if (provider) provider.close();
});

await scenario('password-free link: a valid token gets the reduced top bar, a bad link a clear message', async () => {
  // a token issued to the admin in another browser (logging out here would revoke ours)
  const issuer = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const ip = await issuer.newPage();
  await ip.goto(`${BASE}/login`);
  await ip.locator('#username').waitFor();
  if (await ip.locator('#tenantId').count()) await ip.locator('#tenantId').fill(TENANT);
  await ip.locator('#username').fill(USER);
  await ip.locator('#password').fill(PASS);
  await ip.locator('#login-submit').click();
  await ip.waitForURL('**/select-module');
  const at = (await issuer.cookies()).find((c) => c.name === 'access_token')?.value;
  await issuer.close();
  expect(at, 'no access token issued');

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  p.setDefaultTimeout(15000);
  try {
    await p.goto(`${BASE}/passwordFree?tenantId=${TENANT}&account=${USER}&token=one-time-123`);
    await p.locator('[data-testid="password-free"] .ant-result', { hasText: '免密登录链接无效' }).waitFor();
    await p.screenshot({ path: path.join(shots, '15-password-free-invalid.png') });
    await p.goto(`${BASE}/passwordFree?tenantId=${TENANT}&account=${USER}&access_token=${encodeURIComponent(at)}`);
    await p.waitForURL('**/select-module');
    await p.locator('[data-module="system_settings"]').click();
    await p.waitForURL('**/wel/index');
    await p.locator('.aq-sider .ant-menu-root').waitFor();
    const header = p.locator('.aq-header');
    for (const hidden of ['theme-chooser', 'lang-switch', 'menu-search']) {
      expect((await header.locator(`[data-testid="${hidden}"]`).count()) === 0, `${hidden} should be hidden for the password-free account`);
    }
    expect((await header.locator('.aq-user-name').count()) === 0, 'the user name should be hidden');
    await header.locator('[data-testid="user-dropdown"]').hover();
    const items = p.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await items.first().waitFor();
    const texts = await items.allInnerTexts();
    expect(texts.length === 1 && texts[0].includes('退出登录'), `only log out expected: ${texts.join(',')}`);
    await p.screenshot({ path: path.join(shots, '16-password-free.png') });
  } finally {
    await ctx.close();
  }
});

await scenario('log out asks for confirmation and clears storage', async () => {
  await hoverMenu(page, page.locator('[data-testid="user-dropdown"]'), '退出登录');
  await page.locator('.ant-modal-confirm', { hasText: '退出系统' }).waitFor();
  await confirmOk();
  await page.waitForURL('**/login');
  const left = await page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k.startsWith('anquan-')),
    session: Object.keys(sessionStorage).filter((k) => k.startsWith('anquan-')),
    cookie: document.cookie,
  }));
  expect(!left.local.length && !left.session.length, `storage left: ${JSON.stringify(left)}`);
  expect(!/access_token=/.test(left.cookie), 'token cookie left');
  await shot('12-logged-out');
});

await finish();
