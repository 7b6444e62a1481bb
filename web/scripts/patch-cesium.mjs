// Makes the copied Cesium.js (dist/cesium, see the `copy` entry of .umirc.ts) run under the gateway's
// Content-Security-Policy, which has no 'unsafe-eval' (gateway/headers.go). The prebuilt bundle is
// strict code, so the knockout copy inside it finds the global object with (0,eval)("this"): that
// throws an EvalError under the policy and the whole bundle fails to load. globalThis is the same
// object without an eval. Run by `npm run build` after `max build`; fails when the text is not found
// exactly once (a Cesium upgrade must look at this again).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cesium', 'Cesium.js');
const FROM = 'var t=this||(0,eval)("this")';
const TO = 'var t=this||globalThis';
const src = fs.readFileSync(file, 'utf8');
const n = src.split(FROM).length - 1;
if (n !== 1) {
  if (n === 0 && src.includes(TO)) process.exit(0); // already patched
  console.error(`patch-cesium: expected ${FROM} once in ${file}, found it ${n} times`);
  process.exit(1);
}
fs.writeFileSync(file, src.replace(FROM, TO));
console.log('patch-cesium: Cesium.js no longer evaluates a string (CSP without unsafe-eval)');
