// Browser suite of the special-work permit pages (GB 30871 作业票).
// `npm run e2e -- workticket` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// The administrator of 100001 fills and submits a 一级 hot-work permit (welder 孙焊工, guardian
// 张主任); 张主任 and 李安全 sign it in their own sessions (the chain of a 一级 hot work), the
// administrator views and prints it (print media hides the shell, a PDF is exactly one A4
// page), records a gas analysis, confirms the checklist and runs the job to acceptance; every
// permit page (8 submit pages, 9 view pages, ordinary work, briefing, list) renders without
// page errors.
import fs from 'node:fs';
import path from 'node:path';
import { antd, openSuite, SHOTS } from '../suite.mjs';

// a plant's browser runs on China time, as the server's wall-clock times do
const CONTEXT = { viewport: { width: 1366, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
const { BASE, TENANT, browser, context, page, pageErrors, shot, scenario, expect, login, finish } = await openSuite('workticket', CONTEXT);
const { item, openDropdown } = antd(page);

/** another user's browser, beside the administrator's page */
async function session() {
  const ctx = await browser.newContext(CONTEXT);
  const p = await ctx.newPage();
  p.setDefaultTimeout(15000);
  return { ctx, p };
}
// unlike antd().pick: searches a searchable select and closes a multiple one by its label
async function pick(scope, label, text, p = page) {
  const sel = item(scope, label).locator('.ant-select-selector');
  await sel.click();
  const input = sel.locator('input');
  // a searchable select narrows the list; a plain one is readonly
  if (text && (await input.getAttribute('readonly')) === null) await input.fill(text);
  const opt = text
    ? openDropdown(p).locator('.ant-select-item-option', { hasText: text }).first()
    : openDropdown(p).locator('.ant-select-item-option').first();
  await opt.waitFor();
  await opt.click();
  // a multiple select stays open: a click on its label closes it (Escape would close a dialog too)
  if (await sel.evaluate((el) => !!el.closest('.ant-select-multiple') || el.classList.contains('ant-select-multiple')))
    await item(scope, label)
      .locator('.ant-form-item-label label')
      .click({ position: { x: 2, y: 2 } });
  await p.waitForFunction(() => document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').length === 0);
}
async function fillDate(scope, label, value) {
  const input = item(scope, label).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

const token = async (ctx = context) => (await ctx.cookies()).find((c) => c.name === 'access_token')?.value || '';
async function api(method, url, { tok, body, params } = {}) {
  const q = params ? `?${new URLSearchParams(params)}` : '';
  const r = await fetch(`${BASE}${url}${q}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Tenant-Id': TENANT,
      ...(tok ? { 'Blade-Auth': `bearer ${tok}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json();
}

// Shanghai wall-clock time (the server's zone) as yyyy-MM-dd HH:mm
const pad = (n) => String(n).padStart(2, '0');
function cst(offsetMin = 0) {
  const d = new Date(Date.now() + offsetMin * 60000 + 8 * 3600000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
const VIEW = (type) => `${BASE}/businessProcess/jobManagement/newJobManagement/${type}/view`;
let adminTok = '';
let permitId = '';
let ticketNo = '';

await scenario(
  'log in as the administrator and make the next hours a working day without night (no 升级管理)',
  async () => {
    await login(page, 'admin', 'admin');
    adminTok = await token();
    expect(adminTok, 'no token cookie');
    // a Saturday or a night would raise 一级 to 特级 (a three-step chain): the suite pins the
    // calendar so its 一级 stays 一级 whatever the hour it runs at
    const days = [cst(-1440), cst(0), cst(1440)].map((d) => ({ day: d.slice(0, 10), dayType: 1, name: 'e2e 调休上班' }));
    const cal = await api('POST', '/api/n-work-ticket/calendar/submit', { tok: adminTok, body: { items: days } });
    expect(cal.success, `calendar: ${JSON.stringify(cal)}`);
    // night shrinks to one minute six hours ahead, outside every window this suite plans
    const night = await api('POST', '/api/n-work-ticket/calendar/setting', {
      tok: adminTok,
      body: { nightStart: cst(360).slice(11), nightEnd: cst(361).slice(11) },
    });
    expect(night.success, `night hours: ${JSON.stringify(night)}`);
    const areas = await api('GET', '/api/nDoublePrevention/risk-partition/list', { tok: adminTok });
    if (!(areas.data || []).length) {
      const a = await api('POST', '/api/nDoublePrevention/risk-partition/submit', {
        tok: adminTok,
        body: { name: 'E2E 动火区', code: 'E2E-01', areaType: 2, riskLevel: 3 },
      });
      expect(a.success, `area: ${JSON.stringify(a)}`);
    }
  },
  { critical: true },
);

await scenario(
  'fill and submit a 一级 hot-work permit',
  async () => {
    await page.goto(`${BASE}/businessProcess/jobManagement/newJobManagement/hotWork/submit`);
    const form = page.locator('[data-testid="permit-form"]');
    await form.waitFor();
    await item(form, '作业单位').locator('input').fill('一车间检修班');
    await pick(form, '作业区域');
    await item(form, '作业地点').locator('input').fill('T-101 储罐出口管线');
    await item(form, '作业内容').locator('textarea').fill('更换 DN100 出口阀门法兰,焊接固定支架');
    await pick(form, '作业人员', '孙焊工');
    await pick(form, '监护人', '张主任');
    await fillDate(form, '计划开始时间', cst(-2));
    await fillDate(form, '计划结束时间', cst(240));
    await pick(form, '动火级别', '一级');
    await item(form, '动火方式').locator('.ant-checkbox-wrapper', { hasText: '电焊' }).click();
    await form.locator('.wt-hazards .ant-checkbox-wrapper', { hasText: '火灾' }).click();
    await form.locator('.wt-hazards .ant-checkbox-wrapper', { hasText: '灼烫' }).click();
    const measures = await form.locator('.wt-measure-row').count();
    expect(measures > 0, 'the checklist template of hot work should be filled in');
    await shot('workticket-01-hotwork-form');
    await page.locator('[data-testid="submit-apply"]').click();
    await page.waitForURL('**/hotWork/view?id=*', { timeout: 20000 });
    permitId = new URL(page.url()).searchParams.get('id');
    const no = page.locator('[data-testid="ticket-no"]');
    await no.waitFor();
    ticketNo = (await no.textContent()).trim();
    expect(/^DH-\d{8}-\d{4}$/.test(ticketNo), `ticket number ${ticketNo}`);
    const title = await page.locator('.wt-screen .ant-card-head').first().textContent();
    expect(title.includes('一级'), `level tag 一级 expected: ${title}`);
    expect(title.includes('审批中'), `in approval expected: ${title}`);
    // the applicant is no signer of their own permit
    expect((await page.locator('[data-testid="approve-card"]').count()) === 0, 'the applicant must not see the approval card');
    await shot('workticket-02-hotwork-submitted');
  },
  { critical: true },
);

async function signAs(account, step) {
  const { ctx, p } = await session();
  const errs = [];
  p.on('pageerror', (e) => errs.push(e.message));
  try {
    await login(p, account, '123456');
    await p.goto(`${VIEW('hotWork')}?id=${permitId}`);
    const card = p.locator('[data-testid="approve-card"]');
    await card.waitFor();
    expect((await card.textContent()).includes(step), `step ${step} expected on the approval card`);
    await p.locator('[data-testid="approve-comment"]').fill(`${step}:同意,措施落实后方可动火`);
    await p.locator('[data-testid="approve-pass"]').click();
    await card.waitFor({ state: 'detached' });
    await p.locator('[data-testid="flow-history-item"]', { hasText: step }).first().waitFor();
    await shot(`workticket-03-signed-${account}`, p);
    expect(!errs.length, `page errors: ${errs.join(' | ')}`);
  } finally {
    await ctx.close();
  }
}

await scenario('张主任 (workshop director) signs the first step', () => signAs('director', '作业单位负责人审批'), { critical: true });
await scenario('李安全 (safety manager) signs the last step and the permit is issued', () => signAs('safety', '安全管理部门审批'), {
  critical: true,
});

await scenario('the administrator views the issued permit with both signatures', async () => {
  await page.goto(`${VIEW('hotWork')}?id=${permitId}`);
  await page.locator('[data-testid="ticket-status"]', { hasText: '已签发' }).waitFor();
  const history = page.locator('[data-testid="flow-history"]');
  await history.locator('[data-testid="flow-history-item"]', { hasText: '安全管理部门审批' }).waitFor();
  const text = await history.textContent();
  expect(text.includes('张主任') && text.includes('李安全'), `both signers expected in the history: ${text}`);
  const details = await page.locator('[data-testid="permit-details"]').textContent();
  for (const s of ['孙焊工', '张主任', '电焊', '08 火灾', 'T-101']) expect(details.includes(s), `details miss ${s}`);
  await shot('workticket-04-issued');
});

await scenario('print: the 打印 button calls window.print, print media shows only the sheet, the PDF is one A4 page', async () => {
  await page.evaluate(() => {
    window.__printed = 0;
    window.print = () => {
      window.__printed++;
    };
  });
  await page.locator('[data-testid="print"]').click();
  expect((await page.evaluate(() => window.__printed)) === 1, 'window.print was not called');
  await page.emulateMedia({ media: 'print' });
  try {
    const sheet = page.locator('[data-testid="print-sheet"]');
    expect(await sheet.isVisible(), 'the print sheet should be visible in print media');
    for (const sel of ['.aq-sider', '.aq-header', '.aq-tabs', '.wt-screen'])
      expect(!(await page.locator(sel).first().isVisible()), `${sel} should be hidden in print media`);
    const text = await sheet.textContent();
    for (const s of [ticketNo, '动火作业安全作业票', '孙焊工', '张主任', '李安全', '作业单位负责人审批', '安全管理部门审批', '完工验收'])
      expect(text.includes(s), `the sheet misses ${s}`);
    const box = await sheet.boundingBox();
    const zoom = Number(await sheet.evaluate((el) => getComputedStyle(el).zoom || 1));
    expect(box && box.x < 5, `the sheet should start at the page's left edge: ${JSON.stringify(box)}`);
    await page.screenshot({ path: path.join(SHOTS, 'workticket-05-print-media.png'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(path.join(SHOTS, 'workticket-permit.pdf'), pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
    expect(pages === 1, `the PDF has ${pages} pages (sheet ${Math.round(box.height)} px, zoom ${zoom})`);
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});

await scenario('gas analysis, checklist confirmed, start, complete and accept the job', async () => {
  await page.goto(`${VIEW('hotWork')}?id=${permitId}`);
  await page.locator('[data-testid="gas-add"]').click();
  const dlg = page.locator('.ant-modal-content', { has: page.locator('.ant-modal-title', { hasText: '录入气体分析' }) });
  await dlg.waitFor();
  await dlg.locator('[data-testid="gas-point"]').fill('动火点下风向 1 m');
  await dlg.locator('.ant-input-number input').first().fill('0.1');
  await dlg.locator('[data-testid="gas-ok"]').click();
  await page
    .locator('.wt-card', { hasText: '气体分析' })
    .locator('.ant-tag', { hasText: /^合格$/ })
    .first()
    .waitFor();
  const confirm = page.locator('[data-testid="confirm-all"]');
  if (await confirm.count()) {
    await confirm.click();
    await confirm.waitFor({ state: 'detached' });
  }
  for (const [act, tag] of [
    ['start', '作业中'],
    ['complete', '已完成'],
    ['accept', '已验收'],
  ]) {
    await page.locator(`[data-testid="act-${act}"]`).click();
    await page.locator('[data-testid="act-ok"]').click();
    await page.locator('.wt-screen .ant-card-head .ant-tag', { hasText: tag }).first().waitFor();
  }
  await shot('workticket-06-accepted');
  // every act is a signature now: the sheet is longer and still one page
  await page.emulateMedia({ media: 'print' });
  try {
    const text = await page.locator('[data-testid="print-sheet"]').textContent();
    for (const s of ['甲烷', '开始作业', '完成作业', '验收']) expect(text.includes(s), `the accepted sheet misses ${s}`);
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    fs.writeFileSync(path.join(SHOTS, 'workticket-permit-accepted.pdf'), pdf);
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) || []).length;
    expect(pages === 1, `the accepted permit prints on ${pages} pages`);
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});

await scenario('the list shows the permit with its tags and opens its view page', async () => {
  await page.goto(`${BASE}/businessProcess/jobManagement/list`);
  const row = page.locator('.aq-crud .ant-table-tbody tr', { hasText: ticketNo }).first();
  await row.waitFor();
  expect((await row.textContent()).includes('已验收'), 'status tag 已验收 expected in the list');
  await row.locator('a', { hasText: '查看' }).click();
  await page.waitForURL(`**/hotWork/view?id=${permitId}`);
  await shot('workticket-07-list');
});

// drafts of every type, to open every view page (the server validates each type's own fields)
const drafts = {
  hotWork: { hotWork: { fireLevel: 2, tools: 'grind' } },
  confinedSpaceWork: { confinedSpace: { spaceName: 'R-201 反应釜', medium: '甲醇', isolation: '加盲板隔绝,断电挂牌' } },
  blindPlateWork: {
    blindPlate: { plateType: 1, pipeName: '蒸汽管线', medium: '蒸汽', temperature: 150, pressure: 0.6, material: '碳钢', size: 'DN100' },
  },
  altitudeWork: { altitude: { height: 16 } },
  liftingWork: { lifting: { weight: 45 } },
  temporaryPowerWork: { temporaryPower: { powerSource: '配电室 2# 柜', voltage: 380, load: 15 } },
  breakGroundWork: { breakGround: { length: 3, width: 1, depth: 1.2 } },
  openCircuitWork: { openCircuit: { roadSection: '厂区东路 3# 路口', closurePlan: '设置围挡与绕行标志,夜间警示灯' } },
  ordinary: {},
};

const ids = {};
await scenario('every permit page renders without page errors', async () => {
  const users = await api('GET', '/api/blade-user/getTicketGuardian', { tok: adminTok, params: { workType: 'hotWork' } });
  const guardianId = (users.data || [])[0]?.userId;
  const areas = await api('GET', '/api/nDoublePrevention/risk-partition/list', { tok: adminTok });
  const areaId = (areas.data || [])[0]?.id;
  const ops = await api('GET', '/api/blade_user_certificate/usercertificate/getTicketOperatorAll', { tok: adminTok });
  const op = (account) => (ops.data || []).find((o) => o.account === account)?.id;
  // each type's operators hold the certificate it needs (welding, lifting; operator1 has electrician + height)
  const operatorOf = { hotWork: op('welder'), liftingWork: op('contractor1') };
  for (const [type, sub] of Object.entries(drafts)) {
    const r = await api('POST', '/api/n-work-ticket/ticket/submit', {
      tok: adminTok,
      body: {
        workType: type,
        workUnit: '二车间',
        areaId,
        content: `e2e ${type}`,
        operatorIds: operatorOf[type] || op('operator1'),
        guardianId,
        planStartTime: `${cst(60)}:00`,
        planEndTime: `${cst(180)}:00`,
        hazardCodes: '01',
        ...sub,
      },
    });
    expect(r.success, `draft ${type}: ${r.msg}`);
    ids[type] = r.data.id;
  }
  const before = pageErrors.length;
  const visit = async (url, sel) => {
    await page.goto(`${BASE}${url}`);
    await page.locator(sel).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'));
  };
  for (const type of Object.keys(drafts).filter((t) => t !== 'ordinary')) {
    await visit(`/businessProcess/jobManagement/newJobManagement/${type}/submit`, '[data-testid="permit-form"] .ant-form-item');
    await visit(`/businessProcess/jobManagement/newJobManagement/${type}/view?id=${ids[type]}`, '[data-testid="permit-details"]');
    await visit(
      `/businessProcess/jobManagement/newJobManagement/${type}/submit?id=${ids[type]}`,
      '[data-testid="permit-form"] .ant-form-item',
    );
  }
  await visit('/businessProcess/jobOrdinary/submit', '[data-testid="permit-form"] .ant-form-item');
  await visit(`/businessProcess/jobOrdinary/view?id=${ids.ordinary}`, '[data-testid="permit-details"]');
  await visit(`/businessProcess/jobBriefing/detail?ticketId=${permitId}`, '[data-testid="briefing"]');
  await visit('/businessProcess/jobBriefing/detail', '.ant-select');
  await visit('/businessProcess/jobManagement/list', '.aq-crud .ant-table');
  await page.locator('.ant-tabs-tab', { hasText: '监护交接记录' }).click();
  await page.locator('.aq-crud .ant-table').last().waitFor();
  // the live level of the height form
  await page.goto(`${BASE}/businessProcess/jobManagement/newJobManagement/altitudeWork/submit`);
  await item(page.locator('[data-testid="permit-form"]'), '作业高度').locator('input').fill('16');
  await page.locator('[data-testid="live-height"]', { hasText: '三级' }).waitFor();
  // the sidebar switches between types on the same route: the form must be the new type's
  await page.locator('.aq-sider .ant-menu-item', { hasText: '受限空间作业' }).click();
  await page.waitForURL('**/confinedSpaceWork/submit');
  await page.locator('[data-testid="permit-form"] .ant-form-item-label', { hasText: '受限空间名称' }).waitFor();
  expect(
    (await page.locator('[data-testid="permit-form"] .ant-form-item-label', { hasText: '作业高度' }).count()) === 0,
    'the height field stayed after switching type',
  );
  await visit('/businessProcess/jobManagement/newJobManagement/nope/submit', '.ant-result-404');
  expect(pageErrors.length === before, `page errors: ${pageErrors.slice(before).join(' | ')}`);
});

await scenario('change the guardian of a permit on its view page; the hand-over library lists it', async () => {
  expect(ids.hotWork, 'no hot-work draft');
  await page.goto(`${VIEW('hotWork')}?id=${ids.hotWork}`);
  const before = await page.locator('[data-testid="permit-details"]').textContent();
  const target = before.includes('张主任') ? '李安全' : '张主任';
  await page.locator('[data-testid="guardian-change"]').click();
  const dlg = page.locator('.ant-modal-content', { has: page.locator('.ant-modal-title', { hasText: '变更监护人' }) });
  await dlg.waitFor();
  await pick(dlg, '新监护人', target);
  await item(dlg, '变更原因').locator('input').fill('原监护人临时调离');
  await item(dlg, '交接内容').locator('textarea').fill('已交接现场气体监测与消防器材情况');
  await dlg.locator('.ant-btn-primary').click();
  await page.locator('.wt-card', { hasText: '监护人变更' }).locator('.ant-table-tbody tr', { hasText: '原监护人临时调离' }).waitFor();
  await page.locator('[data-testid="permit-details"]', { hasText: target }).waitFor();
  await page.goto(`${BASE}/businessProcess/jobManagement/list`);
  await page.locator('.ant-tabs-tab', { hasText: '监护交接记录' }).click();
  await page.locator('.aq-crud .ant-table-tbody tr', { hasText: '原监护人临时调离' }).first().waitFor();
  await shot('workticket-09-guardian-change');
});

await scenario('record the pre-job safety briefing of a permit', async () => {
  await page.goto(`${BASE}/businessProcess/jobBriefing/detail?ticketId=${ids.hotWork}`);
  const form = page.locator('[data-testid="briefing"]');
  // the draft text lists the permit's hazards and measures; attendees default to operators + guardian
  await item(form, '交底内容').locator('textarea', { hasText: '危害辨识' }).waitFor();
  expect(
    (await item(form, '接受交底人').locator('.ant-select-selection-item').count()) >= 2,
    'operators and guardian should be preset as attendees',
  );
  await page.locator('[data-testid="briefing-save"]').click();
  await page.locator('.ant-message-notice', { hasText: '已保存' }).first().waitFor();
  const b = await api('GET', '/api/n-work-ticket/briefing/detail', { tok: adminTok, params: { ticketId: ids.hotWork } });
  expect(
    b.data && b.data.content.includes('危害辨识') && b.data.attendeeIds.split(',').length >= 2,
    `briefing not stored: ${JSON.stringify(b).slice(0, 300)}`,
  );
  await shot('workticket-10-briefing');
});

await scenario('a rejected permit is edited and submitted again', async () => {
  const ops = await api('GET', '/api/blade_user_certificate/usercertificate/getTicketOperatorAll', { tok: adminTok });
  const welder = (ops.data || []).find((o) => o.account === 'welder')?.id;
  const guardians = await api('GET', '/api/blade-user/getTicketGuardian', { tok: adminTok, params: { workType: 'hotWork' } });
  const director = (guardians.data || []).find((g) => g.account === 'director')?.userId;
  const areas = await api('GET', '/api/nDoublePrevention/risk-partition/list', { tok: adminTok });
  const r = await api('POST', '/api/n-work-ticket/ticket/submit', {
    tok: adminTok,
    body: {
      workType: 'hotWork',
      workUnit: '二车间',
      areaId: areas.data[0].id,
      content: 'e2e 驳回后修改',
      operatorIds: welder,
      guardianId: director,
      planStartTime: `${cst(30)}:00`,
      planEndTime: `${cst(120)}:00`,
      hazardCodes: '08',
      hotWork: { fireLevel: 2, tools: 'weld' },
      apply: true,
    },
  });
  expect(r.success && r.data.flowStatus === 0, `apply: ${JSON.stringify(r).slice(0, 300)}`);
  const id = r.data.id;
  const { ctx, p } = await session();
  try {
    await login(p, 'director', '123456');
    await p.goto(`${VIEW('hotWork')}?id=${id}`);
    await p.locator('[data-testid="approve-card"]').waitFor();
    await p.locator('[data-testid="approve-reject"]').click();
    await p.locator('.ant-message-notice', { hasText: '驳回时请填写审批意见' }).first().waitFor();
    await p.locator('[data-testid="approve-comment"]').fill('动火点未注明具体设备位号,请补充');
    await p.locator('[data-testid="approve-reject"]').click();
    await p.locator('[data-testid="flow-status"]', { hasText: '已驳回' }).waitFor();
  } finally {
    await ctx.close();
  }
  await page.goto(`${VIEW('hotWork')}?id=${id}`);
  await page.locator('[data-testid="flow-history-item"]', { hasText: '动火点未注明具体设备位号' }).waitFor();
  await page.locator('[data-testid="edit"]').click();
  await page.waitForURL(`**/hotWork/submit?id=${id}`);
  const content = item(page.locator('[data-testid="permit-form"]'), '作业内容').locator('textarea');
  await page.waitForFunction(() => (document.querySelector('[data-testid="permit-form"] textarea') || {}).value);
  expect((await content.inputValue()) === 'e2e 驳回后修改', 'the form should hold the stored content');
  await content.fill('e2e 驳回后修改: T-102 罐顶人孔法兰');
  await page.locator('[data-testid="submit-apply"]').click();
  await page.waitForURL(`**/hotWork/view?id=${id}`);
  await page.locator('[data-testid="flow-status"]', { hasText: '审批中' }).waitFor();
  expect((await page.locator('[data-testid="permit-details"]').textContent()).includes('T-102'), 'the edited content should be shown');
  await shot('workticket-11-resubmitted');
});

await scenario('an operator without a valid welding certificate is refused with the server message', async () => {
  await page.goto(`${BASE}/businessProcess/jobManagement/newJobManagement/hotWork/submit`);
  const form = page.locator('[data-testid="permit-form"]');
  await form.waitFor();
  await item(form, '作业单位').locator('input').fill('二车间');
  await pick(form, '作业区域');
  await item(form, '作业内容').locator('textarea').fill('e2e 过期焊工证');
  await pick(form, '作业人员', '赵操作');
  await pick(form, '监护人', '李安全');
  await fillDate(form, '计划开始时间', cst(30));
  await fillDate(form, '计划结束时间', cst(120));
  await pick(form, '动火级别', '二级');
  await item(form, '动火方式').locator('.ant-checkbox-wrapper', { hasText: '电焊' }).click();
  await form.locator('.wt-hazards .ant-checkbox-wrapper', { hasText: '火灾' }).click();
  await page.locator('[data-testid="submit-apply"]').click();
  const notice = page.locator('.ant-message-notice').first();
  await notice.waitFor();
  const msg = await notice.textContent();
  expect(/赵操作/.test(msg) && /证/.test(msg), `a Chinese refusal naming 赵操作 and the certificate expected: ${msg}`);
  expect(page.url().includes('/submit'), 'should stay on the form');
  await shot('workticket-08-refused');
});

await finish();
