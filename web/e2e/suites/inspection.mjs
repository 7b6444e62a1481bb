// Browser suite of the inspector's task page on a phone-sized viewport (360 × 740).
// `npm run e2e -- inspection` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as operator1 (the tank farm plan's inspector), opens today's task, enters each point's
// code as a scan would, fills every check item, submits, and finds the task among the done ones;
// the page never scrolls sideways. Then the administrator opens the statistics page (issue 18):
// the seeded week of inspections per team, then per person, figures above the table, bars per team /
// person and the daily trend line, and exports it.
import { openSuite } from '../suite.mjs';

const { BASE, browser, page, shot, scenario, expect, login, finish } = await openSuite('inspection', {
  viewport: { width: 360, height: 740 },
});

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

await scenario('the administrator reads coverage and timeliness per team and per person, and exports them', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  p.setDefaultTimeout(30000);
  try {
    await login(p, 'admin', 'admin');
    await p.goto(`${BASE}/intelligentInspectionNew/statistics`);
    // the seed's week: the tank farm (罐区) and the synthesis unit (合成车间) teams, some points missed
    await p.locator('.ant-table-row', { hasText: '罐区' }).first().waitFor();
    await p.locator('.ant-table-row', { hasText: '合成车间' }).first().waitFor();
    const summary = p.locator('[data-testid="inspection-stats-summary"]');
    const missed = Number(
      (await summary.locator('.ant-statistic', { hasText: '漏检' }).locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''),
    );
    const due = Number(
      (await summary.locator('.ant-statistic', { hasText: '应检点数' }).locator('.ant-statistic-content-value').innerText()).replace(
        /,/g,
        '',
      ),
    );
    expect(due > 0 && missed > 0 && missed < due, `the week's figures: ${due} due, ${missed} missed`);
    // the charts: a pair of bars per team, and the daily trend's lines over the 30 days
    await p.locator('[data-testid="stats-bar"]').first().waitFor();
    const bars = await p.locator('[data-testid="stats-bar"]').count();
    const rows = await p.locator('.ant-table-row').count();
    expect(bars > 0 && bars === rows, `bars ${bars} for ${rows} table rows`);
    const trend = p.locator('[data-testid="stats-trend"]');
    await trend.waitFor();
    const lines = await trend.locator('polyline').count();
    expect(lines > 0, 'the daily trend draws a line');
    const coverageTip = await trend.locator('title').first().textContent();
    expect(/覆盖率 \d+(\.\d)?%/.test(coverageTip || ''), `a day's tooltip: ${coverageTip}`);
    await shot('inspection-stats-dept', p);
    // per person: the tank farm's inspector has a row of his own
    await p.locator('.ant-pro-query-filter .ant-select', { has: p.locator('#groupBy') }).click();
    await p.locator('.ant-select-item-option', { hasText: '按人员' }).click();
    await p.locator('.ant-pro-query-filter button[type=submit], .ant-pro-query-filter .ant-btn-primary').first().click();
    await p.locator('.ant-table-row', { hasText: '王操作' }).first().waitFor();
    await p.locator('[data-testid="stats-bar"]', { hasText: '王操作' }).first().waitFor();
    await shot('inspection-stats-person', p);
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p
        .locator('.aq-crud button', { hasText: /导\s*出/ })
        .first()
        .click(),
    ]);
    expect(/\.xlsx$/.test(download.suggestedFilename()), `download name ${download.suggestedFilename()}`);
  } finally {
    await ctx.close();
  }
});

await finish();
