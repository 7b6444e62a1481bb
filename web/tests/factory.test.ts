import { describe, expect, it } from 'vitest';
import { creditCodeError, parsePolygon, polygonPath } from '@/services/factory';

describe('factory rules', () => {
  it('checks the unified social credit code like the server (GB 32100)', () => {
    expect(creditCodeError('91350100M000100Y43')).toBe('');
    expect(creditCodeError('91110000600037341L')).toBe('');
    expect(creditCodeError(' 91350100m000100y43 ')).toBe('');
    expect(creditCodeError('91350100M000100Y44')).toContain('校验位');
    expect(creditCodeError('91350100M000100Y4')).toContain('18 位');
    expect(creditCodeError('91350100M000100I43')).toContain('不合法字符');
    expect(creditCodeError('9135A100M000100Y43')).toContain('行政区划码');
  });

  it('reads every polygon form and refuses malformed ones', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
    ];
    expect(parsePolygon(JSON.stringify(ring))).toEqual({ rings: [ring] });
    expect(parsePolygon('[{"lng":0,"lat":0},{"lng":1,"lat":0},{"lng":1,"lat":1}]')).toEqual({ rings: [ring] });
    expect(parsePolygon('{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}')).toEqual({ rings: [ring] });
    const holed = parsePolygon('[[[0,0],[10,0],[10,10],[0,10]],[[4,4],[6,4],[6,6]]]');
    expect('rings' in holed && holed.rings.length).toBe(2);
    expect(parsePolygon('')).toEqual({ error: '区域范围不能为空' });
    expect(parsePolygon('[[1,2]')).toEqual({ error: '区域范围不是合法的 JSON' });
    expect(parsePolygon('[[0,0],[1,1],[0,0]]')).toEqual({ error: '至少需要 3 个不同的点' });
    expect(parsePolygon('[["a","b"],[1,0],[1,1]]')).toEqual({ error: '坐标格式错误' });
  });

  it('draws rings into the preview box with y up', () => {
    expect(
      polygonPath(
        [
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 10],
          ],
        ],
        100,
        0,
      ),
    ).toBe('M0,100L100,100L100,0L0,0Z');
    // a wide shape keeps its aspect ratio and is centred vertically
    expect(
      polygonPath(
        [
          [
            [0, 0],
            [2, 0],
            [2, 1],
          ],
        ],
        100,
        0,
      ),
    ).toBe('M0,75L100,75L100,25Z');
  });
});
