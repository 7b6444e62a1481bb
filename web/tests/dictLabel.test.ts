import { describe, expect, it } from 'vitest';
import { dictLabel, toValueEnum } from '@/components/CrudPage/helpers';

describe('dictionary labels follow the locale', () => {
  const staff = { dictKey: '1', dictValue: '内部人员', dictValueEn: 'Internal staff' };

  it('English shows the English label, Chinese the value', () => {
    expect(dictLabel(staff, 'en-US')).toBe('Internal staff');
    expect(dictLabel(staff, 'zh-CN')).toBe('内部人员');
  });

  it('an entry without an English label falls back to the Chinese value', () => {
    expect(dictLabel({ dictValue: '白班' }, 'en-US')).toBe('白班');
    expect(dictLabel({ dictValue: '白班', dictValueEn: '  ' }, 'en-US')).toBe('白班');
    expect(dictLabel({}, 'en-US')).toBe('');
  });

  it('the table enum built from the labels', () => {
    const items = [staff, { dictKey: '2', dictValue: '外部人员', dictValueEn: 'Contractor staff' }];
    expect(toValueEnum(items.map((d) => ({ ...d, dictValue: dictLabel(d, 'en-US') })))).toEqual({
      '1': { text: 'Internal staff' },
      '2': { text: 'Contractor staff' },
    });
  });
});
