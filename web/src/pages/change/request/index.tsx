import React from 'react';
import { Button, Descriptions, Drawer, Table, Tabs, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import {
  CHANGE_STATES,
  PERSON_WAYS,
  PSSR_KINDS,
  changeApi,
  changeLogs,
  changeStep,
  confirmPerson,
  personApi,
  pssrApi,
  pssrDone,
} from '@/services/change';
import { Tx, useText } from '@/utils/i18nText';
import ActionModal, { type ActionField } from '@/pages/emergency/components/ActionModal';

const stateColors = ['default', 'processing', 'purple', 'orange', 'cyan', 'green', 'default'];

const fields: CrudField[] = [
  { title: '变更名称', dataIndex: 'title', search: true, form: { required: true, span: 24 } },
  { title: '变更类型', dataIndex: 'changeType', search: 'equal', dictCode: 'change_type', form: { required: true } },
  { title: '变更属性', dataIndex: 'attribute', search: 'equal', dictCode: 'change_attribute', form: { required: true } },
  { title: '变更类别', dataIndex: 'category', hideInTable: true, dictCode: 'change_category', form: {} },
  { title: '施工性质', dataIndex: 'constructionNature', hideInTable: true, dictCode: 'construction_nature', form: {} },
  { title: '施工状态', dataIndex: 'constructionStatus', hideInTable: true, dictCode: 'construction_status', form: {} },
  {
    title: '临时变更',
    dataIndex: 'temporary',
    type: 'switch',
    form: { tooltip: '临时变更须填写到期时间,到期未关闭即为超期' },
    render: (v: boolean) =>
      v ? (
        <Tag color="gold">
          <Tx>临时</Tx>
        </Tag>
      ) : null,
  },
  {
    title: '到期时间',
    dataIndex: 'expireAt',
    type: 'dateTime',
    form: {},
    render: (v: string, r: any) =>
      r.overdue ? (
        <span style={{ color: '#cf1322' }}>
          {v}{' '}
          <Tag color="red">
            <Tx>已超期</Tx>
          </Tag>
        </span>
      ) : (
        v
      ),
  },
  {
    title: '阶段',
    dataIndex: 'state',
    search: 'equal',
    options: CHANGE_STATES,
    form: false,
    render: (v: number, r: any) => <Tag color={stateColors[v]}>{r.stateName ? <Tx>{r.stateName}</Tx> : null}</Tag>,
  },
  { title: '未完成必改项', dataIndex: 'openMustFix', form: false },
  { title: '未确认人员', dataIndex: 'unconfirmed', form: false },
  { title: '申请人', dataIndex: 'applicantName', form: false },
  { title: '变更地点', dataIndex: 'location', hideInTable: true, form: {} },
  { title: '变更原因', dataIndex: 'reason', type: 'textarea', hideInTable: true, form: { span: 24 } },
  { title: '变更内容', dataIndex: 'content', type: 'textarea', hideInTable: true, form: { required: true, span: 24 } },
  { title: '风险分析', dataIndex: 'riskAnalysis', hideInTable: true, form: false },
  { title: '申请时间', dataIndex: 'createTime', hideInTable: true, form: false },
];

const note = (label: string, required = false): ActionField[] => [{ name: 'note', label, type: 'textarea', required }];

/** The steps a record offers in a state: action, label, button code, the note asked for. */
const steps: Record<number, { action: string; label: string; perm: string; fields: ActionField[] }[]> = {
  0: [{ action: 'apply', label: '提交申请', perm: 'change_request_add', fields: note('说明') }],
  1: [
    { action: 'analyse', label: '风险分析', perm: 'change_request_analyse', fields: note('风险分析结论', true) },
    { action: 'reject', label: '退回', perm: 'change_request_analyse', fields: note('退回原因', true) },
  ],
  2: [
    { action: 'approve', label: '审批通过', perm: 'change_request_approve', fields: note('审批意见') },
    { action: 'reject', label: '退回', perm: 'change_request_approve', fields: note('退回原因', true) },
  ],
  3: [{ action: 'startup', label: '开车投用', perm: 'change_request_implement', fields: note('说明') }],
  4: [
    { action: 'accept', label: '验收通过', perm: 'change_request_accept', fields: note('验收意见') },
    { action: 'reject', label: '退回', perm: 'change_request_accept', fields: note('退回原因', true) },
  ],
  5: [{ action: 'close', label: '关闭', perm: 'change_request_accept', fields: note('说明') }],
};

const pssrFields: CrudField[] = [
  { title: '审查项内容', dataIndex: 'content', type: 'textarea', form: { required: true, span: 24 } },
  {
    title: '类别',
    dataIndex: 'kind',
    options: PSSR_KINDS,
    form: { required: true, tooltip: '必改项须在开车投用前整改完成;待改项在关闭前整改完成' },
    render: (v: number) => (
      <Tag color={v === 1 ? 'red' : 'blue'}>
        <Tx>{v === 1 ? '必改项' : '待改项'}</Tx>
      </Tag>
    ),
  },
  { title: '整改责任人', dataIndex: 'responsibleUserId', type: 'select', hideInTable: true, form: { request: userOptions } },
  { title: '已整改', dataIndex: 'done', form: false, render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
  { title: '整改情况', dataIndex: 'doneNote', form: false },
  { title: '确认人', dataIndex: 'doneBy', form: false },
  { title: '完成时间', dataIndex: 'doneAt', form: false },
];

const personFields: CrudField[] = [
  { title: '人员', dataIndex: 'userId', type: 'select', hideInTable: true, form: { required: true, request: userOptions } },
  { title: '姓名', dataIndex: 'userName', form: false },
  { title: '方式', dataIndex: 'way', options: PERSON_WAYS, form: { required: true } },
  { title: '已确认', dataIndex: 'confirmed', form: false, render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
  { title: '确认人', dataIndex: 'confirmedBy', form: false },
  { title: '确认时间', dataIndex: 'confirmedAt', form: false },
];

/** The detail drawer: the request, its PSSR checklist, the people to inform or train, its history. */
function Detail({ rec: row, onClose }: { rec: any; onClose: () => void }) {
  const access = useAccess();
  const [rec, setRec] = React.useState<any>(row);
  const tt = useText();
  const [logs, setLogs] = React.useState<any[]>([]);
  const [done, setDone] = React.useState<{ rec: any; reload: () => void }>();
  React.useEffect(() => {
    changeApi.detail?.(row.id).then((d) => d && setRec(d));
    changeLogs(row.id).then(setLogs);
  }, [row.id]);
  const open = rec.state !== 6;
  const pssr = access.can('change_request_pssr') && open;
  const beforeStartup = pssr && rec.state <= 3;
  return (
    <Drawer open width={1000} title={rec.title} onClose={onClose} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'info',
            label: tt('变更信息'),
            children: (
              <Descriptions column={2} bordered size="small">
                <Descriptions.Item label={tt('阶段')}>
                  <Tx>{rec.stateName}</Tx>
                </Descriptions.Item>
                <Descriptions.Item label={tt('申请人')}>{rec.applicantName}</Descriptions.Item>
                <Descriptions.Item label={tt('变更地点')}>{rec.location}</Descriptions.Item>
                <Descriptions.Item label={tt('到期时间')}>{rec.expireAt}</Descriptions.Item>
                <Descriptions.Item label={tt('变更原因')} span={2}>
                  {rec.reason}
                </Descriptions.Item>
                <Descriptions.Item label={tt('变更内容')} span={2}>
                  {rec.content}
                </Descriptions.Item>
                <Descriptions.Item label={tt('风险分析')} span={2}>
                  {rec.riskAnalysis}
                </Descriptions.Item>
                <Descriptions.Item label={tt('审批人')}>{rec.approverName}</Descriptions.Item>
                <Descriptions.Item label={tt('审批意见')}>{rec.approveNote}</Descriptions.Item>
                <Descriptions.Item label={tt('开车投用时间')}>{rec.startupAt}</Descriptions.Item>
                <Descriptions.Item label={tt('验收意见')}>{rec.acceptNote}</Descriptions.Item>
                <Descriptions.Item label={tt('退回原因')} span={2}>
                  {rec.rejectReason}
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'pssr',
            label: tt('开车前安全审查'),
            children: (
              <CrudPage
                title="开车前安全审查"
                fields={pssrFields}
                api={pssrApi}
                params={{ changeId: rec.id, size: 1000 }}
                permissionPrefix="change_request"
                addBtn={pssr}
                editBtn={false}
                delBtn={pssr}
                viewBtn={false}
                exportBtn={false}
                beforeSubmit={(v: any) => ({ ...v, changeId: rec.id })}
                rowActions={(x: any, reload) =>
                  !x.done && pssr
                    ? [
                        <Button key="done" type="link" size="small" onClick={() => setDone({ rec: x, reload })}>
                          <Tx>整改完成</Tx>
                        </Button>,
                      ]
                    : []
                }
              />
            ),
          },
          {
            key: 'people',
            label: tt('告知培训人员'),
            children: (
              <CrudPage
                title="告知培训人员"
                fields={personFields}
                api={personApi}
                params={{ changeId: rec.id, size: 1000 }}
                permissionPrefix="change_request"
                addBtn={beforeStartup}
                editBtn={false}
                delBtn={beforeStartup}
                viewBtn={false}
                exportBtn={false}
                beforeSubmit={(v: any) => ({ ...v, changeId: rec.id })}
                rowActions={(x: any, reload) =>
                  !x.confirmed && open
                    ? [
                        <Button key="confirm" type="link" size="small" onClick={() => confirmPerson(x.id).then(reload)}>
                          <Tx>确认</Tx>
                        </Button>,
                      ]
                    : []
                }
              />
            ),
          },
          {
            key: 'logs',
            label: tt('流转记录'),
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={logs}
                columns={[
                  { title: tt('时间'), dataIndex: 'createTime' },
                  { title: tt('操作'), dataIndex: 'actionName', render: (v: string) => <Tx>{v}</Tx> },
                  { title: tt('操作人'), dataIndex: 'userName' },
                  { title: tt('说明'), dataIndex: 'note' },
                ]}
              />
            ),
          },
        ]}
      />
      {done ? (
        <ActionModal
          title="整改完成"
          fields={[{ name: 'note', label: '整改情况', type: 'textarea', required: true }]}
          onSubmit={(v) => pssrDone({ ...v, id: done.rec.id })}
          onClose={(saved) => {
            if (saved) done.reload();
            setDone(undefined);
          }}
        />
      ) : null}
    </Drawer>
  );
}

/** Management of change (变更管理): requests through their steps, the PSSR gate and the people informed or trained. */
export default function ChangeRequestPage() {
  const access = useAccess();
  const [act, setAct] = React.useState<{ step: (typeof steps)[number][number]; rec: any; reload: () => void }>();
  const [detail, setDetail] = React.useState<{ rec: any; reload: () => void }>();
  return (
    <>
      <CrudPage
        title="变更管理"
        fields={fields}
        api={changeApi}
        permissionPrefix="change_request"
        exportBtn
        exportName="变更管理.xlsx"
        dialogWidth={900}
        editBtn={access.can('change_request_edit')}
        rowEditable={(r: any) => r.state === 0}
        rowDeletable={(r: any) => r.state === 0}
        rowActions={(r: any, reload) => [
          ...(steps[r.state] || [])
            .filter((s) => access.can(s.perm))
            .map((s) => (
              <Button key={s.action} type="link" size="small" onClick={() => setAct({ step: s, rec: r, reload })}>
                <Tx>{s.label}</Tx>
              </Button>
            )),
          <Button key="detail" type="link" size="small" onClick={() => setDetail({ rec: r, reload })}>
            <Tx>详情</Tx>
          </Button>,
        ]}
      />
      {act ? (
        <ActionModal
          title={act.step.label}
          fields={act.step.fields}
          onSubmit={(v) => changeStep(act.step.action, { ...v, id: act.rec.id })}
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
      {detail ? (
        <Detail
          rec={detail.rec}
          onClose={() => {
            detail.reload();
            setDetail(undefined);
          }}
        />
      ) : null}
    </>
  );
}
