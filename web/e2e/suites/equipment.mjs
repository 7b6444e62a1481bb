// Browser suite of the equipment pages: the ledger with its due states and due list, and the
// major hazard installations with their GB 18218 grading written out.
// `npm run e2e -- equipment` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('equipment');

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

await finish();
