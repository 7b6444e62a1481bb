import { describe, expect, it } from 'vitest';
import { envelope } from '@/pages/monitor/point/TrendModal';
import { screenAlarmOrder, trendLimits } from '@/services/monitor';

describe('monitoring screen', () => {
  it('lists critical alarms first, then unacknowledged, newest first', () => {
    const a = (id: string, level: string, state: string, raisedAt: string, critical = false) =>
      ({ id, level, state, raisedAt, critical }) as any;
    const list = [
      a('1', 'H', 'ACTIVE_ACK', '2026-11-28 10:00:00'),
      a('2', 'H', 'ACTIVE_UNACK', '2026-11-28 09:00:00'),
      a('3', 'HH', 'ACTIVE_ACK', '2026-11-28 08:00:00', true),
      a('4', 'H', 'ACTIVE_UNACK', '2026-11-28 11:00:00'),
      a('5', 'LL', 'ACTIVE_UNACK', '2026-11-28 07:00:00'),
    ];
    expect(screenAlarmOrder(list).map((x) => x.id)).toEqual(['5', '3', '4', '2', '1']);
    expect(list[0].id).toBe('1'); // the input is not reordered
  });

  it('draws each bucket as its minimum and maximum so excursions stay visible', () => {
    const t = {
      bucketSeconds: 60,
      buckets: [
        { ts: '2026-11-28 10:00:00', min: 1, max: 9, avg: 5, count: 3 },
        { ts: '2026-11-28 10:01:00', min: 2, max: 2, avg: 2, count: 1 },
      ],
    } as any;
    const pts = envelope(t);
    expect(pts.map((p) => p.v)).toEqual([1, 9, 2, 2]);
    expect(pts[1].t - pts[0].t).toBe(30000);
    expect(pts[2].t - pts[0].t).toBe(60000);
    expect(envelope(undefined)).toEqual([]);
  });

  it('gives a limit line per distinct limit', () => {
    expect(trendLimits({ limitH: 25, limitHh: 50 }).map((l) => l.value)).toEqual([25, 50]);
    expect(trendLimits({ limitL: 19.5, limitH: 23.5 })).toHaveLength(2);
    expect(trendLimits({})).toEqual([]);
  });
});
