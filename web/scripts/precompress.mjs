// Writes brotli (.br, quality 11) and gzip (.gz, level 9) siblings of the built text files in dist/,
// so the gateway (gateway/static.go) serves them precompressed instead of gzipping on the fly at
// its fastest level. Run by `npm run build` after `max build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let raw = 0;
let br = 0;
let n = 0;
function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) walk(f);
    else if (TEXT.test(e.name) && !e.name.endsWith('.map')) {
      const body = fs.readFileSync(f);
      if (body.length < 1024) continue;
      const b = zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      fs.writeFileSync(`${f}.br`, b);
      fs.writeFileSync(`${f}.gz`, zlib.gzipSync(body, { level: 9 }));
      raw += body.length;
      br += b.length;
      n++;
    }
  }
}
if (!fs.existsSync(dist)) {
  console.error('no dist/: run max build first');
  process.exit(1);
}
walk(dist);
console.log(`precompressed ${n} files: ${(raw / 1024).toFixed(0)} KB raw, ${(br / 1024).toFixed(0)} KB brotli`);
