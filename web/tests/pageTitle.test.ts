import { describe, expect, it } from 'vitest';
import { pageTitle } from '@/utils/pageTitle';

describe('page title (spec 2.3)', () => {
  const zh = { 'app.title': '安全生产管理平台' };
  const en = { 'app.title': 'Safety Production Platform', 'menu.riskCommitment': 'Safety commitment', 'menu.name.用户管理': 'Users' };
  const tree = [{ id: '1', name: '系统管理', children: [{ id: '2', name: '用户管理', path: '/system/user' }] }] as any;
  it('follows the menu entry, translated', () => {
    expect(pageTitle(tree, '/system/user', zh, 'zh-CN')).toBe('用户管理 - 安全生产管理平台');
    expect(pageTitle(tree, '/system/user', en, 'en-US')).toBe('Users - Safety Production Platform');
  });
  it('names the full-window pages without the menu tree', () => {
    expect(pageTitle([], '/risk-commitment', zh, 'zh-CN')).toBe('安全承诺 - 安全生产管理平台');
    expect(pageTitle([], '/risk-commitment', en, 'en-US')).toBe('Safety commitment - Safety Production Platform');
    expect(pageTitle([], '/nowhere', zh, 'zh-CN')).toBe('安全生产管理平台');
  });
});
