// Runs the shell scenarios (run.mjs) and then every business suite in
// e2e/suites/*.mjs, each as its own process with its own server (lib.mjs),
// so one area's suite is a file of its own. `npm run e2e -- factory` runs
// only the suites whose file name contains "factory" (and not run.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { here } from './lib.mjs';

const only = process.argv.slice(2);
const suites = fs
  .readdirSync(path.join(here, 'suites'))
  .filter((f) => f.endsWith('.mjs') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort()
  .map((f) => path.join(here, 'suites', f));
const files = only.length === 0 ? [path.join(here, 'run.mjs'), ...suites] : suites;
let bad = 0;
for (const f of files) {
  console.log(`\n=== ${path.relative(here, f)}`);
  const r = spawnSync(process.execPath, [f], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) bad++;
}
console.log(`\n${files.length - bad} of ${files.length} browser suites passed`);
process.exit(bad ? 1 : 0);
