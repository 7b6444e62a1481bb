import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import MenuIcon from '@/components/MenuIcon';
import { getMenuLazyList, getMenuTree, menuApi } from '@/services/system';
import type { MenuEntry } from '@/utils/menu';

/** Loads the whole menu tree through lazy-list (children on demand, in parallel). */
async function loadTree(parentId: string, filters: Record<string, any>): Promise<MenuEntry[]> {
  const list = await getMenuLazyList(parentId, filters);
  const filtered = Object.keys(filters).some((k) => filters[k]);
  if (filtered) return list.map((m) => ({ ...m, children: undefined }));
  return Promise.all(
    list.map(async (m) => {
      if (!m.hasChildren) return { ...m, children: undefined };
      const children = await loadTree(m.id, filters);
      return { ...m, children: children.length ? children : undefined };
    }),
  );
}

const fields: CrudField[] = [
  { title: '菜单名称', dataIndex: 'name', search: true, width: 200, form: { required: true } },
  // a button (菜单类型 2) has no route of its own
  { title: '路由地址', dataIndex: 'path', form: { required: (get) => Number(get('category')) !== 2 } },
  {
    title: '上级菜单',
    dataIndex: 'parentId',
    hideInTable: true,
    form: { type: 'treeSelect', request: () => getMenuTree(), placeholder: '不选则为顶级菜单' },
  },
  { title: '菜单图标', dataIndex: 'source', width: 80, render: (v) => <MenuIcon name={v} leaf />, form: {} },
  { title: '菜单编号', dataIndex: 'code', search: true, form: { required: true } },
  {
    title: '菜单类型',
    dataIndex: 'category',
    dictCode: 'menu_category',
    width: 90,
    options: [
      { label: '菜单', value: 1 },
      { label: '按钮', value: 2 },
    ],
    form: { type: 'radio', initialValue: 1, required: true },
  },
  { title: '菜单别名', dataIndex: 'alias', search: true, form: { required: true } },
  {
    title: '是否启用',
    dataIndex: 'isUsed',
    width: 90,
    options: [
      { label: '启用', value: 2 },
      { label: '未开通', value: 1 },
    ],
    form: { type: 'radio', initialValue: 2 },
  },
  { title: '外部链接', dataIndex: 'pathUrl', hideInTable: true, form: { placeholder: '以 http(s) 开头则在新窗口打开' } },
  { title: '排序', dataIndex: 'sort', type: 'digit', width: 70, form: { required: true, initialValue: 1 } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

export default function MenuPage() {
  const api = {
    ...menuApi,
    list: (q: Record<string, any>) => {
      const { name, code, alias } = q;
      return loadTree('0', { name, code, alias });
    },
  };
  return (
    <CrudPage
      title="菜单"
      tree
      fields={fields}
      api={api}
      permissionPrefix="menu"
      addChildText="新增子项"
      beforeSubmit={(v) => ({ ...v, parentId: v.parentId || '0' })}
      beforeOpen={(r: any) => ({ ...r, parentId: r.parentId === '0' || r.parentId === 0 ? undefined : r.parentId })}
    />
  );
}
