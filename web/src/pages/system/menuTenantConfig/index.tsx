import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { getMenuTree, getTenantSelect, menuTenantConfigApi } from '@/services/system';

const fields: CrudField[] = [
  {
    title: '租户',
    dataIndex: 'tenantId',
    search: 'equal',
    width: 110,
    form: {
      required: true,
      type: 'select',
      request: async () => (await getTenantSelect()).map((t: any) => ({ label: `${t.tenantName} (${t.tenantId})`, value: t.tenantId })),
    },
  },
  { title: '菜单', dataIndex: 'menuId', hideInTable: true, form: { required: true, type: 'treeSelect', request: () => getMenuTree() } },
  { title: '菜单名称', dataIndex: 'menuName', search: true, form: { required: true } },
  { title: '链接地址', dataIndex: 'linkUrl', form: { span: 24 } },
  {
    title: '是否启用',
    dataIndex: 'isUsed',
    width: 90,
    options: [
      { label: '启用', value: 2 },
      { label: '停用', value: 1 },
    ],
    form: { type: 'radio', initialValue: 2 },
  },
  { title: '排序', dataIndex: 'sort', type: 'digit', width: 80, form: { initialValue: 1 } },
];

export default function MenuTenantConfigPage() {
  return <CrudPage title="租户菜单配置" fields={fields} api={menuTenantConfigApi} permissionPrefix="menuTenantConfig" />;
}
