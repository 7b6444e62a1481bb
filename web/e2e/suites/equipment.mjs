// Browser suite of the equipment pages: the ledger with its due states and due list, a run-hour
// maintenance plan moved by a reading, the chemicals of an installation imported from the ledger, and the
// major hazard installations with their GB 18218 grading written out, QR labels, a service (repair) order
// taken through its flow, a disable and a recover request approved (on the spec's routes under
// /intelligentInspectionNew/equipmentManagement), and a lockout (LOTO) verified, requested and
// approved by someone other than its owner.
// `npm run e2e -- equipment` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { antd, openSuite } from '../suite.mjs';

const { BASE, browser, page, shot, scenario, expect, login, finish } = await openSuite('equipment');
const { toast, modalOf, row, pick } = antd(page);
/** picks an equipment by its code in a searchable select: typed first, the demo ledger is longer than the list shows */
async function pickEquipment(ui, p, m, code) {
  await ui.item(m, '设备').locator('.ant-select-selector').click();
  await p.keyboard.type(code);
  await ui.pick(m, '设备', code);
}
// generous waits: the machine running the suite is shared
page.setDefaultTimeout(30000);
const stamp = Date.now().toString().slice(-6);

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

await scenario('QR labels of the selected ledger rows show the equipment code as a QR code', async () => {
  await page.goto(`${BASE}/companyBasic/production/equipmentMaintenance`);
  const r = page.locator('.ant-table-row', { hasText: 'SV-201' }).first();
  await r.waitFor();
  await r.locator('.ant-checkbox-input').check();
  await page.locator('.aq-crud button', { hasText: '打印二维码标签' }).first().click();
  const label = page.locator('[data-testid="equipment-label"]', { hasText: 'SV-201' });
  await label.waitFor();
  expect((await label.locator('canvas, svg').count()) > 0, 'no QR code drawn on the label');
  expect((await page.locator('[data-testid="equipment-label"]').count()) === 1, 'one label for one selected row');
  await shot('equipment-qr-labels');
  await page.locator('.ant-modal-footer button', { hasText: /关\s*闭/ }).click();
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

await scenario('a run-hour plan: C-301 is due soon; a counter reading past the interval makes it due', async () => {
  await page.goto(`${BASE}/companyBasic/production/equipmentMaintenance`);
  const r = page.locator('.ant-table-row', { hasText: 'C-301' }).first();
  await r.waitFor();
  expect((await r.innerText()).includes('8000 h') && (await r.innerText()).includes('即将到期'), `C-301 row: ${await r.innerText()}`);
  await r.getByRole('button', { name: '录入读数' }).click();
  const m = page.locator('.ant-modal', { hasText: '录入运行小时读数' });
  await m.locator('.ant-input-number input').first().fill('8010');
  await m.locator('button.ant-btn-primary').last().click();
  await m.waitFor({ state: 'hidden' });
  await page.locator('.ant-table-row', { hasText: 'C-301' }).filter({ hasText: '-10 h' }).first().waitFor();
  expect((await r.innerText()).includes('已逾期'), `C-301 after the reading: ${await r.innerText()}`);
  await r.getByRole('button', { name: '运行小时' }).click();
  await page.locator('.ant-modal', { hasText: '运行小时读数' }).locator('.ant-table-row', { hasText: '8010' }).first().waitFor();
  await shot('equipment-run-hours');
  await page.keyboard.press('Escape');
});

await scenario("a major hazard installation's chemicals come from the chemicals ledger, graded by equipment", async () => {
  await page.goto(`${BASE}/dangerousSources/tabForm`);
  const r = page.locator('.ant-table-row', { hasText: 'MH-02' }).first();
  await r.waitFor();
  await r.getByRole('button', { name: '从化学品台账导入' }).click();
  const m = page.locator('.ant-modal', { hasText: '从化学品台账导入' });
  // the chlorine cylinders of the warehouse are picked (the installation's location), graded by equipment
  await m.locator('.ant-table-row', { hasText: '7782-50-5' }).locator('.ant-checkbox-checked').waitFor();
  await m.locator('[data-testid="import-preview"]', { hasText: 'S = 2/5' }).waitFor();
  await shot('equipment-major-hazard-import');
  await m.locator('[data-testid="import-save"]').click();
  await m.waitFor({ state: 'hidden' });
  await page.locator('.ant-table-row', { hasText: 'MH-02' }).filter({ hasText: '非重大危险源' }).first().waitFor();
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

/** the row of `text` once it also shows `state` */
const rowIn = (p, text, state) => p.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).filter({ hasText: state }).first();

/** files a request of the page at `path` for `code` and approves it (the administrator may approve his own) */
async function requestAndApprove(path, code, reason) {
  await page.goto(`${BASE}${path}`);
  await page.locator('.aq-crud').first().waitFor();
  await page
    .locator('.aq-crud button', { hasText: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  await pickEquipment(antd(page), page, m, code);
  await m.locator('#reason').fill(reason);
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast('操作成功').waitFor();
  await rowIn(page, reason, '待审批').waitFor();
  await row(reason).getByRole('button', { name: '审批通过' }).click();
  const a = modalOf('审批通过');
  await a.locator('#comment').fill('同意');
  await a.locator('.ant-modal-footer .ant-btn-primary').click();
  await a.waitFor({ state: 'detached' });
  await rowIn(page, reason, '已批准').waitFor();
}

/** the ledger row of `code` (on the inspection mount of the ledger page) */
async function ledgerRow(code) {
  await page.goto(`${BASE}/intelligentInspectionNew/equipmentManagement/equipmentMaintenance`);
  // searched by its code: the demo ledger is longer than a page
  await page.locator('.ant-pro-query-filter #code').fill(code);
  await page.locator('.ant-pro-query-filter button[type=submit], .ant-pro-query-filter .ant-btn-primary').first().click();
  const r = page.locator('.ant-table-row', { hasText: code }).first();
  await r.waitFor();
  return r.innerText();
}

await scenario('a disable request for V-101 is approved and the ledger shows it stopped; a recover request brings it back', async () => {
  expect((await ledgerRow('V-101')).includes('在用'), 'V-101 in use at the start');
  await requestAndApprove('/intelligentInspectionNew/equipmentManagement/disabled', 'V-101', `E2E 储罐清罐检修停用 ${stamp}`);
  await shot('equipment-disable-approved');
  const stopped = await ledgerRow('V-101');
  expect(stopped.includes('停用'), `V-101 after the disable: ${stopped}`);
  await requestAndApprove('/intelligentInspectionNew/equipmentManagement/recover', 'V-101', `E2E 清罐完成恢复使用 ${stamp}`);
  const back = await ledgerRow('V-101');
  expect(back.includes('在用') && !back.includes('停用'), `V-101 after the recovery: ${back}`);
});

await scenario('the director locks out V-101 (his tank), verifies both points and asks to resume; the administrator approves', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const p = await ctx.newPage();
  p.setDefaultTimeout(30000);
  try {
    const ui = antd(p);
    const reason = `E2E 人孔垫片更换 ${stamp}`;
    await login(p, 'director', '123456');
    await p.goto(`${BASE}/intelligentInspectionNew/equipmentManagement/control`);
    await p.locator('.ant-table-row', { hasText: 'P-101' }).first().waitFor();
    await p
      .locator('.aq-crud button', { hasText: /新\s*增/ })
      .first()
      .click();
    const m = ui.modalOf('新增');
    await pickEquipment(ui, p, m, 'V-101');
    await m.locator('#reason').fill(reason);
    await m.locator('#stepsText').fill('进料阀 XV-1011 / 物料 / L-7001\n出料阀 XV-1012 / 压力 / L-7002');
    await m.locator('.ant-modal-footer .ant-btn-primary').click();
    await ui.toast('操作成功').waitFor();
    await rowIn(p, reason, '已生成停机数据').waitFor();
    expect((await ui.row(reason).innerText()).includes('0 / 2'), `no point verified yet: ${await ui.row(reason).innerText()}`);
    await ui.row(reason).getByRole('button', { name: '隔离点' }).click();
    const steps = p.locator('.ant-modal-content', { hasText: 'L-7002' }).last();
    await steps.waitFor();
    for (let left = 2; left > 0; left--) {
      const verify = steps.getByRole('button', { name: /验\s*证/ });
      await verify.first().click();
      await steps
        .locator('.ant-tag', { hasText: '张主任' })
        .nth(2 - left)
        .waitFor();
    }
    await shot('equipment-lockout-verified', p);
    await steps.locator('.ant-modal-close').click();
    await rowIn(p, reason, '2 / 2').waitFor();
    await ui.row(reason).getByRole('button', { name: '申请恢复' }).click();
    const rq = ui.modalOf('申请恢复');
    await rq.locator('#comment').fill('垫片已更换,隔离点已全部验证');
    await rq.locator('.ant-modal-footer .ant-btn-primary').click();
    await rq.waitFor({ state: 'detached' });
    await rowIn(p, reason, '已申请恢复').waitFor();
    // the owner holds no approval of his own lockout
    expect((await ui.row(reason).getByRole('button', { name: '批准恢复' }).count()) === 0, 'the director sees an approve button');
  } catch (e) {
    await shot('FAIL-equipment-director-lockout', p);
    throw e;
  } finally {
    await ctx.close();
  }
  const reason = `E2E 人孔垫片更换 ${stamp}`;
  await page.goto(`${BASE}/companyBasic/production/control`);
  await rowIn(page, reason, '已申请恢复').waitFor();
  await row(reason).getByRole('button', { name: '批准恢复' }).click();
  const ap = modalOf('批准恢复');
  await ap.locator('#comment').fill('现场确认,同意恢复');
  await ap.locator('.ant-modal-footer .ant-btn-primary').click();
  await ap.waitFor({ state: 'detached' });
  await rowIn(page, reason, '恢复已批准').waitFor();
  await row(reason).getByRole('button', { name: '流转记录' }).click();
  await page.locator('[data-testid="flow-log"]', { hasText: '现场确认,同意恢复' }).waitFor();
  await shot('equipment-lockout-approved');
});

await finish();
