/**
 * aichat: the safety assistant. Answers stream from the OpenAI-compatible endpoint
 * (POST /api/ai-chat/v1/chat/completions with stream:true, read with fetch so it can carry
 * the token header); the caller's stored conversations are Blade REST (/api/ai-chat/conversation).
 */
import { buildHeaders, get } from '@/utils/request';
import { crudApi } from './system';

const A = '/api/ai-chat';

export interface Conversation {
  id: string;
  title: string;
  model: string;
  messageCount: number;
  createTime: string;
  updateTime: string;
  messages?: { id: string; role: string; content: string; steps?: string[]; createTime: string }[];
}

export const conversationApi = crudApi<Conversation>(`${A}/conversation`, 'page');
export const conversationDetail = (id: string) => get<Conversation>(`${A}/conversation/detail`, { id }).then((r) => r.data);

/** What a stream yields: a whole thinking step, or a piece of the answer. */
export type ChatPiece = { kind: 'step'; text: string } | { kind: 'content'; text: string } | { kind: 'conversation'; id: string };

export const THINKING = '[THINKING] ';

/** Thrown for a refusal (its OpenAI error message) or a broken stream. */
export class ChatError extends Error {
  status: number;
  constructor(msg: string, status: number) {
    super(msg);
    this.status = status;
  }
}

/**
 * Parses the SSE lines of a chat stream: each `data:` line is a chunk; a thinking step is a
 * reasoning_content starting with [THINKING]; an `error` chunk ends the stream with that
 * message. A line that does not parse is logged and skipped.
 */
export function parseChunk(line: string): ChatPiece[] | 'done' | ChatError {
  if (!line.startsWith('data:')) return [];
  const data = line.slice(5).trim();
  if (data === '[DONE]') return 'done';
  let c: any;
  try {
    c = JSON.parse(data);
  } catch (e) {
    console.warn('ai-chat: unparsable stream line skipped', data, e);
    return [];
  }
  if (c.error) return new ChatError(c.error.message || 'stream error', 500);
  const out: ChatPiece[] = [];
  if (c.conversation_id) out.push({ kind: 'conversation', id: String(c.conversation_id) });
  const d = c.choices?.[0]?.delta;
  if (d?.reasoning_content) {
    for (const l of String(d.reasoning_content).split('\n')) {
      if (l.startsWith(THINKING)) out.push({ kind: 'step', text: l.slice(THINKING.length) });
      else if (l.trim()) out.push({ kind: 'step', text: l });
    }
  }
  if (d?.content) out.push({ kind: 'content', text: d.content });
  return out;
}

/** Streams an answer to messages, calling onPiece as pieces arrive. */
export async function streamChat(
  messages: { role: string; content: string }[],
  onPiece: (p: ChatPiece) => void,
  opts: { conversationId?: string; signal?: AbortSignal } = {},
): Promise<void> {
  const res = await fetch(`${A}/v1/chat/completions`, {
    method: 'POST',
    headers: { ...buildHeaders({}), 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ model: 'default', stream: true, messages, conversation_id: opts.conversationId || undefined }),
    signal: opts.signal,
    credentials: 'same-origin',
  });
  if (!res.ok || !res.body) {
    let msg = `HTTP ${res.status}`;
    try {
      msg = (await res.json())?.error?.message || msg;
    } catch {
      /* not JSON */
    }
    throw new ChatError(msg, res.status);
  }
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).replace(/\r$/, '');
      buf = buf.slice(i + 1);
      const r = parseChunk(line);
      if (r === 'done') return;
      if (r instanceof ChatError) throw r;
      r.forEach(onPiece);
    }
  }
}
