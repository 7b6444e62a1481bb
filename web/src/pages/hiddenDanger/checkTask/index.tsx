import React, { useRef, useState } from 'react';
import { useAccess } from '@umijs/max';
import { Button } from 'antd';
import { FileSearchOutlined, ThunderboltOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField, type CrudPageHandle } from '@/components/CrudPage';
import { checkTaskApi, generateTasks, taskCheckable } from '@/services/prevention';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';
import EnumTag from '@/pages/safetyRisk/components/EnumTag';
import { CHECK_STATUS, CHECK_STATUS_COLOR, CYCLE_UNIT, DICT, TASK_STATE, TASK_STATE_COLOR, labelOf } from '@/pages/safetyRisk/options';
import CheckModal from '../components/CheckModal';

const fields: CrudField[] = [
  { title: '分析单元', dataIndex: 'unitName', search: true, width: 130 },
  { title: '管控措施', dataIndex: 'measureDesc', width: 240 },
  { title: '排查内容', dataIndex: 'troubleshootContent', width: 200 },
  {
    title: '任务状态',
    dataIndex: 'taskState',
    dictCode: DICT.taskState,
    options: TASK_STATE,
    search: 'equal',
    width: 110,
    render: (v) => <EnumTag value={v} options={TASK_STATE} colors={TASK_STATE_COLOR} />,
  },
  { title: '开始时间', dataIndex: 'startTime', search: 'daterange', range: 'whole', width: 160 },
  { title: '截止时间', dataIndex: 'endTime', width: 160 },
  {
    title: '排查周期',
    dataIndex: 'checkCycle',
    width: 90,
    render: (v, r) =>
      v ? (
        <span>
          {v} <Tx>{labelOf(CYCLE_UNIT, r.checkCycleUnit) || '-'}</Tx>
        </span>
      ) : (
        '-'
      ),
  },
  { title: '责任人', dataIndex: 'responsibleUserName', width: 100, render: (v, r) => v || r.postName || '-' },
  {
    title: '排查结果',
    dataIndex: 'checkStatus',
    width: 100,
    render: (v) =>
      Number(v) >= 0 && v !== undefined && v !== null && v !== '' ? (
        <EnumTag value={v} options={CHECK_STATUS} colors={CHECK_STATUS_COLOR} />
      ) : (
        '-'
      ),
  },
  { title: '排查人', dataIndex: 'checkUserName', width: 100 },
  { title: '排查时间', dataIndex: 'checkTime', width: 160 },
];

/** 排查任务: generated from the plans; 排查 records the result (and a hazard when one is found). */
export default function CheckTaskPage() {
  const ref = useRef<CrudPageHandle>(null);
  const access = useAccess();
  const tt = useText();
  const [task, setTask] = useState<any>(null);
  const [busy, setBusy] = useState(false);
  const canCheck = access.canAny('check_task_check', 'check_record_add');
  return (
    <>
      <CrudPage
        ref={ref}
        title="排查任务"
        fields={fields}
        api={checkTaskApi}
        permissionPrefix="check_task"
        exportBtn
        exportName="排查任务.xlsx"
        actionWidth={170}
        toolbarExtra={(_, reload) =>
          access.can('check_task_generate')
            ? [
                <Button
                  key="gen"
                  icon={<ThunderboltOutlined />}
                  loading={busy}
                  onClick={async () => {
                    setBusy(true);
                    try {
                      const r = await generateTasks();
                      message.success(
                        `${tt('已生成任务')} ${r.created ?? 0}, ${tt('漏检')} ${r.missed ?? 0}, ${tt('超期')} ${r.overdue ?? 0}`,
                      );
                      reload();
                    } finally {
                      setBusy(false);
                    }
                  }}
                >
                  <Tx>生成任务</Tx>
                </Button>,
              ]
            : []
        }
        rowActions={(r: any) =>
          canCheck && taskCheckable(r.taskState)
            ? [
                <a key="check" data-testid="task-check" onClick={() => setTask(r)}>
                  <FileSearchOutlined /> <Tx>排查</Tx>
                </a>,
              ]
            : []
        }
      />
      {task && (
        <CheckModal
          task={task}
          onClose={(saved) => {
            setTask(null);
            if (saved) ref.current?.reload();
          }}
        />
      )}
    </>
  );
}
