// Browser suite of the positioning pages (人员定位, 定位区域, 定位报警).
// `npm run e2e -- positioning` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, sees the demo zones on the live map, publishes positions over MQTT
// as the demo gateway (mosquitto_pub) and sees 王操作 appear and move without a reload (SSE),
// clicks him to see who it is, sees the wrong-zone alarm arrive, finds the seeded zones, and
// handles yesterday's alarm on the alarm page.
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
} else {
  console.log('  (mosquitto_pub is not installed: the live scenarios are skipped)');
}

await scenario('the zone list shows the seeded zones', async () => {
  await page.goto(`${BASE}/personnel/positioningZone`);
  await page.locator('.ant-table-row', { hasText: '危化品仓库' }).waitFor();
  await page.locator('.ant-table-row', { hasText: '紧急集合点' }).waitFor();
  await shot('positioning-03-zones');
});

await scenario("handle yesterday's alarm of 吴师傅 as a false alarm, with a comment", async () => {
  await page.goto(`${BASE}/personnel/positioningAlarm`);
  const row = page.locator('.ant-table-row', { hasText: '吴师傅' }).first();
  await row.waitFor();
  await row.getByRole('button', { name: /处\s*理/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '报警处理' });
  await dialog.getByText('误报').click();
  await dialog.locator('textarea').fill('演示:已核实为巡检路线');
  await dialog.locator('.ant-btn-primary').click();
  await page.locator('.ant-table-row', { hasText: '演示:已核实为巡检路线' }).waitFor();
  await shot('positioning-04-handled');
});

await finish();
