// Browser suite of the inspector's task page on a phone-sized viewport (360 × 740).
// `npm run e2e -- inspection` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as operator1 (the tank farm plan's inspector), opens today's task, enters each point's
// code as a scan would, fills every check item, submits, and finds the task among the done ones;
// the page never scrolls sideways.
import { openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('inspection', { viewport: { width: 360, height: 740 } });

await scenario('log in to tenant 100001 as operator1', () => login(page, 'operator1', '123456'), { critical: true });

await scenario(
  "the inspector's open tasks fit a 360 px screen",
  async () => {
    await page.goto(`${BASE}/intelligentInspectionNew/task`);
    await page.locator('.ant-card', { hasText: '罐区日常巡检' }).first().waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    await shot('inspection-tasks-360');
    expect(wide <= 362, `the task list scrolls sideways: ${wide} px`);
  },
  { critical: true },
);

await scenario('the inspector scans every point, fills the items and submits', async () => {
  await page.locator('.ant-card', { hasText: '罐区日常巡检' }).first().click();
  const codes = page.getByPlaceholder('扫码或输入巡检点编码');
  await codes.first().waitFor();
  expect((await codes.count()) === 3, `points on the route: ${await codes.count()}`);
  for (const [i, code] of ['XJ-TK-01', 'XJ-TK-02', 'XJ-TK-03'].entries()) await codes.nth(i).fill(code);
  const normal = page.locator('.ant-radio-button-wrapper', { hasText: '正常' });
  for (let i = 0; i < (await normal.count()); i++) await normal.nth(i).click();
  const numbers = page.locator('.ant-input-number-input');
  for (const [i, v] of ['50', '1.0', '50'].entries()) await numbers.nth(i).fill(v);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  await shot('inspection-task-360');
  expect(wide <= 362, `the task page scrolls sideways: ${wide} px`);
  await page.getByRole('button', { name: '提交巡检' }).click();
  await page.getByText('巡检已提交').waitFor();
  await page.locator('.ant-segmented-item', { hasText: '已完成' }).click();
  await page.locator('.ant-card', { hasText: '罐区日常巡检' }).first().waitFor();
});

await finish();
