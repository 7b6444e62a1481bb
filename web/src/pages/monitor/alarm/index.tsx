import React from 'react';
import { Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { LEVEL_NAMES, STATE_NAMES, alarmApi } from '@/services/monitor';
import { Tx } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '点位编码', dataIndex: 'pointCode', search: 'equal' },
  { title: '点位名称', dataIndex: 'pointName', search: true },
  {
    title: '级别',
    dataIndex: 'level',
    search: 'equal',
    options: Object.entries(LEVEL_NAMES).map(([value, label]) => ({ label, value })),
    render: (v: string) => (
      <Tag color={v === 'HH' || v === 'LL' ? 'red' : 'orange'}>
        <Tx>{LEVEL_NAMES[v] || v}</Tx>
      </Tag>
    ),
  },
  { title: '报警值', dataIndex: 'value', render: (v: number, r: any) => `${v} ${r.unit || ''}` },
  { title: '报警限值', dataIndex: 'limit', render: (v: number, r: any) => `${v} ${r.unit || ''}` },
  {
    title: '状态',
    dataIndex: 'state',
    search: 'equal',
    options: Object.entries(STATE_NAMES).map(([value, label]) => ({ label, value })),
  },
  { title: '报警时间', dataIndex: 'raisedAt' },
  { title: '确认人', dataIndex: 'ackedByName' },
  { title: '确认时间', dataIndex: 'ackedAt' },
  { title: '恢复时间', dataIndex: 'clearedAt' },
  {
    title: '搁置至',
    dataIndex: 'shelvedUntil',
    render: (v: string, r: any) => (v ? `${v} ${r.shelvedByName || ''}` : '-'),
  },
  { title: '搁置原因', dataIndex: 'shelveReason', hideInTable: true },
];

/** Alarm history (报警管理): every incident of the tenant's points, newest first. */
export default function MonitorAlarmPage() {
  return (
    <CrudPage
      title="报警记录"
      fields={fields}
      api={alarmApi}
      permissionPrefix="monitor_alarm"
      addBtn={false}
      editBtn={false}
      delBtn={false}
      viewBtn={false}
      exportBtn={false}
    />
  );
}
