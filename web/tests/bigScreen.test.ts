import { describe, expect, it } from 'vitest';
import { fitStage, trendPath } from '@/components/BigScreen';

describe('the big screen stage', () => {
  it('fits 1920x1080 into the window, centred, never cropped', () => {
    expect(fitStage(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    const wide = fitStage(2560, 1080);
    expect(wide.scale).toBe(1);
    expect(wide.left).toBe(320);
    const small = fitStage(1280, 1024);
    expect(small.scale).toBeCloseTo(1280 / 1920);
    expect(small.top).toBeCloseTo((1024 - 1080 * (1280 / 1920)) / 2);
  });
});

describe('the trend line', () => {
  it('spans the box and widens its range to the limits', () => {
    const { d, min, max } = trendPath(
      [
        { t: 0, v: 10 },
        { t: 10, v: 20 },
      ],
      100,
      50,
      [25],
    );
    expect(min).toBe(10);
    expect(max).toBe(25);
    expect(d.startsWith('M0.0,50.0')).toBe(true);
    expect(d.endsWith('L100.0,16.7')).toBe(true);
  });
  it('draws a flat series in the middle and nothing for no points', () => {
    expect(trendPath([{ t: 0, v: 5 }], 100, 50).d).toBe('M0.0,25.0');
    expect(trendPath([], 100, 50).d).toBe('');
  });
});
