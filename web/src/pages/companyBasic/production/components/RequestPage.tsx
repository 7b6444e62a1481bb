import React from 'react';
import { Button } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { equipmentFields } from './equipmentFields';
import { CATEGORIES, REQUEST_STATES, decideRequest, requestApi } from '@/services/equipment';
import { Tx } from '@/utils/i18nText';
import ActionModal from '@/pages/emergency/components/ActionModal';
import FlowLogs from './FlowLogs';

const KINDS: Record<number, { title: string; prefix: string; reason: string; measures: boolean }> = {
  1: { title: '设备停用', prefix: 'equipment_disabled', reason: '停用原因', measures: true },
  2: { title: '设备恢复', prefix: 'equipment_recover', reason: '恢复原因', measures: false },
  3: { title: '设备报废', prefix: 'equipment_scrap', reason: '报废原因', measures: false },
};

const forms = {
  approve: { title: '审批通过', fields: [{ name: 'comment', label: '审批意见', type: 'textarea' as const }] },
  reject: { title: '驳回', fields: [{ name: 'comment', label: '驳回意见', type: 'textarea' as const, required: true }] },
};

/**
 * Disable (停用), recover (恢复) and scrap (报废) requests of one kind: filed with a reason, approved or
 * rejected by a manager other than the requester; an approval changes the equipment.
 */
export default function RequestPage({ kind }: { kind: 1 | 2 | 3 }) {
  const k = KINDS[kind];
  const access = useAccess();
  const [act, setAct] = React.useState<{ kind: 'approve' | 'reject'; rec: any; reload: () => void }>();
  const fields: CrudField[] = [
    ...equipmentFields,
    { title: '设备类别', dataIndex: 'category', options: CATEGORIES, form: false },
    { title: k.reason, dataIndex: 'reason', type: 'textarea', form: { required: true, span: 24 } },
    ...(k.measures
      ? [
          {
            title: '停用期间措施',
            dataIndex: 'measures',
            type: 'textarea',
            hideInTable: true,
            form: { span: 24, tooltip: '安全设施停用须填写' },
          } as CrudField,
        ]
      : []),
    { title: '状态', dataIndex: 'state', search: 'equal', options: REQUEST_STATES, form: false },
    { title: '申请人', dataIndex: 'requesterName', form: false },
    { title: '申请时间', dataIndex: 'createTime', form: false },
    { title: '审批人', dataIndex: 'approverName', form: false },
    { title: '审批意见', dataIndex: 'opinion', hideInTable: true, form: false },
  ];
  const btn = (key: 'approve' | 'reject', rec: any, reload: () => void) => (
    <Button key={key} type="link" size="small" onClick={() => setAct({ kind: key, rec, reload })}>
      <Tx>{forms[key].title}</Tx>
    </Button>
  );
  return (
    <>
      <CrudPage
        title={k.title}
        fields={fields}
        api={requestApi}
        params={{ kind_equal: kind }}
        permissionPrefix={k.prefix}
        exportBtn
        editBtn={false}
        newestFirst="createTime"
        beforeSubmit={(v) => ({ ...v, kind })}
        rowActions={(r: any, reload) => {
          const out: React.ReactNode[] = [<FlowLogs key="logs" kind="request" id={r.id} />];
          if (r.state === 1 && access.can(`${k.prefix}_approve`)) out.push(btn('approve', r, reload), btn('reject', r, reload));
          return out;
        }}
      />
      {act ? (
        <ActionModal
          title={forms[act.kind].title}
          fields={forms[act.kind].fields}
          onSubmit={(v) => decideRequest(act.kind, { ...v, id: act.rec.id })}
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
    </>
  );
}
