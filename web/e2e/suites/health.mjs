// Browser suite of the occupational health pages (职业健康): the detection due list shows the
// seeded overdue factors; putting 张主任 on the 合成工 post is refused without a pre-employment
// examination (the message names what is missing), allowed once it is recorded; a worker's
// record shows posts, factors and examinations.
// `npm run e2e -- health` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { antd, openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('health');
const { toast, modalOf, item, row, pick } = antd(page);
// Today in the platform's zone (UTC+8), as the date pickers take it.
const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario('the detection due list shows the overdue factors', async () => {
  await page.goto(`${BASE}/health/detection`);
  const due = page.locator('[data-testid="health-detection-due"]');
  await due.locator('tr', { hasText: '一氧化碳' }).waitFor({ timeout: 30000 });
  expect((await due.innerText()).includes('噪声'), 'noise detected 400 days ago is overdue');
  expect(!(await due.innerText()).includes('苯'), 'benzene detected 200 days ago is in time');
  await shot('health-detection-due');
});

async function assign() {
  await page.goto(`${BASE}/health/assignment`);
  await row('王操作').waitFor({ timeout: 30000 });
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  await pick(m, '人员', '张主任');
  await pick(m, '岗位', '合成工');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  return m;
}

await scenario(
  'no pre-employment examination: the assignment is refused',
  async () => {
    const m = await assign();
    await toast('尚无上岗前职业健康检查记录').waitFor({ timeout: 30000 });
    await shot('health-assignment-refused');
    await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  },
  { critical: true },
);

await scenario('the pre-employment examination is recorded, then the assignment is allowed', async () => {
  await page.goto(`${BASE}/health/exam`);
  await row('孙焊工').waitFor({ timeout: 30000 });
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  await pick(m, '受检人员', '张主任');
  await pick(m, '体检类型', '上岗前');
  const date = item(m, '体检日期').locator('input');
  await date.click();
  await date.fill(today);
  await date.press('Enter');
  await item(m, '体检机构').locator('input').fill('市职业病防治院');
  await pick(m, '体检结论', '目前未见异常');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor({ timeout: 30000 });
  await row('张主任').waitFor({ timeout: 30000 });
  await assign();
  await toast('操作成功').waitFor({ timeout: 30000 });
  await row('张主任').waitFor({ timeout: 30000 });
  await shot('health-assignment-allowed');
});

await scenario("a worker's record", async () => {
  await page.goto(`${BASE}/health/record`);
  await page.locator('[data-testid="health-record-user"]').click();
  const opt = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '王操作' }).first();
  await opt.waitFor({ timeout: 30000 });
  await opt.click();
  const rec = page.locator('[data-testid="health-record"]');
  await rec.waitFor({ timeout: 30000 });
  const text = await rec.innerText();
  expect(text.includes('合成工') && text.includes('苯') && text.includes('上岗前'), `record: ${text.slice(0, 200)}`);
  await shot('health-record');
});

await finish();
