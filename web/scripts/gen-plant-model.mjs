// Writes the demo plant for the 3D map: public/map/model/plant.glb (a glTF 2.0 binary of flat-shaded
// boxes and prisms) and public/map/model/tileset.json (a one-tile 3D Tiles 1.1 set whose content is
// that glb), the default mapModelUrl of a tenant (services/factory biz.DefaultModelURL).
//
// The plant is drawn in the positioning service's local metres (x east, y north, z up; origin at the
// map settings' modelPoint), over the demo zones of services/positioning/internal/data/seed.go: the
// tank farm with six tanks, the synthesis unit (pipe racks, a column, reactors), the hazardous
// goods warehouse, the assembly point and the office block, on a grey ground slab with roads.
// Run: `node scripts/gen-plant-model.mjs` (deterministic: the same bytes every run).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'map', 'model');

// Materials: name -> base colour (linear RGBA).
const MATERIALS = {
  ground: [0.42, 0.44, 0.42, 1],
  road: [0.2, 0.2, 0.22, 1],
  tank: [0.85, 0.86, 0.88, 1],
  dike: [0.62, 0.58, 0.5, 1],
  steel: [0.55, 0.6, 0.7, 1],
  column: [0.8, 0.45, 0.2, 1],
  warehouse: [0.75, 0.62, 0.35, 1],
  office: [0.65, 0.72, 0.8, 1],
  assembly: [0.3, 0.7, 0.35, 1],
};

/** the faces of one solid: [normal, [corner, ...]] with corners counter-clockwise seen from outside */
const solids = Object.fromEntries(Object.keys(MATERIALS).map((k) => [k, []]));

/** an axis-aligned box from (x0,y0,z0) to (x1,y1,z1), in plant metres */
function box(mat, x0, y0, z0, x1, y1, z1) {
  const c = (i) => [i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0];
  const faces = [
    [
      [0, 0, -1],
      [0, 2, 3, 1],
    ],
    [
      [0, 0, 1],
      [4, 5, 7, 6],
    ],
    [
      [0, -1, 0],
      [0, 1, 5, 4],
    ],
    [
      [0, 1, 0],
      [2, 6, 7, 3],
    ],
    [
      [-1, 0, 0],
      [0, 4, 6, 2],
    ],
    [
      [1, 0, 0],
      [1, 3, 7, 5],
    ],
  ];
  for (const [n, idx] of faces) solids[mat].push([n, idx.map(c)]);
}

/** a vertical prism of `sides` sides around (cx,cy) from z0 to z1 (tanks, columns) */
function prism(mat, cx, cy, r, z0, z1, sides = 16) {
  const p = (i, z) => [cx + r * Math.cos((2 * Math.PI * i) / sides), cy + r * Math.sin((2 * Math.PI * i) / sides), z];
  for (let i = 0; i < sides; i++) {
    const a = (2 * Math.PI * (i + 0.5)) / sides;
    solids[mat].push([
      [Math.cos(a), Math.sin(a), 0],
      [p(i, z0), p(i + 1, z0), p(i + 1, z1), p(i, z1)],
    ]);
    solids[mat].push([
      [0, 0, 1],
      [[cx, cy, z1], p(i, z1), p(i + 1, z1)],
    ]);
    solids[mat].push([
      [0, 0, -1],
      [[cx, cy, z0], p(i + 1, z0), p(i, z0)],
    ]);
  }
}

// ground and roads
box('ground', 0, 0, -0.5, 400, 250, 0);
box('road', 0, 122, 0, 400, 136, 0.05);
box('road', 155, 0, 0, 168, 250, 0.05);
// tank farm (20,20)-(140,100): a dike and six tanks
box('dike', 20, 20, 0, 140, 21, 1.2);
box('dike', 20, 99, 0, 140, 100, 1.2);
box('dike', 20, 20, 0, 21, 100, 1.2);
box('dike', 139, 20, 0, 140, 100, 1.2);
for (const x of [45, 80, 115]) for (const y of [42, 78]) prism('tank', x, y, 12, 0, 16);
// synthesis unit (180,20)-(320,120): pipe racks, structures, a column and reactors
box('steel', 190, 65, 6, 310, 75, 7);
for (let x = 190; x <= 310; x += 20) box('steel', x, 65, 0, x + 1, 75, 6);
box('steel', 195, 30, 0, 235, 55, 18);
box('steel', 250, 85, 0, 300, 110, 12);
prism('column', 270, 42, 3, 0, 42, 12);
prism('column', 290, 42, 2.5, 0, 30, 12);
for (const x of [200, 215, 230]) prism('tank', x, 95, 4, 0, 9, 12);
// hazardous goods warehouse (20,140)-(120,220)
box('warehouse', 30, 150, 0, 110, 210, 8);
// assembly point (200,180)-(260,230): a green pad
box('assembly', 200, 180, 0, 260, 230, 0.1);
// office block (300,160)-(380,240)
box('office', 310, 175, 0, 370, 215, 20);

/** plant (east, north, up) -> glTF (x, y up, z south): glTF is y-up, 3D Tiles turns it to z-up */
const gl = ([e, n, u]) => [e, u, -n];

const chunks = [];
let offset = 0;
const bufferViews = [];
const accessors = [];
const primitives = [];
const materials = [];
function view(typed, target) {
  const bytes = Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength);
  bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length, target });
  chunks.push(bytes);
  offset += bytes.length;
  const pad = (4 - (offset % 4)) % 4;
  if (pad) {
    chunks.push(Buffer.alloc(pad));
    offset += pad;
  }
  return bufferViews.length - 1;
}
const min = [Infinity, Infinity, Infinity];
const max = [-Infinity, -Infinity, -Infinity];
for (const [name, colour] of Object.entries(MATERIALS)) {
  const pos = [];
  const nor = [];
  const idx = [];
  for (const [n, corners] of solids[name]) {
    const base = pos.length / 3;
    for (const c of corners) {
      pos.push(...gl(c));
      nor.push(...gl(n));
    }
    for (let i = 1; i + 1 < corners.length; i++) idx.push(base, base + i, base + i + 1);
  }
  if (!idx.length) continue;
  const lo = [0, 1, 2].map((k) => Math.min(...pos.filter((_, i) => i % 3 === k)));
  const hi = [0, 1, 2].map((k) => Math.max(...pos.filter((_, i) => i % 3 === k)));
  lo.forEach((v, k) => (min[k] = Math.min(min[k], v)));
  hi.forEach((v, k) => (max[k] = Math.max(max[k], v)));
  const count = pos.length / 3;
  accessors.push({ bufferView: view(new Float32Array(pos), 34962), componentType: 5126, count, type: 'VEC3', min: lo, max: hi });
  const p = accessors.length - 1;
  accessors.push({ bufferView: view(new Float32Array(nor), 34962), componentType: 5126, count, type: 'VEC3' });
  const nIdx = accessors.length - 1;
  accessors.push({ bufferView: view(new Uint16Array(idx), 34963), componentType: 5123, count: idx.length, type: 'SCALAR' });
  materials.push({ name, pbrMetallicRoughness: { baseColorFactor: colour, metallicFactor: 0, roughnessFactor: 0.9 } });
  primitives.push({ attributes: { POSITION: p, NORMAL: nIdx }, indices: accessors.length - 1, material: materials.length - 1 });
}

const bin = Buffer.concat(chunks);
const gltf = {
  asset: { version: '2.0', generator: 'anquan web/scripts/gen-plant-model.mjs' },
  scene: 0,
  scenes: [{ nodes: [0] }],
  nodes: [{ mesh: 0, name: 'demo-plant' }],
  meshes: [{ name: 'demo-plant', primitives }],
  materials,
  accessors,
  bufferViews,
  buffers: [{ byteLength: bin.length }],
};
let json = Buffer.from(JSON.stringify(gltf));
json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
const header = Buffer.alloc(12);
header.writeUInt32LE(0x46546c67, 0); // glTF
header.writeUInt32LE(2, 4);
header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
const chunk = (type, body) => {
  const h = Buffer.alloc(8);
  h.writeUInt32LE(body.length, 0);
  h.writeUInt32LE(type, 4);
  return Buffer.concat([h, body]);
};
const glb = Buffer.concat([header, chunk(0x4e4f534a, json), chunk(0x004e4942, bin)]);

// The tile's bounding box in the tileset's z-up frame (the glb's y-up bounds turned back).
const [e0, u0, s0] = min;
const [e1, u1, s1] = max;
const centre = [(e0 + e1) / 2, -(s0 + s1) / 2, (u0 + u1) / 2];
const half = [(e1 - e0) / 2, (s1 - s0) / 2, (u1 - u0) / 2];
const tileset = {
  asset: { version: '1.1' },
  geometricError: 500,
  root: {
    boundingVolume: { box: [...centre, half[0], 0, 0, 0, half[1], 0, 0, 0, half[2]] },
    geometricError: 0,
    refine: 'ADD',
    content: { uri: 'plant.glb' },
  },
};

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'plant.glb'), glb);
fs.writeFileSync(path.join(out, 'tileset.json'), `${JSON.stringify(tileset, null, 2)}\n`);
console.log(`plant.glb ${glb.length} bytes, ${primitives.length} materials; tileset.json`);
