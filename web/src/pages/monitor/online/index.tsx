import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, DatePicker, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useAccess } from '@umijs/max';
import dayjs, { type Dayjs } from 'dayjs';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import {
  DEVICE_TYPES,
  ONLINE_DAILY_EXPORT,
  type OnlineDays,
  type OnlineDevice,
  onlineDaily,
  onlineDevices,
  onlinePointApi,
} from '@/services/monitor';
import { exportFile } from '@/utils/download';
import { Tx, useText } from '@/utils/i18nText';
import { ANALYSIS_MAX_DAYS } from '../analysis';

type Day = NonNullable<OnlineDays['days']>[number];

/** A ratio as a percentage with two decimals; '-' when nothing was observed. */
export function percent(ratio?: number, seconds?: number): string {
  if (!(Number(seconds) > 0)) return '-';
  return `${(Number(ratio || 0) * 100).toFixed(2)}%`;
}

/** Seconds as hours and minutes (h:mm). */
export function hoursMinutes(seconds?: number): string {
  const m = Math.floor((Number(seconds) || 0) / 60);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The daily figures as columns against the target line (plain SVG: the web has no chart
 * library). The axis starts below the lowest day so a 99 % day and a 99.9 % one look different.
 */
export function DailyChart({ days, target }: { days: Day[]; target: number }) {
  const tt = useText();
  const seen = days.filter((d) => Number(d.seconds) > 0);
  if (!seen.length) return <div className="aq-empty">{tt('暂无数据')}</div>;
  const lo = Math.max(0, Math.floor(Math.min(target - 0.01, ...seen.map((d) => Number(d.ratio) || 0)) * 100 - 1) / 100);
  const w = 18;
  const h = 140;
  const y = (r: number) => h - ((r - lo) / (1 - lo)) * (h - 10);
  const width = days.length * w + 40;
  return (
    <svg width="100%" height={h + 30} viewBox={`0 0 ${width} ${h + 30}`} data-testid="online-chart">
      <line x1={30} y1={h} x2={width} y2={h} stroke="#d9d9d9" />
      <text x={0} y={12} fontSize={9} fill="#888">
        100%
      </text>
      <text x={0} y={h} fontSize={9} fill="#888">
        {`${Math.round(lo * 100)}%`}
      </text>
      {days.map((d, i) => {
        const observed = Number(d.seconds) > 0;
        const r = Number(d.ratio) || 0;
        const top = observed ? y(Math.max(r, lo)) : h;
        return (
          <g key={d.day} data-day={d.day} data-met={observed ? String(!!d.met) : 'none'}>
            <title>{`${d.day}: ${percent(d.ratio, d.seconds)}${observed ? ` ${tt(d.met ? '达标' : '未达标')}` : ''}`}</title>
            <rect x={32 + i * w} y={top} width={w - 4} height={h - top} fill={d.met ? '#52c41a' : '#f5222d'} />
            {i % 7 === 0 ? (
              <text x={32 + i * w} y={h + 14} fontSize={9} fill="#888">
                {d.day?.slice(5)}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={30} y1={y(target)} x2={width} y2={y(target)} stroke="#fa8c16" strokeDasharray="4 3" data-testid="online-target" />
    </svg>
  );
}

/**
 * 在线率统计 (issue 14): the points' and devices' online state now and their online time on a
 * day (a point is offline after 3 of its expected intervals without a sample), and the tenant's
 * daily figure (the share of its points' time online) against the regulator's 99.5 %.
 */
export default function MonitorOnlinePage() {
  const tt = useText();
  const access = useAccess();
  const [day, setDay] = useState<Dayjs>(dayjs());
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [daily, setDaily] = useState<OnlineDays>();
  const [devices, setDevices] = useState<OnlineDevice[]>([]);
  const dayText = day.format('YYYY-MM-DD');
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');

  const loadDaily = useCallback(() => {
    onlineDaily(from, to)
      .then(setDaily)
      .catch(() => undefined);
  }, [from, to]);
  useEffect(loadDaily, [loadDaily]);
  useEffect(() => {
    onlineDevices(dayText)
      .then(setDevices)
      .catch(() => setDevices([]));
  }, [dayText]);

  const target = (Number(daily?.targetPermille) || 995) / 1000;
  const targetText = `${(target * 100).toFixed(1)}%`;
  const typeName = (v?: string) => DEVICE_TYPES.find((t) => t.value === v)?.label;
  const fields: CrudField[] = useMemo(
    () => [
      { title: '点位编码', dataIndex: 'pointCode', search: 'equal' },
      { title: '点位名称', dataIndex: 'pointName', search: true },
      { title: '设备', dataIndex: 'deviceName', render: (v: any) => v || '-' },
      { title: '网关', dataIndex: 'gatewayCode' },
      { title: '采样周期(秒)', dataIndex: 'expectInterval' },
      {
        title: '当前状态',
        dataIndex: 'online',
        render: (v: any) => (
          <Tag color={v ? 'green' : 'default'} data-testid={v ? 'online' : 'offline'}>
            <Tx>{v ? '在线' : '离线'}</Tx>
          </Tag>
        ),
      },
      { title: '最后数据时间', dataIndex: 'lastSeen', render: (v: any) => v || '-' },
      {
        title: '在线时长',
        dataIndex: 'onlineSeconds',
        render: (_: any, r: any) => `${hoursMinutes(r.onlineSeconds)} / ${hoursMinutes(r.seconds)}`,
      },
      {
        title: '在线率',
        dataIndex: 'ratio',
        render: (_: any, r: any) => (
          <span style={{ color: Number(r.seconds) > 0 && Number(r.ratio) < target ? '#f5222d' : undefined }}>
            {percent(r.ratio, r.seconds)}
          </span>
        ),
      },
    ],
    [target],
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="online-report">
      <Card
        size="small"
        title={
          <Space wrap>
            <Tx>每日在线率</Tx>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(v) => {
                if (v?.[0] && v[1]) setRange([v[0], v[1]]);
              }}
            />
            <span style={{ color: '#888', fontWeight: 'normal' }}>{`${tt('最长')} ${ANALYSIS_MAX_DAYS} ${tt('天')}`}</span>
          </Space>
        }
        extra={
          access.can('monitor_online_export') ? (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => exportFile(ONLINE_DAILY_EXPORT, { from, to }, `${tt('日在线率')}.xlsx`)}
            >
              <Tx>导出</Tx>
            </Button>
          ) : null
        }
      >
        <div style={{ color: '#888', marginBottom: 8 }} data-testid="online-target-text">
          <Tx>达标值</Tx> {targetText}
          {daily?.targetSource ? ` (${tt(daily.targetSource)})` : ''}
          {' · '}
          <Tx>点位超过 3 个采样周期无数据即为离线</Tx>
        </div>
        <DailyChart days={daily?.days || []} target={target} />
        <div data-testid="online-days">
          <Table<Day>
            rowKey="day"
            size="small"
            pagination={{ pageSize: 7 }}
            dataSource={[...(daily?.days || [])].reverse()}
            columns={[
              { title: tt('日期'), dataIndex: 'day' },
              { title: tt('点位数'), dataIndex: 'points' },
              { title: tt('在线率'), dataIndex: 'ratio', render: (_, r) => percent(r.ratio, r.seconds) },
              {
                title: tt('是否达标'),
                dataIndex: 'met',
                render: (v, r) =>
                  Number(r.seconds) > 0 ? (
                    <Tag color={v ? 'green' : 'red'}>
                      <Tx>{v ? '达标' : '未达标'}</Tx>
                    </Tag>
                  ) : (
                    '-'
                  ),
              },
            ]}
          />
        </div>
      </Card>
      <Card
        size="small"
        data-testid="online-devices"
        title={
          <Space>
            <Tx>设备在线率</Tx>
            <DatePicker value={day} allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} onChange={(v) => v && setDay(v)} />
          </Space>
        }
      >
        <Table<OnlineDevice>
          rowKey="deviceId"
          size="small"
          pagination={false}
          dataSource={devices}
          columns={[
            {
              title: tt('设备'),
              dataIndex: 'deviceName',
              render: (v, r) => (r.deviceId && r.deviceId !== '0' ? `${r.deviceCode} ${v}` : tt('未关联设备')),
            },
            { title: tt('设备类型'), dataIndex: 'deviceType', render: (v) => (typeName(v) ? tt(typeName(v)!) : '-') },
            { title: tt('在线点位'), dataIndex: 'onlinePoints', render: (v, r) => `${v || 0} / ${r.points || 0}` },
            { title: tt('在线率'), dataIndex: 'ratio', render: (_, r) => percent(r.ratio, r.seconds) },
          ]}
        />
      </Card>
      <CrudPage
        key={dayText}
        title="点位在线率"
        rowKey="pointId"
        fields={fields}
        api={onlinePointApi}
        params={{ day: dayText }}
        permissionPrefix="monitor_online"
        addBtn={false}
        editBtn={false}
        delBtn={false}
        viewBtn={false}
        exportBtn
        exportName={`${tt('点位在线率')}_${dayText}.xlsx`}
      />
    </Space>
  );
}
