// Browser suite of the emergency on-duty and launch pages: today's duty board shows the demo
// tenant's people on duty now with their phones; an incident is launched from the published leak
// plan with the fire team, and an action is added to its log in the detail drawer.
// `npm run e2e -- emergency` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { antd, openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('emergency');
const { toast, modalOf, item, row, pick } = antd(page);
const place = `合成装置区 E2E-${Date.now() % 100000}`;
const org = `储运部 E2E-${Date.now() % 100000}`;
// A day far enough ahead that no demo shift overlaps, in the platform's zone (UTC+8).
const later = new Date(Date.now() + 8 * 3600 * 1000 + 40 * 86400 * 1000).toISOString().slice(0, 10);

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario("today's duty board shows who is on duty now", async () => {
  await page.goto(`${BASE}/emergency/dutyBoard`);
  const prod = row('生产运行部');
  await prod.waitFor({ timeout: 30000 });
  const text = await prod.innerText();
  expect(text.includes('孙焊工') && text.includes('13800000206'), `the round-the-clock department's people: ${text}`);
  expect(text.includes('在岗'), `on duty now: ${text}`);
  expect((await page.locator('.ant-table-tbody').innerText()).includes('安全环保部'), 'the day-shift department is on the board');
  await shot('emergency-duty-board');
});

await scenario('a roster gives each person on duty a phone', async () => {
  await page.goto(`${BASE}/emergency/duty`);
  await page.locator('.ant-table-tbody').waitFor({ timeout: 30000 });
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  await item(m, '部门/岗位').locator('input').fill(org);
  for (const label of ['开始日期', '结束日期']) {
    const d = item(m, label).locator('input');
    await d.click();
    await d.fill(later);
    await d.press('Enter');
  }
  await m.getByRole('button', { name: /添加值班人员/ }).click();
  await m.locator('.ant-pro-form-list-item .ant-select-selector').first().click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '张主任' })
    .first()
    .click();
  await m.locator('.ant-pro-form-list-item input[id$="phone"]').first().fill('13911112222');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor({ timeout: 30000 });
  await row(org).waitFor({ timeout: 30000 });
  await row(org).locator('a', { hasText: '编辑' }).click();
  const e = modalOf('编辑');
  const phone = e.locator('.ant-pro-form-list-item input[id$="phone"]').first();
  await phone.waitFor({ timeout: 30000 });
  expect((await phone.inputValue()) === '13911112222', `the person's phone is kept: ${await phone.inputValue()}`);
  expect((await e.locator('.ant-pro-form-list-item').first().innerText()).includes('张主任'), 'the person is kept');
  await shot('emergency-duty-phones');
  await e.locator('.ant-modal-footer .ant-btn').first().click();
});

await scenario(
  'an incident is launched from the published leak plan',
  async () => {
    await page.goto(`${BASE}/emergency/incident`);
    await row('危险化学品泄漏专项应急预案').waitFor({ timeout: 30000 });
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const m = modalOf('新增');
    await pick(m, '应急预案', '危险化学品泄漏专项应急预案');
    await pick(m, '响应级别', '二级响应');
    await pick(m, '应急队伍', '企业专职消防队');
    await item(m, '事发地点').locator('input').fill(place);
    await item(m, '事件描述').locator('textarea').fill('反应釜超温,紧急停车');
    await m.locator('.ant-modal-footer .ant-btn-primary').click();
    await toast('操作成功').waitFor({ timeout: 30000 });
    await row(place).waitFor({ timeout: 30000 });
    await shot('emergency-incident-launched');
  },
  { critical: true },
);

await scenario('an action is added to the incident log', async () => {
  await row(place)
    .getByRole('button', { name: /详\s*情/ })
    .click();
  const log = page.locator('[data-testid="incident-actions"]');
  await log.waitFor({ timeout: 30000 });
  expect((await log.innerText()).includes('启动二级响应'), 'the launch is logged');
  await page.getByRole('button', { name: /记录行动/ }).click();
  const m = modalOf('记录行动');
  await item(m, '处置行动').locator('textarea').fill('疏散合成装置区人员');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await log.locator('text=疏散合成装置区人员').waitFor({ timeout: 30000 });
  const drawer = await page.locator('.ant-drawer-content').innerText();
  expect(drawer.includes('周队长') && drawer.includes('电话通知'), 'the team members are listed as notified');
  await shot('emergency-incident-action');
});

await finish();
