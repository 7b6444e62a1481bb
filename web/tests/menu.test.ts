import { describe, expect, it } from 'vitest';
import {
  canSee,
  filterByRoles,
  findByPath,
  flattenButtons,
  flattenLeaves,
  moduleClick,
  moduleOfPath,
  moduleTitle,
  modulesWithIcons,
  searchMenus,
  type MenuEntry,
} from '@/utils/menu';
import { menuText } from '@/utils/i18nMenu';

const tree: MenuEntry[] = [
  {
    id: '1',
    name: '系统设置',
    code: 'system_settings',
    isUsed: 2,
    children: [
      { id: '11', name: '用户管理', path: '/system/user', meta: { roles: ['administrator'] } },
      { id: '12', name: '角色管理', path: '/system/role' },
      { id: '13', name: '权限', children: [{ id: '131', name: '菜单管理', path: '/system/menu' }] },
      { id: '14', name: '新增', path: '/system/user/add', category: 2 },
    ],
  },
  { id: '2', name: '隐患排查', code: 'hidden_danger', isUsed: 1, children: [] },
  { id: '3', name: '外部', code: 'unknown_code', isUsed: 2 },
  { id: '4', name: '应急管理', code: 'emergency', pathUrl: 'http://example.test' },
];

describe('menu role filter (spec 6)', () => {
  it('shows entries without roles or with a matching role', () => {
    expect(canSee({ id: 'a', name: 'a' }, [])).toBe(true);
    expect(canSee({ id: 'a', name: 'a', meta: { roles: [] } }, [])).toBe(true);
    expect(canSee({ id: 'a', name: 'a', meta: { roles: ['admin'] } }, ['user'])).toBe(false);
    expect(canSee({ id: 'a', name: 'a', meta: { roles: ['admin'] } }, ['user', 'admin'])).toBe(true);
  });

  it('filters nested trees', () => {
    const kept = filterByRoles(tree, ['user']);
    expect(kept[0].children!.map((c) => c.id)).toEqual(['12', '13', '14']);
    expect(filterByRoles(tree, ['administrator'])[0].children).toHaveLength(4);
  });
});

describe('module titles and icons (spec 2.4)', () => {
  it('strips 系统, 管理 and 新五项 but keeps 系统设置 whole', () => {
    expect(moduleTitle('系统设置')).toBe('系统设置');
    expect(moduleTitle('应急管理')).toBe('应急');
    expect(moduleTitle('系统管理')).toBe('系统管理'.replace('系统', '').replace('管理', '') || '系统管理');
    expect(moduleTitle('新五项隐患排查')).toBe('隐患排查');
    expect(moduleTitle('安全风险管理系统')).toBe('安全风险');
    expect(moduleTitle('')).toBe('');
  });

  it('drops entries whose code has no icon', () => {
    expect(modulesWithIcons(tree).map((m) => m.id)).toEqual(['1', '2', '4']);
  });

  it('click rules: external link, disabled, enter', () => {
    expect(moduleClick(tree[3])).toEqual({ action: 'external', url: 'http://example.test' });
    expect(moduleClick(tree[1])).toEqual({ action: 'disabled' });
    expect(moduleClick(tree[0])).toEqual({ action: 'enter', id: '1', name: '系统设置' });
    expect(moduleClick({ id: 'x', name: 'x', isUsed: '2' }).action).toBe('enter');
  });
});

describe('menu helpers', () => {
  it('flattens leaves (no buttons) and searches by prefix', () => {
    const leaves = flattenLeaves(tree);
    expect(leaves.map((l) => l.path)).toEqual(['/system/user', '/system/role', '/system/menu']);
    expect(searchMenus(leaves, '角色').map((l) => l.id)).toEqual(['12']);
    expect(searchMenus(leaves, '管理')).toHaveLength(0);
    expect(searchMenus(leaves, '')).toHaveLength(3);
  });

  it('finds entries and modules by path', () => {
    expect(findByPath(tree, '/system/menu')?.id).toBe('131');
    expect(moduleOfPath(tree, '/system/menu')?.id).toBe('1');
    expect(findByPath(tree, '/nowhere')).toBeUndefined();
  });

  it('flattens the buttons tree into a code set', () => {
    expect(flattenButtons([{ code: 'user', children: [{ code: 'user_add' }, { code: 'user_edit', children: [] }] }])).toEqual({
      user: true,
      user_add: true,
      user_edit: true,
    });
    expect(flattenButtons(undefined)).toEqual({});
  });

  it('translates menu names for English only', () => {
    const msgs = { 'menu.name.用户管理': 'Users', 'menu.system_settings': 'System Settings' };
    expect(menuText({ name: '用户管理' }, msgs, 'zh-CN')).toBe('用户管理');
    expect(menuText({ name: '用户管理' }, msgs, 'en-US')).toBe('Users');
    expect(menuText({ name: '系统设置', code: 'system_settings' }, msgs, 'en-US')).toBe('System Settings');
    expect(menuText({ name: '未知' }, msgs, 'en-US')).toBe('未知');
  });
});
