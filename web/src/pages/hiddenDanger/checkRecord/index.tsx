import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { checkRecordApi } from '@/services/prevention';
import EnumTag from '@/pages/safetyRisk/components/EnumTag';
import Photos from '@/pages/safetyRisk/components/Photos';
import { CHECK_STATUS, CHECK_STATUS_COLOR, DICT, TASK_STATE, TASK_STATE_COLOR } from '@/pages/safetyRisk/options';

const fields: CrudField[] = [
  { title: '分析单元', dataIndex: 'unitName', width: 130 },
  { title: '管控措施', dataIndex: 'measureDesc', width: 240 },
  {
    title: '排查结果',
    dataIndex: 'checkStatus',
    dictCode: DICT.checkStatus,
    options: CHECK_STATUS,
    search: 'equal',
    width: 100,
    render: (v) => <EnumTag value={v} options={CHECK_STATUS} colors={CHECK_STATUS_COLOR} />,
  },
  { title: '排查时间', dataIndex: 'checkTime', search: 'daterange', range: 'week', width: 160 },
  { title: '排查人', dataIndex: 'checkUserName', width: 100 },
  {
    title: '任务状态',
    dataIndex: 'taskState',
    options: TASK_STATE,
    width: 110,
    render: (v) => <EnumTag value={v} options={TASK_STATE} colors={TASK_STATE_COLOR} />,
  },
  { title: '任务时段', dataIndex: 'taskStartTime', width: 300, form: false, render: (v, r) => `${v || ''} ~ ${r.taskEndTime || ''}` },
  { title: '现场照片', dataIndex: 'photos', width: 160, ellipsis: false, form: false, render: (v) => <Photos value={v} size={32} /> },
  { title: '备注', dataIndex: 'remark', width: 160 },
];

/** 排查记录: what each inspection found (read-only; 排查 is on the task list). */
export default function CheckRecordPage() {
  return (
    <CrudPage title="排查记录" fields={fields} api={checkRecordApi} permissionPrefix="check_record" exportBtn exportName="排查记录.xlsx" />
  );
}
