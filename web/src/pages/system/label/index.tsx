import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { labelApi } from '@/services/system';

const fields: CrudField[] = [
  { title: '标签名称', dataIndex: 'name', search: true, form: { required: true, span: 24 } },
  { title: '经度', dataIndex: 'longitude', type: 'digit', form: { required: true, fieldProps: { precision: 8 } } },
  { title: '纬度', dataIndex: 'latitude', type: 'digit', form: { required: true, fieldProps: { precision: 8 } } },
  { title: '高度', dataIndex: 'height', type: 'digit', form: { fieldProps: { precision: 2 } } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', form: {} },
];

export default function LabelPage() {
  return <CrudPage title="标签" fields={fields} api={labelApi} permissionPrefix="label" />;
}
