// Browser suite of the records pages: the chemical ledger (甲醇 with its flags, GHS classes and
// stock per location in the detail drawer) and a published operating procedure that 赵操作 confirms
// having read (the 待我确认 mark and the button disappear, the reader count goes up).
// `npm run e2e -- records` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { antd, openSuite } from '../suite.mjs';

const { BASE, browser, page, shot, scenario, expect, login, finish } = await openSuite('records');
const { row } = antd(page);
const drawer = (text) => page.locator('.ant-drawer-content', { hasText: text }).last();

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario('the chemical ledger shows flags, GHS classes and stock per location', async () => {
  await page.goto(`${BASE}/dangerousSources/chemical`);
  await row('67-56-1').waitFor({ timeout: 30000 });
  const text = await row('67-56-1').innerText();
  expect(text.includes('甲醇') && text.includes('重点监管') && text.includes('易燃液体'), `methanol row: ${text}`);
  expect((await row('7782-50-5').innerText()).includes('剧毒'), 'chlorine is flagged highly toxic');
  await row('67-56-1').getByRole('button', { name: '储存与 MSDS' }).click();
  await drawer('甲醇').locator('tr', { hasText: '甲类储罐区 V-101' }).first().waitFor({ timeout: 30000 });
  await drawer('甲醇').getByRole('tab', { name: 'MSDS' }).click();
  await drawer('甲醇').getByText('抗溶性泡沫', { exact: false }).first().waitFor();
  await shot('records-chemical-msds');
  await page.locator('.ant-drawer-close').last().click();
});

await scenario(
  'an operator confirms reading a published procedure',
  async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    const op = await ctx.newPage();
    await login(op, 'operator2', '123456');
    await op.goto(`${BASE}/businessProcess/safetySystem/operationProcedureAdd`);
    const r = () => antd(op).row('甲醇装卸安全操作规程');
    await r().waitFor({ timeout: 30000 });
    expect((await r().innerText()).includes('待我确认'), 'the procedure waits for the operator');
    await r().getByRole('button', { name: '确认已阅读' }).click();
    await r().getByRole('button', { name: '确认已阅读' }).waitFor({ state: 'detached', timeout: 30000 });
    expect((await r().innerText()).includes('2/2'), 'both readers confirmed');
    await shot('records-procedure-confirmed', op);
    await ctx.close();
  },
  { critical: true },
);

await finish();
