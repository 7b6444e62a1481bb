// Shared by e2e/run.mjs and e2e/perf.mjs: start the all-in-one binary on a free loopback
// port with a temporary data folder, and launch Debian's headless Chromium.
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.join(here, '..', 'dist');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * WebGL in headless Chromium without a GPU: SwiftShader (software), which Chromium only enables when
 * told to. For the suites that draw the 3D map (Cesium) and only those: it makes pages slower.
 */
export const WEBGL_ARGS = ['--enable-unsafe-swiftshader', '--use-angle=swiftshader'];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitReady(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/**
 * Resolves the server to test: ANQUAN_URL as given, or ANQUAN_BIN started on a free port
 * (temporary data, ANQUAN_CAPTCHA=off, ANQUAN_ALLOW_PRIVATE_IDP=on, --web=dist, the embedded MQTT broker on
 * another free port). Returns { base, mqtt, stop, log() } (mqtt: the broker's port; ANQUAN_MQTT_PORT
 * or 1884 for a given server) or { error } when the binary is missing or does not get ready.
 */
export async function startServer({ env = {} } = {}) {
  // The ports are picked free here, but the server's own services bind random loopback ports
  // before the gateway listens, so one of them can take the gateway's port first: start again
  // on new ports when that happens.
  for (let attempt = 1; ; attempt++) {
    const srv = await startServerOnce({ env });
    if (!srv.error || attempt === 3 || !srv.error.includes('address already in use')) return srv;
  }
}

async function startServerOnce({ env }) {
  const given = (process.env.ANQUAN_URL || '').replace(/\/$/, '');
  const givenMqtt = Number(process.env.ANQUAN_MQTT_PORT || 1884);
  if (given) return { base: given, mqtt: givenMqtt, stop: () => {}, log: () => '' };
  if (!process.env.ANQUAN_BIN) return { base: 'http://127.0.0.1:8080', mqtt: givenMqtt, stop: () => {}, log: () => '' };
  const bin = path.resolve(process.env.ANQUAN_BIN);
  if (!fs.existsSync(bin)) return { error: `ANQUAN_BIN ${bin} does not exist (run make build)` };
  const port = await freePort();
  const mqtt = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'anquan-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  let serverLog = '';
  // ANQUAN_ALLOW_PRIVATE_IDP: the social-login scenario runs its fake provider on loopback,
  // which the server refuses unless the deployment allows private providers.
  const server = spawn(bin, [`--http=127.0.0.1:${port}`, `--data=${data}`, `--web=${DIST}`, `--mqtt=127.0.0.1:${mqtt}`], {
    env: { ...process.env, ANQUAN_CAPTCHA: 'off', ANQUAN_ALLOW_PRIVATE_IDP: 'on', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (server.exitCode === null) server.kill('SIGTERM');
    fs.rmSync(data, { recursive: true, force: true });
  };
  process.on('exit', stop);
  if (!(await waitReady(`${base}/readyz`, 90000))) {
    stop();
    return { error: `the server did not get ready:\n${serverLog.slice(-2000)}` };
  }
  return { base, mqtt, stop, log: () => serverLog };
}

/** Debian's Chromium with CHROMIUM_ARGS plus a suite's own `extraArgs` (the WebGL ones of WEBGL_ARGS). */
export async function launchBrowser(extraArgs = []) {
  if (!fs.existsSync(CHROMIUM)) return { error: `no browser at ${CHROMIUM}: apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM)` };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
  return { browser };
}
