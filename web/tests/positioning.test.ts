import { describe, expect, it } from 'vitest';
import { parsePolygon, polygonText } from '@/services/positioning';

describe('zone polygons as text', () => {
  it('reads "x,y; x,y" (or one vertex a line) and writes it back', () => {
    expect(parsePolygon('0,0; 100,0;\n100,80 ; 0 80')).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 80 },
      { x: 0, y: 80 },
    ]);
    expect(polygonText([{ x: 1.5, y: 2 }, { x: 3 }])).toBe('1.5,2; 3,0');
    expect(parsePolygon('')).toEqual([]);
  });

  it('keeps an unreadable vertex as NaN so the server refuses it', () => {
    expect(Number.isNaN(parsePolygon('a,b')[0].x)).toBe(true);
  });
});
