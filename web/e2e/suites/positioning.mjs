// Browser suite of the positioning pages (人员定位, 定位区域, 定位报警).
// `npm run e2e -- positioning` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, sees the demo zones on the live map, publishes positions over MQTT
// as the demo gateway (mosquitto_pub) and sees 王操作 appear and move without a reload (SSE),
// clicks him to see who it is, sees the wrong-zone alarm arrive, plays his track back, finds the
// seeded zones with their time window and the synthesis zone naming its permits' area (人证不符), reads
// the rule table, and handles yesterday's alarm on the
// alarm page (with its park platform code).
import { spawnSync } from 'node:child_process';
import { openSuite } from '../suite.mjs';

const { BASE, MQTT_PORT, page, shot, scenario, expect, login, finish } = await openSuite('positioning');

const hasPub = spawnSync('mosquitto_pub', ['--help']).error === undefined;
function publish(fixes) {
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
    'anquan/100001/demo-gw/position',
    '-m',
    JSON.stringify(fixes),
  ]);
  if (r.status !== 0) throw new Error(`mosquitto_pub: ${r.stderr}`);
}

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario(
  'the live map shows the demo zones with their capacity',
  async () => {
    await page.goto(`${BASE}/personnel/positioning`);
    const map = page.getByTestId('positioning-map');
    await map.waitFor();
    await map.locator('text', { hasText: '甲类储罐区' }).waitFor();
    await map.locator('text', { hasText: '危化品仓库 0/3' }).waitFor();
    await shot('positioning-01-map');
  },
  { critical: true },
);

if (hasPub) {
  await scenario('positions over MQTT: 王操作 appears, moves, and raises a wrong-zone alarm live', async () => {
    const now = Date.now();
    publish([{ tag: 'T-0003', ts: now - 6000, x: 60, y: 50, floor: 1, battery: 90 }]);
    const person = page.getByTestId('positioning-map').locator('g', { hasText: '王操作' });
    await person.waitFor({ timeout: 15000 });
    const before = await person.getAttribute('transform');
    publish([{ tag: 'T-0003', ts: now, x: 90, y: 60, floor: 1, battery: 90 }]);
    await page.waitForFunction(
      (b) => {
        const g = [...document.querySelectorAll('[data-testid=positioning-map] g')].find(
          (x) => x.querySelector('text')?.textContent === '王操作',
        );
        return g && g.getAttribute('transform') !== b;
      },
      before,
      { timeout: 15000 },
    );
    await page.locator('.ant-list-item', { hasText: '串岗' }).filter({ hasText: '王操作' }).waitFor({ timeout: 15000 });
    const mapText = await page.getByTestId('positioning-map').textContent();
    expect(mapText.includes('甲类储罐区 1/6') && !mapText.includes('undefined'), `live head counts on the map: ${mapText}`);
    await person.click();
    const card = page.getByTestId('positioning-person');
    await card.getByText('T-0003').waitFor();
    expect((await card.textContent()).includes('甲类储罐区'), 'the person card names the zone');
    await shot('positioning-02-live');
  });

  await scenario("track playback: 王操作's fixes listed and drawn, the marker plays along the path", async () => {
    await page.goto(`${BASE}/personnel/positioningTrack`);
    const pick = page.getByTestId('track-tag');
    await pick.click();
    await page.keyboard.type('T-0003');
    await page.locator('.ant-select-item-option', { hasText: 'T-0003' }).click();
    await page.getByTestId('track-query').click();
    await page.getByTestId('track-svg').waitFor({ timeout: 15000 });
    const rows = await page.locator('[data-testid=track-playback] .ant-table-row').count();
    expect(rows >= 2, `track fixes listed: ${rows}`);
    const first = await page.getByTestId('track-marker').getAttribute('cx');
    await page.getByTestId('track-play').click();
    await page.waitForFunction((b) => document.querySelector('[data-testid=track-marker]')?.getAttribute('cx') !== b, first, {
      timeout: 10000,
    });
    await shot('positioning-05-track');
  });
} else {
  console.log('  (mosquitto_pub is not installed: the live scenarios are skipped)');
}

await scenario('the rule table lists the positioning thresholds with their defaults', async () => {
  await page.goto(`${BASE}/personnel/positioningRule`);
  await page.locator('.ant-table-row', { hasText: 'report.interval.seconds' }).waitFor();
  await page.locator('.ant-table-row', { hasText: 'gather.people' }).waitFor();
  await shot('positioning-06-rules');
});

await scenario('the zone list shows the seeded zones', async () => {
  await page.goto(`${BASE}/personnel/positioningZone`);
  await page.locator('.ant-table-row', { hasText: '危化品仓库' }).waitFor();
  await page.locator('.ant-table-row', { hasText: '紧急集合点' }).waitFor();
  await shot('positioning-03-zones');
  await page.locator('.ant-table-row', { hasText: '甲类储罐区' }).locator('a', { hasText: '编辑' }).click();
  const form = page.locator('.ant-modal');
  await form.getByText('准入星期').waitFor();
  expect((await form.locator('input[id$=allowFrom]').inputValue()) === '06:00', "the tank farm's window starts at 06:00");
  await form.locator('.ant-btn', { hasText: /取\s*消/ }).click();
});

await scenario('the synthesis zone is the work area of its permits; the alarm list shows 人证不符 with its message', async () => {
  await page.goto(`${BASE}/personnel/positioningZone`);
  const row = page.locator('.ant-table-row', { hasText: '合成装置区' }).first();
  await row.waitFor();
  expect((await page.locator('.ant-table-thead').textContent()).includes('作业区域'), 'the work area column');
  expect(((await row.textContent()).match(/合成装置区/g) || []).length === 2, 'the zone names the synthesis area');
  await page.goto(`${BASE}/personnel/positioningAlarm`);
  const alarm = page.locator('.ant-table-row', { hasText: '人证不符' }).first();
  await alarm.waitFor();
  expect((await alarm.textContent()).includes('不是作业中的作业票 DH-'), 'the message names the permit');
  await shot('positioning-07-cert-mismatch');
});

await scenario("handle yesterday's alarm of 吴师傅 as a false alarm, with a comment", async () => {
  await page.goto(`${BASE}/personnel/positioningAlarm`);
  const row = page.locator('.ant-table-row', { hasText: '吴师傅' }).first();
  await row.waitFor();
  expect((await page.locator('.ant-table-thead').textContent()).includes('园区编码'), 'the park code column');
  await row.getByRole('button', { name: /处\s*理/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '报警处理' });
  await dialog.getByText('误报').click();
  await dialog.locator('textarea').fill('演示:已核实为巡检路线');
  await dialog.locator('.ant-btn-primary').click();
  await page.locator('.ant-table-row', { hasText: '演示:已核实为巡检路线' }).waitFor();
  await shot('positioning-04-handled');
});

await finish();
