// Browser suite of the management-of-change page (变更管理, /change/request): the seeded heat
// exchanger change in implementation is refused start-up while its must-fix PSSR item is open
// (the dialog names the item), then the item is fixed and the operator's training confirmed in
// the detail drawer, and the change starts up and is accepted.
// `npm run e2e -- change` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { antd, openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('change');
const { toast, modalOf, item, row } = antd(page);
const TITLE = '合成车间 E-201 换热器更换为板式换热器';
const drawer = () => page.locator('.ant-drawer-content', { hasText: TITLE }).last();
const drawerRow = (text) => drawer().locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario(
  'a change blocked by an open must-fix item',
  async () => {
    await page.goto(`${BASE}/change/request`);
    await row(TITLE).waitFor();
    expect((await row('罐区 V-102 临时增设旁路管线').innerText()).includes('已超期'), 'the expired temporary change is flagged');
    await row(TITLE).getByRole('button', { name: '开车投用' }).click();
    const m = modalOf('开车投用');
    await m.locator('.ant-modal-footer .ant-btn-primary').click();
    const refusal = m.locator('[data-testid="server-refusal"]');
    await refusal.waitFor();
    const text = await refusal.innerText();
    expect(text.includes('必改项未整改完成') && text.includes('新换热器安全阀未校验'), `refusal: ${text}`);
    await shot('change-startup-blocked');
    await m.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  },
  { critical: true },
);

await scenario('the must-fix item is fixed and the training confirmed in the detail drawer', async () => {
  await row(TITLE).getByRole('button', { name: '详情' }).click();
  await drawer().waitFor();
  await drawer().getByRole('tab', { name: '开车前安全审查' }).click();
  await drawerRow('新换热器安全阀未校验').getByRole('button', { name: '整改完成' }).click();
  const m = modalOf('整改完成');
  await item(m, '整改情况').locator('textarea').fill('安全阀已送检校验合格');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await drawerRow('新换热器安全阀未校验').filter({ hasText: '安全阀已送检校验合格' }).waitFor();
  await drawer().getByRole('tab', { name: '告知培训人员' }).click();
  await drawerRow('赵操作').getByRole('button', { name: '确认' }).click();
  await drawerRow('赵操作').getByRole('button', { name: '确认' }).waitFor({ state: 'detached' });
  await shot('change-detail-people');
  await page.locator('.ant-drawer-close').last().click();
});

await scenario('the change starts up and is accepted', async () => {
  await row(TITLE).getByRole('button', { name: '开车投用' }).click();
  let m = modalOf('开车投用');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await row(TITLE).getByRole('button', { name: '验收通过' }).waitFor();
  await row(TITLE).getByRole('button', { name: '验收通过' }).click();
  m = modalOf('验收通过');
  await item(m, '验收意见').locator('textarea').fill('投用正常,验收合格');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await row(TITLE).filter({ hasText: '已验收' }).waitFor();
  await shot('change-accepted');
});

await finish();
