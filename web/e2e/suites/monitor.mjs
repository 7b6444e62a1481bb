// Browser suite of the monitoring pages (监测点位, 报警管理, 采集网关).
// `npm run e2e -- monitor` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, sees the seeded points with no active alarm, publishes a gas value
// over MQTT as the demo gateway (mosquitto_pub) and sees the alarm and the point's state arrive
// without a reload (SSE), acknowledges it, shelves it with a reason and lifts the shelve, finds
// the seeded incidents in the alarm history and issues a gateway secret, shown once.
// The gateway list shows demo-gw 在线 while a client holds its session with a last will, and
// 离线 (with its 最后通信时间) after that client is killed without DISCONNECT.
import { spawn, spawnSync } from 'node:child_process';
import { antd, openSuite } from '../suite.mjs';

const { BASE, MQTT_PORT, page, shot, scenario, expect, login, finish } = await openSuite('monitor');
const { item, modalOf, openDropdown, row } = antd(page);

// Shanghai wall-clock time (the server's zone) as yyyy-MM-dd HH:mm:ss, offset minutes from now
const pad = (n) => String(n).padStart(2, '0');
function cst(offsetMin = 0) {
  const d = new Date(Date.now() + offsetMin * 60000 + 8 * 3600000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
}

const hasPub = spawnSync('mosquitto_pub', ['--help']).error === undefined;
function publish(values) {
  const r = spawnSync('mosquitto_pub', [
    '-h',
    '127.0.0.1',
    '-p',
    String(MQTT_PORT),
    '-u',
    '100001:demo-gw',
    '-P',
    'demo-gw',
    '-q',
    '1',
    '-t',
    'anquan/100001/demo-gw/telemetry',
    '-m',
    JSON.stringify({ values }),
  ]);
  if (r.status !== 0) throw new Error(`mosquitto_pub: ${r.stderr}`);
}

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario(
  'the point list shows the seeded points and no active alarm',
  async () => {
    await page.goto(`${BASE}/monitor/point`);
    await page.locator('.ant-table-row', { hasText: 'GT-101' }).waitFor();
    await page.getByText('当前无报警').waitFor();
    await shot('monitor-01-points');
  },
  { critical: true },
);

if (hasPub) {
  await scenario('a gas value over level 1 raises an alarm that arrives live', async () => {
    publish({ 'GT-101': 31.5 });
    const alarm = page.locator('.ant-card .ant-table-row', { hasText: 'GT-101' });
    await alarm.waitFor({ timeout: 15000 });
    expect((await alarm.textContent()).includes('高报'), 'level 1 shown as 高报');
    await page.locator('.ant-table-row', { hasText: 'V-101 罐根可燃气体' }).getByText('报警未确认').first().waitFor();
    await shot('monitor-02-alarm');
  });

  await scenario('acknowledge the alarm', async () => {
    const alarm = page.locator('.ant-card .ant-table-row', { hasText: 'GT-101' });
    await alarm.getByRole('button', { name: /确\s*认/ }).click();
    await alarm.getByText('报警已确认').waitFor();
    await alarm.getByText('管理员').waitFor();
  });

  await scenario('shelve the alarm from the page with a reason, then lift the shelve', async () => {
    const alarm = page.locator('.ant-card .ant-table-row', { hasText: 'GT-101' });
    await alarm.getByRole('button', { name: /搁\s*置/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '搁置报警' });
    await dialog.waitFor();
    // The reason is required: the dialog stays open without one.
    await dialog.locator('.ant-btn-primary').click();
    await dialog.getByText('请填写搁置原因').waitFor();
    await dialog.locator('textarea').fill('探头标定,现场已有人值守');
    await dialog.locator('.ant-btn-primary').click();
    await alarm.getByText('已搁置至').waitFor();
    await shot('monitor-02b-shelved');
    await alarm.getByRole('button', { name: '取消搁置' }).click();
    await alarm.getByText('已搁置至').waitFor({ state: 'detached' });
    await alarm.getByRole('button', { name: /搁\s*置/ }).waitFor();
  });
} else {
  console.log('  (mosquitto_pub is not installed: the live alarm scenarios are skipped)');
}

await scenario('the alarm history shows the seeded incidents', async () => {
  await page.goto(`${BASE}/monitor/alarm`);
  await page.locator('.ant-table-row', { hasText: 'GT-102' }).waitFor();
  await page.locator('.ant-table-row', { hasText: 'LT-101' }).waitFor();
  await shot('monitor-03-history');
});

if (hasPub) {
  await scenario('gateway status: 在线 while connected, 离线 after a drop without DISCONNECT', async () => {
    // mosquitto_pub -l keeps its session while stdin is open; SIGKILL drops the TCP connection
    // without DISCONNECT, so the broker publishes the will on the gateway's status topic.
    const held = spawn('mosquitto_pub', [
      ...['-h', '127.0.0.1', '-p', String(MQTT_PORT), '-u', '100001:demo-gw', '-P', 'demo-gw', '-i', 'e2e-held'],
      ...['-t', 'anquan/100001/demo-gw/telemetry', '-l', '-q', '1'],
      ...['--will-topic', 'anquan/100001/demo-gw/status', '--will-payload', 'offline', '--will-qos', '1'],
    ]);
    try {
      held.stdin.write(JSON.stringify({ values: { 'LT-101': 5 } }) + '\n');
      const row = page.locator('.ant-table-row', { hasText: 'demo-gw' });
      const deadline = Date.now() + 15000;
      for (;;) {
        await page.goto(`${BASE}/monitor/gateway`);
        await page.getByRole('columnheader', { name: '最后通信时间' }).waitFor();
        await row.waitFor();
        if (await row.getByText('在线').count()) break;
        if (Date.now() > deadline) throw new Error('demo-gw never shown 在线');
        await page.waitForTimeout(500);
      }
      expect(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(await row.textContent()), 'last communication time shown');
      await shot('monitor-04a-gateway-online');
    } finally {
      held.kill('SIGKILL');
    }
    const row = page.locator('.ant-table-row', { hasText: 'demo-gw' });
    const deadline = Date.now() + 15000;
    for (;;) {
      await page.goto(`${BASE}/monitor/gateway`);
      await row.waitFor();
      if (await row.getByText('离线').count()) break;
      if (Date.now() > deadline) throw new Error('demo-gw never shown 离线 after the drop');
      await page.waitForTimeout(500);
    }
  });
}

await scenario('issue a gateway secret: shown once with the MQTT username and topic', async () => {
  await page.goto(`${BASE}/monitor/gateway`);
  const row = page.locator('.ant-table-row', { hasText: 'demo-gw' });
  await row.waitFor();
  await row.getByRole('button', { name: '签发密钥' }).click();
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await page.getByText('用户名: 100001:demo-gw').waitFor();
  await page.getByText('主题: anquan/100001/demo-gw/telemetry').waitFor();
  await shot('monitor-04-secret');
});

await scenario('hold a point out of service for calibration, then end the hold by hand', async () => {
  await page.goto(`${BASE}/monitor/hold`);
  await page
    .locator('.aq-crud button', { hasText: /新\s*增/ })
    .first()
    .click();
  const m = modalOf('新增');
  // a searchable select (the list is virtual): type to narrow it
  await item(m, '监测点位').locator('.ant-select-selector').click();
  await item(m, '监测点位').locator('.ant-select-selector input').fill('TT-301');
  await openDropdown().locator('.ant-select-item-option', { hasText: 'TT-301' }).first().click();
  await item(m, '停用类型').getByText('标定').click();
  await item(m, '停用原因').locator('textarea').fill('温度变送器标定');
  const until = item(m, '截止时间').locator('input');
  await until.click();
  await until.fill(cst(120));
  await until.press('Enter');
  await m.locator('.ant-modal-footer .ant-btn-primary').click();
  const held = row('TT-301');
  await held.getByText('停用中').waitFor();
  expect((await held.textContent()).includes('温度变送器标定'), 'the reason is listed');
  await shot('monitor-05-hold');
  await held.getByRole('button', { name: '结束停用' }).click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await row('TT-301').getByText('已结束').waitFor();
});

await scenario('the flood analysis page shows the figures beside their targets, the daily chart and the tables', async () => {
  await page.goto(`${BASE}/processAlarmOptimization/floodingAnalysisDetails`);
  await page.locator('[data-figure="floodPercent"]').waitFor();
  expect((await page.locator('[data-figure="floodPercent"]').textContent()).includes('< 1'), 'flood time beside its target');
  expect((await page.locator('[data-figure="standing"]').count()) === 1, 'standing alarms figure');
  await page.locator('[data-testid="analysis-chart"]').waitFor();
  expect((await page.locator('[data-testid="analysis-chart"] g[data-day]').count()) === 30, 'one column a day for 30 days');
  await page.getByText('报警泛滥记录').waitFor();
  await page.getByText('抖动点位前 10').waitFor();
  await shot('monitor-06-analysis');
});

await finish();
