import React, { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Row, Space, Statistic, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type Analysis, LEVEL_NAMES, alarmAnalysis } from '@/services/monitor';
import { Tx, useText } from '@/utils/i18nText';

/** The longest range the server accepts (days). */
export const ANALYSIS_MAX_DAYS = 92;

type Day = NonNullable<Analysis['days']>[number];

/** Alarms per day as columns, flood days marked (plain SVG: the web has no chart library). */
export function DayChart({ days }: { days: Day[] }) {
  const tt = useText();
  if (!days.length) return <div className="aq-empty">{tt('暂无数据')}</div>;
  const max = Math.max(1, ...days.map((d) => Number(d.alarms) || 0));
  const w = 16;
  const h = 160;
  return (
    <svg width="100%" height={h + 40} viewBox={`0 0 ${days.length * w + 40} ${h + 40}`} data-testid="analysis-chart">
      <line x1={30} y1={h} x2={days.length * w + 40} y2={h} stroke="#d9d9d9" />
      <text x={0} y={12} fontSize={10} fill="#888">
        {max}
      </text>
      {days.map((d, i) => {
        const n = Number(d.alarms) || 0;
        const bh = (n / max) * (h - 10);
        const flood = (Number(d.floods) || 0) > 0 || (Number(d.floodMinutes) || 0) > 0;
        return (
          <g key={d.day} data-day={d.day} data-alarms={n}>
            <title>{`${d.day}: ${n} ${tt('条报警')}${flood ? `, ${tt('报警泛滥')} ${Math.round(Number(d.floodMinutes) || 0)} ${tt('分钟')}` : ''}`}</title>
            <rect x={32 + i * w} y={h - bh} width={w - 4} height={bh} fill={flood ? '#f5222d' : '#409eff'} />
            {i % 7 === 0 ? (
              <text x={32 + i * w} y={h + 14} fontSize={9} fill="#888">
                {d.day?.slice(5)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Alarm flood analysis (报警泛滥分析, spec 2.1 /processAlarmOptimization/floodingAnalysisDetails):
 * the EEMUA 191 / ISA-18.2 figures of a date range beside their targets, alarms per day, floods,
 * chattering and most frequent points, and standing alarms.
 */
export default function FloodingAnalysisPage() {
  const tt = useText();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [data, setData] = useState<Analysis>();
  const [loading, setLoading] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    alarmAnalysis(range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD'))
      .then(setData)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [range]);
  useEffect(load, [load]);
  const point = (v: string, r: any) => `${v} ${r.pointName || ''}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="flood-analysis">
      <Card size="small">
        <Space wrap>
          <Tx>统计日期</Tx>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          <Button type="primary" onClick={load} loading={loading}>
            <Tx>查询</Tx>
          </Button>
          <span style={{ color: '#888' }}>{`${tt('最长')} ${ANALYSIS_MAX_DAYS} ${tt('天')}`}</span>
        </Space>
      </Card>
      {data?.floods?.some((f) => !f.endAt) ? <Alert type="error" showIcon message={<Tx>报警泛滥中</Tx>} /> : null}
      <Row gutter={[12, 12]}>
        {(data?.figures || []).map((f) => (
          <Col key={f.code} xs={12} md={6}>
            <Card size="small" data-figure={f.code}>
              <Statistic
                title={tt(f.name || '')}
                value={f.value}
                suffix={tt(f.unit || '')}
                valueStyle={{ color: f.ok ? undefined : '#f5222d' }}
              />
              <div style={{ color: '#888' }}>
                <Tx>目标</Tx> {f.target || '-'} {f.ok ? null : <Tag color="red">{tt('超标')}</Tag>}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={tt('每日报警数')}>
        <DayChart days={data?.days || []} />
      </Card>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Card size="small" title={tt('抖动点位前 10')}>
            <Table
              rowKey="pointId"
              size="small"
              pagination={false}
              dataSource={data?.chattering || []}
              columns={[
                { title: tt('点位'), dataIndex: 'pointCode', render: point },
                { title: tt('抖动报警数'), dataIndex: 'chattering' },
                { title: tt('报警数'), dataIndex: 'alarms' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={tt('报警最多的点位前 10')}>
            <Table
              rowKey="pointId"
              size="small"
              pagination={false}
              dataSource={data?.topPoints || []}
              columns={[
                { title: tt('点位'), dataIndex: 'pointCode', render: point },
                { title: tt('报警数'), dataIndex: 'alarms' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={tt('报警泛滥记录')}>
        <Table
          rowKey="id"
          size="small"
          pagination={{ pageSize: 10 }}
          dataSource={data?.floods || []}
          columns={[
            { title: tt('开始时间'), dataIndex: 'startAt' },
            { title: tt('结束时间'), dataIndex: 'endAt', render: (v) => v || tt('进行中') },
            { title: tt('峰值(条/窗口)'), dataIndex: 'peakCount' },
            { title: tt('报警数'), dataIndex: 'alarmCount' },
            { title: tt('首出报警'), dataIndex: 'firstPointCode', render: (v, r) => `${v} ${r.firstPointName || ''}` },
          ]}
        />
      </Card>
      <Card size="small" title={`${tt('长期报警(超过 24 小时)')} ${data?.standingCount ?? ''}`}>
        <Table
          rowKey="id"
          size="small"
          pagination={{ pageSize: 10 }}
          dataSource={data?.standing || []}
          columns={[
            { title: tt('点位'), dataIndex: 'pointCode', render: point },
            { title: tt('级别'), dataIndex: 'level', render: (v) => tt(LEVEL_NAMES[v] || v) },
            { title: tt('报警时间'), dataIndex: 'raisedAt' },
            { title: tt('状态'), dataIndex: 'state' },
          ]}
        />
      </Card>
    </Space>
  );
}
