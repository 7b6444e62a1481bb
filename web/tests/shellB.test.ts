import { describe, expect, it } from 'vitest';
import { isPickedKind, requiredPrompt } from '@/utils/validate';
import { ENTERPRISE_TTL, servedByCache } from '@/stores/enterprise';

describe('required messages (issue 12 item 8)', () => {
  it('a field one picks from says 请选择, one typed into 请输入', () => {
    expect(requiredPrompt('select', '动火级别', 'zh-CN')).toBe('请选择动火级别');
    expect(requiredPrompt('checkboxes', '动火方式', 'zh-CN')).toBe('请选择动火方式');
    expect(requiredPrompt('date', '备案日期', 'zh-CN')).toBe('请选择备案日期');
    expect(requiredPrompt('text', '作业地点', 'zh-CN')).toBe('请输入作业地点');
    expect(requiredPrompt(undefined, '名称', 'zh-CN')).toBe('请输入名称');
  });
  it('English says Select / Enter', () => {
    expect(requiredPrompt('select', 'Fire level', 'en-US')).toBe('Select fire level');
    expect(requiredPrompt('textarea', 'Reason', 'en-US')).toBe('Enter reason');
  });
  it('person pickers and uploads are picked', () => {
    expect(isPickedKind('person')).toBe(true);
    expect(isPickedKind('upload')).toBe(true);
    expect(isPickedKind('digit')).toBe(false);
  });
});

describe('the enterprise record cache (issue 12 item 9)', () => {
  it('serves a recent answer for the same tenant', () => {
    expect(servedByCache(1000 + ENTERPRISE_TTL - 1, 1000, '100001', '100001')).toBe(true);
    expect(servedByCache(1000 + ENTERPRISE_TTL, 1000, '100001', '100001')).toBe(false);
  });
  it('never serves another tenant', () => {
    expect(servedByCache(1001, 1000, '000000', '100001')).toBe(false);
    expect(servedByCache(1001, 1000, '100001', undefined)).toBe(false);
  });
});

describe('the commitment text in English (issue 12 item 7)', () => {
  it('says the figures in English, without Chinese', async () => {
    const { commitmentTextEn } = await import('@/pages/risk-commitment/text');
    const t = commitmentTextEn({
      date: '2026-11-27',
      unitsTotal: 5,
      unitsInOperation: 5,
      unitsStopped: 0,
      specialWorks: 2,
      hazardsOpen: 2,
      hazardsOpenMajor: 1,
      hazardsOverdue: 0,
      tasksDue: 4,
      tasksDone: 3,
    });
    expect(t).toContain('2026-11-27: the enterprise has 5 risk analysis units, 5 in operation and 0 stopped');
    expect(t).toContain('2 hazards not yet rectified (1 major, 0 overdue); 4 hazard inspection tasks today, 3 done');
    expect(/[\u3400-\u9fff]/.test(t)).toBe(false);
  });
});
