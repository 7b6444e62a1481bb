import React, { useState } from 'react';
import { Button, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { ALARM_STATES, ALARM_TYPES, alarmApi } from '@/services/positioning';
import { Tx } from '@/utils/i18nText';
import HandleDialog from '../components/PositioningHandle';

const label = (opts: { label: string; value: number }[], v: number) => opts.find((o) => o.value === v)?.label || String(v);

const fields: CrudField[] = [
  {
    title: '报警类型',
    dataIndex: 'alarmType',
    search: 'equal',
    options: ALARM_TYPES,
    render: (v: number, r: any) => (
      <Tag color={r.level === 1 ? 'red' : r.level === 2 ? 'orange' : 'gold'}>
        <Tx>{label(ALARM_TYPES, v)}</Tx>
      </Tag>
    ),
  },
  // the park platform's code (1 超员, 2 脱岗, 3 串岗, 4 长时间静止, 5 一键求救, 6 人证不符); '-': not reported there
  {
    title: '园区编码',
    dataIndex: 'parkCode',
    render: (v: number) => (v ? v : '-'),
  },
  { title: '人员', dataIndex: 'personName', search: true },
  { title: '定位卡号', dataIndex: 'tag', search: 'equal' },
  { title: '区域', dataIndex: 'zoneName' },
  { title: '详情', dataIndex: 'detail', ellipsis: true },
  {
    title: '状态',
    dataIndex: 'state',
    search: 'equal',
    options: ALARM_STATES,
    render: (v: number) => (
      <Tag color={v === 1 ? 'red' : v === 2 ? 'green' : 'default'}>
        <Tx>{label(ALARM_STATES, v)}</Tx>
      </Tag>
    ),
  },
  { title: '报警时间', dataIndex: 'raisedAt' },
  { title: '结束时间', dataIndex: 'clearedAt' },
  { title: '重复次数', dataIndex: 'repeats' },
  { title: '处理人', dataIndex: 'handledByName' },
  { title: '处理时间', dataIndex: 'handledAt' },
  { title: '处理说明', dataIndex: 'comment', ellipsis: true },
];

/** Positioning alarms (定位报警), newest first, handled here. */
export default function PositioningAlarmPage() {
  const access = useAccess();
  const [handling, setHandling] = useState<{ ids: string[]; reload: () => void }>();
  return (
    <>
      <CrudPage
        title="定位报警"
        fields={fields}
        api={alarmApi}
        permissionPrefix="positioning_alarm"
        addBtn={false}
        editBtn={false}
        delBtn={false}
        viewBtn={false}
        exportBtn={false}
        rowActions={(r: any, reload) =>
          r.state === 1 && access.can('positioning_alarm_handle')
            ? [
                <Button key="handle" type="link" size="small" onClick={() => setHandling({ ids: [r.id], reload })}>
                  <Tx>处理</Tx>
                </Button>,
              ]
            : []
        }
      />
      {handling && (
        <HandleDialog
          ids={handling.ids}
          onClose={(done) => {
            if (done) handling.reload();
            setHandling(undefined);
          }}
        />
      )}
    </>
  );
}
