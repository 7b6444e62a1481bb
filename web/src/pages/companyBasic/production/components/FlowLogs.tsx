import React from 'react';
import { Button, Empty, Modal, Timeline } from 'antd';
import { flowDetail, type FlowLog } from '@/services/equipment';
import { Tx, useText } from '@/utils/i18nText';

const ACTIONS: Record<string, string> = {
  report: '报修',
  assign: '派工',
  start: '开始维修',
  finish: '完成维修',
  accept: '验收',
  return: '退回返修',
  submit: '提交申请',
  approve: '审批通过',
  reject: '驳回',
  shutdown: '停机上锁',
  verify: '验证隔离点',
  request: '申请恢复',
};

/** A row button that shows the flow log of a record (who, when, what, comment). */
export default function FlowLogs({ kind, id }: { kind: 'service' | 'request' | 'lockout'; id: string }) {
  const tt = useText();
  const [logs, setLogs] = React.useState<FlowLog[]>();
  return (
    <>
      <Button type="link" size="small" onClick={() => flowDetail(kind, id).then((d) => setLogs(d.logs || []))}>
        <Tx>流转记录</Tx>
      </Button>
      {logs ? (
        <Modal open title={tt('流转记录')} footer={null} onCancel={() => setLogs(undefined)} destroyOnHidden>
          {logs.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              items={logs.map((l) => ({
                children: (
                  <div data-testid="flow-log">
                    <b>{tt(ACTIONS[l.action || ''] || l.action || '')}</b> {l.userName} {l.createTime}
                    {l.comment ? <div>{l.comment}</div> : null}
                  </div>
                ),
              }))}
            />
          )}
        </Modal>
      ) : null}
    </>
  );
}
