import { describe, expect, it } from 'vitest';
import access, { menuPaths } from '@/access';

describe('access (umi access plugin rules)', () => {
  const a = access({ permission: { user_add: true, user_edit: true, risk_unit_export: false }, roles: ['user'] });

  it('grants the button codes of menu/buttons only', () => {
    expect(a.can('user_add')).toBe(true);
    expect(a.can('user_delete')).toBe(false);
    expect(a.can('risk_unit_export')).toBe(false);
    expect(a.canAny('user_reset', 'user_edit')).toBe(true);
    expect(a.canAny('user_reset', 'user_unlock')).toBe(false);
  });

  it('gates CrudPage buttons by <prefix>_<action>; no prefix is not gated', () => {
    expect(a.crud('user', 'add')).toBe(true);
    expect(a.crud('user', 'delete')).toBe(false);
    expect(a.crud(undefined, 'delete')).toBe(true);
  });

  it('shows menu entries without roles or with one of the user roles', () => {
    expect(a.canSeeMenu({ id: '1', name: 'a', path: '/a' } as any)).toBe(true);
    expect(a.canSeeMenu({ id: '2', name: 'b', path: '/b', meta: { roles: ['user'] } } as any)).toBe(true);
    expect(a.canSeeMenu({ id: '3', name: 'c', path: '/c', meta: { roles: ['administrator'] } } as any)).toBe(false);
  });

  it('grants nothing before the state arrives', () => {
    const none = access(undefined);
    expect(none.can('user_add')).toBe(false);
    expect(none.crud('user', 'view')).toBe(false);
  });
});

describe('route access (canRoute, .umirc.ts access: canRoute)', () => {
  const tree = [
    {
      id: '1',
      name: '系统管理',
      path: '/system',
      children: [{ id: '2', name: '用户管理', path: '/system/user', meta: { roles: ['administrator'] } }],
    },
    { id: '3', name: '业务流程', path: '/businessProcess', children: [{ id: '4', name: '我的待办', path: '/businessProcess/todo' }] },
  ] as any;

  it('opens the paths of the role-filtered menus and the pages that belong to one', () => {
    const a = access({ permission: {}, roles: ['operator'], menus: menuPaths(tree, ['operator']) });
    expect(a.menusLoaded).toBe(true);
    expect(a.canRoute({ path: '/system/user' })).toBe(false);
    expect(a.canRoute({ path: '/businessProcess/todo' })).toBe(true);
    expect(
      a.canRoute({ path: '/businessProcess/jobOrdinary/view', menu: '/businessProcess/jobManagement/list,/businessProcess/todo' }),
    ).toBe(true);
    expect(
      access({ permission: {}, roles: ['administrator'], menus: menuPaths(tree, ['administrator']) }).canRoute({ path: '/system/user' }),
    ).toBe(true);
  });

  it('waits while the menus have not loaded', () => {
    expect(access({ permission: {}, roles: [] }).menusLoaded).toBe(false);
  });
});
