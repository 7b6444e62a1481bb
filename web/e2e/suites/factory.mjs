// Browser suite of the factory pages (企业信息, 风险分区, 地图设置).
// `npm run e2e -- factory` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, sees the seeded enterprise in the header, is refused a credit code
// with a wrong check character, renames the enterprise and sees the header follow, adds a risk
// partition (a bad polygon is refused with the server's message), and opens the map settings
// page, whose weather card says plainly that no weather source is configured.
import { antd, hoverMenu, openSuite } from '../suite.mjs';

const { BASE, page, pageErrors, shot, scenario, expect, login, finish } = await openSuite('factory');
const { toast, modalOf, item, row, pick } = antd(page);
const header = () => page.locator('[data-testid="header-title"]');
async function headerIs(text) {
  await page
    .waitForFunction((t) => document.querySelector('[data-testid="header-title"]')?.textContent === t, text, { timeout: 15000 })
    .catch(async () => {
      throw new Error(`header shows "${await header().textContent()}", want "${text}"`);
    });
}

// ------------------------------------------------------------------------------------------

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario(
  'the enterprise page shows the seeded record and the header its short name',
  async () => {
    await page.goto(`${BASE}/system/factory`);
    const form = page.locator('[data-testid="enterprise-form"]');
    await form.waitFor();
    await page.waitForFunction(() => (document.querySelector('#enterpriseName') || {}).value === '江东化工有限公司');
    await headerIs('江东化工');
    expect((await page.locator('#creditCode').inputValue()).length === 18, 'credit code shown');
    await page.locator('[data-testid="polygon-preview"]').first().waitFor();
    await shot('factory-01-enterprise');
  },
  { critical: true },
);

await scenario('a credit code with a wrong check character is refused', async () => {
  const good = await page.locator('#creditCode').inputValue();
  const last = good.slice(-1) === '0' ? '1' : '0';
  await page.locator('#creditCode').fill(good.slice(0, 17) + last);
  await page.locator('button', { hasText: /保\s*存/ }).click();
  await page.locator('.ant-form-item-explain-error', { hasText: '校验位错误' }).waitFor();
  await page.locator('#creditCode').fill(good);
});

await scenario('rename the enterprise: the header follows', async () => {
  await page.locator('#enterpriseName').fill('江东化工股份有限公司');
  await page.locator('#companyShortName').fill('江东股份');
  await page.locator('button', { hasText: /保\s*存/ }).click();
  await toast('操作成功').waitFor();
  await headerIs('江东股份');
  // and it stays after a reload (read from the server, not the form)
  await page.reload();
  await headerIs('江东股份');
  await shot('factory-02-renamed');
});

const polygon = '[[118.8040,32.2700],[118.8060,32.2700],[118.8060,32.2704],[118.8040,32.2704]]';
await scenario('risk partitions: the seeded areas with their shapes', async () => {
  await page.goto(`${BASE}/system/riskPartition`);
  await row('甲类储罐区').waitFor();
  const shapes = await page.locator('.ant-table-tbody [data-testid="polygon-preview"]').count();
  expect(shapes >= 5, `shape previews in the table: ${shapes}`);
});

await scenario('add an area: a crossing polygon is refused, a good one is saved', async () => {
  await page
    .locator('.aq-crud button', { hasText: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  await m.waitFor();
  await item(m, '分区名称').locator('input').fill('装卸区');
  await item(m, '分区编码').locator('input').fill('ZX-E2E');
  await pick(m, '区域类型', '罐区');
  await pick(m, '风险等级', '一般风险');
  await item(m, '区域范围').locator('textarea').fill('[[118.80,32.27],[118.81,32.28],[118.81,32.27],[118.80,32.28]]');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('自相交').waitFor();
  await item(m, '区域范围').locator('textarea').fill(polygon);
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await row('装卸区').waitFor();
  expect((await row('装卸区').textContent()).includes('一般风险'), 'risk level shown');
  await shot('factory-03-area-added');
});

await scenario('the areas page in English', async () => {
  await hoverMenu(page, page.locator('.aq-header [data-testid="lang-switch"]'), 'English');
  await page.locator('[data-testid="tabs-menu"]', { hasText: 'Tab actions' }).waitFor();
  const head = await page.locator('.aq-crud .ant-table-thead').innerText();
  expect(
    /Partition name/.test(head) && /Risk level/.test(head) && !/分区名称/.test(head),
    `English column titles expected: ${head.replace(/\s+/g, ' ')}`,
  );
  const menu = await page.locator('.aq-sider .ant-menu-root').innerText();
  expect(/Risk partitions/.test(menu) && /Map settings/.test(menu), `English menu expected: ${menu.replace(/\s+/g, ' ').slice(0, 200)}`);
  await hoverMenu(page, page.locator('.aq-header [data-testid="lang-switch"]'), '简体中文');
  await page.locator('[data-testid="tabs-menu"]', { hasText: '标签操作' }).waitFor();
});

await scenario('map settings and the honest weather card', async () => {
  await page.goto(`${BASE}/system/mapSetting`);
  await page.waitForFunction(() => Number((document.querySelector('#centreLng') || {}).value) > 118);
  await page.locator('[data-testid="weather-none"]', { hasText: '未配置气象数据来源' }).waitFor();
  await page.locator('#scale').fill('1.5');
  await page.locator('button', { hasText: /保\s*存/ }).click();
  await toast('操作成功').waitFor();
  await page.reload();
  await page.waitForFunction(() => (document.querySelector('#scale') || {}).value === '1.500');
  await shot('factory-04-map');
});

await scenario('no page errors on the factory pages', async () => {
  expect(pageErrors.length === 0, `page errors: ${pageErrors.slice(0, 3).join(' | ')}`);
});

await finish();
