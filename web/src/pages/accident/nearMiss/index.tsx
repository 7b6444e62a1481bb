import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { nearMissApi } from '@/services/emergency';

const fields: CrudField[] = [
  { title: '事件名称', dataIndex: 'title', search: true, form: { required: true, span: 24 } },
  { title: '发生时间', dataIndex: 'occurredAt', type: 'dateTime', form: { required: true } },
  { title: '发生地点', dataIndex: 'place', search: true, form: {} },
  { title: '可能导致的事故', dataIndex: 'potentialType', search: 'equal', dictCode: 'accident_type', form: {} },
  { title: '原因', dataIndex: 'cause', search: 'equal', dictCode: 'accident_cause', form: {} },
  { title: '报告人', dataIndex: 'reporterName', form: false },
  { title: '事件经过', dataIndex: 'description', type: 'textarea', hideInTable: true, form: { required: true, span: 24 } },
  { title: '防范措施', dataIndex: 'measures', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** Near misses (未遂事件): reported by whoever saw them; the reporter is the caller. */
export default function AccidentNearMissPage() {
  return <CrudPage title="未遂事件" fields={fields} api={nearMissApi} permissionPrefix="accident_near_miss" exportBtn={false} />;
}
