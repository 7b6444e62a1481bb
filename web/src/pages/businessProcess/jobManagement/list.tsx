import React from 'react';
import { Button, Dropdown, Tabs, Tag } from 'antd';
import { DownOutlined, EditOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { history, useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { guardianChangeApi, permitApi, todayReportExportUrl, type GuardianChange, type Permit } from '@/services/workticket';
import { exportFile } from '@/utils/download';
import { Tx, useText } from '@/utils/i18nText';
import { FLOW_STATUS, JOB_STATUS, PERMIT_TYPES, submitPath, TICKET_STATUS, viewPath } from './components/catalogue';
import { JobTag } from './components/display';

const find = (list: { value: any; label: string; color?: string }[], v: any) => list.find((o) => String(o.value) === String(v));

/** 作业票管理: every permit of the tenant, filtered and exported; rows open the type's view page. */
const fields: CrudField[] = [
  { title: '作业票编号', dataIndex: 'ticketNo', search: true, width: 170, fixed: 'left' },
  {
    title: '作业类型',
    dataIndex: 'workType',
    search: 'equal',
    width: 120,
    options: PERMIT_TYPES.map((t) => ({ label: t.name, value: t.code })),
  },
  { title: '作业级别', dataIndex: 'levelName', width: 90, render: (v) => (v ? <Tx>{v}</Tx> : '-') },
  // the level's number depends on the type (hot work 0 特级 … 2 二级; height 1-4; lifting 1-3): a filter to use with 作业类型
  {
    title: '级别',
    dataIndex: 'level',
    search: 'equal',
    hideInTable: true,
    form: false,
    options: [
      { label: '特级', value: 0 },
      { label: '一级', value: 1 },
      { label: '二级', value: 2 },
      { label: '三级', value: 3 },
      { label: '四级', value: 4 },
    ],
  },
  { title: '作业内容', dataIndex: 'content', search: true, width: 220 },
  { title: '作业区域', dataIndex: 'areaName', width: 130 },
  { title: '申请人', dataIndex: 'applicantName', width: 90 },
  { title: '监护人', dataIndex: 'guardianName', width: 90 },
  {
    title: '作业票状态',
    dataIndex: 'ticketStatus',
    search: 'equal',
    width: 110,
    options: TICKET_STATUS.map(({ label, value }) => ({ label, value })),
    render: (v, r: Permit) => <TicketTags p={r} />,
  },
  {
    title: '作业状态',
    dataIndex: 'jobStatus',
    search: 'equal',
    width: 110,
    options: JOB_STATUS.map(({ label, value }) => ({ label, value })),
    render: (v, r: Permit) => <JobTag p={r} />,
  },
  { title: '计划开始时间', dataIndex: 'planStartTime', search: 'daterange', range: 'whole', width: 165 },
  { title: '计划结束时间', dataIndex: 'planEndTime', width: 165 },
];

function TicketTags({ p }: { p: Permit }) {
  const tt = useText();
  const ts = find(TICKET_STATUS, p.ticketStatus);
  const fs = p.flowStatus === 0 || p.flowStatus === 2 ? find(FLOW_STATUS, p.flowStatus) : undefined;
  return (
    <span>
      {ts ? <Tag color={ts.color}>{tt(ts.label)}</Tag> : null}
      {fs ? <Tag color={fs.color}>{tt(fs.label)}</Tag> : null}
    </span>
  );
}

const changeFields: CrudField[] = [
  { title: '作业票编号', dataIndex: 'ticketNo', search: true, width: 170 },
  { title: '作业类型', dataIndex: 'workType', width: 120, options: PERMIT_TYPES.map((t) => ({ label: t.name, value: t.code })) },
  { title: '原监护人', dataIndex: 'oldGuardianName', width: 100 },
  { title: '新监护人', dataIndex: 'newGuardianName', width: 100 },
  { title: '变更时间', dataIndex: 'changeTime', width: 165 },
  { title: '变更原因', dataIndex: 'reason', width: 200 },
  { title: '交接内容', dataIndex: 'handoverContent', width: 260 },
];

export default function PermitList() {
  const tt = useText();
  const access = useAccess();
  // 导出 takes the list's filters; today's 特殊作业报备 stays a file of its own
  const todayReport = access.can('ticket_export') ? (
    <Button
      key="today-report"
      icon={<FileExcelOutlined />}
      data-testid="permit-today-report"
      onClick={() => exportFile(todayReportExportUrl, {}, '特殊作业报备.xlsx')}
    >
      {tt('今日报备导出')}
    </Button>
  ) : null;
  const newMenu = (
    <Dropdown
      key="new"
      menu={{
        items: PERMIT_TYPES.map((t) => ({ key: t.code, label: tt(t.name) })),
        onClick: ({ key }) => history.push(submitPath(key)),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} data-testid="permit-new">
        {tt('新建作业票')} <DownOutlined />
      </Button>
    </Dropdown>
  );
  return (
    <Tabs
      className="wt-list-tabs"
      items={[
        {
          key: 'permits',
          label: tt('作业票'),
          children: (
            <CrudPage<Permit>
              title="作业票"
              fields={fields}
              api={permitApi}
              permissionPrefix="ticket"
              editBtn={false}
              exportBtn
              exportName="作业票.xlsx"
              actionWidth={200}
              onView={(r) => history.push(viewPath(r.workType, String(r.id)))}
              toolbarExtra={() => [newMenu, todayReport]}
              rowActions={(r) =>
                (r.actions || []).includes('edit')
                  ? [
                      <a key="edit" onClick={() => history.push(submitPath(r.workType, String(r.id)))}>
                        <EditOutlined /> {tt('编辑')}
                      </a>,
                    ]
                  : []
              }
            />
          ),
        },
        {
          key: 'handover',
          label: tt('监护交接记录'),
          children: (
            <CrudPage<GuardianChange>
              title="监护交接记录"
              fields={changeFields}
              api={guardianChangeApi}
              addBtn={false}
              editBtn={false}
              delBtn={false}
              onView={(r) => r.workType && history.push(viewPath(r.workType, String(r.ticketId)))}
            />
          ),
        },
      ]}
    />
  );
}
