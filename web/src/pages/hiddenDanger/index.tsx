import React, { useRef, useState } from 'react';
import { useAccess } from '@umijs/max';
import { Button, Tag } from 'antd';
import { AuditOutlined, CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ToolOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField, type CrudPageHandle } from '@/components/CrudPage';
import { hazardApi, hazardEditable, hazardRemovable, hazardSteps, type HazardStep } from '@/services/prevention';
import { message, modal } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';
import EnumTag from '@/pages/safetyRisk/components/EnumTag';
import { DANGER_LEVEL, DANGER_SRC, DANGER_STATE, DANGER_STATE_COLOR, DICT, MANAGE_TYPE, DANGER_TYPE } from '@/pages/safetyRisk/options';
import { HazardDrawer, ReportModal, StepModal } from './components/HazardModals';

const fields: CrudField[] = [
  { title: '隐患名称', dataIndex: 'dangerName', search: true, width: 180 },
  {
    title: '隐患等级',
    dataIndex: 'dangerLevel',
    dictCode: DICT.dangerLevel,
    options: DANGER_LEVEL,
    search: 'equal',
    width: 100,
    render: (v) => <EnumTag value={v} options={DANGER_LEVEL} colors={{ '0': 'gold', '1': 'red' }} />,
  },
  {
    title: '状态',
    dataIndex: 'dangerState',
    dictCode: DICT.dangerState,
    options: DANGER_STATE,
    search: 'equal',
    width: 100,
    render: (v) => <EnumTag value={v} options={DANGER_STATE} colors={DANGER_STATE_COLOR} />,
  },
  { title: '隐患来源', dataIndex: 'dangerSrc', dictCode: DICT.dangerSrc, options: DANGER_SRC, search: 'equal', width: 120 },
  { title: '治理类型', dataIndex: 'dangerManageType', dictCode: DICT.manageType, options: MANAGE_TYPE, search: 'equal', width: 100 },
  { title: '隐患类别', dataIndex: 'hazardDangerType', dictCode: DICT.dangerType, options: DANGER_TYPE, hideInTable: true },
  { title: '分析单元', dataIndex: 'unitName', width: 130 },
  { title: '整改责任人', dataIndex: 'liableUserName', width: 100 },
  {
    title: '整改期限',
    dataIndex: 'deadline',
    width: 170,
    render: (v, r) =>
      Number(r.overdue) === 1 ? (
        <span style={{ color: '#f5222d' }}>
          {v}{' '}
          <Tag color="red">
            <Tx>已逾期</Tx>
          </Tag>
        </span>
      ) : (
        v || '-'
      ),
  },
  {
    title: '是否逾期',
    dataIndex: 'overdue',
    hideInTable: true,
    search: 'equal',
    options: [
      { label: '已逾期', value: 1 },
      { label: '未逾期', value: 0 },
    ],
  },
  { title: '上报人', dataIndex: 'reportUserName', width: 100 },
  { title: '上报时间', dataIndex: 'reportTime', search: 'daterange', range: 'whole', width: 170 },
];

const STEP_TEXT: Record<HazardStep, string> = { assess: '评估', rectify: '整改', accept: '验收' };
const STEP_ICON: Record<HazardStep, React.ReactNode> = {
  assess: <AuditOutlined />,
  rectify: <ToolOutlined />,
  accept: <CheckCircleOutlined />,
};

/**
 * 隐患排查治理: report → 评估 → 整改 → 验收 (驳回 back to 整改). The buttons follow the state and
 * the user's button codes; the server enforces both anyway and its refusals show as written.
 */
export default function HiddenDangerPage() {
  const ref = useRef<CrudPageHandle>(null);
  const access = useAccess();
  const tt = useText();
  const [report, setReport] = useState<{ record?: any } | null>(null);
  const [step, setStep] = useState<{ step: HazardStep; record: any } | null>(null);
  const [viewing, setViewing] = useState<string>('');
  const can = (code: string) => access.can(`hidden_danger_list_${code}`);
  const done = (saved?: boolean) => {
    setReport(null);
    setStep(null);
    if (saved) ref.current?.reload();
  };

  return (
    <>
      <CrudPage
        ref={ref}
        title="隐患排查治理"
        fields={fields}
        api={hazardApi}
        permissionPrefix="hidden_danger_list"
        addBtn={false}
        editBtn={false}
        delBtn={false}
        exportBtn
        exportName="隐患排查治理.xlsx"
        newestFirst="reportTime"
        onView={(r: any) => setViewing(String(r.id))}
        actionWidth={260}
        toolbarExtra={() =>
          can('add')
            ? [
                <Button key="report" type="primary" icon={<PlusOutlined />} data-testid="hazard-report" onClick={() => setReport({})}>
                  <Tx>上报隐患</Tx>
                </Button>,
              ]
            : []
        }
        rowActions={(r: any, reload) =>
          [
            ...hazardSteps(r.dangerState)
              .filter((s) => can(s))
              .map((s) => (
                <a key={s} data-step={s} onClick={() => setStep({ step: s, record: r })}>
                  {STEP_ICON[s]} <Tx>{STEP_TEXT[s]}</Tx>
                </a>
              )),
            hazardEditable(r.dangerState) && can('edit') && (
              <a key="edit" onClick={() => setReport({ record: r })}>
                <EditOutlined /> <Tx>编辑</Tx>
              </a>
            ),
            hazardRemovable(r.dangerState) && can('delete') && (
              <a
                key="del"
                style={{ color: '#ff4d4f' }}
                onClick={() =>
                  modal.confirm({
                    title: tt('提示'),
                    content: tt('确定将选择数据删除?'),
                    okText: tt('确定'),
                    cancelText: tt('取消'),
                    type: 'warning',
                    onOk: async () => {
                      await hazardApi.remove!(String(r.id));
                      message.success(tt('操作成功!'));
                      reload();
                    },
                  })
                }
              >
                <DeleteOutlined /> <Tx>删除</Tx>
              </a>
            ),
          ].filter(Boolean) as React.ReactNode[]
        }
      />
      {report && <ReportModal record={report.record} onClose={done} />}
      {step && <StepModal step={step.step} record={step.record} onClose={done} />}
      {viewing && <HazardDrawer id={viewing} onClose={() => setViewing('')} />}
    </>
  );
}
