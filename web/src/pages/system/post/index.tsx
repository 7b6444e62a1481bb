import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { postApi } from '@/services/system';

const fields: CrudField[] = [
  {
    title: '岗位类型',
    dataIndex: 'category',
    dictCode: 'post_category',
    // Blade's post categories, used until a post_category dictionary is seeded
    options: [
      { label: '高层', value: 1 },
      { label: '中层', value: 2 },
      { label: '基层', value: 3 },
      { label: '其他', value: 4 },
    ],
    search: 'equal',
    form: { required: true },
  },
  { title: '岗位编号', dataIndex: 'postCode', search: true, form: { required: true } },
  { title: '岗位名称', dataIndex: 'postName', search: true, form: { required: true } },
  { title: '岗位排序', dataIndex: 'sort', type: 'digit', width: 100, form: { required: true } },
  { title: '岗位描述', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

export default function PostPage() {
  return <CrudPage title="岗位" fields={fields} api={postApi} permissionPrefix="post" />;
}
