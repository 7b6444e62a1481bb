import { describe, expect, it } from 'vitest';
import { parsePolygon, polygonText, validPolygonText } from '@/services/positioning';

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

  it('tells a usable polygon from an unreadable or short one (checked before the dialog sends it)', () => {
    expect(validPolygonText('0,0; 10,0; 10,10')).toBe(true);
    expect(validPolygonText('0,0; 10,0')).toBe(false);
    expect(validPolygonText('0,0; a,b; 10,10')).toBe(false);
  });
});
