import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { clientApi } from '@/services/system';

const fields: CrudField[] = [
  { title: '应用id', dataIndex: 'clientId', search: true, form: { required: true } },
  { title: '应用密钥', dataIndex: 'clientSecret', search: true, form: { required: true } },
  { title: '授权范围', dataIndex: 'scope', form: { required: true, initialValue: 'all' } },
  {
    title: '授权类型',
    dataIndex: 'authorizedGrantTypes',
    form: { required: true, initialValue: 'refresh_token,password,authorization_code,captcha,social' },
    width: 260,
  },
  { title: '令牌秒数', dataIndex: 'accessTokenValidity', type: 'digit', form: { required: true, initialValue: 3600 } },
  { title: '刷新秒数', dataIndex: 'refreshTokenValidity', type: 'digit', form: { required: true, initialValue: 604800 } },
  { title: '密码加密', dataIndex: 'encryptPassword', hideInTable: true, form: { tooltip: '登录密码的传输加密方式' } },
];

export default function ClientPage() {
  return <CrudPage title="应用" fields={fields} api={clientApi} permissionPrefix="client" />;
}
