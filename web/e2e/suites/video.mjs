// Browser suite of the video-surveillance pages (摄像头管理, 视频监控, AI视频报警).
// `npm run e2e -- video` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
// Logs in as admin of 100001, sees the seeded cameras, plays the simulator's live video on the
// wall (frames decoded and changing), sees a pushed alarm arrive on the alarm list without a
// reload (SSE), and confirms it with a remark (the hidden danger is raised by the service).
import { openSuite } from '../suite.mjs';

const { BASE, page, shot, scenario, expect, login, finish } = await openSuite('video');

await scenario('log in to tenant 100001 as admin', () => login(), { critical: true });

await scenario(
  'the camera list shows the seeded cameras with their state',
  async () => {
    await page.goto(`${BASE}/video/camera`);
    const row = page.locator('.ant-table-row', { hasText: 'SIM-TANK-01' });
    await row.waitFor();
    expect((await row.textContent()).includes('在线'), 'a simulator camera is online');
    await page.locator('.ant-table-row', { hasText: '装卸站台球机' }).waitFor();
    await shot('video-01-cameras');
  },
  { critical: true },
);

await scenario('the wall plays live video of four cameras', async () => {
  await page.goto(`${BASE}/videoSurveillance`);
  const img = page.locator('img[alt="罐区东侧枪机"]');
  await img.waitFor();
  await page.waitForFunction(
    () => {
      const i = document.querySelector('img[alt="罐区东侧枪机"]');
      return i && i.complete && i.naturalWidth === 480;
    },
    null,
    { timeout: 15000 },
  );
  // The picture changes (the scene moves and the clock runs).
  const sample = () =>
    page.evaluate(() => {
      const i = document.querySelector('img[alt="罐区东侧枪机"]');
      const c = document.createElement('canvas');
      c.width = 480;
      c.height = 270;
      const g = c.getContext('2d');
      g.drawImage(i, 0, 0);
      return (
        c.toDataURL('image/jpeg', 0.5).length +
        ':' +
        Array.from(g.getImageData(0, 0, 480, 270).data.slice(0, 480 * 4 * 40)).join(',').length
      );
    });
  const a = await sample();
  await page.waitForTimeout(1500);
  const b = await sample();
  expect(a !== b, 'the live picture changes');
  expect((await page.locator('img[alt]').count()) >= 4, 'four tiles play');
  await shot('video-02-wall');
});

await scenario('a pushed alarm arrives live and is confirmed with a remark', async () => {
  await page.goto(`${BASE}/ai-video-alarm/list`);
  await page.locator('.ant-table-row').first().waitFor();
  const pushed = await page.evaluate(async () => {
    const tok = decodeURIComponent((document.cookie.split('; ').find((c) => c.startsWith('access_token=')) || '').split('=')[1] || '');
    const r = await fetch('/api/video-surveillance/alarm/push', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Blade-Auth': `bearer ${tok}` },
      body: JSON.stringify({ channelCode: 'SIM-LOAD-01', alarmType: 'fire', confidence: 0.97 }),
    });
    return r.json();
  });
  expect(pushed.code === 200, `push answered ${JSON.stringify(pushed)}`);
  const row = page.locator('.ant-table-row', { hasText: '装卸站台球机' }).filter({ hasText: '烟火' }).first();
  await row.waitFor({ timeout: 15000 });
  await row.getByRole('button', { name: '处理' }).click();
  const dialog = page.locator('.ant-modal-content', { hasText: '报警处理' });
  await dialog.locator('textarea').fill('现场确认有明火,已扑灭');
  await dialog.locator('.ant-btn-primary').click();
  await row.getByText('已确认').waitFor();
  await row.getByText('现场确认有明火').waitFor();
  await shot('video-03-alarm');
});

await finish();
