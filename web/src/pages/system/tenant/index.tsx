import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { tenantApi } from '@/services/system';
import { rule } from '@/utils/validate';

const fields: CrudField[] = [
  { title: '租户ID', dataIndex: 'tenantId', search: true, width: 100, form: { disabledOnEdit: true, placeholder: '新增时自动生成' } },
  { title: '租户名称', dataIndex: 'tenantName', search: true, form: { required: true } },
  { title: '联系人', dataIndex: 'linkman', search: true, form: { required: true } },
  { title: '联系电话', dataIndex: 'contactNumber', form: { rules: [rule.phone] } },
  { title: '联系地址', dataIndex: 'address', hideInTable: true, form: { span: 24 } },
  { title: '账号额度', dataIndex: 'accountNumber', type: 'digit', width: 90, form: { initialValue: -1, tooltip: '-1 表示不限' } },
  { title: '过期时间', dataIndex: 'expireTime', type: 'dateTime', width: 170, form: {} },
  { title: '绑定域名', dataIndex: 'domain', form: { placeholder: '如 demo.anquan.cn,用于登录页识别租户' } },
  { title: '系统背景', dataIndex: 'backgroundUrl', hideInTable: true, form: {} },
  { title: '授权码', dataIndex: 'licenseKey', hideInTable: true, type: 'textarea', form: {} },
];

export default function TenantPage() {
  return <CrudPage title="租户" fields={fields} api={tenantApi} permissionPrefix="tenant" />;
}
