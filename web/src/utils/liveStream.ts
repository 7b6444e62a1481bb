/**
 * A server-sent event stream shared by every subscriber of a tab: opened on the first
 * subscriber, closed after the last, resumed with Last-Event-ID after a break. It is read with
 * fetch (not EventSource) so it can carry the token header. Monitor, positioning and video each
 * make one with liveStream(url).
 */
import { buildHeaders } from '@/utils/request';

export interface LiveEvent {
  id?: string;
  event: string;
  data: any;
}

export type LiveListener = (e: LiveEvent) => void;

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

/** The pause before reconnecting after a break or a refusal. */
const RETRY_MS = 3000;

/** Returns subscribe(listener) for the stream at url; subscribe returns the unsubscribe. */
export function liveStream(url: string): (l: LiveListener) => () => void {
  const listeners = new Set<LiveListener>();
  let running: AbortController | undefined;
  let lastId = '';

  async function pump(ctrl: AbortController) {
    while (!ctrl.signal.aborted) {
      try {
        const headers = buildHeaders({ headers: lastId ? { 'Last-Event-ID': lastId } : {} });
        const res = await fetch(url, { headers, signal: ctrl.signal });
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
      if (!ctrl.signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  return (l) => {
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
  };
}
