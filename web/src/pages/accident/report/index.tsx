import React from 'react';
import { Button, Modal, Table, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import {
  ACCIDENT_GRADES,
  ACCIDENT_STATES,
  ACTION_STATES,
  accidentApi,
  actionApi,
  completeAction,
  investigate,
  supplementAccident,
  supplements,
} from '@/services/emergency';
import { Tx, useText } from '@/utils/i18nText';
import ActionModal, { type ActionField } from '@/pages/emergency/components/ActionModal';

const gradeColors = ['', 'magenta', 'red', 'orange', 'blue'];

/** Minutes left on the report clock (negative: past it), from the occurrence. */
function Clock({ rec }: { rec: any }) {
  const tt = useText();
  if (rec.reportLate) return <Tag color="red">{tt('迟报')}</Tag>;
  return <Tag color="green">{tt('按时上报')}</Tag>;
}

const fields: CrudField[] = [
  { title: '事故名称', dataIndex: 'title', search: true, form: { required: true, span: 24 } },
  { title: '发生时间', dataIndex: 'occurredAt', type: 'dateTime', form: { required: true, disabledOnEdit: true } },
  { title: '发生地点', dataIndex: 'place', search: true, form: { required: true } },
  { title: '事故类型', dataIndex: 'accidentType', search: 'equal', dictCode: 'accident_type', form: { required: true } },
  { title: '事故原因', dataIndex: 'cause', search: 'equal', dictCode: 'accident_cause', form: {} },
  { title: '事故性质', dataIndex: 'nature', hideInTable: true, dictCode: 'accident_nature', form: {} },
  { title: 'GB 6441 类别', dataIndex: 'gb6441Type', hideInTable: true, type: 'digit', form: { tooltip: 'GB 6441-1986 的 1-20 类' } },
  { title: '死亡', dataIndex: 'deaths', type: 'digit', form: { disabledOnEdit: true } },
  { title: '重伤', dataIndex: 'seriousInjuries', type: 'digit', form: { disabledOnEdit: true, tooltip: '含急性工业中毒' } },
  { title: '轻伤', dataIndex: 'minorInjuries', type: 'digit', form: { disabledOnEdit: true } },
  { title: '失踪', dataIndex: 'missing', type: 'digit', hideInTable: true, form: { disabledOnEdit: true } },
  { title: '直接经济损失(万元)', dataIndex: 'directLoss', type: 'digit', form: { disabledOnEdit: true } },
  {
    title: '事故等级',
    dataIndex: 'grade',
    search: 'equal',
    options: ACCIDENT_GRADES,
    form: false,
    render: (v: number, r: any) => <Tag color={gradeColors[v]}>{r.gradeName ? <Tx>{r.gradeName}</Tx> : null}</Tag>,
  },
  { title: '状态', dataIndex: 'state', search: 'equal', options: ACCIDENT_STATES, form: false },
  { title: '上报', dataIndex: 'reportedAt', form: false, render: (_: any, r: any) => <Clock rec={r} /> },
  { title: '上报期限', dataIndex: 'reportDue', hideInTable: true, form: false },
  { title: '补报截止', dataIndex: 'supplementDue', hideInTable: true, form: false },
  {
    title: '调查期限',
    dataIndex: 'investigationDue',
    form: false,
    render: (v: string, r: any) => <span style={r.investigationOverdue ? { color: '#cf1322' } : undefined}>{v}</span>,
  },
  { title: '未完成整改', dataIndex: 'openActions', form: false },
  { title: '责任人', dataIndex: 'responsibleUserId', type: 'select', hideInTable: true, form: { request: userOptions } },
  { title: '事故经过', dataIndex: 'description', type: 'textarea', hideInTable: true, form: { span: 24 } },
  { title: '已采取措施', dataIndex: 'measuresTaken', type: 'textarea', hideInTable: true, form: { span: 24 } },
  { title: '调查组组长', dataIndex: 'investigationLeader', hideInTable: true, form: false },
  { title: '调查报告', dataIndex: 'investigationReport', hideInTable: true, form: false },
  { title: '事故原因分析', dataIndex: 'rootCause', hideInTable: true, form: false },
  { title: '责任处理', dataIndex: 'responsibility', hideInTable: true, form: false },
  { title: '教育情况', dataIndex: 'education', hideInTable: true, form: false },
];

const figures: ActionField[] = [
  { name: 'deaths', label: '死亡', type: 'digit' },
  { name: 'seriousInjuries', label: '重伤', type: 'digit' },
  { name: 'minorInjuries', label: '轻伤', type: 'digit' },
  { name: 'missing', label: '失踪', type: 'digit' },
  { name: 'directLoss', label: '直接经济损失(万元)', type: 'digit' },
  { name: 'note', label: '补报说明', type: 'textarea', required: true },
];

const forms: Record<string, { title: string; fields: ActionField[] }> = {
  supplement: { title: '事故补报', fields: figures },
  start: { title: '启动调查', fields: [{ name: 'leader', label: '调查组组长', required: true }] },
  extend: {
    title: '延长调查期限',
    fields: [{ name: 'days', label: '延长天数', type: 'digit', required: true, tooltip: '合计不超过规则表的上限' }],
  },
  close: {
    title: '结案 (四不放过)',
    fields: [
      { name: 'report', label: '调查报告', type: 'textarea', required: true },
      { name: 'rootCause', label: '事故原因分析', type: 'textarea', required: true },
      { name: 'responsibility', label: '责任处理', type: 'textarea', required: true },
      { name: 'education', label: '教育情况', type: 'textarea', required: true },
    ],
  },
};

const actionFields: CrudField[] = [
  { title: '整改措施', dataIndex: 'content', type: 'textarea', form: { required: true, span: 24 } },
  {
    title: '整改责任人',
    dataIndex: 'responsibleUserId',
    type: 'select',
    hideInTable: true,
    form: { required: true, request: userOptions },
  },
  { title: '整改期限', dataIndex: 'deadline', type: 'date', form: {} },
  { title: '状态', dataIndex: 'state', options: ACTION_STATES, form: false },
  {
    title: '生成隐患',
    dataIndex: 'raiseHazard',
    type: 'switch',
    hideInTable: true,
    form: { addOnly: true, tooltip: '在隐患排查治理中生成一项隐患跟踪整改' },
  },
  { title: '已生成隐患', dataIndex: 'hazardRaised', form: false, render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
  { title: '完成时间', dataIndex: 'doneAt', form: false },
  { title: '完成情况', dataIndex: 'doneNote', form: false },
];

/** Accidents (事故管理): the report clock, supplements, investigation, corrective actions and the 四不放过 closure. */
export default function AccidentReportPage() {
  const access = useAccess();
  const tt = useText();
  const [act, setAct] = React.useState<{ kind: string; rec: any; reload: () => void }>();
  const [sup, setSup] = React.useState<any[]>();
  const [actions, setActions] = React.useState<{ rec: any; reload: () => void }>();
  const [done, setDone] = React.useState<{ rec: any; reload: () => void }>();
  const btn = (key: string, label: string, rec: any, reload: () => void) => (
    <Button key={key} type="link" size="small" onClick={() => setAct({ kind: key, rec, reload })}>
      <Tx>{label}</Tx>
    </Button>
  );
  const form = act ? forms[act.kind] : undefined;
  return (
    <>
      <CrudPage
        title="事故管理"
        fields={fields}
        api={accidentApi}
        permissionPrefix="accident_report"
        exportBtn={false}
        dialogWidth={900}
        rowActions={(r: any, reload) => {
          const out: React.ReactNode[] = [];
          const inv = access.can('accident_report_investigate');
          if (r.state !== 2 && access.can('accident_report_edit')) out.push(btn('supplement', '补报', r, reload));
          if (r.state === 0 && inv) out.push(btn('start', '启动调查', r, reload));
          if (r.state === 1 && inv) out.push(btn('extend', '延期', r, reload), btn('close', '结案', r, reload));
          out.push(
            <Button key="actions" type="link" size="small" onClick={() => setActions({ rec: r, reload })}>
              <Tx>整改措施</Tx>
            </Button>,
            <Button key="sup" type="link" size="small" onClick={() => supplements(r.id).then(setSup)}>
              <Tx>补报记录</Tx>
            </Button>,
          );
          return out;
        }}
      />
      {act && form ? (
        <ActionModal
          title={form.title}
          fields={form.fields}
          initialValues={act.kind === 'supplement' ? { ...act.rec, note: '' } : undefined}
          onSubmit={(v) =>
            act.kind === 'supplement'
              ? supplementAccident({ ...v, accidentId: act.rec.id })
              : investigate({ ...v, id: act.rec.id, action: act.kind })
          }
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
      <Modal open={!!sup} title={tt('补报记录')} footer={null} width={820} onCancel={() => setSup(undefined)}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={sup || []}
          columns={[
            { title: tt('时间'), dataIndex: 'createTime' },
            { title: tt('死亡'), dataIndex: 'deaths' },
            { title: tt('重伤'), dataIndex: 'seriousInjuries' },
            { title: tt('直接经济损失(万元)'), dataIndex: 'directLoss' },
            { title: tt('等级变化'), key: 'g', render: (_: any, s: any) => `${s.gradeBefore} → ${s.gradeAfter}` },
            { title: tt('补报说明'), dataIndex: 'note' },
            { title: tt('补报人'), dataIndex: 'reporterName' },
          ]}
        />
      </Modal>
      <Modal
        open={!!actions}
        title={actions ? `${actions.rec.title} · ${tt('整改措施')}` : ''}
        footer={null}
        width={1000}
        destroyOnHidden
        onCancel={() => {
          actions?.reload();
          setActions(undefined);
        }}
      >
        {actions ? (
          <CrudPage
            title="整改措施"
            fields={actionFields}
            api={actionApi}
            params={{ accidentId: actions.rec.id }}
            permissionPrefix="accident_report"
            addBtn={access.can('accident_report_investigate') && actions.rec.state !== 2}
            editBtn={access.can('accident_report_investigate') && actions.rec.state !== 2}
            delBtn={access.can('accident_report_investigate') && actions.rec.state !== 2}
            viewBtn={false}
            exportBtn={false}
            beforeSubmit={(v: any) => ({ ...v, accidentId: actions.rec.id })}
            rowActions={(x: any, reload) =>
              x.state === 0
                ? [
                    <Button key="done" type="link" size="small" onClick={() => setDone({ rec: x, reload })}>
                      <Tx>完成</Tx>
                    </Button>,
                  ]
                : []
            }
          />
        ) : null}
      </Modal>
      {done ? (
        <ActionModal
          title="整改完成"
          fields={[{ name: 'note', label: '完成情况', type: 'textarea', required: true }]}
          onSubmit={(v) => completeAction({ ...v, id: done.rec.id })}
          onClose={(saved) => {
            if (saved) done.reload();
            setDone(undefined);
          }}
        />
      ) : null}
    </>
  );
}
