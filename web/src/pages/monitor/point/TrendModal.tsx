import React, { useEffect, useState } from 'react';
import { Alert, Descriptions, Modal, Segmented, Spin } from 'antd';
import dayjs from 'dayjs';
import { TrendLine, type TrendPoint } from '@/components/BigScreen';
import { type Trend, pointTrend, trendLimits } from '@/services/monitor';
import { otherUnit } from '@/utils/gasUnits';
import { Tx, useText } from '@/utils/i18nText';

/** The ranges offered, in hours. */
const RANGES = [
  { label: '1小时', value: 1 },
  { label: '8小时', value: 8 },
  { label: '24小时', value: 24 },
  { label: '7天', value: 168 },
  { label: '30天', value: 720 },
];
const WIDTH = 720;
const FMT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The series a trend is drawn from: each bucket's minimum and maximum (at its start and its middle),
 * so a short excursion stays visible however long the range.
 */
export function envelope(t?: Trend): TrendPoint[] {
  if (!t?.buckets?.length) return [];
  const half = ((Number(t.bucketSeconds) || 0) * 1000) / 2;
  const out: TrendPoint[] = [];
  for (const b of t.buckets) {
    const at = dayjs(b.ts, FMT).valueOf();
    out.push({ t: at, v: Number(b.min) }, { t: at + half, v: Number(b.max) });
  }
  return out;
}

/** 历史趋势: a point's history over a chosen range with its alarm limits as dashed lines. */
export default function TrendModal({ point, onClose }: { point?: any; onClose: () => void }) {
  const tt = useText();
  const [hours, setHours] = useState(24);
  const [trend, setTrend] = useState<Trend>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!point) return;
    const to = dayjs();
    setLoading(true);
    setError('');
    // with the browser's offset: the server reads the instant whatever the zones
    pointTrend(point.id, to.subtract(hours, 'hour').format(), to.format(), WIDTH / 2)
      .then(setTrend)
      .catch((e) => setError(e?.message || tt('读取失败')))
      .finally(() => setLoading(false));
  }, [point, hours, tt]);

  const pts = envelope(trend);
  const vals = (trend?.buckets || []).flatMap((b) => [Number(b.min), Number(b.max)]);
  // a toxic gas in ppm also in mg/m³ and back (25 °C, 101.325 kPa, 24.45 L/mol: utils/gasUnits)
  const both = (v: number) => {
    const other = otherUnit(v, trend?.unit || point?.unit, point?.molarMass);
    return `${v} ${trend?.unit || ''}${other ? ` (${other})` : ''}`;
  };
  return (
    <Modal
      open={!!point}
      title={
        <span>
          <Tx>历史趋势</Tx> {point ? `${point.code} ${point.name}` : ''}
        </span>
      }
      width={WIDTH + 48}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Segmented
        options={RANGES.map((r) => ({ label: tt(r.label), value: r.value }))}
        value={hours}
        onChange={(v) => setHours(Number(v))}
        style={{ marginBottom: 12 }}
      />
      {error ? <Alert type="error" message={error} style={{ marginBottom: 12 }} /> : null}
      <Spin spinning={loading}>
        <div data-testid="trend-chart" style={{ minHeight: 244 }}>
          <TrendLine
            points={pts}
            width={WIDTH}
            height={240}
            limits={trendLimits(trend || point || {})}
            colour="#1677ff"
            testId="trend-line"
          />
        </div>
      </Spin>
      <Descriptions size="small" column={3} style={{ marginTop: 12 }}>
        <Descriptions.Item label={tt('最小值')}>{vals.length ? both(Math.min(...vals)) : '-'}</Descriptions.Item>
        <Descriptions.Item label={tt('最大值')}>{vals.length ? both(Math.max(...vals)) : '-'}</Descriptions.Item>
        <Descriptions.Item label={tt('采样数')}>
          <span data-testid="trend-count">{(trend?.buckets || []).reduce((n, b) => n + (Number(b.count) || 0), 0)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={tt('每段时长')} span={3}>
          {trend ? `${trend.bucketSeconds} ${tt('秒')}(${tt('每段显示最小值与最大值')})` : '-'}
        </Descriptions.Item>
        {otherUnit(1, trend?.unit || point?.unit, point?.molarMass) ? (
          <Descriptions.Item label={tt('单位换算')} span={3}>
            <span data-testid="trend-conversion">{`${tt('按 25 ℃、101.325 kPa(24.45 L/mol)换算')}, ${tt('摩尔质量')} ${point.molarMass} g/mol`}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Modal>
  );
}
