import { describe, expect, it } from 'vitest';
import { parseSSE } from '@/utils/liveStream';

describe('parseSSE', () => {
  it('reads complete events with id, name and JSON data, and keeps the unfinished rest', () => {
    const buf =
      'event: ready\ndata: {}\n\n' +
      'id: 7\nevent: alarm\ndata: {"pointCode":"GT-101","level":"H"}\n\n' +
      'id: 8\nevent: value\ndata: {"code":"GT-1';
    const { events, rest } = parseSSE(buf);
    expect(events).toEqual([
      { event: 'ready', data: {} },
      { id: '7', event: 'alarm', data: { pointCode: 'GT-101', level: 'H' } },
    ]);
    expect(rest).toBe('id: 8\nevent: value\ndata: {"code":"GT-1');
    const more = parseSSE(rest + '01"}\n\n');
    expect(more.events[0]).toEqual({ id: '8', event: 'value', data: { code: 'GT-101' } });
  });

  it('tolerates data that is not JSON', () => {
    expect(parseSSE('event: x\ndata: nope\n\n').events[0]).toEqual({ event: 'x', data: undefined });
  });
});
