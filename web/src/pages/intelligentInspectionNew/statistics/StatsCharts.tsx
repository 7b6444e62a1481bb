import React from 'react';
import { Card, Col, Empty, Row, Space } from 'antd';
import type { InspectStats } from '@/services/equipment';
import { Tx, useText } from '@/utils/i18nText';

const COVERAGE = '#1677ff';
const TIMELINESS = '#52c41a';
const pct = (v?: number) => Math.round((v || 0) * 1000) / 10;

function Legend() {
  const dot = (c: string) => ({ display: 'inline-block', width: 10, height: 10, background: c, marginRight: 4, borderRadius: 2 });
  return (
    <Space size="middle" style={{ fontSize: 12 }}>
      <span>
        <i style={dot(COVERAGE)} />
        <Tx>覆盖率</Tx>
      </span>
      <span>
        <i style={dot(TIMELINESS)} />
        <Tx>及时率</Tx>
      </span>
    </Space>
  );
}

/** Coverage and timeliness of each team (or person) as two CSS bars. */
function Bars({ stats, byPerson }: { stats: InspectStats; byPerson: boolean }) {
  const items = stats.items || [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const bar = (v: number | undefined, color: string, label: string) => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6, height: 14 }} title={`${label} ${pct(v)}%`}>
      <div style={{ flex: 1, background: '#f0f0f0', borderRadius: 3, height: 10 }}>
        <div style={{ width: `${pct(v)}%`, background: color, height: 10, borderRadius: 3, transition: 'width .3s' }} />
      </div>
      <span style={{ width: 44, fontSize: 12, textAlign: 'right' }}>{pct(v)}%</span>
    </div>
  );
  return (
    <div data-testid="stats-bars" style={{ maxHeight: 260, overflowY: 'auto' }}>
      {items.map((r) => (
        <div key={`${r.deptId}-${r.inspectorUserId || 0}`} data-testid="stats-bar" style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
          <div style={{ width: 110, fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {byPerson ? r.inspectorName : r.deptName}
          </div>
          <div style={{ flex: 1 }}>
            {bar(r.coverage, COVERAGE, '覆盖率')}
            {bar(r.timeliness, TIMELINESS, '及时率')}
          </div>
        </div>
      ))}
    </div>
  );
}

const W = 560;
const H = 200;
const PAD = { l: 36, r: 8, t: 10, b: 24 };

/** The daily coverage and timeliness over the range as an SVG line chart (days with nothing due break the line). */
function Trend({ stats }: { stats: InspectStats }) {
  const tt = useText();
  const days = stats.daily || [];
  if (days.length === 0 || days.every((d) => !Number(d.due))) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const x = (i: number) => PAD.l + (days.length === 1 ? 0 : (i * (W - PAD.l - PAD.r)) / (days.length - 1));
  const y = (v: number) => PAD.t + (1 - v) * (H - PAD.t - PAD.b);
  const lines = (key: 'coverage' | 'timeliness', has: (d: (typeof days)[number]) => boolean) => {
    const segs: string[][] = [[]];
    days.forEach((d, i) => {
      if (has(d)) segs[segs.length - 1].push(`${x(i).toFixed(1)},${y(d[key] || 0).toFixed(1)}`);
      else if (segs[segs.length - 1].length) segs.push([]);
    });
    return segs.filter((s) => s.length);
  };
  const series = [
    { key: 'coverage' as const, color: COVERAGE, has: (d: any) => Number(d.due) > 0, label: tt('覆盖率') },
    { key: 'timeliness' as const, color: TIMELINESS, has: (d: any) => Number(d.inspected) > 0, label: tt('及时率') },
  ];
  const ticks = [0, 0.5, 1];
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  return (
    <svg data-testid="stats-trend" viewBox={`0 0 ${W} ${H}`} style={{ width: '100%', height: 'auto', maxHeight: 240 }} role="img">
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} stroke="#eee" />
          <text x={PAD.l - 4} y={y(v) + 4} fontSize="10" textAnchor="end" fill="#888">{`${v * 100}%`}</text>
        </g>
      ))}
      {days.map((d, i) =>
        i % labelEvery === 0 || i === days.length - 1 ? (
          <text key={d.day} x={x(i)} y={H - 6} fontSize="10" textAnchor="middle" fill="#888">
            {(d.day || '').slice(5)}
          </text>
        ) : null,
      )}
      {series.map((s) =>
        lines(s.key, s.has).map((pts, j) =>
          pts.length === 1 ? (
            <circle key={`${s.key}-${j}`} cx={pts[0].split(',')[0]} cy={pts[0].split(',')[1]} r={2.5} fill={s.color} />
          ) : (
            <polyline
              key={`${s.key}-${j}`}
              data-testid={`trend-${s.key}`}
              points={pts.join(' ')}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
            />
          ),
        ),
      )}
      {days.map((d, i) =>
        Number(d.due) > 0 ? (
          <circle key={`p-${d.day}`} cx={x(i)} cy={y(d.coverage || 0)} r={6} fill="transparent">
            <title>{`${d.day} ${tt('应检点数')} ${d.due},${tt('覆盖率')} ${pct(d.coverage)}%,${tt('及时率')} ${pct(d.timeliness)}%`}</title>
          </circle>
        ) : null,
      )}
    </svg>
  );
}

/** The charts of the statistics page: bars per team / person and the daily trend. */
export default function StatsCharts({ stats, byPerson }: { stats?: InspectStats; byPerson: boolean }) {
  const tt = useText();
  if (!stats) return null;
  return (
    <Row gutter={12} style={{ marginBottom: 12 }}>
      <Col xs={24} lg={10}>
        <Card size="small" title={tt(byPerson ? '各人员覆盖率与及时率' : '各班组覆盖率与及时率')} extra={<Legend />}>
          <Bars stats={stats} byPerson={byPerson} />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title={tt('每日趋势')} extra={<Legend />}>
          <Trend stats={stats} />
        </Card>
      </Col>
    </Row>
  );
}
