import { describe, expect, it } from 'vitest';
import { cameraTree } from '@/components/VideoWall';
import { FEED_SIZE, hourPoints, mergeFeed } from '@/pages/video/screen';
import { snapshotUrl } from '@/services/video';

const alarm = (id: string, lastTime: string, handleStatus = 0) => ({ id, lastTime, alarmTime: lastTime, handleStatus }) as any;

describe('the closed-management screen', () => {
  it('puts a live alarm first, replaces a merged or handled one, and keeps at most FEED_SIZE', () => {
    const feed = [alarm('2', '2026-01-01 10:00:00'), alarm('1', '2026-01-01 09:00:00')];
    expect(mergeFeed(feed, alarm('3', '2026-01-01 11:00:00')).map((a) => a.id)).toEqual(['3', '2', '1']);
    // a merged burst fires again: it rises to the top, once
    const merged = mergeFeed(feed, alarm('1', '2026-01-01 12:00:00'));
    expect(merged.map((a) => a.id)).toEqual(['1', '2']);
    // a handled alarm keeps its place and shows its new state
    const handled = mergeFeed(feed, alarm('2', '2026-01-01 10:00:00', 1));
    expect(handled.map((a) => [a.id, a.handleStatus])).toEqual([
      ['2', 1],
      ['1', 0],
    ]);
    const many = Array.from({ length: FEED_SIZE + 5 }, (_, i) => alarm(String(i + 1), `2026-01-01 10:${String(i).padStart(2, '0')}:00`));
    const kept = many.reduce((f, a) => mergeFeed(f, a), [] as any[]);
    expect(kept).toHaveLength(FEED_SIZE);
    expect(kept[0].id).toBe(String(FEED_SIZE + 5));
  });

  it('draws the hours of the day as trend points', () => {
    const pts = hourPoints(Array.from({ length: 24 }, (_, h) => ({ hour: h, count: h === 9 ? '4' : 0 })));
    expect(pts).toHaveLength(24);
    expect(pts[9]).toEqual({ t: 9 * 3600000, v: 4 });
    expect(hourPoints(undefined)).toEqual([]);
  });
});

describe('the camera tree', () => {
  it('groups cameras by risk partition, those without one last', () => {
    const tree = cameraTree(
      [
        { id: '1', name: 'A', areaId: '20' },
        { id: '2', name: 'B', areaId: '0' },
        { id: '3', name: 'C', areaId: '10' },
        { id: '4', name: 'D', areaId: '20' },
      ] as any,
      [
        { label: '罐区', value: '20' },
        { label: '仓库', value: '10' },
      ],
      '未划分区域',
    );
    expect(tree.map((n) => n.title)).toEqual(['仓库 (1)', '罐区 (2)', '未划分区域 (1)']);
    expect(tree[1].children?.map((c) => c.key)).toEqual(['cam-1', 'cam-4']);
    expect(tree.every((n) => n.selectable === false)).toBe(true);
  });
});

describe('the snapshot of an alarm', () => {
  it('carries the token to a stored file, and leaves other URLs as pushed', () => {
    document.cookie = 'access_token=tok 1; path=/';
    expect(snapshotUrl('/api/upload/preview/abc.jpg')).toBe('/api/upload/preview/abc.jpg?blade-auth=tok%201');
    expect(snapshotUrl('https://box.example/1.jpg')).toBe('https://box.example/1.jpg');
    expect(snapshotUrl('/favicon.svg')).toBe('/favicon.svg');
    expect(snapshotUrl('')).toBe('');
    document.cookie = 'access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(snapshotUrl('/api/upload/preview/abc.jpg')).toBe('/api/upload/preview/abc.jpg');
  });
});
