import React from 'react';
import { Button, Tag, Typography } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { gatewayApi, issueSecret } from '@/services/monitor';
import { modal } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '网关编码', dataIndex: 'code', search: 'equal', form: { required: true } },
  { title: '网关名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '已签发密钥', dataIndex: 'hasSecret', form: false, render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
  {
    title: '状态',
    dataIndex: 'online',
    form: false,
    render: (v: boolean) => (
      <Tag color={v ? 'green' : 'default'}>
        <Tx>{v ? '在线' : '离线'}</Tx>
      </Tag>
    ),
  },
  { title: '最后通信时间', dataIndex: 'lastSeen', form: false },
  { title: '异常报文', dataIndex: 'malformed', form: false },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

/** Data gateways (采集网关): MQTT credentials are issued here and shown once. */
export default function MonitorGatewayPage() {
  const access = useAccess();
  const tt = useText();
  const issue = (id: string, reload: () => void) =>
    modal.confirm({
      title: tt('签发新密钥'),
      content: tt('旧密钥将立即失效,网关需使用新密钥重新连接。'),
      onOk: async () => {
        const r = await issueSecret(id);
        reload();
        const s = r.data;
        modal.info({
          title: tt('新密钥(仅显示一次)'),
          width: 560,
          content: (
            <div>
              <Typography.Paragraph copyable>{`用户名: ${s.username}`}</Typography.Paragraph>
              <Typography.Paragraph copyable={{ text: s.secret }}>{`密钥: ${s.secret}`}</Typography.Paragraph>
              <Typography.Paragraph copyable>{`主题: ${s.topic}`}</Typography.Paragraph>
            </div>
          ),
        });
      },
    });
  return (
    <CrudPage
      title="采集网关"
      fields={fields}
      api={gatewayApi}
      permissionPrefix="monitor_gateway"
      exportBtn={false}
      rowActions={(r: any, reload) =>
        access.can('monitor_gateway_secret')
          ? [
              <Button key="secret" type="link" size="small" onClick={() => issue(r.id, reload)}>
                <Tx>签发密钥</Tx>
              </Button>,
            ]
          : []
      }
    />
  );
}
