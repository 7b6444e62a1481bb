import { describe, expect, it } from 'vitest';
import { indexOf } from '@/components/CrudPage/helpers';

describe('list index (序号)', () => {
  it('continues across pages', () => {
    expect(indexOf({ current: 1, pageSize: 10 }, 0)).toBe(1);
    expect(indexOf({ current: 2, pageSize: 10 }, 0)).toBe(11);
    expect(indexOf({ current: 3, pageSize: 20 }, 4)).toBe(45);
    expect(indexOf(undefined, 2)).toBe(3);
  });
});
