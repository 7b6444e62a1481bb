import React from 'react';
import { Button } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { EVALUATION_GRADES, drillApi, evaluateDrill, moveDrill, planApi, teamApi } from '@/services/emergency';
import { Tx } from '@/utils/i18nText';
import ActionModal, { type ActionField } from '../components/ActionModal';

const published = () =>
  planApi
    .list({ state: 2, size: 200 })
    .then((p: any) => (p.records || []).map((x: any) => ({ label: `${x.name} V${x.version}`, value: x.id })));
const teams = () => teamApi.list({ size: 200 }).then((p: any) => (p.records || []).map((x: any) => ({ label: x.name, value: x.id })));

const fields: CrudField[] = [
  { title: '演练名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '演练预案', dataIndex: 'planId', hideInTable: true, type: 'select', form: { request: published, viewAs: 'planName' } },
  { title: '演练预案', dataIndex: 'planName', form: false },
  { title: '演练方式', dataIndex: 'way', search: 'equal', dictCode: 'drill_way', form: { required: true } },
  { title: '演练状态', dataIndex: 'state', search: 'equal', dictCode: 'drill_state', form: false },
  { title: '计划日期', dataIndex: 'plannedDate', type: 'date', form: { required: true } },
  { title: '实际日期', dataIndex: 'actualDate', form: false },
  { title: '演练地点', dataIndex: 'place', form: {} },
  { title: '参演队伍', dataIndex: 'teamId', hideInTable: true, type: 'select', form: { request: teams } },
  { title: '参演人数', dataIndex: 'participants', type: 'digit', form: {} },
  { title: '评估等级', dataIndex: 'evaluationGrade', options: EVALUATION_GRADES, form: false },
  { title: '已报告主管部门', dataIndex: 'reportedToAuthority', form: false, render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
  { title: '负责人', dataIndex: 'responsibleUserId', type: 'select', hideInTable: true, form: { request: userOptions } },
  { title: '演练情景', dataIndex: 'scenario', type: 'textarea', hideInTable: true, form: { span: 24 } },
  { title: '演练记录', dataIndex: 'record', hideInTable: true, form: false },
  { title: '评估报告', dataIndex: 'evaluation', hideInTable: true, form: false },
  { title: '整改项', dataIndex: 'rectifications', hideInTable: true, form: false },
];

const today = () => new Date().toISOString().slice(0, 10);

const forms: Record<string, { title: string; fields: ActionField[]; init?: any }> = {
  start: { title: '开始演练', fields: [] },
  complete: {
    title: '完成演练',
    init: { actualDate: today() },
    fields: [
      { name: 'actualDate', label: '实际日期', type: 'date', required: true },
      { name: 'participants', label: '参演人数', type: 'digit' },
      { name: 'record', label: '演练记录', type: 'textarea', required: true },
      {
        name: 'reportedToAuthority',
        label: '已报告主管部门',
        type: 'switch',
        tooltip: '危险化学品单位每半年至少一次并报告 (国务院令第708号)',
      },
    ],
  },
  reject: { title: '驳回演练', fields: [{ name: 'reason', label: '原因', type: 'textarea', required: true }] },
  void: { title: '作废演练', fields: [{ name: 'reason', label: '原因', type: 'textarea', required: true }] },
  evaluate: {
    title: '演练评估',
    fields: [
      { name: 'evaluationGrade', label: '评估等级', type: 'select', options: EVALUATION_GRADES, required: true },
      {
        name: 'evaluation',
        label: '评估报告',
        type: 'textarea',
        required: true,
        tooltip: 'AQ/T 9009-2015:预案、组织、人员、机制和资源方面的问题',
      },
      { name: 'rectifications', label: '整改项', type: 'textarea', tooltip: '每行一条,每条生成一项隐患' },
    ],
  },
};

/** Drills (应急演练): planned → in process → complete (record) → evaluation whose items become hidden dangers. */
export default function EmergencyDrillPage() {
  const access = useAccess();
  const [act, setAct] = React.useState<{ kind: string; rec: any; reload: () => void }>();
  const btn = (key: string, label: string, rec: any, reload: () => void) => (
    <Button key={key} type="link" size="small" onClick={() => setAct({ kind: key, rec, reload })}>
      <Tx>{label}</Tx>
    </Button>
  );
  const form = act ? forms[act.kind] : undefined;
  return (
    <>
      <CrudPage
        title="应急演练"
        fields={fields}
        api={drillApi}
        permissionPrefix="emergency_drill"
        exportBtn={false}
        rowActions={(r: any, reload) => {
          const out: React.ReactNode[] = [];
          if (access.can('emergency_drill_edit')) {
            if (r.state === 0) out.push(btn('start', '开始', r, reload), btn('reject', '驳回', r, reload));
            if (r.state === 1) out.push(btn('complete', '完成', r, reload));
            if (r.state === 0 || r.state === 1) out.push(btn('void', '作废', r, reload));
          }
          if (r.state === 2 && access.can('emergency_drill_evaluate')) out.push(btn('evaluate', '评估', r, reload));
          return out;
        }}
      />
      {act && form ? (
        <ActionModal
          title={form.title}
          fields={form.fields}
          initialValues={
            act.kind === 'evaluate'
              ? {
                  evaluationGrade: act.rec.evaluationGrade || undefined,
                  evaluation: act.rec.evaluation,
                  rectifications: act.rec.rectifications,
                }
              : form.init
          }
          onSubmit={(v) =>
            act.kind === 'evaluate' ? evaluateDrill({ ...v, id: act.rec.id }) : moveDrill({ ...v, id: act.rec.id, action: act.kind })
          }
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
    </>
  );
}
