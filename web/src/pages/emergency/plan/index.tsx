import React from 'react';
import { Button, Modal, Table, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import {
  PLAN_STATES,
  PLAN_TYPES,
  REVIEW_WAYS,
  filePlan,
  planApi,
  planVersions,
  publishPlan,
  reviewPlan,
  revisePlan,
} from '@/services/emergency';
import { Tx, useText } from '@/utils/i18nText';
import ActionModal, { type ActionField } from '../components/ActionModal';

const due = (flag: string) => (v: string, r: any) => (v ? <span style={r[flag] ? { color: '#cf1322' } : undefined}>{v}</span> : '-');

const fields: CrudField[] = [
  { title: '预案编号', dataIndex: 'code', search: true, form: { required: true, disabledOnEdit: true } },
  { title: '预案名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '预案类型', dataIndex: 'planType', search: 'equal', options: PLAN_TYPES, form: { required: true } },
  { title: '版本', dataIndex: 'version', form: false, render: (v: number) => `V${v}` },
  { title: '状态', dataIndex: 'state', search: 'equal', options: PLAN_STATES, form: false },
  { title: '发布日期', dataIndex: 'publishDate', form: false },
  { title: '备案期限', dataIndex: 'filingDue', form: false, render: due('filingOverdue') },
  { title: '备案日期', dataIndex: 'filedDate', form: false },
  { title: '下次评估', dataIndex: 'evaluationDue', form: false },
  { title: '最近演练', dataIndex: 'lastDrillDate', form: false },
  { title: '下次演练', dataIndex: 'drillDue', form: false, render: due('drillOverdue') },
  { title: '负责人', dataIndex: 'responsibleUserId', type: 'select', hideInTable: true, form: { request: userOptions } },
  { title: '预案内容', dataIndex: 'content', type: 'textarea', hideInTable: true, form: { span: 24 } },
  {
    title: '应急处置卡',
    dataIndex: 'responseCards',
    type: 'textarea',
    hideInTable: true,
    form: { span: 24, tooltip: '现场处置方案必填:重点岗位每行一条' },
  },
  { title: '评审专家', dataIndex: 'reviewers', hideInTable: true, form: false },
  { title: '评审意见', dataIndex: 'reviewOpinion', hideInTable: true, form: false },
  { title: '修订原因', dataIndex: 'reviseReason', hideInTable: true, form: false },
];

const today = () => new Date().toISOString().slice(0, 10);

/** Emergency plans (应急预案): draft → review → publish (filing and evaluation due) → file; revisions are new versions. */
export default function EmergencyPlanPage() {
  const access = useAccess();
  const tt = useText();
  const [act, setAct] = React.useState<{ kind: string; rec: any; reload: () => void }>();
  const [versions, setVersions] = React.useState<any[]>();
  const forms: Record<string, { title: string; fields: ActionField[]; submit: (v: any) => Promise<any>; init?: any }> = act
    ? {
        review: {
          title: '预案评审',
          init: { reviewWay: 1, reviewDate: today() },
          fields: [
            { name: 'reviewWay', label: '评审方式', type: 'select', options: REVIEW_WAYS, required: true },
            { name: 'reviewers', label: '评审专家', tooltip: '评审须填写专家;与预案有利害关系的专家应当回避' },
            { name: 'reviewOpinion', label: '评审意见', type: 'textarea', required: true },
            { name: 'reviewDate', label: '评审日期', type: 'date', required: true },
          ],
          submit: (v) => reviewPlan({ ...v, id: act.rec.id }),
        },
        publish: {
          title: '发布预案',
          init: { date: today() },
          fields: [{ name: 'date', label: '发布日期', type: 'date', required: true, tooltip: '备案期限按规则表的工作日数自动计算' }],
          submit: (v) => publishPlan({ ...v, id: act.rec.id }),
        },
        file: {
          title: '预案备案',
          init: { date: today() },
          fields: [{ name: 'date', label: '备案日期', type: 'date', required: true }],
          submit: (v) => filePlan({ ...v, id: act.rec.id }),
        },
        revise: {
          title: '修订预案',
          fields: [
            {
              name: 'reason',
              label: '修订原因',
              type: 'textarea',
              required: true,
              tooltip: '法律法规、组织机构、重大风险、应急资源变化或演练发现的问题',
            },
          ],
          submit: (v) => revisePlan({ ...v, id: act.rec.id }),
        },
      }
    : {};
  const btn = (key: string, label: string, rec: any, reload: () => void) => (
    <Button key={key} type="link" size="small" onClick={() => setAct({ kind: key, rec, reload })}>
      <Tx>{label}</Tx>
    </Button>
  );
  const form = act ? forms[act.kind] : undefined;
  return (
    <>
      <CrudPage
        title="应急预案"
        fields={fields}
        api={planApi}
        permissionPrefix="emergency_plan"
        exportBtn={false}
        rowActions={(r: any, reload) => {
          const out: React.ReactNode[] = [];
          if (r.state === 0 && access.can('emergency_plan_review')) out.push(btn('review', '评审', r, reload));
          if (r.state === 1 && access.can('emergency_plan_publish')) out.push(btn('publish', '发布', r, reload));
          if (r.state === 2 && !r.filedDate && access.can('emergency_plan_publish')) out.push(btn('file', '备案', r, reload));
          if (r.state === 2 && access.can('emergency_plan_edit')) out.push(btn('revise', '修订', r, reload));
          out.push(
            <Button key="versions" type="link" size="small" onClick={() => planVersions(r.id).then(setVersions)}>
              <Tx>版本</Tx>
            </Button>,
          );
          return out;
        }}
      />
      {act && form ? (
        <ActionModal
          title={form.title}
          fields={form.fields}
          initialValues={form.init}
          onSubmit={form.submit}
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
      <Modal open={!!versions} title={tt('历史版本')} footer={null} width={820} onCancel={() => setVersions(undefined)}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={versions || []}
          columns={[
            { title: tt('版本'), dataIndex: 'version', render: (v: number) => `V${v}` },
            {
              title: tt('状态'),
              dataIndex: 'state',
              render: (v: number) => <Tag>{tt(PLAN_STATES.find((s) => s.value === v)?.label || '')}</Tag>,
            },
            { title: tt('评审日期'), dataIndex: 'reviewDate' },
            { title: tt('发布日期'), dataIndex: 'publishDate' },
            { title: tt('备案日期'), dataIndex: 'filedDate' },
            { title: tt('修订原因'), dataIndex: 'reviseReason' },
          ]}
        />
      </Modal>
    </>
  );
}
