import React, { useState } from 'react';
import { Input, Modal, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { KINDS, blacklistApi, companyOptions, liftBlacklist, personOptions } from '@/services/contractor';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '类型', dataIndex: 'kind', search: 'equal', options: KINDS, width: 80, form: { required: true, initialValue: 2 } },
  { title: '名称', dataIndex: 'targetName', search: true, form: false },
  {
    title: '承包商单位',
    dataIndex: 'companyId',
    type: 'select',
    hideInTable: true,
    form: { request: companyOptions, required: (get) => get('kind') === 1, hideInView: true },
  },
  {
    title: '承包商人员',
    dataIndex: 'personId',
    type: 'select',
    hideInTable: true,
    form: { request: personOptions, required: (get) => get('kind') === 2, hideInView: true },
  },
  { title: '证件号', dataIndex: 'idNo', width: 190, form: false },
  { title: '原因', dataIndex: 'reason', ellipsis: true, form: { required: true, span: 24 } },
  {
    title: '状态',
    dataIndex: 'lifted',
    search: 'equal',
    width: 90,
    options: [
      { label: '已移出', value: 1 },
      { label: '黑名单中', value: 0 },
    ],
    form: false,
    render: (_: any, r: any) =>
      r.lifted ? (
        <Tag>
          <Tx>已移出</Tx>
        </Tag>
      ) : (
        <Tag color="black">
          <Tx>黑名单中</Tx>
        </Tag>
      ),
  },
  { title: '操作人', dataIndex: 'operatorName', width: 90, form: false },
  { title: '创建时间', dataIndex: 'createTime', width: 170, form: false },
];

/** 黑名单: companies and people barred from work; lifting keeps the entry as history. */
export default function ContractorBlacklistPage() {
  const access = useAccess();
  const tt = useText();
  const [lift, setLift] = useState<any>(null);
  const [reason, setReason] = useState('');
  const [tick, setTick] = useState(0);
  const submit = async () => {
    await liftBlacklist(lift.id, reason);
    message.success(tt('操作成功!'));
    setLift(null);
    setTick((n) => n + 1);
  };
  return (
    <>
      <CrudPage
        key={tick}
        title="黑名单"
        fields={fields}
        api={blacklistApi}
        permissionPrefix="ct_blacklist"
        editBtn={false}
        delBtn={false}
        exportBtn={false}
        beforeSubmit={(v: any) => ({ kind: v.kind, targetId: v.kind === 1 ? v.companyId : v.personId, reason: v.reason })}
        rowActions={(r: any) =>
          !r.lifted && access.canAny('ct_blacklist_lift')
            ? [
                <a key="lift" data-testid="blacklist-lift" onClick={() => (setLift(r), setReason(''))}>
                  <Tx>移出黑名单</Tx>
                </a>,
              ]
            : []
        }
      />
      <Modal open={!!lift} title={tt('移出黑名单')} onOk={submit} onCancel={() => setLift(null)}>
        <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={tt('移出原因')} />
      </Modal>
    </>
  );
}
