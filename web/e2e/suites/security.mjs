// Browser suite of the security issue: hostile text stored by one user is shown to others as
// text, never run; every page carries the Content-Security-Policy and the app works under it;
// an operator is refused the audit log; the administrator reads it.
// `npm run e2e -- security` (with ANQUAN_BIN or ANQUAN_URL, see e2e/lib.mjs).
import { antd, openSuite } from '../suite.mjs';

const { BASE, page, pageErrors, shot, scenario, expect, login, finish } = await openSuite('security');
const { row } = antd(page);

const XSS = '<img src=x onerror="window.__xss=1">';
const XSS_TITLE = '<script>window.__xss=2</script>通知';

/** Calls the API as tenant 100001's administrator (the plain-password API client). */
async function api(path, body) {
  const form = new URLSearchParams({ tenantId: '100001', username: 'admin', password: 'admin', grant_type: 'password', scope: 'all' });
  const tok = await fetch(`${BASE}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('api:api_secret').toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form,
  }).then((r) => r.json());
  const r = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${tok.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((x) => x.json());
  if (!r.success) throw new Error(`${path}: ${JSON.stringify(r)}`);
  return r;
}

// ------------------------------------------------------------------------------------------

await scenario(
  'the pages carry a Content-Security-Policy and the login page works under it',
  async () => {
    const res = await page.goto(`${BASE}/login`);
    const csp = res.headers()['content-security-policy'] || '';
    expect(csp.includes("script-src 'self'") && csp.includes("frame-ancestors 'none'"), `CSP: ${csp}`);
    expect(res.headers()['x-content-type-options'] === 'nosniff', 'nosniff');
    await login();
  },
  { critical: true },
);

await scenario('a post named with an <img onerror> tag is listed as text and runs nothing', async () => {
  await api('/api/blade-system/post/submit', { postCode: 'xss1', postName: XSS, category: 1 });
  await page.goto(`${BASE}/system/post`);
  await row('xss1').waitFor();
  const cell = row('xss1');
  expect((await cell.textContent()).includes(XSS), `row text: ${await cell.textContent()}`);
  expect((await cell.locator('img[src="x"]').count()) === 0, 'an <img> element was made from the name');
  expect((await page.evaluate(() => window.__xss)) === undefined, 'the onerror handler ran');
  await shot('security-01-xss-as-text');
});

await scenario('a notice titled with a <script> tag shows as text in the notice page', async () => {
  await api('/api/blade-desk/notice/submit', { messageTitle: XSS_TITLE, messageContent: XSS, type: 2 });
  await page.goto(`${BASE}/businessProcess/noticeAnnouncement/index`);
  await row('通知').waitFor();
  expect((await page.locator('.ant-table-tbody').textContent()).includes(XSS_TITLE), 'title shown as text');
  expect((await page.evaluate(() => window.__xss)) === undefined, 'a script from the notice ran');
});

await scenario('the administrator reads the audit log of the post just written', async () => {
  await page.goto(`${BASE}/system/auditLog`);
  await page.locator('[data-testid="audit-service"]').click();
  await page.locator('.ant-select-item-option', { hasText: '系统设置' }).click();
  await row('blade_post').waitFor();
  expect((await row('blade_post').textContent()).includes('admin'), 'the entry names the account');
  await shot('security-02-audit-log');
});

await scenario('no page error under the policy', async () => {
  expect(pageErrors.length === 0, `page errors: ${pageErrors.join(' | ')}`);
});

await finish();
