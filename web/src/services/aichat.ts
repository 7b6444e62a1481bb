/**
 * aichat: the safety assistant. Answers stream from the OpenAI-compatible endpoint
 * (POST /api/ai-chat/v1/chat/completions with stream:true, read with fetch so it can carry
 * the token header); the caller's stored conversations are Blade REST (/api/ai-chat/conversation).
 */
import { LiveEvent, readSSE } from '@/utils/liveStream';
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
/** A document of the tenant the assistant quotes (text extracted from a .txt or .docx upload). */
export interface AichatDocument {
  id: string;
  title: string;
  fileName: string;
  originalName: string;
  kind: string;
  size: number;
  chars: number;
  passages: number;
  truncated?: boolean;
  createUserName: string;
  createTime: string;
}

export const documentApi = crudApi<AichatDocument>(`${A}/document`, 'page');
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
 * Reads one SSE event of a chat stream: its data is a chunk; a thinking step is a
 * reasoning_content starting with [THINKING]; an `error` chunk ends the stream with that
 * message; `[DONE]` ends it. A comment (ping) yields nothing; data that does not parse is
 * logged and skipped.
 */
export function parseChunk(e: Pick<LiveEvent, 'data' | 'raw'>): ChatPiece[] | 'done' | ChatError {
  if (e.raw === '') return [];
  if (e.raw.trim() === '[DONE]') return 'done';
  const c = e.data;
  if (c === undefined || c === null || typeof c !== 'object') {
    console.warn('ai-chat: unparsable stream event skipped', e.raw);
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
  let failure: ChatError | undefined;
  await readSSE(res.body, (e) => {
    const r = parseChunk(e);
    if (r === 'done') return false;
    if (r instanceof ChatError) {
      failure = r;
      return false;
    }
    r.forEach(onPiece);
  });
  if (failure) throw failure;
}
