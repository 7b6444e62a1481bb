/**
 * monitor: gateways, devices and points (/api/monitor), active and past alarms, and the live
 * stream (SSE at /api/monitor/stream: one per tab, shared by every subscriber, resumed with
 * Last-Event-ID after a break). The stream is read with fetch so it can carry the token header.
 */
import { apiGet, buildHeaders, post } from '@/utils/request';
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

export interface LiveEvent {
  id?: string;
  event: string;
  data: any;
}

/** Splits an SSE text buffer into complete events; returns them and the unfinished rest. */
export function parseSSE(buf: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const blocks = buf.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const b of blocks) {
    const e: LiveEvent = { event: 'message', data: undefined };
    const data: string[] = [];
    for (const line of b.split('\n')) {
      if (line.startsWith('id: ')) e.id = line.slice(4);
      else if (line.startsWith('event: ')) e.event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    try {
      e.data = data.length ? JSON.parse(data.join('\n')) : undefined;
    } catch {
      e.data = undefined;
    }
    events.push(e);
  }
  return { events, rest };
}

type Listener = (e: LiveEvent) => void;
const listeners = new Set<Listener>();
let running: AbortController | undefined;
let lastId = '';

async function pump(ctrl: AbortController) {
  while (!ctrl.signal.aborted) {
    try {
      const headers = buildHeaders({ headers: lastId ? { 'Last-Event-ID': lastId } : {} });
      const res = await fetch(`${M}/stream`, { headers, signal: ctrl.signal });
      if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        const { events, rest } = parseSSE(buf);
        buf = rest;
        for (const e of events) {
          if (e.id) lastId = e.id;
          listeners.forEach((l) => l(e));
        }
      }
    } catch {
      // a break or a refusal: try again shortly (resuming after lastId)
    }
    if (!ctrl.signal.aborted) await new Promise((r) => setTimeout(r, 3000));
  }
}

/** Subscribes to the tab's live stream (opened on the first subscriber, closed after the last). */
export function subscribeLive(l: Listener): () => void {
  listeners.add(l);
  if (!running) {
    running = new AbortController();
    void pump(running);
  }
  return () => {
    listeners.delete(l);
    if (listeners.size === 0 && running) {
      running.abort();
      running = undefined;
    }
  };
}
