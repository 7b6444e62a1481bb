/**
 * video-surveillance: cameras and AI video alarms (/api/video-surveillance), signed live URLs
 * (camera/play: a gateway URL with a short-lived stream token, no platform credential), and the
 * live alarm stream (SSE at /api/video-surveillance/stream: one per tab, resumed with
 * Last-Event-ID after a break), read with fetch so it can carry the token header.
 */
import { apiGet, post } from '@/utils/request';
import { listAreas } from './workticket';
import { liveStream } from '@/utils/liveStream';
import { crudApi } from './system';
import type { Schemas } from './types';
import { getToken } from '@/utils/auth';

const V = '/api/video-surveillance';

export type Camera = Schemas['v1Camera'];
export type VideoAlarm = Schemas['v1VideoAlarm'];
export type PlayInfo = Schemas['v1PlayInfo'];

export const cameraApi = crudApi<Camera>(`${V}/camera`, 'page');
export const videoAlarmApi = crudApi<VideoAlarm>(`${V}/alarm`, 'page');

export const playCamera = (id: string) => apiGet(`${V}/camera/play`, { id }).then((r) => r.data as PlayInfo);
export const alarmStats = () => apiGet(`${V}/alarm/stats`).then((r) => r.data);
export const handleAlarm = (id: string, handleStatus: number, handleRemark: string, raiseHazard = true) =>
  post(`${V}/alarm/handle`, { id, handleStatus, handleRemark, raiseHazard });

/** Where the tenant's own pictures are: uploads, and the frames video stored as snapshots. */
const PRIVATE_IMAGES = ['/api/upload/preview/', `${V}/snapshot/`];

/**
 * The <img> URL of an alarm's snapshot: a stored file's preview link (put-file's `link`, what an
 * AI box that uploads its picture pushes) or a frame video stored (the simulator's) gets the token
 * as ?blade-auth=, as an <img> cannot send the header; any other URL is used as pushed.
 */
export function snapshotUrl(s?: string): string {
  if (!s) return '';
  const token = getToken();
  return PRIVATE_IMAGES.some((p) => s.startsWith(p)) && !s.includes('?') && token ? `${s}?blade-auth=${encodeURIComponent(token)}` : s;
}

/** The alarm list of the notice badge: the unhandled alarms of the cameras the caller may handle. */
export const MY_ALARMS_PATH = '/ai-video-alarm/list?mine=1';

/** The tenant's risk partitions as select options. */
export const areaOptions = () => listAreas().then((l: any[]) => l.map((a) => ({ label: a.name, value: String(a.id) })));

export const PLATFORMS = [
  { label: '内置模拟', value: 'simulator' },
  { label: '大华ICC', value: 'icc' },
  { label: 'WVP-GB28181', value: 'wvp' },
];
export const CAMERA_TYPES = [
  { label: '枪机', value: 1 },
  { label: '球机', value: 2 },
];
export const ALARM_TYPES = [
  { label: '未戴安全帽', value: 'helmet' },
  { label: '吸烟', value: 'smoking' },
  { label: '区域入侵', value: 'intrusion' },
  { label: '烟火', value: 'fire' },
  { label: '打电话', value: 'phone' },
  { label: '未穿反光衣', value: 'vest' },
  { label: '离岗睡岗', value: 'sleep' },
];
export const HANDLE_STATES = [
  { label: '未处理', value: 0 },
  { label: '已确认', value: 1 },
  { label: '误报', value: 2 },
  { label: '已关闭', value: 3 },
];

/** Subscribes to the tab's live alarm stream (opened on the first subscriber, closed after the last). */
export const subscribeVideoAlarms = liveStream(`${V}/stream`);
