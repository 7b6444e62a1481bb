/**
 * monitor: gateways, devices and points (/api/monitor), active and past alarms, and the live
 * stream (SSE at /api/monitor/stream: one per tab, shared by every subscriber, resumed with
 * Last-Event-ID after a break). The stream is read with fetch so it can carry the token header.
 */
import { liveStream } from '@/utils/liveStream';
import { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

const M = '/api/monitor';

export type Point = Schemas['v1Point'];
export type Alarm = Schemas['v1Alarm'];
export type Device = Schemas['v1Device'];
export type Gateway = Schemas['v1Gateway'];

export const pointApi = crudApi<Point>(`${M}/point`, 'page');
export const deviceApi = crudApi<Device>(`${M}/device`, 'page');
export const gatewayApi = crudApi<Gateway>(`${M}/gateway`, 'page');
export const alarmApi = crudApi<Alarm>(`${M}/alarm`, 'page');

export const activeAlarms = () => apiGet(`${M}/alarm/active`).then((r) => r.data || []);
export const ackAlarms = (ids: string[]) => post(`${M}/alarm/ack`, undefined, { ids: ids.join(',') });
/**
 * Shelving (报警搁置): minutes 1..the tenant's longest shelve (alarm rule shelve.max.minutes,
 * 480 by default, at most SHELVE_MAX_MINUTES; the server checks it) with a reason; lifted early
 * with unshelve.
 */
export const SHELVE_MAX_MINUTES = 1440;
export const shelveAlarms = (ids: string[], minutes: number, reason: string) =>
  post(`${M}/alarm/shelve`, { ids: ids.join(','), minutes, reason });
export const unshelveAlarms = (ids: string[]) => post(`${M}/alarm/unshelve`, undefined, { ids: ids.join(',') });
/** Out-of-service holds (点位停用): kind 1 标定, 2 作业票 (with the permit), 3 检修; ended early with remove. */
export type Hold = Schemas['v1Hold'];
export const holdApi = crudApi<Hold>(`${M}/hold`, 'page');
export const endHolds = (ids: string[]) => post(`${M}/hold/remove`, undefined, { ids: ids.join(',') });
export const HOLD_KINDS = [
  { label: '标定', value: 1 },
  { label: '作业票', value: 2 },
  { label: '检修', value: 3 },
];
export const HOLD_STATUS: Record<number, string> = { 1: '停用中', 2: '已到期', 3: '已结束' };
/** Alarm analysis (报警泛滥分析) of a date range (yyyy-MM-dd, at most 92 days). */
export type Analysis = Schemas['v1Analysis'];
export const alarmAnalysis = (from: string, to: string) => apiGet(`${M}/alarm/analysis`, { from, to }).then((r) => r.data as Analysis);
/**
 * A point's trend (历史趋势): its samples in [from, to] (yyyy-MM-dd HH:mm:ss, at most 31 days)
 * downsampled by the server to at most width buckets (10..2000) with min, max and mean.
 */
export type Trend = Schemas['v1Trend'];
export const pointTrend = (id: string, from: string, to: string, width = 600) =>
  apiGet(`${M}/point/trend`, { id, from, to, width }).then((r) => r.data as Trend);
/** The dashed limit lines of a point (LL/L in amber, H/HH in red). */
export function trendLimits(p: { limitLl?: number; limitL?: number; limitH?: number; limitHh?: number }) {
  const out: { value: number; colour: string }[] = [];
  const add = (v: number | undefined, colour: string) => {
    if (v !== undefined && v !== null && !out.some((l) => l.value === v)) out.push({ value: Number(v), colour });
  };
  add(p.limitLl, '#f5222d');
  add(p.limitL, '#faad14');
  add(p.limitH, '#faad14');
  add(p.limitHh, '#f5222d');
  return out;
}
/** The monitoring screens' figures: points by live state, detectors by gas type, gateways online, key points. */
export type MonitorScreen = Schemas['v1MonitorScreen'];
export const monitorScreen = () => apiGet(`${M}/screen`).then((r) => r.data as MonitorScreen);
/**
 * Active alarms first-out for a screen: critical first (HH, LL, gas level 2, oxygen, as the server
 * marks them; HH/LL by level otherwise), then unacknowledged before acknowledged, newest first.
 */
export function screenAlarmOrder(list: Alarm[]): Alarm[] {
  const crit = (a: Alarm) => (a.critical || a.level === 'HH' || a.level === 'LL' ? 0 : 1);
  const unack = (a: Alarm) => (a.state === 'ACTIVE_UNACK' || a.state === 'LATCHED' ? 0 : 1);
  return [...list].sort((x, y) => crit(x) - crit(y) || unack(x) - unack(y) || String(y.raisedAt).localeCompare(String(x.raisedAt)));
}
export const issueSecret = (id: string) => post<Schemas['v1GatewaySecret']>(`${M}/gateway/secret`, undefined, { id });

export const DEVICE_TYPES = [
  { label: '储罐', value: 'G0' },
  { label: '气体检测器', value: 'Q0' },
  { label: '生产装置', value: 'P0' },
  { label: '仓库', value: 'K0' },
  { label: '装卸设备', value: 'Z0' },
];
export const GAS_TYPES = [
  { label: '未指定', value: 0 },
  { label: '可燃气体', value: 1 },
  { label: '有毒气体', value: 2 },
  { label: '氧气', value: 3 },
];
export const INDICATOR_TYPES = [
  { label: '温度', value: 1 },
  { label: '压力', value: 2 },
  { label: '液位', value: 3 },
  { label: '有毒气体', value: 4 },
  { label: '可燃气体', value: 5 },
  { label: '氧气', value: 6 },
];
export const LEVEL_NAMES: Record<string, string> = { H: '高报', HH: '高高报', L: '低报', LL: '低低报' };
export const STATE_NAMES: Record<string, string> = {
  NORMAL: '正常',
  ACTIVE_UNACK: '报警未确认',
  ACTIVE_ACK: '报警已确认',
  RTN_UNACK: '已恢复未确认',
  LATCHED: '锁存待复位',
};

/** Subscribes to the tab's live stream (opened on the first subscriber, closed after the last). */
export const subscribeLive = liveStream(`${M}/stream`);
/**
 * Online rate (在线率): a point is offline after 3 of its expected intervals without a sample.
 * Points (paged, filter day yyyy-MM-dd plus the point list's filters) and devices on a day, and
 * the tenant's daily figure over a range (at most 92 days) against the online target rule
 * (online.target.permille, 99.5 % by default).
 */
export type OnlinePoint = Schemas['v1MonitorOnlinePoint'];
export type OnlineDevice = Schemas['v1MonitorOnlineDevice'];
export type OnlineDays = Schemas['v1MonitorOnlineDays'];
export const onlinePointApi = crudApi<OnlinePoint>(`${M}/online/point`, 'page', { exportUrl: `${M}/online/point/export` });
export const onlineDevices = (day: string) =>
  apiGet(`${M}/online/device/list`, { day }).then((r) => (r.data as Schemas['v1MonitorOnlineDeviceList']).records || []);
export const onlineDaily = (from: string, to: string) => apiGet(`${M}/online/daily`, { from, to }).then((r) => r.data as OnlineDays);
export const ONLINE_DAILY_EXPORT = `${M}/online/daily/export`;
