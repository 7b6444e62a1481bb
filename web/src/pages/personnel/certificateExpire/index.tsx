import React, { useEffect, useRef, useState } from 'react';
import { useAccess } from '@umijs/max';
import { Button, Card, InputNumber, Select, Space, Statistic } from 'antd';
import CrudPage, { type CrudField, type CrudPageHandle } from '@/components/CrudPage';
import type { CrudApi } from '@/services/system';
import { getExpireInfo, getExpireSetting, saveExpireSetting, type ExpireInfo, type ExpireSetting } from '@/services/certificate';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';
import ValidState, { IN_OR_OUT } from '../components/ValidState';
import useKinds from '../components/useKinds';

const REMIND_TYPES = [
  { label: '按天', value: 1 },
  { label: '按月', value: 2 },
];

/** 证书到期提醒: the tenant's reminder window and the certificates expired or expiring within it. */
export default function CertificateExpirePage() {
  const tt = useText();
  const kinds = useKinds();
  const canEdit = useAccess().can('certificate_expire_edit');
  const table = useRef<CrudPageHandle>(null);
  const [setting, setSetting] = useState<Pick<ExpireSetting, 'type' | 'remindDate'>>({ type: 1, remindDate: 30 });
  const [info, setInfo] = useState<ExpireInfo>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getExpireSetting()
      .then((s) => s && setSetting({ type: s.type || 1, remindDate: s.remindDate || 30 }))
      .catch(() => undefined);
  }, []);

  const api: CrudApi = {
    list: (params) =>
      getExpireInfo(params).then((r) => {
        setInfo(r);
        return { records: r?.records || [], total: r?.total || 0, size: r?.size, current: r?.current } as any;
      }),
  };

  const save = async () => {
    setSaving(true);
    try {
      await saveExpireSetting(setting);
      message.success(tt('操作成功!'));
      table.current?.reload();
    } finally {
      setSaving(false);
    }
  };

  const fields: CrudField[] = [
    { title: '持证人', dataIndex: 'userName', width: 110 },
    { title: '人员类型', dataIndex: 'inOrOut', options: IN_OR_OUT, search: 'equal', width: 100 },
    { title: '所属部门', dataIndex: 'deptName', width: 130 },
    { title: '证书类型', dataIndex: 'kind', options: kinds.leaves, search: 'equal', width: 170, render: (_v, r) => r.kindName || '-' },
    { title: '证书编号', dataIndex: 'certificateNo', search: true, width: 190 },
    { title: '到期日期', dataIndex: 'expireDate', width: 110 },
    { title: '状态', dataIndex: 'validState', width: 140, render: (v, r) => <ValidState state={v} daysLeft={r.daysLeft} /> },
  ];

  return (
    <div>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap size="large" align="center">
          <span>
            <Tx>提醒方式</Tx>:{' '}
            <Select
              aria-label={tt('提醒方式')}
              value={setting.type}
              style={{ width: 100 }}
              disabled={!canEdit}
              options={REMIND_TYPES.map((o) => ({ ...o, label: tt(o.label) }))}
              onChange={(type) => setSetting((s) => ({ ...s, type }))}
            />
          </span>
          <span>
            <Tx>提前提醒</Tx>:{' '}
            <InputNumber
              aria-label={tt('提前提醒')}
              min={1}
              max={setting.type === 2 ? 12 : 365}
              value={setting.remindDate}
              disabled={!canEdit}
              onChange={(v) => setSetting((s) => ({ ...s, remindDate: Number(v) || 1 }))}
              addonAfter={tt(setting.type === 2 ? '个月' : '天')}
            />
          </span>
          {canEdit && (
            <Button type="primary" loading={saving} onClick={save}>
              <Tx>保存设置</Tx>
            </Button>
          )}
          <Statistic title={tt('已过期')} value={info?.expiredCount ?? 0} valueStyle={{ color: '#f5222d', fontSize: 20 }} />
          <Statistic title={tt('即将到期')} value={info?.expiringCount ?? 0} valueStyle={{ color: '#fa8c16', fontSize: 20 }} />
          {info?.until && (
            <span>
              <Tx>提醒截止日期</Tx>: {info.until}
            </span>
          )}
        </Space>
      </Card>
      <CrudPage
        ref={table}
        title="到期证书"
        fields={fields}
        api={api}
        addBtn={false}
        editBtn={false}
        delBtn={false}
        viewBtn={false}
        exportBtn={false}
      />
    </div>
  );
}
