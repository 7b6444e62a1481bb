// Browser suite of the equipment pages: the ledger with its due states and due list, and the
// major hazard installations with their GB 18218 grading written out, and a service (repair) order
// taken through its flow.
// `npm run e2e -- equipment` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { antd, openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('equipment');
const { toast, modalOf, row, pick } = antd(page);

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario('the ledger shows the overdue pressure gauge, and the due list holds it', async () => {
  await page.goto(`${BASE}/companyBasic/production/equipmentMaintenance`);
  const row = page.locator('.ant-table-row', { hasText: 'PG-201' });
  await row.waitFor();
  expect((await row.innerText()).includes('已逾期'), `PG-201 row: ${await row.innerText()}`);
  await page.locator('.ant-segmented-item', { hasText: '到期提醒' }).click();
  await page.locator('.ant-table-row', { hasText: 'SV-201' }).waitFor();
  expect((await page.locator('.ant-table-row', { hasText: 'V-101' }).count()) === 0, 'a healthy tank in the due list');
  await shot('equipment-due-list');
});

await scenario('a major hazard installation shows its level and the calculation', async () => {
  await page.goto(`${BASE}/dangerousSources/tabForm`);
  const row = page.locator('.ant-table-row', { hasText: 'MH-02' });
  await row.waitFor();
  expect((await row.innerText()).includes('三级'), `MH-02 row: ${await row.innerText()}`);
  await row.getByRole('button', { name: '计算过程' }).click();
  await page.locator('.ant-modal', { hasText: 'R = α' }).waitFor();
  await shot('equipment-major-hazard-calculation');
});

await scenario('a service order goes reported → assigned → in repair → done → accepted, with its log', async () => {
  await page.goto(`${BASE}/companyBasic/production/equipmentService`);
  await row('R-201').waitFor();
  const desc = `E2E 安全阀起跳后回座不严 ${Date.now().toString().slice(-6)}`;
  await page
    .locator('.aq-crud button', { hasText: /新\s*增/ })
    .first()
    .click();
  let m = modalOf('新增');
  await pick(m, '设备', 'SV-201');
  await pick(m, '维修类型', '安全附件故障');
  await m.locator('#description').fill(desc);
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await row(desc).waitFor();
  expect((await row(desc).innerText()).includes('已报修'), `reported: ${await row(desc).innerText()}`);
  const step = async (button, state, fill) => {
    await row(desc).getByRole('button', { name: button }).click();
    m = modalOf(button.source ? button.source.replace(/\\s\*/g, '') : button);
    await m.waitFor();
    if (fill) await fill(m);
    await m.locator('.ant-modal-footer .ant-btn-primary').click();
    await m.waitFor({ state: 'detached' });
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: desc }).filter({ hasText: state }).waitFor();
  };
  await step(/派\s*工/, '已派工', (x) => pick(x, '维修人', '张主任'));
  await step('开始维修', '维修中');
  await step('完成维修', '待验收', (x) => x.locator('#comment').fill('研磨阀座并重新整定'));
  await shot('equipment-service-done');
  await step(/验\s*收/, '已验收');
  await row(desc).getByRole('button', { name: '流转记录' }).click();
  const logs = page.locator('[data-testid="flow-log"]');
  await logs.nth(4).waitFor();
  expect((await logs.count()) === 5, `log entries: ${await logs.count()}`);
  expect((await logs.nth(3).innerText()).includes('研磨阀座并重新整定'), `finish entry: ${await logs.nth(3).innerText()}`);
  await shot('equipment-service-log');
});

await finish();
