import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { deptApi, getDeptTree } from '@/services/system';

const fields: CrudField[] = [
  { title: '机构名称', dataIndex: 'deptName', search: true, form: { required: true } },
  { title: '机构全称', dataIndex: 'fullName', search: true, form: { required: true } },
  {
    title: '上级机构',
    dataIndex: 'parentId',
    hideInTable: true,
    form: { type: 'treeSelect', request: () => getDeptTree(), placeholder: '不选则为顶级机构' },
  },
  {
    title: '机构类型',
    dataIndex: 'deptCategory',
    dictCode: 'org_category',
    // Blade's organization categories, used until an org_category dictionary is seeded
    options: [
      { label: '公司', value: 1 },
      { label: '部门', value: 2 },
      { label: '小组', value: 3 },
    ],
    width: 110,
    form: { required: true },
  },
  { title: '排序', dataIndex: 'sort', type: 'digit', width: 80, form: { required: true, initialValue: 1 } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

export default function DeptPage() {
  return (
    <CrudPage
      title="机构"
      tree
      fields={fields}
      api={deptApi}
      permissionPrefix="dept"
      beforeSubmit={(v) => ({ ...v, parentId: v.parentId || '0' })}
      beforeOpen={(r: any) => ({ ...r, parentId: r.parentId === '0' || r.parentId === 0 ? undefined : r.parentId })}
    />
  );
}
