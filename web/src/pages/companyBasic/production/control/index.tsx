import React from 'react';
import { Button, Modal, Table, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { equipmentFields } from '../components/equipmentFields';
import { LOCKOUT_STATES, lockoutApi, lockoutDetail, moveLockout, verifyLockoutStep, type Lockout } from '@/services/equipment';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';
import ActionModal, { type ActionField } from '@/pages/emergency/components/ActionModal';
import FlowLogs from '../components/FlowLogs';

const fields: CrudField[] = [
  ...equipmentFields,
  { title: '停机原因', dataIndex: 'reason', type: 'textarea', form: { required: true, span: 24 } },
  {
    title: '隔离点',
    dataIndex: 'stepsText',
    type: 'textarea',
    hideInTable: true,
    form: {
      required: true,
      span: 24,
      tooltip: '每行一个隔离点:隔离点 / 能量类型 / 锁具编号',
      placeholder: '电机电源开关 MCC-1-03 / 电能 / L-0101',
    },
  },
  { title: '状态', dataIndex: 'state', search: 'equal', options: LOCKOUT_STATES, form: false },
  { title: '负责人', dataIndex: 'ownerName', form: false },
  {
    title: '已验证',
    dataIndex: 'verifiedCount',
    form: false,
    render: (_: any, r: any) => `${r.verifiedCount || 0} / ${r.stepCount || 0}`,
  },
  { title: '生成时间', dataIndex: 'createTime', form: false },
  { title: '审批人', dataIndex: 'approverName', form: false },
  { title: '审批意见', dataIndex: 'opinion', hideInTable: true, form: false },
];

/** "point / energy / lock" per line into the isolation points of a lockout. */
export function parseSteps(text: string) {
  return (text || '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [point = '', energy = '', lockNo = ''] = l.split('/').map((x) => x.trim());
      return lockNo ? { point, energy, lockNo } : { point, energy: '', lockNo: energy };
    });
}

function Steps({ rec, onClose }: { rec: Lockout; onClose: () => void }) {
  const tt = useText();
  const access = useAccess();
  const [d, setD] = React.useState<Lockout>();
  const load = React.useCallback(() => lockoutDetail(rec.id!).then(setD), [rec.id]);
  React.useEffect(() => {
    load();
  }, [load]);
  const open = d && (d.state === 1 || d.state === 4);
  return (
    <Modal open width={860} title={tt('隔离点')} footer={null} onCancel={onClose} destroyOnHidden>
      <Table
        rowKey="seq"
        size="small"
        pagination={false}
        dataSource={d?.steps || []}
        columns={[
          { title: tt('序号'), dataIndex: 'seq', width: 60 },
          { title: tt('隔离点'), dataIndex: 'point' },
          { title: tt('能量类型'), dataIndex: 'energy' },
          { title: tt('锁具编号'), dataIndex: 'lockNo' },
          { title: tt('上锁人'), dataIndex: 'lockerName' },
          {
            title: tt('验证'),
            dataIndex: 'verified',
            render: (v: boolean, s: any) =>
              v ? (
                <Tag color="green">
                  {s.verifierName} {s.verifyTime}
                </Tag>
              ) : open && access.can('equipment_lockout_verify') ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() =>
                    verifyLockoutStep(rec.id!, s.seq).then(() => {
                      message.success(tt('操作成功!'));
                      load();
                    })
                  }
                >
                  <Tx>验证</Tx>
                </Button>
              ) : (
                <Tag>
                  <Tx>未验证</Tx>
                </Tag>
              ),
          },
        ]}
      />
    </Modal>
  );
}

const forms: Record<string, { title: string; fields: ActionField[] }> = {
  request: { title: '申请恢复', fields: [{ name: 'comment', label: '说明', type: 'textarea' }] },
  approve: { title: '批准恢复', fields: [{ name: 'comment', label: '审批意见', type: 'textarea' }] },
  reject: { title: '驳回恢复', fields: [{ name: 'comment', label: '驳回意见', type: 'textarea', required: true }] },
};

/**
 * Lockout recovery (停机上锁恢复, LOTO): shutdown data with isolation points and locks → every point
 * verified → resumption requested → approved or rejected by a manager other than the owner.
 */
export default function LockoutPage() {
  const access = useAccess();
  const [steps, setSteps] = React.useState<{ rec: Lockout; reload: () => void }>();
  const [act, setAct] = React.useState<{ kind: string; rec: any; reload: () => void }>();
  const btn = (key: string, rec: any, reload: () => void) => (
    <Button key={key} type="link" size="small" onClick={() => setAct({ kind: key, rec, reload })}>
      <Tx>{forms[key].title}</Tx>
    </Button>
  );
  return (
    <>
      <CrudPage
        title="停机上锁恢复"
        fields={fields}
        api={lockoutApi}
        permissionPrefix="equipment_lockout"
        exportBtn
        editBtn={false}
        newestFirst="createTime"
        beforeSubmit={(v) => {
          const { stepsText, ...rest } = v;
          return { ...rest, steps: parseSteps(stepsText) };
        }}
        rowActions={(r: any, reload) => {
          const out: React.ReactNode[] = [
            <Button key="steps" type="link" size="small" onClick={() => setSteps({ rec: r, reload })}>
              <Tx>隔离点</Tx>
            </Button>,
            <FlowLogs key="logs" kind="lockout" id={r.id} />,
          ];
          if ((r.state === 1 || r.state === 4) && access.can('equipment_lockout_request')) out.push(btn('request', r, reload));
          if (r.state === 2 && access.can('equipment_lockout_approve')) out.push(btn('approve', r, reload), btn('reject', r, reload));
          return out;
        }}
      />
      {steps ? (
        <Steps
          rec={steps.rec}
          onClose={() => {
            steps.reload();
            setSteps(undefined);
          }}
        />
      ) : null}
      {act ? (
        <ActionModal
          title={forms[act.kind].title}
          fields={forms[act.kind].fields}
          onSubmit={(v) => moveLockout(act.kind, { ...v, id: act.rec.id })}
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
    </>
  );
}
