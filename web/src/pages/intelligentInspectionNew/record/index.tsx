import React from 'react';
import { Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { inspectRecordApi } from '@/services/equipment';
import { Tx } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '巡检点编码', dataIndex: 'pointCode', form: false },
  { title: '巡检点', dataIndex: 'pointName', search: true, form: false },
  {
    title: '结果',
    dataIndex: 'abnormal',
    form: false,
    render: (v: boolean) => <Tag color={v ? 'red' : 'green'}>{v ? <Tx>异常</Tx> : <Tx>正常</Tx>}</Tag>,
  },
  {
    title: '检查项',
    dataIndex: 'items',
    form: false,
    render: (items: any[]) =>
      (items || []).map((i) => (
        <div key={i.name} style={{ color: i.abnormal ? '#cf1322' : undefined }}>
          {i.name}: {i.value}
        </div>
      )),
  },
  { title: '巡检人员', dataIndex: 'inspectorName', form: false },
  { title: '巡检时间', dataIndex: 'doneTime', form: false },
  { title: '备注', dataIndex: 'remark', form: false },
  { title: '任务', dataIndex: 'taskId', search: 'equal', hideInTable: true, form: false },
];

/** Inspection records (巡检记录), one per point of a done task; read-only. */
export default function InspectionRecordPage() {
  return (
    <CrudPage
      title="巡检记录"
      fields={fields}
      api={inspectRecordApi}
      permissionPrefix="inspection_record"
      exportBtn={false}
      addBtn={false}
      editBtn={false}
      delBtn={false}
    />
  );
}
