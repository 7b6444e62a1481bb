import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { paramApi } from '@/services/system';

const fields: CrudField[] = [
  { title: '参数名称', dataIndex: 'paramName', search: true, form: { required: true } },
  { title: '参数键名', dataIndex: 'paramKey', search: true, form: { required: true } },
  { title: '参数键值', dataIndex: 'paramValue', form: { required: true, span: 24, type: 'textarea' } },
  {
    title: '可见范围',
    dataIndex: 'visibility',
    dictCode: 'param_visibility',
    search: 'equal',
    width: 120,
    form: { initialValue: 2, tooltip: '公开:租户内所有人可按键名读取;租户管理员:仅管理员;仅平台:只有平台管理员可见可改' },
  },
  {
    title: '密文',
    dataIndex: 'secret',
    type: 'switch',
    width: 80,
    form: { tooltip: '密文参数只写不读:列表、详情与导出均显示 ******,保存时保留原值;键名含 secret、password、token、key 等时自动为密文' },
  },
  { title: '备注', dataIndex: 'remark', hideInTable: true, type: 'textarea', form: {} },
];

export default function ParamPage() {
  return <CrudPage title="参数" fields={fields} api={paramApi} permissionPrefix="param" />;
}
