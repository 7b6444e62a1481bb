/**
 * Pure helpers of the 3D map: the plant's local frame and the tenant's map settings read the way
 * the map uses them. Kept free of Cesium so they are unit-tested without WebGL.
 */

/** The map settings fields the 3D map reads (the v1MapSetting of /config/config.json). */
export interface MapConfig {
  mapPath?: string;
  centralPoint?: number[];
  mapModelUrl?: string;
  modelPoint?: { lng?: number; lat?: number; alt?: number; x?: number; y?: number; z?: number; scale?: number };
  modelAccuracy?: number;
  areaLocation?: { lng?: number; lat?: number; alt?: number }[];
}

/**
 * The plant's local frame: positioning reports people in local metres (x east, y north), and the
 * plant model is drawn in the same metres. Its origin is the settings' modelPoint (lng, lat, alt);
 * modelPoint x/y/z are offsets in metres (east, north, up) and scale a factor, both of the model
 * only (the map settings page labels them "X/Y/Z 偏移"), so a model whose origin is not the survey
 * origin can be moved onto it. Without a modelPoint the frame sits at the centre point.
 */
export interface PlantFrame {
  lng: number;
  lat: number;
  alt: number;
  offset: [number, number, number];
  scale: number;
}

/** The edit forms' hint on a detector's or camera's map X/Y: the frame positioning reports people in. */
export const MAP_POSITION_TIP =
  '三维地图上的位置:以地图设置的模型原点为基准,向东(X)和向北(Y)的米数,与人员定位坐标一致;留空则不在地图上显示';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** the camera centre [lng, lat], or undefined when the settings have none */
export function centreOf(cfg?: MapConfig): [number, number] | undefined {
  const c = cfg?.centralPoint;
  if (!c || c.length !== 2 || !finite(c[0]) || !finite(c[1])) return undefined;
  if (c[0] === 0 && c[1] === 0) return undefined;
  return [c[0], c[1]];
}

export function frameOf(cfg?: MapConfig): PlantFrame | undefined {
  const p = cfg?.modelPoint;
  const centre = centreOf(cfg);
  const hasPoint = p && finite(p.lng) && finite(p.lat) && !(p.lng === 0 && p.lat === 0);
  if (!hasPoint && !centre) return undefined;
  const [lng, lat] = hasPoint ? [p!.lng!, p!.lat!] : centre!;
  return {
    lng,
    lat,
    alt: hasPoint && finite(p!.alt) ? p!.alt! : 0,
    offset: [finite(p?.x) ? p!.x! : 0, finite(p?.y) ? p!.y! : 0, finite(p?.z) ? p!.z! : 0],
    scale: finite(p?.scale) && p!.scale! > 0 ? p!.scale! : 1,
  };
}

/** What kind of model a URL names: 3D Tiles (a tileset.json), a glTF model, or nothing usable. */
export function modelKind(url?: string): 'tileset' | 'gltf' | undefined {
  const u = (url || '').trim().split(/[?#]/)[0].toLowerCase();
  if (!u) return undefined;
  if (u.endsWith('.json')) return 'tileset';
  if (u.endsWith('.glb') || u.endsWith('.gltf')) return 'gltf';
  return undefined;
}

/**
 * Cesium's maximumScreenSpaceError from modelAccuracy: the same number (pixels of error allowed
 * before a finer tile is loaded; lower is sharper), clamped to 1-256; 16 (Cesium's default) when
 * unset.
 */
export function screenSpaceError(accuracy?: number): number {
  if (!finite(accuracy) || accuracy <= 0) return 16;
  return Math.min(256, Math.max(1, accuracy));
}

/** The west, south, east, north bounds of a lng/lat ring, or undefined under 3 valid points. */
export function boundsOf(ring?: { lng?: number; lat?: number }[]): [number, number, number, number] | undefined {
  const pts = (ring || []).filter((p) => finite(p.lng) && finite(p.lat));
  if (pts.length < 3) return undefined;
  const lngs = pts.map((p) => p.lng!);
  const lats = pts.map((p) => p.lat!);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** the URL of one tile of a {z}/{x}/{y} template (to probe whether the tiles exist) */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

/** the Web Mercator (XYZ) tile holding lng/lat at zoom z */
export function tileAt(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}
