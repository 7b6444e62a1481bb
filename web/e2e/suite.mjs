// The harness of the browser suites in e2e/suites/*.mjs, so a suite file holds only its
// scenarios and its own helpers:
//
//   const s = await openSuite('factory');            // server + browser + page, or exit 1
//   await s.scenario('...', async () => { ... }, { critical: true });
//   await s.finish();                                 // "N passed, N failed", exit code
//
// plus the Ant Design locators two or more suites use (antd(page)). run.mjs uses it too, as
// the unnamed suite ''.
import fs from 'node:fs';
import path from 'node:path';
import { here, launchBrowser, startServer } from './lib.mjs';

export const SHOTS = path.join(here, 'screenshots');

// a 1x1 PNG for the upload fields (AttachmentUpload → /api/upload/put-file)
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function giveUp(msg) {
  console.log(msg);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/**
 * Starts the server (lib.mjs startServer) and Chromium, opens one page (1366x800, zh-CN unless
 * told; further options such as acceptDownloads or timezoneId go to browser.newContext) and
 * removes this suite's FAIL-<name>* screenshots of an earlier run (every FAIL-* one for the
 * unnamed suite '', run.mjs). Exits with "0 passed, 1 failed" when the server or the browser
 * is missing. `browserArgs` are extra Chromium flags (lib.mjs WEBGL_ARGS for WebGL).
 */
export async function openSuite(
  name,
  { viewport = { width: 1366, height: 800 }, locale = 'zh-CN', browserArgs = [], ...contextOptions } = {},
) {
  const srv = await startServer();
  if (srv.error) giveUp(srv.error);
  const BASE = srv.base;
  const TENANT = process.env.ANQUAN_TENANT || '100001';
  const USER = process.env.ANQUAN_USER || 'admin';
  const PASS = process.env.ANQUAN_PASS || 'admin';
  fs.mkdirSync(SHOTS, { recursive: true });
  // failure shots of an earlier run would mislead: only this run's stay
  for (const f of fs.readdirSync(SHOTS)) if (f.startsWith(`FAIL-${name}`)) fs.rmSync(path.join(SHOTS, f));

  const launched = await launchBrowser(browserArgs);
  if (launched.error) {
    srv.stop();
    giveUp(launched.error);
  }
  const { browser } = launched;
  const context = await browser.newContext({ viewport, locale, ...contextOptions });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  let passed = 0;
  let failed = 0;
  let stopped = false;
  const shot = (file, p = page) => p.screenshot({ path: path.join(SHOTS, `${file}.png`) }).catch(() => undefined);

  /** Runs one scenario; a failure in a `critical` one skips the rest. */
  async function scenario(title, fn, { critical = false } = {}) {
    // E2E_ONLY=<regexp>: run only the matching scenarios (critical ones always run)
    if (process.env.E2E_ONLY && !critical && !new RegExp(process.env.E2E_ONLY, 'i').test(title)) return;
    if (stopped) {
      failed++;
      console.log(`- skipped: ${title}`);
      return;
    }
    const t0 = Date.now();
    try {
      await fn();
      passed++;
      console.log(`ok   ${title} (${Date.now() - t0} ms)`);
    } catch (e) {
      failed++;
      console.log(
        `FAIL ${title}: ${(e && e.message ? e.message : String(e))
          .split('\n')
          .slice(0, process.env.E2E_VERBOSE ? 8 : 1)
          .join(' | ')}`,
      );
      await shot(`FAIL-${name ? `${name}-` : ''}${title.replace(/[^\w]+/g, '_')}`);
      if (critical) stopped = true;
    }
  }
  function expect(cond, msg) {
    if (!cond) throw new Error(msg);
  }

  /** Logs `p` in through the login page and waits for the module choice. */
  async function login(p = page, user = USER, pass = PASS, tenant = TENANT) {
    await p.goto(`${BASE}/login`);
    await p.locator('#username').waitFor();
    const field = p.locator('#tenantId');
    if (await field.count()) await field.fill(tenant);
    await p.locator('#username').fill(user);
    await p.locator('#password').fill(pass);
    await p.locator('#login-submit').click();
    await p.waitForURL('**/select-module');
  }

  /** Prints the summary, closes the browser, stops the server and exits (1 on any failure). */
  async function finish() {
    if (pageErrors.length) console.log(`page errors seen: ${pageErrors.slice(0, 5).join(' | ')}`);
    await browser.close();
    if (failed && process.env.E2E_VERBOSE) console.log(srv.log().slice(-3000));
    srv.stop();
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  }

  return { BASE, MQTT_PORT: srv.mqtt, TENANT, USER, PASS, browser, context, page, pageErrors, shot, scenario, expect, login, finish };
}

/**
 * Opens the hover menu of `trigger` and clicks its item `text`. A hover menu opens after a
 * delay and closes when the pointer leaves, so on a busy machine the first hover may show
 * nothing: the item is waited for, and the hover repeated (pointer moved away first) until it
 * shows, up to three times.
 */
export async function hoverMenu(page, trigger, text) {
  for (let i = 0; ; i++) {
    await trigger.hover();
    const it = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: text }).first();
    try {
      await it.waitFor({ timeout: 5000 });
      await it.click();
      return;
    } catch (e) {
      if (i === 2) throw e;
      await page.mouse.move(0, 0);
    }
  }
}

/** Ant Design locators on `page`. */
export function antd(page) {
  const toast = (text) => page.locator('.ant-message-notice', { hasText: text }).first();
  const modalOf = (title) => page.locator('.ant-modal-content', { has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  /** the form item labelled `label` inside `scope` */
  const item = (scope, label) => scope.locator('.ant-form-item', { has: page.locator('.ant-form-item-label', { hasText: label }) }).first();
  const openDropdown = (p = page) => p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  /** the first table row holding `text` */
  const row = (text) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();
  /** picks an option of the select in the form item labelled `label` (the first one, or the one with `text`) */
  async function pick(scope, label, text) {
    // a click that lands while the previous field's dropdown is still closing can leave the
    // field empty (seen once on a loaded machine): check the choice shows, and pick again if not
    for (let attempt = 0; ; attempt++) {
      await item(scope, label).locator('.ant-select-selector').click();
      const opt = text
        ? openDropdown().locator('.ant-select-item-option', { hasText: text }).first()
        : openDropdown().locator('.ant-select-item-option').first();
      await opt.waitFor();
      await opt.click();
      await openDropdown()
        .waitFor({ state: 'hidden' })
        .catch(() => undefined);
      const shown = item(scope, label).locator('.ant-select-selection-item', text ? { hasText: text } : {});
      if (attempt >= 2 || (await shown.count()) > 0) return;
    }
  }
  return { toast, modalOf, item, openDropdown, row, pick };
}
