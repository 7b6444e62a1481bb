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
  /** The data lines parsed as JSON; undefined when there are none or they are not JSON. */
  data: any;
  /** The data lines as sent (joined by newlines): '' for a comment-only block such as a ping. */
  raw: string;
}

export type LiveListener = (e: LiveEvent) => void;

/** The value of an SSE field line `name:value` (one optional space after the colon), or undefined. */
function field(line: string, name: string): string | undefined {
  if (!line.startsWith(name + ':')) return undefined;
  const v = line.slice(name.length + 1);
  return v.startsWith(' ') ? v.slice(1) : v;
}

/** Splits an SSE text buffer into complete events; returns them and the unfinished rest. */
export function parseSSE(buf: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const blocks = buf.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const b of blocks) {
    const e: LiveEvent = { event: 'message', data: undefined, raw: '' };
    const data: string[] = [];
    for (const line of b.split('\n')) {
      let v: string | undefined;
      if ((v = field(line, 'id')) !== undefined) e.id = v;
      else if ((v = field(line, 'event')) !== undefined) e.event = v;
      else if ((v = field(line, 'data')) !== undefined) data.push(v);
    }
    e.raw = data.join('\n');
    try {
      e.data = data.length ? JSON.parse(e.raw) : undefined;
    } catch {
      e.data = undefined;
    }
    events.push(e);
  }
  return { events, rest };
}

/**
 * Reads an SSE body to its end, handing each complete event to onEvent (in order); onEvent
 * returns false to stop early. The body is cancelled on every way out, an exception included.
 * The one read loop of the app: the live streams and the assistant's answers both use it.
 */
export async function readSSE(body: ReadableStream<Uint8Array>, onEvent: (e: LiveEvent) => boolean | void): Promise<void> {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      const { events, rest } = parseSSE(buf);
      buf = rest;
      for (const e of events) if (onEvent(e) === false) return;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
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
        await readSSE(res.body, (e) => {
          if (e.id) lastId = e.id;
          listeners.forEach((l) => l(e));
        });
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
