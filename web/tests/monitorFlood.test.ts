import { describe, expect, it } from 'vitest';
import { floodRows } from '@/pages/monitor/point';

const a = (id: string, over: Record<string, any> = {}) => ({ id, pointCode: id, level: 'H', ...over }) as any;

describe('the active list during an alarm flood', () => {
  it('is left as it came without a flood', () => {
    const list = [a('1'), a('2', { unitName: 'R-201' })];
    expect(floodRows(list)).toBe(list);
  });

  it('puts the first-out first, keeps critical alarms single and groups the rest by unit', () => {
    const rows = floodRows([
      a('1', { flood: true, unitName: 'V-101' }),
      a('2', { flood: true, unitName: 'R-201', critical: true, level: 'HH' }),
      a('3', { flood: true, unitName: 'V-101' }),
      a('4', { flood: true, unitName: 'R-201', firstOut: true }),
      a('5', { flood: false, unitName: 'CK-01' }),
      a('6', { flood: true }),
    ]);
    expect(rows.map((r) => r.id)).toEqual(['4', '2', '5', 'unit:', 'unit:V-101']);
    expect(rows[4].children.map((r: any) => r.id)).toEqual(['1', '3']);
    expect(rows[3].group).toBe(true);
  });
});
