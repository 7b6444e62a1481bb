import React from 'react';
import { Button, Popconfirm, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { HOLD_KINDS, HOLD_STATUS, endHolds, holdApi, pointApi } from '@/services/monitor';
import { permitApi } from '@/services/workticket';
import { Tx } from '@/utils/i18nText';

const pointOptions = () =>
  pointApi
    .list({ current: 1, size: 500 })
    .then((p: any) => (p?.records || []).map((r: any) => ({ label: `${r.code} ${r.name}`, value: r.id })));

/** Issued permits whose work is not finished: the ones a point may be held for. */
const openPermits = () =>
  permitApi.list({ current: 1, size: 200, ticketStatus_equal: 1 }).then((p: any) =>
    (p?.records || [])
      .filter((r: any) => r.jobStatus !== 3)
      .map((r: any) => ({
        label: `${r.ticketNo} ${r.workTypeName || ''} ${r.content || ''} (至 ${r.planEndTime})`,
        value: r.id,
      })),
  );

const fields: CrudField[] = [
  { title: '点位编码', dataIndex: 'pointCode', search: 'equal', form: false },
  { title: '点位名称', dataIndex: 'pointName', search: true, form: false },
  {
    title: '监测点位',
    dataIndex: 'pointId',
    hideInTable: true,
    form: { type: 'select', required: true, request: pointOptions, viewAs: 'pointName' },
  },
  { title: '停用类型', dataIndex: 'kind', search: 'equal', options: HOLD_KINDS, form: { required: true, type: 'radio' } },
  {
    title: '作业票',
    dataIndex: 'permitId',
    render: (_: any, r: any) => r.permitNo || '-',
    form: {
      type: 'select',
      required: (get) => get('kind') === 2,
      request: openPermits,
      viewAs: 'permitNo',
      tooltip: '作业票停用时选择已签发、未完工的作业票;停用截止时间不能晚于其计划结束时间',
    },
  },
  { title: '停用原因', dataIndex: 'reason', ellipsis: true, form: { required: true, span: 24, type: 'textarea' } },
  { title: '停用人', dataIndex: 'byName', form: false },
  { title: '开始时间', dataIndex: 'startAt', form: false },
  {
    title: '截止时间',
    dataIndex: 'until',
    type: 'dateTime',
    form: { required: true, tooltip: '到期自动恢复报警,最长 30 天' },
  },
  {
    title: '状态',
    dataIndex: 'status',
    form: false,
    render: (v: number, r: any) => (
      <Tag color={v === 1 ? 'orange' : 'default'} title={r.endedByName || ''}>
        <Tx>{HOLD_STATUS[v] || '-'}</Tx>
      </Tag>
    ),
  },
  { title: '结束时间', dataIndex: 'endedAt', form: false, hideInTable: true },
];

/**
 * Out-of-service holds (点位停用, ISA-18.2 OUT_OF_SERVICE): while a point is held its alarms are
 * stored and flagged but not announced, except oxygen and gas level 2; a hold ends at its time or
 * by hand.
 */
export default function MonitorHoldPage() {
  const access = useAccess();
  return (
    <CrudPage
      title="点位停用"
      fields={fields}
      api={holdApi}
      addBtn={access.can('monitor_hold_add')}
      editBtn={false}
      delBtn={false}
      viewBtn={false}
      exportBtn={false}
      rowActions={(r: any, reload) =>
        access.can('monitor_hold_end') && r.status === 1
          ? [
              <Popconfirm key="end" title={<Tx>结束停用并恢复报警提示?</Tx>} onConfirm={() => endHolds([r.id]).then(reload)}>
                <Button size="small" type="link">
                  <Tx>结束停用</Tx>
                </Button>
              </Popconfirm>,
            ]
          : []
      }
    />
  );
}
