// Browser suite of the flow and attachment pieces (流程配置, 我的待办, AttachmentUpload/fileUrl).
// `npm run e2e -- flow` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, is refused a flow step without approvers with the page's
// message, configures a two-step flow (roles picked from the tenant's roles), reorders its
// steps and sees the new order in the list, opens 我的待办 and switches to 已办, and loads an
// uploaded image through fileUrl's ?blade-auth= link in an <img> (a real browser request
// without the Blade-Auth header).
import { antd, openSuite } from '../suite.mjs';

const { BASE, context, page, pageErrors, shot, scenario, expect, login, finish } = await openSuite('flow');
const { toast, modalOf, item, openDropdown, row } = antd(page);
const steps = () => modalOf('新增流程').locator('[data-testid="flow-step"]');

// unlike antd().pick, closes the list with Escape
async function pickIn(scope, label, text) {
  await item(scope, label).locator('.ant-select-selector').click();
  const opt = openDropdown().locator('.ant-select-item-option', { hasText: text }).first();
  await opt.waitFor();
  await opt.click();
  await page.keyboard.press('Escape');
}

// this suite always signs in to 100001 as admin, whatever ANQUAN_TENANT/USER/PASS say
await scenario('log in to tenant 100001 as admin', () => login(page, 'admin', 'admin', '100001'), { critical: true });

const key = `e2e:flow${Date.now().toString().slice(-6)}`;

await scenario(
  'a step without approvers is refused with its message',
  async () => {
    await page.goto(`${BASE}/system/flowModel`);
    await page.locator('.ant-table').first().waitFor();
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const m = modalOf('新增流程');
    await m.waitFor();
    await m.locator('#modelKey').fill(key);
    await m.locator('#name').fill('E2E 动火审批');
    await steps().first().locator('input[id$="name"]').fill('属地审批');
    await m.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
    await toast('审批环节需要指定审批角色或审批人').waitFor();
  },
  { critical: true },
);

await scenario('a two-step flow is configured with roles of the tenant and reordered', async () => {
  const m = modalOf('新增流程');
  await pickIn(steps().nth(0), '审批角色', 'workshop_director');
  await m.getByRole('button', { name: /添加环节/ }).click();
  await steps().nth(1).locator('input[id$="name"]').fill('安全审批');
  await pickIn(steps().nth(1), '审批角色', 'safety_manager');
  // move the safety step first
  await steps().nth(1).locator('button:has(.anticon-arrow-up)').click();
  expect((await steps().nth(0).locator('input[id$="name"]').inputValue()) === '安全审批', 'the step did not move up');
  await m.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
  await toast('操作成功').waitFor();
  await row(key).waitFor();
  const text = (await row(key).innerText()).replace(/\s+/g, '');
  expect(text.includes('安全审批→属地审批'), `steps in the list: ${text}`);
  await shot('flow-01-models');
});

await scenario('an unknown role from the server side is refused (duplicate key)', async () => {
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增流程');
  await m.locator('#modelKey').fill(key);
  await m.locator('#name').fill('重复');
  await steps().first().locator('input[id$="name"]').fill('审批');
  await pickIn(steps().nth(0), '审批角色', 'safety_manager');
  await m.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
  await toast('流程标识已存在').waitFor();
  await m.getByRole('button', { name: /取\s*消/ }).click();
});

await scenario('我的待办 lists to-dos (with their approval history) and switches to 已办', async () => {
  await page.goto(`${BASE}/businessProcess/todo`);
  await page.locator('.ant-segmented').waitFor();
  await page.locator('.ant-table').first().waitFor();
  // the list has answered when the table stops spinning (not 'networkidle': the top bar's live
  // streams, such as the video-alarm badge's, stay open for as long as the page)
  await page.locator('.ant-table .ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 30000 });
  await page.locator('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder').first().waitFor();
  // Instances come from the business services (e.g. the demo hazards); when one waits
  // for the administrator, its history opens in the drawer.
  const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
  if (await first.count()) {
    await first.getByText('流程记录').click();
    await page.locator('.ant-drawer [data-testid="flow-history-item"]').first().waitFor();
    expect((await page.locator('.ant-drawer').innerText()).includes('发起'), 'the history has no start line');
    await shot('flow-03-history');
    await page.locator('.ant-drawer-close').click();
  }
  await page.locator('.ant-segmented-item', { hasText: '已办' }).click();
  await page.locator('.ant-table').first().waitFor();
  await shot('flow-02-todo');
});

await scenario('an uploaded image loads in an <img> through fileUrl (?blade-auth=)', async () => {
  const token = (await context.cookies()).find((c) => /access.?token/i.test(c.name))?.value;
  expect(token, 'no access token cookie');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const res = await page.request.post(`${BASE}/api/upload/put-file`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
    multipart: { file: { name: '现场.png', mimeType: 'image/png', buffer: png } },
  });
  const body = await res.json();
  expect(body.success, `upload: ${JSON.stringify(body)}`);
  const width = await page.evaluate(
    async ({ name, token }) =>
      new Promise((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(-1);
        img.src = `/api/upload/preview/${encodeURIComponent(name)}?blade-auth=${encodeURIComponent(token)}`;
      }),
    { name: body.data.name, token },
  );
  expect(width === 1, `image did not load (width ${width})`);
  const refused = await page.request.post(`${BASE}/api/upload/put-file`, {
    headers: { 'Blade-Auth': `bearer ${token}` },
    multipart: { file: { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') } },
  });
  const rb = await refused.json();
  expect(!rb.success && rb.msg.includes('不支持的文件类型: .exe'), `exe: ${JSON.stringify(rb)}`);
});

await scenario('no page errors', async () => {
  expect(pageErrors.length === 0, pageErrors.join(' | '));
});

await finish();
