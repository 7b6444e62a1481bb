/**
 * positioning: tags, anchors and zones (/api/positioning), live positions, head counts, tracks,
 * alarms with handling, and the live stream (SSE at /api/positioning/stream: one per tab, shared
 * by every subscriber, resumed with Last-Event-ID after a break; read with fetch so it can carry
 * the token header).
 */
import dayjs from 'dayjs';
import { apiGet, get, post } from '@/utils/request';
import { liveStream } from '@/utils/liveStream';
import { crudApi } from './system';
import type { Schemas } from './types';
import { listAreas } from './workticket';

const P = '/api/positioning';

export type PosTag = Schemas['v1PosTag'];
export type PosAnchor = Schemas['v1PosAnchor'];
export type PosZone = Schemas['v1PosZone'];
export type PosAlarm = Schemas['v1PosAlarm'];
export type PosPosition = Schemas['v1PosPosition'];
export type PosHeadcounts = Schemas['v1PosHeadcounts'];
export type PosTrackPoint = Schemas['v1PosTrackPoint'];

/** "x,y; x,y; ..." <-> the polygon's vertices (local metres). */
export const polygonText = (pg?: { x?: number; y?: number }[]) => (pg || []).map((v) => `${v.x ?? 0},${v.y ?? 0}`).join('; ');
export function parsePolygon(s: string): { x: number; y: number }[] {
  return (s || '')
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [x, y] = p.split(/[,\s]+/).map(Number);
      return { x, y };
    });
}

/** at least 3 vertices, each two finite numbers */
export const validPolygonText = (s: string) => {
  const pg = parsePolygon(s);
  return pg.length >= 3 && pg.every((v) => Number.isFinite(v.x) && Number.isFinite(v.y));
};

export const tagApi = crudApi<PosTag>(`${P}/tag`, 'page');
export const anchorApi = crudApi<PosAnchor>(`${P}/anchor`, 'page');
/** Zones edit their polygon as text (see polygonText) in the shared CRUD dialog. */
export const zoneApi = crudApi<PosZone>(`${P}/zone`, 'page', {
  detail: (id) =>
    get(`${P}/zone/detail`, { id }).then((r) => ({
      ...r.data,
      areaId: r.data?.areaId && String(r.data.areaId) !== '0' ? String(r.data.areaId) : undefined,
      polygonText: polygonText(r.data?.polygon),
    })),
  submit: async (row: any) => {
    const { polygonText: text, ...rest } = row;
    // The permit work area (人证不符) is a factory area: its name goes with its id for display.
    const areaId = rest.areaId && String(rest.areaId) !== '0' ? String(rest.areaId) : '0';
    const areaName = areaId === '0' ? '' : (await listAreas()).find((a: any) => String(a.id) === areaId)?.name || '';
    return post(`${P}/zone/submit`, { ...rest, areaId, areaName, polygon: parsePolygon(text) });
  },
});
/** the tenant's factory areas (the same list a permit's 作业区域 is chosen from), as select options */
export const permitAreaOptions = () => listAreas().then((l: any[]) => l.map((a) => ({ label: a.name as string, value: String(a.id) })));
export const alarmApi = crudApi<PosAlarm>(`${P}/alarm`, 'page');

export const livePositions = () => apiGet(`${P}/position/live`).then((r) => (r.data || []) as PosPosition[]);
export const headcounts = () => apiGet(`${P}/zone/headcount`).then((r) => r.data as PosHeadcounts);
export const allZones = () => get(`${P}/zone/page`, { size: 1000 }).then((r) => (r.data?.records || []) as PosZone[]);
/**
 * The plant's wall clock (Asia/Shanghai, UTC+8, no DST: the server's time zone) as a browser-local
 * dayjs, so pickers show and send plant times whatever the browser's zone is.
 */
export const plantNow = () => dayjs(Date.now() + (480 + new Date().getTimezoneOffset()) * 60000);
/** a tag's stored track in [start, end] (yyyy-MM-dd HH:mm:ss, at most 24 hours), oldest first */
export const trackOf = (tagId: string, start: string, end: string) =>
  apiGet(`${P}/position/track`, { tagId, start, end }).then((r) => (r.data?.points || []) as PosTrackPoint[]);
export const handleAlarms = (ids: string[], state: number, comment: string) =>
  post(`${P}/alarm/handle`, { ids: ids.join(','), state, comment });
/** the tenant's zones, as select options (a tag's post zone) */
export const zoneOptions = () =>
  allZones()
    .then((zs) => zs.map((z) => ({ label: z.name || '', value: String(z.id) })))
    .catch(() => [] as { label: string; value: string }[]);
/** the tenant's tags, as select options */
export const tagOptions = () =>
  get(`${P}/tag/page`, { size: 1000 }, { silent: true })
    .then((r) => (r.data?.records || []).map((t: any) => ({ label: `${t.personName}(${t.code})`, value: String(t.id) })))
    .catch(() => [] as { label: string; value: string }[]);

export const PERSON_TYPES = [
  { label: '员工', value: 1 },
  { label: '承包商', value: 2 },
  { label: '访客', value: 3 },
];
export const PERSON_COLORS: Record<number, string> = { 1: '#1677ff', 2: '#fa8c16', 3: '#52c41a' };
export const ZONE_KINDS = [
  { label: '普通区域', value: 1 },
  { label: '限制区域', value: 2 },
  { label: '危险区域', value: 3 },
  { label: '紧急集合点', value: 4 },
];
export const ZONE_COLORS: Record<number, string> = { 1: '#91caff', 2: '#ffd666', 3: '#ff7875', 4: '#95de64' };
export const ALARM_TYPES = [
  { label: '超员', value: 1 },
  { label: '脱岗', value: 2 },
  { label: '串岗', value: 3 },
  { label: '长时间静止', value: 4 },
  { label: '人证不符', value: 6 },
  { label: '一键求救', value: 8 },
  { label: '低电量', value: 9 },
  { label: '人员聚集', value: 11 },
  { label: '离线', value: 12 },
];
/** weekdays 1-7 (1 Monday), a zone's time window */
export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({ label, value: i + 1 }));
/** "HH:mm" (00:00-23:59) */
export const validHHmm = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
export const ALARM_STATES = [
  { label: '报警中', value: 1 },
  { label: '已处理', value: 2 },
  { label: '误报', value: 3 },
];

/** Subscribes to the tab's positioning stream (opened on the first subscriber, closed after the last). */
export const subscribePositioning = liveStream(`${P}/stream`);
