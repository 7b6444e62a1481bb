import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { paramApi } from '@/services/system';

const fields: CrudField[] = [
  { title: '参数名称', dataIndex: 'paramName', search: true, form: { required: true } },
  { title: '参数键名', dataIndex: 'paramKey', search: true, form: { required: true } },
  { title: '参数键值', dataIndex: 'paramValue', form: { required: true, span: 24, type: 'textarea' } },
  { title: '备注', dataIndex: 'remark', hideInTable: true, type: 'textarea', form: {} },
];

export default function ParamPage() {
  return <CrudPage title="参数" fields={fields} api={paramApi} permissionPrefix="param" />;
}
