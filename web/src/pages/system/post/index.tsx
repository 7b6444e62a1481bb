import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { postApi } from '@/services/system';

const fields: CrudField[] = [
  { title: '岗位类型', dataIndex: 'category', dictCode: 'post_category', search: 'equal', form: { required: true } },
  { title: '岗位编号', dataIndex: 'postCode', search: true, form: { required: true } },
  { title: '岗位名称', dataIndex: 'postName', search: true, form: { required: true } },
  { title: '岗位排序', dataIndex: 'sort', type: 'digit', width: 100, form: { required: true } },
  { title: '岗位描述', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

export default function PostPage() {
  return <CrudPage title="岗位" fields={fields} api={postApi} permissionPrefix="post" />;
}
