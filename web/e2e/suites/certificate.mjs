// Browser suite of the people and certificate pages (证书管理, 证书到期提醒, 作业监护人).
// `npm run e2e -- certificate` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, sees the seeded certificates, adds a welding certificate for
// 王操作 that expires in 10 days, is refused an expiry before the issue date with the server's
// message, finds the new certificate on the expiry reminder page (and out of it after
// narrowing the window to 5 days), and sees the seeded guardians.
import { antd, openSuite, PNG } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('certificate', { acceptDownloads: true });
const { toast, modalOf, item, openDropdown, row, pick } = antd(page);
const inDays = (n) => {
  const d = new Date(Date.now() + n * 86400000);
  const p = (x) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

async function pickTree(scope, label, text) {
  await item(scope, label).locator('.ant-select-selector').click();
  // the tree list is virtual: search so the node is rendered
  await item(scope, label).locator('input').fill(text);
  const node = openDropdown().locator('.ant-select-tree-node-content-wrapper', { hasText: text }).first();
  await node.waitFor();
  await node.click();
  await openDropdown()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}
async function date(scope, id, value) {
  const input = scope.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario(
  'the certificate list shows the seeded certificates with their state',
  async () => {
    await page.goto(`${BASE}/personnel/certificate`);
    await row('孙焊工').waitFor();
    await row('赵操作').waitFor();
    expect((await row('赵操作').innerText()).includes('已过期'), "赵操作's welding certificate is not shown as expired");
    expect((await row('周承包').innerText()).includes('即将到期'), "周承包's lifting certificate is not shown as expiring");
    await shot('certificate-01-list');
  },
  { critical: true },
);

const certNo = `E2E-${Date.now().toString().slice(-7)}`;

await scenario('an expiry before the issue date is refused with the server message', async () => {
  await page
    .locator('.aq-crud button', { hasText: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  await m.locator('#certificateNo').waitFor();
  await pick(m, '持证人', '王操作');
  await pickTree(m, '证书类型', '焊接与热切割作业');
  await m.locator('#certificateNo').fill(certNo);
  await m.locator('#issuingAuthority').fill('苏州市应急管理局');
  await date(m, 'issueDate', inDays(-30));
  await date(m, 'expireDate', inDays(-40));
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('到期日期必须晚于发证日期').waitFor();
});

await scenario('add a welding certificate expiring in 10 days', async () => {
  const m = modalOf('新增');
  await date(m, 'expireDate', inDays(10));
  await shot('certificate-02-add');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await row(certNo).waitFor();
  const text = await row(certNo).innerText();
  expect(text.includes('王操作') && text.includes('焊接与热切割作业') && text.includes('即将到期'), `new row: ${text}`);
});

await scenario('attach a scan to the new certificate', async () => {
  await row(certNo).locator('[data-testid="certificate-files"]').click();
  const m = modalOf('证书附件');
  await m.locator('input[type=file]').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: PNG });
  await m.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first().waitFor();
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await row(certNo).locator('[data-testid="certificate-files"]', { hasText: '(1)' }).waitFor();
});

await scenario('export the certificate list as xlsx', async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator('.aq-crud button', { hasText: /导\s*出/ })
      .first()
      .click(),
  ]);
  expect(/\.xlsx$/.test(download.suggestedFilename()), `download name ${download.suggestedFilename()}`);
});

await scenario('the expiry reminder page lists it; a 5-day window leaves it out', async () => {
  await page.goto(`${BASE}/personnel/certificateExpire`);
  await row(certNo).waitFor();
  await row('赵操作').waitFor();
  await shot('certificate-03-expiry');
  const days = page.locator('input[aria-label="提前提醒"]');
  await days.fill('5');
  await page.locator('button', { hasText: /保存设置/ }).click();
  await toast('操作成功').waitFor();
  await row(certNo).waitFor({ state: 'detached' });
  await row('赵操作').waitFor();
  // back to the default so a rerun against the same server sees the same page
  await days.fill('30');
  await page.locator('button', { hasText: /保存设置/ }).click();
  await row(certNo).waitFor();
});

await scenario('the certified people page shows 王操作 qualified for welding, 赵操作 not', async () => {
  await page.goto(`${BASE}/personnel/operators`);
  await row('孙焊工').waitFor();
  const search = page.locator('.ant-pro-table-search');
  await pick(search, '证书类型', '焊接与热切割作业');
  await search.locator('button', { hasText: /查\s*询|搜\s*索/ }).click();
  await row('周承包').waitFor({ state: 'detached' });
  expect((await row('王操作').innerText()).includes('持有效证书'), '王操作 is not shown as certified');
  expect((await row('赵操作').innerText()).includes('无有效证书'), '赵操作 is shown as certified');
  await shot('certificate-05-operators');
});

await scenario('the guardian page shows the seeded guardians; add 王操作 for lifting, a duplicate is refused', async () => {
  await page.goto(`${BASE}/personnel/workGuardian`);
  await row('张主任').waitFor();
  for (const expectOk of [true, false]) {
    await page
      .locator('.aq-crud button', { hasText: /新\s*增/ })
      .first()
      .click();
    const m = modalOf('新增');
    await pick(m, '作业类型', '吊装作业');
    await pick(m, '监护人', '王操作');
    await m.locator('.ant-modal-footer .ant-btn-primary').click();
    if (expectOk) {
      await toast('操作成功').waitFor();
      await row('王操作').waitFor();
    } else {
      await toast('已是吊装作业的监护人').waitFor();
      await m.locator('.ant-modal-footer button', { hasText: /取\s*消/ }).click();
    }
  }
  await shot('certificate-04-guardians');
});

await finish();
