/**
 * base-factory: the enterprise record, risk partitions (areas with polygons), the 3D map
 * settings, and the common drop-down look-ups (/api/base-factory, /api/nDoublePrevention
 * factory paths, /api/common/drop-downBox). Plus the pure rules the pages share: polygon
 * parsing for the preview and the unified social credit code check (GB 32100).
 */
import request, { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Draft, Schemas } from './types';

const F = '/api/base-factory';
const P = '/api/nDoublePrevention';
const D = '/api/common/drop-downBox';

export type Enterprise = Schemas['v1Factory'];

export type Area = Schemas['v1Area'];

export type MapSetting = Schemas['v1MapSetting'];

export type Weather = Schemas['v1Weather'];

// enterprise
export const getEnterprise = () => apiGet(`${F}/factory/detail`).then((r) => r.data);
export const submitEnterprise = (e: Enterprise) => post(`${F}/factory/submit`, e);

// areas
export const areaApi = crudApi<Area>(`${P}/risk-partition`, 'page');

// map settings
export const getMapSetting = () => apiGet(`${F}/map-setting/detail`).then((r) => r.data);
export const submitMapSetting = (m: Draft<MapSetting>) => post(`${F}/map-setting/submit`, m);
/** the same settings as the 3D map reads them (spec 7.9): a plain JSON file, not the Blade envelope */
export const mapConfig = () => request<MapSetting>({ url: '/config/config.json', silent: true });

// drop-downs
export const getDeptTree = (factoryId?: string) => apiGet(`${D}/tree`, factoryId ? { factoryId } : {}).then((r) => r.data || []);
export const userByTenantId = (params: { deptId?: string; factoryId?: string } = {}) =>
  apiGet(`${D}/userByTenantId`, params).then((r) => r.data || []);
export const getWeather = () => apiGet(`${D}/getWeather`, undefined, { silent: true }).then((r) => r.data);

// ---------------------------------------------------------------------------------------------
// Area types and risk levels (spec 3.1)

export const AREA_TYPES = [
  { label: '罐区', value: 1 },
  { label: '生产装置区', value: 2 },
  { label: '仓储区', value: 3 },
];

export const RISK_COLOURS: Record<number, { label: string; colour: string; hex: string }> = {
  1: { label: '重大风险', colour: 'red', hex: '#f5222d' },
  2: { label: '较大风险', colour: 'orange', hex: '#fa8c16' },
  3: { label: '一般风险', colour: 'yellow', hex: '#fadb14' },
  4: { label: '低风险', colour: 'blue', hex: '#1677ff' },
};

// ---------------------------------------------------------------------------------------------
// Polygons: [[lng,lat],...], [[[lng,lat],...],[hole]...], [{lng,lat},...] or GeoJSON Polygon.

export type Ring = [number, number][];

/** Rings of a polygon text (outer first, then holes), or an error text. The server validates. */
export function parsePolygon(text?: string): { rings: Ring[] } | { error: string } {
  if (!text || !text.trim()) return { error: '区域范围不能为空' };
  let raw: any;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: '区域范围不是合法的 JSON' };
  }
  if (raw && !Array.isArray(raw) && raw.type === 'Polygon') raw = raw.coordinates;
  if (!Array.isArray(raw) || raw.length === 0) return { error: '区域范围应为坐标数组' };
  const point = (p: any): [number, number] | undefined => {
    if (Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number') return [p[0], p[1]];
    if (p && typeof p === 'object' && !Array.isArray(p)) {
      const lng = Number(p.lng ?? p.longitude ?? p.lon);
      const lat = Number(p.lat ?? p.latitude);
      if (Number.isFinite(lng) && Number.isFinite(lat)) return [lng, lat];
    }
    return undefined;
  };
  const isPoint = (p: any) => (Array.isArray(p) && typeof p[0] === 'number') || (p && typeof p === 'object' && !Array.isArray(p));
  const lists: any[][] = isPoint(raw[0]) ? [raw] : raw;
  const rings: Ring[] = [];
  for (const l of lists) {
    if (!Array.isArray(l)) return { error: '区域范围格式错误' };
    const ring: Ring = [];
    for (const p of l) {
      const v = point(p);
      if (!v) return { error: '坐标格式错误' };
      ring.push(v);
    }
    if (new Set(ring.map((v) => v.join(','))).size < 3) return { error: '至少需要 3 个不同的点' };
    rings.push(ring);
  }
  return { rings };
}

/** SVG path (y up) of rings inside a size×size box, with the box padding pad. */
export function polygonPath(rings: Ring[], size = 100, pad = 4): string {
  const all = rings.flat();
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const dx = Math.max(...xs) - minX;
  const dy = Math.max(...ys) - minY;
  const span = Math.max(dx, dy) || 1;
  const k = (size - 2 * pad) / span;
  // centred: the shorter side gets equal margins
  const ox = (span - dx) / 2;
  const oy = (span - dy) / 2;
  const fmt = (n: number) => Number(n.toFixed(2));
  return rings
    .map((r) => 'M' + r.map(([x, y]) => `${fmt(pad + (x - minX + ox) * k)},${fmt(size - pad - (y - minY + oy) * k)}`).join('L') + 'Z')
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Unified social credit code (统一社会信用代码, GB 32100-2015)

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** '' when valid, else the reason (the same rule the server applies). */
export function creditCodeError(code?: string): string {
  const c = (code || '').trim().toUpperCase();
  if (c.length !== 18) return '统一社会信用代码应为 18 位';
  for (const ch of c) if (!CREDIT_ALPHABET.includes(ch)) return '统一社会信用代码含有不合法字符（不使用 I、O、Z、S、V）';
  if (!'123456789ANY'.includes(c[0])) return '统一社会信用代码第 1 位（登记管理部门代码）不合法';
  if (!/^[0-9]{6}$/.test(c.slice(2, 8))) return '统一社会信用代码第 3-8 位应为行政区划码（数字）';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_ALPHABET.indexOf(c[i]) * CREDIT_WEIGHTS[i];
  const check = CREDIT_ALPHABET[(31 - (sum % 31)) % 31];
  return c[17] === check ? '' : '统一社会信用代码校验位错误';
}
