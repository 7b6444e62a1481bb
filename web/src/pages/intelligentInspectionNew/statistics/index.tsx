import React, { useState } from 'react';
import { Card, Progress, Space, Statistic } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import type { CrudApi } from '@/services/system';
import { inspectStats, inspectStatsExportUrl, type InspectStat, type InspectStats } from '@/services/equipment';
import { useText } from '@/utils/i18nText';
import StatsCharts from './StatsCharts';

const GROUPS = [
  { label: '按班组', value: 'dept' },
  { label: '按人员', value: 'person' },
];

const pct = (v?: number) => Math.round((v || 0) * 1000) / 10;

function Rate({ value, color }: { value?: number; color: string }) {
  return <Progress percent={pct(value)} size="small" strokeColor={color} format={(p) => `${p}%`} />;
}

/**
 * 巡检统计 (issue 18): per team or person over a date range, the points due, inspected on time,
 * late (超期已检), made up (漏检已补) and missed, with coverage (inspected / due) and timeliness
 * (on time / inspected); the figures of the whole range above the table, bars per team or person
 * and the daily trend (plain SVG / CSS); xlsx export.
 */
export default function InspectionStatsPage() {
  const tt = useText();
  const [stats, setStats] = useState<InspectStats>();
  const [byPerson, setByPerson] = useState(false);

  const api: CrudApi<InspectStat> = {
    list: (params) => {
      setByPerson(params.groupBy === 'person');
      return inspectStats(params).then((r) => {
        setStats(r);
        const rows = (r?.items || []).map((x) => ({ ...x, id: `${x.deptId}-${x.inspectorUserId || 0}` }));
        return { records: rows, total: rows.length, size: rows.length || 10, current: 1 } as any;
      });
    },
    exportUrl: inspectStatsExportUrl,
  };

  const fields: CrudField[] = [
    { title: '统计方式', dataIndex: 'groupBy', search: true, options: GROUPS, hideInTable: true },
    { title: '开始日期', dataIndex: 'beginDate', search: true, type: 'date', hideInTable: true },
    { title: '结束日期', dataIndex: 'endDate', search: true, type: 'date', hideInTable: true },
    { title: '班组', dataIndex: 'deptName', width: 120 },
    ...(byPerson ? [{ title: '巡检人员', dataIndex: 'inspectorName', width: 110 }] : []),
    { title: '应检点数', dataIndex: 'due', width: 84 },
    { title: '已检点数', dataIndex: 'inspected', width: 84 },
    { title: '按时完成', dataIndex: 'onTime', width: 84 },
    { title: '超期已检', dataIndex: 'overdue', width: 84 },
    { title: '漏检已补', dataIndex: 'madeUp', width: 84 },
    { title: '漏检', dataIndex: 'missed', width: 70 },
    { title: '覆盖率', dataIndex: 'coverage', width: 124, render: (v) => <Rate value={v} color="#1677ff" /> },
    { title: '及时率', dataIndex: 'timeliness', width: 124, render: (v) => <Rate value={v} color="#52c41a" /> },
  ];

  const total = stats?.total;
  return (
    <div>
      <Card size="small" style={{ marginBottom: 12 }} data-testid="inspection-stats-summary">
        <Space wrap size="large" align="center">
          <Statistic title={tt('应检点数')} value={Number(total?.due || 0)} />
          <Statistic title={tt('已检点数')} value={Number(total?.inspected || 0)} />
          <Statistic title={tt('漏检')} value={Number(total?.missed || 0)} valueStyle={{ color: '#f5222d' }} />
          <Statistic title={tt('覆盖率')} value={pct(total?.coverage)} suffix="%" />
          <Statistic title={tt('及时率')} value={pct(total?.timeliness)} suffix="%" />
          {stats?.beginDate && (
            <span>
              {tt('统计区间')}: {stats.beginDate} ~ {stats.endDate}
            </span>
          )}
        </Space>
      </Card>
      <StatsCharts stats={stats} byPerson={byPerson} />
      <CrudPage
        title="巡检统计"
        fields={fields}
        api={api}
        permissionPrefix="inspection_stats"
        exportBtn
        exportName="巡检统计.xlsx"
        addBtn={false}
        editBtn={false}
        delBtn={false}
        viewBtn={false}
      />
    </div>
  );
}
