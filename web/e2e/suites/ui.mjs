// Browser suite of the shell's list, form, title, preview and route rules (web issue 12): the
// index column across pages, select messages, one registration warning at a time, newest
// hazards first, date-range placeholders, page titles of the full-window pages, the upload
// preview rule, columns the fixed 操作 column does not cover, /403 for a page the user's menus
// do not lead to, seeded menus that save as they are and a refused save that names the field.
// `E2E_ONLY=<regexp>` runs only the matching scenarios.
import { antd, openSuite, PNG } from '../suite.mjs';

const { BASE, browser, page, shot, scenario, expect, login, finish } = await openSuite('ui', { viewport: { width: 1440, height: 900 } });
const { toast, modalOf, item, row } = antd(page);

/** the list of the page at `path`, loaded */
async function openList(path) {
  await page.goto(`${BASE}${path}`);
  await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
}
/** CrudPage's 新增 (the toolbar's primary button; the search form has one too) */
const addButton = () => page.locator('.aq-crud .ant-pro-table-list-toolbar .ant-btn-primary').first();
/** the x range of the header cell titled `title` */
async function headerBox(title) {
  const cell = page.locator('.aq-crud .ant-table-thead th', { hasText: title }).first();
  const b = await cell.boundingBox();
  return { left: b.x, right: b.x + b.width };
}

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario('序号 continues on page 2 (11, 12, ...)', async () => {
  // the first seeded list with more than ten rows
  let found = '';
  for (const path of ['/hiddenDanger/checkTask', '/hiddenDanger/checkRecord', '/safetyRisk/identification/checkPlan', '/system/auditLog']) {
    await openList(path);
    if (await page.locator('.aq-crud .ant-pagination-item-2').count()) {
      found = path;
      break;
    }
  }
  expect(found, 'no seeded list has a second page');
  const first = () => page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().locator('td').nth(1);
  expect((await first().innerText()).trim() === '1', `page 1 starts at ${await first().innerText()}`);
  await page.locator('.aq-crud .ant-pagination-item-2').click();
  await page.locator('.aq-crud .ant-pagination-item-active', { hasText: '2' }).waitFor();
  await page.waitForFunction(() => {
    const td = document.querySelector('.aq-crud .ant-table-tbody tr.ant-table-row td:nth-child(2)');
    return td && td.textContent.trim() === '11';
  });
  await shot('ui-05-index-page-2');
});

await scenario('a required select says 请选择, not 请输入', async () => {
  await openList('/safetyRisk/identification/riskObject');
  await addButton().click();
  const m = page.locator('.ant-modal-content:visible').last();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  const err = item(m, '所在区域').locator('.ant-form-item-explain-error');
  await err.waitFor();
  const text = (await err.innerText()).trim();
  expect(text.startsWith('请选择'), `the select's message is ${text}`);
  await shot('ui-08-select-message');
  await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').first().click();
});

await scenario('date-range search placeholders are whole (开始日期 / 结束日期)', async () => {
  await openList('/hiddenDanger/index');
  const inputs = page.locator('.aq-crud .ant-pro-query-filter .ant-picker-range input');
  await inputs.first().waitFor();
  const ph = await inputs.evaluateAll((els) => els.map((e) => [e.placeholder, e.scrollWidth <= e.clientWidth + 1]));
  expect(ph.length >= 2, 'no range picker in the search form');
  expect(ph[0][0] === '开始日期' && ph[1][0] === '结束日期', `placeholders ${JSON.stringify(ph)}`);
  expect(
    ph.every(([, fits]) => fits),
    `a placeholder is cut: ${JSON.stringify(ph)}`,
  );
});

await scenario('hazards list newest first', async () => {
  const req = page.waitForRequest((r) => r.url().includes('hidden-danger') && r.url().includes('current='));
  await page.goto(`${BASE}/hiddenDanger/index`);
  const url = (await req).url();
  expect(url.includes('descs=reportTime'), `list call ${url}`);
  await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
  const col = await page
    .locator('.aq-crud .ant-table-thead th')
    .evaluateAll((ths) => ths.findIndex((t) => t.textContent.includes('上报时间')));
  const times = await page
    .locator('.aq-crud .ant-table-tbody tr.ant-table-row')
    .evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent || ''), col);
  const sorted = [...times].sort().reverse();
  expect(JSON.stringify(times) === JSON.stringify(sorted), `report times ${times.join(', ')}`);
});

await scenario('the page title follows the full-window page opened from the sidebar', async () => {
  await page.goto(`${BASE}/safetyRisk/identification/riskObject`);
  await page.locator('.aq-sider .ant-menu-item', { hasText: '风险分析对象' }).waitFor();
  await page.waitForFunction(() => document.title.startsWith('风险分析对象'));
  await page.locator('.aq-sider .ant-menu-item', { hasText: '安全承诺' }).click();
  await page.waitForURL('**/risk-commitment');
  await page.waitForFunction(() => document.title.startsWith('安全承诺'), null, { timeout: 5000 }).catch(() => undefined);
  expect((await page.title()).startsWith('安全承诺'), `title on /risk-commitment: ${await page.title()}`);
  await page.goto(`${BASE}/dual-prophylaxis/index`);
  await page.waitForFunction(() => document.title.startsWith('双重预防'), null, { timeout: 5000 }).catch(() => undefined);
  expect((await page.title()).startsWith('双重预防'), `title on /dual-prophylaxis/index: ${await page.title()}`);
});

await scenario('upload preview: an image opens in a lightbox, not a new window', async () => {
  await openList('/hiddenDanger/index');
  await page.locator('[data-testid="hazard-report"]').click();
  const m = modalOf('上报隐患');
  const file = item(m, '隐患照片').locator('input[type=file]');
  await file.waitFor({ state: 'attached' });
  await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  const done = item(m, '隐患照片')
    .locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')
    .first();
  await done.waitFor();
  let popups = 0;
  const onPage = () => popups++;
  page.context().on('page', onPage);
  await done.hover();
  await done.locator('.anticon-eye').first().click();
  await page.locator('.ant-image-preview-img').waitFor({ timeout: 8000 });
  await page.waitForTimeout(300);
  page.context().off('page', onPage);
  expect(popups === 0, `${popups} window(s) opened`);
  await shot('ui-11-lightbox');
  // the lightbox's own close button: Escape can also reach the report dialog under it and
  // close both (seen once on a loaded machine), which left no dialog to cancel
  await page.locator('.ant-image-preview-close').click();
  await page.locator('.ant-image-preview-img').waitFor({ state: 'detached' });
  await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').first().click();
});

await scenario('at 1440 px the fixed 操作 column covers no other column', async () => {
  for (const [path, titles] of [
    ['/system/user', ['手机号码', '创建时间']],
    ['/personnel/certificate', ['到期日期', '发证日期']],
  ]) {
    await openList(path);
    // a wider table scrolls inside itself: at its right end every column is clear of 操作
    const scroller = page.locator('.aq-crud .ant-table-content, .aq-crud .ant-table-body').first();
    await scroller.evaluate((e) => (e.scrollLeft = e.scrollWidth));
    await page.waitForTimeout(200);
    const op = await headerBox('操作');
    for (const t of titles) {
      const b = await headerBox(t);
      // a column under the fixed one would end to the right of its left edge while the table is scrolled to the start
      expect(b.right <= op.left + 1, `${path}: ${t} ends at ${b.right}, 操作 starts at ${op.left}`);
    }
    const scroll = await scroller.evaluate((e) => e.scrollWidth > e.clientWidth);
    const doc = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(doc, `${path}: the page scrolls sideways (table scroll ${scroll})`);
  }
  await shot('ui-03-columns');
});

await scenario('a seeded menu entry saves as it is', async () => {
  await page.goto(`${BASE}/system/menu`);
  // Waits of 30 s: on a loaded CI machine the detail and the save (which makes every service reload
  // its permissions) once took longer than the default 15 s; alone this takes about 5 s.
  const r = row('系统设置');
  await r.waitFor({ timeout: 30000 });
  await r.locator('a', { hasText: '编辑' }).click();
  const m = modalOf('编辑');
  await m.locator('#alias').waitFor({ timeout: 30000 });
  expect((await m.locator('#alias').inputValue()) !== '', 'the seeded entry has no 菜单别名');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor({ timeout: 30000 });
});

await scenario('a refused save scrolls to and names the field', async () => {
  await page.goto(`${BASE}/system/menu`);
  await page.locator('.aq-crud .ant-table-row').first().waitFor();
  await addButton().click();
  const m = page.locator('.ant-modal-content:visible').last();
  await m.locator('#name').waitFor();
  await m.locator('#name').fill('E2E菜单');
  await m.locator('#path').fill('/e2e');
  await m.locator('#code').fill('e2e_menu');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('菜单别名').waitFor();
  const alias = m.locator('#alias');
  await page.waitForTimeout(600);
  const inView = await alias.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
  expect(inView, 'the field with the error is out of view');
  await shot('ui-06-named-field');
  await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').first().click();
});

await scenario('registration warnings show one at a time', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  try {
    await login(p);
    // a social-login user without a local account: user_id -1 (the dialog 账号注册 opens)
    await p.evaluate(() => {
      for (const store of [localStorage, sessionStorage]) {
        const k = 'anquan-userInfo';
        const raw = store.getItem(k);
        if (!raw) continue;
        const e = JSON.parse(raw);
        e.content.user_id = -1;
        store.setItem(k, JSON.stringify(e));
      }
    });
    await p.goto(`${BASE}/wel/index`);
    const dlg = p.locator('.ant-modal-content', { has: p.locator('.ant-modal-title', { hasText: '账号注册' }) });
    await dlg.waitFor();
    for (let i = 0; i < 3; i++) await dlg.locator('.ant-modal-footer .ant-btn-primary').click();
    await p.waitForTimeout(400);
    const n = await p.locator('.ant-message-notice').count();
    expect(n === 1, `${n} warnings on screen`);
    await shot('ui-08-one-warning', p);
  } finally {
    await ctx.close();
  }
});

await scenario('a page the user has no menu for shows /403 and fetches nothing', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  try {
    await login(p, 'operator1', '123456');
    await p.goto(`${BASE}/wel/index`);
    await p.locator('[data-testid="tabs-bar"]').waitFor();
    const calls = [];
    p.on('request', (r) => {
      if (/blade-user|blade-system\/dept|\/user\/page|\/dept\/tree/.test(r.url())) calls.push(r.url());
    });
    await p.goto(`${BASE}/system/user`);
    await p.waitForURL('**/403');
    await p.waitForTimeout(800);
    expect(calls.length === 0, `the page fetched ${calls.join(', ')}`);
    expect((await p.locator('.ant-message-notice').count()) === 0, 'a toast showed');
    await shot('ui-01-403', p);
    await p.goto(`${BASE}/wel/index`);
    const active = p.locator('[data-testid="tabs-bar"] .ant-tabs-tab-active');
    await active.waitFor();
    expect((await active.innerText()).includes('首页'), `active tab: ${await active.innerText()}`);
    expect((await p.locator('[data-testid="tabs-bar"] .ant-tabs-tab', { hasText: '用户管理' }).count()) === 0, 'a 用户管理 tab');
  } finally {
    await ctx.close();
  }
});

await scenario('at 1024 px the top bar fits, the sidebar starts collapsed and nothing scrolls sideways', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  try {
    await login(p);
    for (const path of ['/system/user', '/hiddenDanger/index', '/personnel/certificate']) {
      await p.goto(`${BASE}${path}`);
      await p.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
      for (const id of ['notice-widget', 'user-dropdown']) {
        const b = await p.locator(`[data-testid="${id}"]`).boundingBox();
        expect(b && b.x >= 0 && b.x + b.width <= 1024, `${path}: ${id} at ${JSON.stringify(b)}`);
      }
      const sider = await p.locator('.aq-sider').boundingBox();
      expect(sider.width <= 64, `${path}: the sidebar is ${sider.width} px wide`);
      const wide = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(wide <= 1024, `${path}: the page is ${wide} px wide`);
    }
    await shot('ui-02-1024', p);
  } finally {
    await ctx.close();
  }
});

await scenario('at 360 px (a phone) the hazard report, inspections and the permit form fit the screen', async () => {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
  const p = await ctx.newPage();
  const fits = async (what) => {
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(wide <= 360, `${what}: the page is ${wide} px wide`);
  };
  try {
    await login(p);
    await p.goto(`${BASE}/hiddenDanger/index`);
    await p.locator('.aq-crud .ant-table').first().waitFor();
    await fits('hazard list');
    const sider = await p.locator('.aq-sider').boundingBox();
    expect(!sider || sider.width === 0, `the sidebar takes ${sider && sider.width} px`);
    await p.locator('[data-testid="hazard-report"]').click();
    const m = p.locator('.ant-modal-content', { has: p.locator('.ant-modal-title', { hasText: '上报隐患' }) });
    await m.locator('#dangerName').waitFor();
    // measured after the dialog's zoom-in animation
    await p.waitForTimeout(600);
    const b = await m.boundingBox();
    expect(b.x >= 0 && b.x + b.width <= 360, `the report dialog at ${JSON.stringify(b)}`);
    const input = await m.locator('#dangerName').boundingBox();
    expect(input.width >= 200, `the name field is ${input.width} px wide`);
    await shot('ui-02-phone-report', p);
    await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').first().click();
    await p.goto(`${BASE}/hiddenDanger/checkTask`);
    await p.locator('.aq-crud .ant-table').first().waitFor();
    await fits('inspection tasks');
    await p.goto(`${BASE}/businessProcess/jobManagement/newJobManagement/hotWork/submit`);
    await p.locator('.aq-content form, .aq-content .ant-form').first().waitFor();
    await p.waitForTimeout(500);
    await fits('permit form');
    await shot('ui-02-phone-permit', p);
  } finally {
    await ctx.close();
  }
});

await scenario('the enterprise record loads on navigation and a recent one serves it', async () => {
  const calls = [];
  const on = (r) => r.url().includes('/api/base-factory/factory/detail') && calls.push(Date.now());
  page.on('request', on);
  try {
    await page.goto(`${BASE}/system/user`);
    await page.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.waitForTimeout(300);
    const first = calls.length;
    expect(first === 1, `${first} calls on a fresh load`);
    for (const name of ['角色管理', '部门管理', '岗位管理']) {
      await page.locator('.aq-sider .ant-menu-item', { hasText: name }).click();
      await page.locator('.aq-tabs .ant-tabs-tab-active', { hasText: name }).waitFor();
    }
    expect(calls.length === first, `${calls.length - first} calls for three navigations within the cache time`);
    await page.waitForTimeout(10500);
    await page.locator('.aq-sider .ant-menu-item', { hasText: '用户管理' }).click();
    await page.waitForTimeout(800);
    expect(calls.length === first + 1, `${calls.length - first} calls for a navigation after the cache time`);
  } finally {
    page.off('request', on);
  }
});

await scenario('the spec date pickers: whole-range search, permit start from now, phone messages', async () => {
  await openList('/hiddenDanger/index');
  await page.locator('.aq-crud .ant-pro-query-filter .ant-picker-range').first().click();
  const dd = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').last();
  await dd.waitFor();
  const presets = await dd.locator('.ant-picker-presets li').allInnerTexts();
  expect(
    ['今天', '3天', '1周', '1月', '1年'].every((x) => presets.includes(x)),
    `shortcuts ${presets.join(',')}`,
  );
  const tomorrow = new Date(Date.now() + 86400000 + 8 * 3600000).toISOString().slice(0, 10);
  const cell = dd.locator(`td[title="${tomorrow}"]`).first();
  if (await cell.count()) expect(await cell.evaluate((e) => e.classList.contains('ant-picker-cell-disabled')), `${tomorrow} may be picked`);
  await page.keyboard.press('Escape');
  await page.goto(`${BASE}/businessProcess/jobManagement/newJobManagement/hotWork/submit`);
  const start = page.locator('#planStartTime');
  await start.waitFor();
  await start.click();
  const pd = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').last();
  await pd.waitFor();
  // three plant days back: before yesterday in the browser's zone too (UTC here), whatever the hour
  const before = new Date(Date.now() - 3 * 86400000 + 8 * 3600000).toISOString().slice(0, 10);
  const old = pd.locator(`td[title="${before}"]`).first();
  if (await old.count())
    expect(await old.evaluate((e) => e.classList.contains('ant-picker-cell-disabled')), `${before} may start a permit`);
  await page.keyboard.press('Escape');
  await openList('/system/user');
  await addButton().click();
  const m = page.locator('.ant-modal-content:visible').last();
  await m.locator('#phone').fill('123');
  await m.locator('#phone').blur();
  await item(m, '手机号码').locator('.ant-form-item-explain-error', { hasText: '手机号码长度不为11位' }).waitFor();
  await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').first().click();
});

await scenario('the English UI shows no Chinese outside user data', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const p = await ctx.newPage();
  const han = /[\u3400-\u9fff]/;
  const check = async (what, selectors) => {
    for (const sel of selectors) {
      const texts = await p.locator(sel).allInnerTexts();
      const bad = texts.filter((t) => han.test(t));
      expect(!bad.length, `${what} ${sel}: ${bad.slice(0, 3).join(' | ').slice(0, 200)}`);
    }
  };
  try {
    await login(p);
    await p.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
    await p.goto(`${BASE}/expectation/index`);
    await p.locator('.ant-result').waitFor();
    await check('under development', ['.ant-result']);
    await p.goto(`${BASE}/system/user`);
    await p.locator('.aq-crud .ant-table-tbody tr.ant-table-row').first().waitFor();
    // the 用户类型 column is a dictionary (内部人员 / 外部人员)
    const col = await p
      .locator('.aq-crud .ant-table-thead th')
      .evaluateAll((ths) => ths.findIndex((t) => /user type/i.test(t.textContent)));
    expect(col > 0, 'no User type column');
    const types = await p
      .locator('.aq-crud .ant-table-tbody tr.ant-table-row')
      .evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent || ''), col);
    expect(!types.some((t) => han.test(t)), `dictionary values: ${types.join(', ')}`);
    // the dictionary's own English label (seeded by blade-system), not a page text
    expect(types.includes('Internal staff'), `user type shows the dictionary's English label: ${types.join(', ')}`);
    await check('users', [
      '.aq-crud .ant-pro-query-filter',
      '.aq-crud .ant-table-thead',
      '.aq-crud .ant-pagination',
      '.aq-crud .ant-pro-table-list-toolbar',
    ]);
    await p.locator('.aq-crud .ant-pro-table-list-toolbar .ant-btn-primary').first().click();
    const m = p.locator('.ant-modal-content:visible').last();
    await m.locator('#phone').fill('123');
    await m.locator('.ant-modal-footer .ant-btn-primary').click();
    await m.locator('.ant-form-item-explain-error').first().waitFor();
    await p.waitForTimeout(300);
    await check('user dialog', [
      '.ant-modal-content:visible .ant-form-item-label',
      '.ant-modal-content:visible .ant-form-item-explain-error',
      // the 用户类型 radios are the user_type dictionary's entries
      '.ant-modal-content:visible .ant-radio-wrapper',
    ]);
    const radios = await p.locator('.ant-modal-content:visible .ant-radio-wrapper').allInnerTexts();
    expect(radios.includes('Contractor staff'), `user type options: ${radios.join(', ')}`);
    await shot('ui-07-english', p);
  } finally {
    await ctx.close();
  }
});

await finish();
