// Browser suite of the positioning pages (人员定位, 定位区域, 定位报警).
// `npm run e2e -- positioning` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, sees the demo zones on the live map, publishes positions over MQTT
// as the demo gateway (mosquitto_pub) and sees 王操作 appear and move without a reload (SSE),
// clicks him to see who it is, sees the wrong-zone alarm arrive, plays his track back, finds the
// seeded zones with their time window and the synthesis zone naming its permits' area (人证不符), reads
// the rule table, and handles yesterday's alarm on the
// alarm page (with its park platform code). The 3D map tab renders the plant offline (Cesium with
// SwiftShader WebGL: WEBGL_ARGS), 王操作 moves on it and a click on his helmet names him; it shows
// the demo's gas detectors and cameras, and a click on detector GT-101 shows its code and the value
// just published for it; the /visualization page's map tab draws the same map outside its scaled
// stage and a click there picks GT-101 too; no request of the whole suite leaves 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { WEBGL_ARGS } from '../lib.mjs';
import { SHOTS, openSuite } from '../suite.mjs';

const { BASE, MQTT_PORT, page, shot, scenario, expect, login, finish } = await openSuite('positioning', { browserArgs: WEBGL_ARGS });

// every request the browser makes, to prove the map runs offline: none may leave the loopback
const outside = [];
page.on('request', (r) => {
  const u = new URL(r.url());
  if (['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol) && !['127.0.0.1', 'localhost'].includes(u.hostname)) outside.push(r.url());
});

/**
 * where an entity of the 3D map's layer `layer` is drawn on its canvas (page pixels), or null: the
 * entity whose name (people) or label text (detectors, cameras) starts with `name`
 */
const onCanvas = (layer, name) =>
  page.evaluate(
    ([l, n]) => {
      const host = document.querySelector('.plant-map-3d');
      const w = host?.cesiumWidget;
      const C = window.Cesium;
      if (!w || !C) return null;
      let ds;
      for (let i = 0; i < w.dataSources.length; i++) if (w.dataSources.get(i).name === l) ds = w.dataSources.get(i);
      const now = C.JulianDate.now();
      const e = ds?.entities.values.find((x) => x.name === n || String(x.label?.text?.getValue(now) ?? '').startsWith(n));
      if (!e) return null;
      const pos = e.position.getValue(now);
      const xy = C.SceneTransforms.worldToWindowCoordinates(w.scene, pos);
      const r = w.canvas.getBoundingClientRect();
      return xy && { x: r.left + xy.x, y: r.top + xy.y, ecef: [pos.x, pos.y, pos.z], count: ds.entities.values.length };
    },
    [layer, name],
  );
const personOnCanvas = (name) => onCanvas('people', name);

const hasPub = spawnSync('mosquitto_pub', ['--help']).error === undefined;
function publish(fixes, kind = 'position') {
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
    `anquan/100001/demo-gw/${kind}`,
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

  await scenario('the 3D map renders the plant offline; 王操作 moves on it and a click on him names him', async () => {
    await page.goto(`${BASE}/personnel/positioning`);
    await page.getByTestId('positioning-map').waitFor();
    await page.getByTestId('positioning-view').getByText('三维地图').click();
    await page.locator('[data-testid=positioning-map-3d] canvas').waitFor({ timeout: 60000 });
    // the globe's NaturalEarthII tiles and the demo plant (3D Tiles) loaded and drawn
    await page.locator('.plant-map-3d[data-globe=ready][data-model=ready]').waitFor({ state: 'attached', timeout: 180000 });
    // software WebGL is slow: a screenshot waits for a frame for longer than usual
    const box = await page.locator('[data-testid=positioning-map-3d] canvas').boundingBox();
    const png = await page.screenshot({ clip: box, timeout: 60000, path: `${SHOTS}/positioning-08-map3d.png` });
    expect(png.length > 30000, `the canvas shows a drawn scene (${png.length} bytes of PNG)`);

    // 王操作 moves: a new fix moves his helmet
    await page.waitForFunction(() => !!document.querySelector('.plant-map-3d')?.cesiumWidget, null);
    let before = null;
    for (let i = 0; i < 40 && !before; i++) {
      before = await personOnCanvas('王操作');
      if (!before) await page.waitForTimeout(250);
    }
    expect(before, '王操作 is on the 3D map');
    publish([{ tag: 'T-0003', ts: Date.now(), x: 110, y: 45, floor: 1, battery: 88 }]);
    let after = before;
    for (let i = 0; i < 60 && after.ecef[0] === before.ecef[0] && after.ecef[1] === before.ecef[1]; i++) {
      await page.waitForTimeout(250);
      after = await personOnCanvas('王操作');
    }
    expect(after.ecef[0] !== before.ecef[0] || after.ecef[1] !== before.ecef[1], '王操作 moved on the 3D map');

    // a click on his helmet (drawn above his position) shows who it is
    await page.waitForTimeout(500);
    const at = await personOnCanvas('王操作');
    await page.mouse.click(at.x, at.y - 14);
    const card = page.getByTestId('positioning-person');
    await card.getByText('T-0003').waitFor();
    await page.screenshot({ path: `${SHOTS}/positioning-09-map3d-picked.png`, timeout: 60000 });
  });

  await scenario('the 3D map shows the gas detectors and cameras; a click on GT-101 shows its code and value', async () => {
    // the map of the previous scenario is still open: a value over MQTT reaches it over the SSE stream
    publish({ values: { 'GT-101': 12.5 } }, 'telemetry');
    let det = null;
    for (let i = 0; i < 60 && !det; i++) {
      det = await onCanvas('detectors', 'GT-101');
      if (!det) await page.waitForTimeout(250);
    }
    expect(det, 'detector GT-101 is on the 3D map');
    expect(det.count >= 5, `the demo's placed points are on the map (${det.count})`);
    const cam = await onCanvas('cameras', '罐区东侧枪机');
    expect(cam && cam.count >= 6, `the demo's cameras are on the map (${cam?.count})`);
    await page.waitForTimeout(500);
    const at = await onCanvas('detectors', 'GT-101');
    await page.mouse.click(at.x, at.y - 14);
    const card = page.getByTestId('map-card-detector');
    await card.getByText('GT-101').waitFor({ timeout: 15000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=map-card-value]')?.textContent?.includes('12.5 %LEL'), null, {
      timeout: 15000,
    });
    await page.screenshot({ path: `${SHOTS}/positioning-10-map3d-detector.png`, timeout: 60000 });

    // a camera's card names it and links to its video
    const c = await onCanvas('cameras', '罐区东侧枪机');
    await page.mouse.click(c.x, c.y - 14);
    const camCard = page.getByTestId('map-card-camera');
    await camCard.getByText('罐区东侧枪机').waitFor({ timeout: 15000 });
    expect((await camCard.getByTestId('map-card-play').getAttribute('href')).includes('/videoSurveillance?camera='), 'the play link');
    await page.screenshot({ path: `${SHOTS}/positioning-11-map3d-camera.png`, timeout: 60000 });
  });

  await scenario('/visualization: the map tab draws the same map unscaled, and a click on GT-101 still picks it', async () => {
    await page.goto(`${BASE}/visualization`);
    await page.getByTestId('visualization-tab').getByText('三维地图').click();
    await page.locator('[data-testid=visualization-map-3d] canvas').waitFor({ timeout: 60000 });
    // the map is not inside the CSS-scaled stage (picking would be offset there)
    expect(
      await page.evaluate(() => !document.querySelector('.aq-stage')?.contains(document.querySelector('.plant-map-3d'))),
      'the map is outside the scaled stage',
    );
    // not the globe's tiles this time (a second Cesium start under software WebGL is slow): the
    // detector entity on the canvas is what the click needs
    let at = null;
    for (let i = 0; i < 240 && !at; i++) {
      at = await onCanvas('detectors', 'GT-101');
      if (!at) await page.waitForTimeout(500);
    }
    expect(at, 'GT-101 is on the /visualization map');
    await page.waitForTimeout(500);
    at = await onCanvas('detectors', 'GT-101');
    await page.mouse.click(at.x, at.y - 14);
    await page.getByTestId('map-card-detector').getByText('GT-101').waitFor({ timeout: 15000 });
    await page.screenshot({ path: `${SHOTS}/positioning-12-visualization-map.png`, timeout: 60000 });
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

await scenario('no request left 127.0.0.1 (the 3D map runs offline)', async () => {
  expect(outside.length === 0, `requests outside the loopback: ${outside.slice(0, 5).join(', ')}`);
});

await finish();
