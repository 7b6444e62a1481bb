import React from 'react';
import { Button, Card, Modal, Table } from 'antd';
import { useAccess } from '@umijs/max';
import { ruleHistory, ruleList, submitRule } from '@/services/emergency';
import { Tx, useText } from '@/utils/i18nText';
import ActionModal from './ActionModal';

/**
 * A service's rule table (emergency or accident): the values in force with their legal source;
 * a change is a new version (older ones are kept and listed).
 */
export default function RulePage({
  svc,
  title,
  perm,
  statutory = true,
}: {
  svc: 'emergency' | 'accident' | 'monitor' | 'health' | 'positioning' | 'video-surveillance';
  title: string;
  perm: string;
  /** whether the defaults come from regulations; positioning's are common practice, so not "法定" */
  statutory?: boolean;
}) {
  const tt = useText();
  const access = useAccess();
  const [rows, setRows] = React.useState<any[]>([]);
  const [edit, setEdit] = React.useState<any>();
  const [history, setHistory] = React.useState<{ rule: any; items: any[] }>();
  const load = React.useCallback(() => {
    ruleList(svc).then(setRows);
  }, [svc]);
  React.useEffect(load, [load]);
  const columns = [
    { title: tt('规则'), dataIndex: 'name' },
    { title: tt('编码'), dataIndex: 'code' },
    { title: tt('当前值'), dataIndex: 'value', render: (v: number, r: any) => `${v} ${r.unit ? tt(r.unit) : ''}` },
    { title: tt(statutory ? '法定默认值' : '默认值'), dataIndex: 'defaultValue' },
    { title: tt('版本'), dataIndex: 'version', render: (v: number) => (v ? v : tt(statutory ? '法定默认' : '默认')) },
    { title: tt('依据'), dataIndex: 'source', ellipsis: true },
    {
      title: tt('操作'),
      key: 'op',
      width: 160,
      render: (_: any, r: any) => (
        <>
          {access.can(`${perm}_edit`) ? (
            <Button type="link" size="small" onClick={() => setEdit(r)}>
              <Tx>修改</Tx>
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => ruleHistory(svc, r.code).then((items) => setHistory({ rule: r, items }))}>
            <Tx>历史版本</Tx>
          </Button>
        </>
      ),
    },
  ];
  return (
    <Card title={tt(title)}>
      <Table rowKey="code" size="small" columns={columns} dataSource={rows} pagination={false} />
      {edit ? (
        <ActionModal
          title="修改规则"
          initialValues={{ value: edit.value, source: '' }}
          fields={[
            { name: 'value', label: edit.name, type: 'digit', required: true },
            { name: 'source', label: '依据', type: 'textarea', required: true, tooltip: '法规条款或本单位更严格要求的理由' },
          ]}
          onSubmit={(v) => submitRule(svc, { code: edit.code, value: v.value, source: v.source })}
          onClose={(saved) => {
            setEdit(undefined);
            if (saved) load();
          }}
        />
      ) : null}
      <Modal open={!!history} title={history ? tt(history.rule.name) : ''} footer={null} width={720} onCancel={() => setHistory(undefined)}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={history?.items || []}
          columns={[
            { title: tt('版本'), dataIndex: 'version' },
            { title: tt('值'), dataIndex: 'value' },
            { title: tt('依据'), dataIndex: 'source' },
            { title: tt('时间'), dataIndex: 'updateTime' },
          ]}
        />
      </Modal>
    </Card>
  );
}
