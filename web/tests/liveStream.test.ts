import { describe, expect, it } from 'vitest';
import { parseSSE, readSSE, type LiveEvent } from '@/utils/liveStream';

describe('parseSSE', () => {
  it('reads complete events with id, name and JSON data, and keeps the unfinished rest', () => {
    const buf =
      'event: ready\ndata: {}\n\n' +
      'id: 7\nevent: alarm\ndata: {"pointCode":"GT-101","level":"H"}\n\n' +
      'id: 8\nevent: value\ndata: {"code":"GT-1';
    const { events, rest } = parseSSE(buf);
    expect(events).toEqual([
      { event: 'ready', data: {}, raw: '{}' },
      { id: '7', event: 'alarm', data: { pointCode: 'GT-101', level: 'H' }, raw: '{"pointCode":"GT-101","level":"H"}' },
    ]);
    expect(rest).toBe('id: 8\nevent: value\ndata: {"code":"GT-1');
    const more = parseSSE(rest + '01"}\n\n');
    expect(more.events[0]).toEqual({ id: '8', event: 'value', data: { code: 'GT-101' }, raw: '{"code":"GT-101"}' });
  });

  it('tolerates data that is not JSON, a comment-only block, CRLF and fields without the space', () => {
    expect(parseSSE('event: x\ndata: nope\n\n').events[0]).toEqual({ event: 'x', data: undefined, raw: 'nope' });
    expect(parseSSE(': ping\n\n').events[0]).toEqual({ event: 'message', data: undefined, raw: '' });
    expect(parseSSE('id:3\r\ndata:[1]\r\n\r\n').events[0]).toEqual({ id: '3', event: 'message', data: [1], raw: '[1]' });
  });
});

/** A body that hands out the given pieces (split anywhere, even inside a character) and notes a cancel. */
function body(pieces: Uint8Array[]) {
  let cancelled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < pieces.length) c.enqueue(pieces[i++]);
      else c.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe('readSSE', () => {
  const bytes = new TextEncoder().encode('data: {"a":"安"}\n\n: ping\n\ndata: [DONE]\n\ndata: {"late":1}\n\n');

  it('reads events split across chunks (inside a character too) in order', async () => {
    const b = body([bytes.slice(0, 11), bytes.slice(11, 13), bytes.slice(13)]);
    const got: LiveEvent[] = [];
    await readSSE(b.stream, (e) => {
      got.push(e);
    });
    expect(got.map((e) => e.raw)).toEqual(['{"a":"安"}', '', '[DONE]', '{"late":1}']);
  });

  it('stops when the handler says so and cancels the body', async () => {
    const b = body([bytes]);
    const got: string[] = [];
    await readSSE(b.stream, (e) => {
      got.push(e.raw);
      return e.raw !== '[DONE]';
    });
    expect(got).toEqual(['{"a":"安"}', '', '[DONE]']);
    expect(b.cancelled()).toBe(true);
  });
});
