import React from 'react';
import { Tag, Typography } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { socialProviderApi } from '@/services/system';
import { rule } from '@/utils/validate';
import { Tx } from '@/utils/i18nText';

const STATUS = [
  { label: '启用', value: 1 },
  { label: '停用', value: 2 },
];

/** The callback every provider must send the browser back to. */
const callbackOf = (source?: string) => `${window.location.origin}/oauth/redirect/${source || '{source}'}`;

const fields: CrudField[] = [
  {
    title: '来源标识',
    dataIndex: 'source',
    search: true,
    width: 110,
    form: { required: true, tooltip: '回调地址 /oauth/redirect/{来源标识} 中的标识,如 github' },
  },
  { title: '显示名称', dataIndex: 'name', search: true, width: 120, form: {} },
  { title: '客户端ID', dataIndex: 'clientId', width: 160, form: { required: true } },
  {
    title: '客户端密钥',
    dataIndex: 'clientSecret',
    hideInTable: true,
    form: { type: 'password', tooltip: '编辑时留空或保持 ****** 则不修改' },
  },
  { title: '授权地址', dataIndex: 'authUrl', hideInTable: true, form: { span: 24, rules: [rule.url] } },
  { title: '令牌地址', dataIndex: 'tokenUrl', width: 220, form: { required: true, span: 24, rules: [rule.url] } },
  { title: '用户信息地址', dataIndex: 'userInfoUrl', hideInTable: true, form: { required: true, span: 24, rules: [rule.url] } },
  { title: '回调地址', dataIndex: 'redirectUri', hideInTable: true, form: { span: 24, placeholder: '留空则由提供方使用其登记的回调地址' } },
  { title: '授权范围', dataIndex: 'scope', hideInTable: true, form: { initialValue: 'openid profile email' } },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    options: STATUS,
    render: (v) => (
      <Tag color={String(v) === '2' ? 'default' : 'green'}>
        <Tx>{STATUS.find((s) => String(s.value) === String(v))?.label ?? '启用'}</Tx>
      </Tag>
    ),
    form: { type: 'radio', initialValue: 1 },
  },
  {
    title: '本平台回调',
    dataIndex: 'callback',
    width: 300,
    render: (_v, r) => (
      <Typography.Text copyable style={{ fontSize: 12 }}>
        {callbackOf(r.source)}
      </Typography.Text>
    ),
    form: false,
  },
  { title: '创建时间', dataIndex: 'createTime', width: 170, form: false },
];

/** Social login providers of the tenant (OAuth2 / OIDC): used by /oauth/redirect/:source. */
export default function SocialPage() {
  return <CrudPage title="第三方登录" fields={fields} api={socialProviderApi} permissionPrefix="social" />;
}
