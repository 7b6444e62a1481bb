// Reads the cell texts of an .xlsx (a zip of XML parts) with node's zlib
// only: enough for the e2e to compare an export with the list it came from.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

function entries(buf) {
  // End of central directory record: signature 0x06054b50, at most 64 KiB from the end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map();
  for (let n = 0; n < count; n++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

const unescape = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Rows of the first sheet as arrays of cell texts (shared or inline strings and numbers). */
export function readRows(path) {
  const files = entries(readFileSync(path));
  const shared = [...(files.get('xl/sharedStrings.xml') || '').matchAll(/<si>(.*?)<\/si>/gs)].map((m) =>
    unescape([...m[1].matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join('')),
  );
  const sheet = files.get('xl/worksheets/sheet1.xml') || '';
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((row) =>
    [...row[1].matchAll(/<c([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map((c) => {
      const attrs = c[1] || '';
      const body = c[2] || '';
      const v = (body.match(/<v>(.*?)<\/v>/s) || [])[1];
      const inline = (body.match(/<t[^>]*>(.*?)<\/t>/s) || [])[1];
      if (/t="s"/.test(attrs) && v !== undefined) return shared[Number(v)] ?? '';
      return unescape(inline ?? v ?? '');
    }),
  );
}
