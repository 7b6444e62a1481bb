import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Card, Space, Table, Tag } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { MAP_POSITION_TIP } from '@/components/PlantMap3D/frame';
import {
  GAS_TYPES,
  INDICATOR_TYPES,
  LEVEL_NAMES,
  STATE_NAMES,
  type Alarm,
  ackAlarms,
  activeAlarms,
  pointApi,
  subscribeLive,
  unshelveAlarms,
} from '@/services/monitor';
import { otherUnit } from '@/utils/gasUnits';
import { Tx, useText } from '@/utils/i18nText';
import ShelveModal from '../alarm/ShelveModal';
import TrendModal from './TrendModal';

interface Live {
  value?: number;
  valueTime?: string;
  alarmLevel?: string;
  alarmState?: string;
}

const stateColour = (s?: string) =>
  s === 'ACTIVE_UNACK' || s === 'LATCHED' ? 'red' : s === 'ACTIVE_ACK' ? 'orange' : s === 'RTN_UNACK' ? 'gold' : 'green';

/**
 * The active list during a flood (ISA-18.2): first-out and critical alarms (HH, LL, gas level 2,
 * oxygen) stay single rows at the top, never grouped away; the other alarms of areas in flood are
 * grouped by process unit (their point's device). Without a flood the list is as it came.
 */
export function floodRows(alarms: Alarm[]): any[] {
  if (!alarms.some((a) => a.flood)) return alarms;
  const single: any[] = [];
  const groups = new Map<string, any>();
  for (const a of alarms) {
    if (!a.flood || a.firstOut || a.critical) {
      single.push(a);
      continue;
    }
    const key = a.unitName || '';
    if (!groups.has(key)) groups.set(key, { id: `unit:${key}`, group: true, unitName: key, children: [] });
    groups.get(key).children.push(a);
  }
  const first = single.filter((a) => a.firstOut);
  const rest = single.filter((a) => !a.firstOut);
  return [...first, ...rest, ...[...groups.values()].sort((x, y) => String(x.unitName).localeCompare(String(y.unitName)))];
}

function limitsText(r: any) {
  const parts: string[] = [];
  if (r.limitLl !== undefined && r.limitLl !== null) parts.push(`LL ${r.limitLl}`);
  if (r.limitL !== undefined && r.limitL !== null) parts.push(`L ${r.limitL}`);
  if (r.limitH !== undefined && r.limitH !== null) parts.push(`H ${r.limitH}`);
  if (r.limitHh !== undefined && r.limitHh !== null) parts.push(`HH ${r.limitHh}`);
  return parts.join(' / ') || '-';
}

/** Monitored points (监测点位) with their live value and alarm state, and the active alarms. */
export default function MonitorPointPage() {
  const access = useAccess();
  const tt = useText();
  const [live, setLive] = useState<Record<string, Live>>({});
  const [alarms, setAlarms] = useState<Alarm[]>([]);
  const [shelving, setShelving] = useState<Alarm>();
  const [trendOf, setTrendOf] = useState<any>();

  const loadAlarms = useCallback(() => {
    activeAlarms()
      .then((a) => setAlarms(a as Alarm[]))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    loadAlarms();
    return subscribeLive((e) => {
      if (e.event === 'value' && e.data?.id) {
        setLive((m) => ({ ...m, [e.data.id]: e.data }));
      } else if (e.event === 'alarm' && e.data) {
        setAlarms((list) => {
          const rest = list.filter((a) => a.id !== e.data.id);
          return e.data.state === 'NORMAL' ? rest : [e.data, ...rest];
        });
      } else if (e.event === 'ready') {
        loadAlarms();
      }
    });
  }, [loadAlarms]);

  const fields: CrudField[] = useMemo(
    () => [
      { title: '点位编码', dataIndex: 'code', search: 'equal', form: { required: true } },
      { title: '点位名称', dataIndex: 'name', search: true, form: { required: true } },
      { title: '网关', dataIndex: 'gatewayCode', form: false },
      { title: '设备', dataIndex: 'deviceName', form: false },
      { title: '指标类型', dataIndex: 'indicatorType', search: 'equal', options: INDICATOR_TYPES, form: {} },
      { title: '气体类型', dataIndex: 'gasType', options: GAS_TYPES, hideInTable: true, form: {} },
      {
        title: '当前值',
        dataIndex: 'value',
        form: false,
        render: (_: any, r: any) => {
          const l = live[r.id] ?? r;
          if (l.value === undefined || l.value === null) return '-';
          // a toxic gas in ppm also in mg/m³ and back (25 °C, 101.325 kPa: utils/gasUnits)
          const other = otherUnit(l.value, r.unit, r.molarMass);
          return (
            <span title={other ? tt('按 25 ℃、101.325 kPa(24.45 L/mol)换算') : undefined}>
              {`${l.value} ${r.unit || ''}`}
              {other ? <span style={{ color: '#888' }} data-testid="other-unit">{` (${other})`}</span> : null}
            </span>
          );
        },
      },
      {
        title: '状态',
        dataIndex: 'alarmState',
        form: false,
        render: (_: any, r: any) => {
          const l = live[r.id] ?? r;
          const s = l.alarmState || 'NORMAL';
          return (
            <Space size={4} wrap>
              <Tag color={stateColour(s)}>
                <Tx>{STATE_NAMES[s] || s}</Tx>
                {l.alarmLevel ? ` ${l.alarmLevel}` : ''}
              </Tag>
              {r.chattering ? (
                <Tag color="magenta" title={tt('抖动报警:建议搁置或加大死区')} data-testid="chattering">
                  <Tx>抖动</Tx>
                </Tag>
              ) : null}
              {r.heldUntil ? (
                <Tag color="default">
                  <Tx>停用至</Tx> {r.heldUntil}
                </Tag>
              ) : null}
            </Space>
          );
        },
      },
      { title: '报警限值', dataIndex: 'limits', form: false, render: (_: any, r: any) => limitsText(r) },
      { title: '单位', dataIndex: 'unit', hideInTable: true, form: {} },
      { title: '采集网关ID', dataIndex: 'gatewayId', hideInTable: true, form: { required: true } },
      { title: '低低报(LL)', dataIndex: 'limitLl', type: 'digit', hideInTable: true, form: {} },
      { title: '低报(L)', dataIndex: 'limitL', type: 'digit', hideInTable: true, form: {} },
      { title: '高报(H)/一级', dataIndex: 'limitH', type: 'digit', hideInTable: true, form: {} },
      { title: '高高报(HH)/二级', dataIndex: 'limitHh', type: 'digit', hideInTable: true, form: {} },
      { title: '职业接触限值(OEL)', dataIndex: 'oel', type: 'digit', hideInTable: true, form: {} },
      { title: '摩尔质量(g/mol)', dataIndex: 'molarMass', type: 'digit', hideInTable: true, form: {} },
      { title: '死区', dataIndex: 'deadband', type: 'digit', hideInTable: true, form: {} },
      { title: '报警延时(秒)', dataIndex: 'onDelay', type: 'digit', hideInTable: true, form: {} },
      { title: '恢复延时(秒)', dataIndex: 'offDelay', type: 'digit', hideInTable: true, form: {} },
      { title: '采样周期(秒)', dataIndex: 'expectInterval', type: 'digit', hideInTable: true, form: {} },
      { title: '地图X(米)', dataIndex: 'mapX', type: 'digit', hideInTable: true, form: { tooltip: MAP_POSITION_TIP } },
      { title: '地图Y(米)', dataIndex: 'mapY', type: 'digit', hideInTable: true, form: { tooltip: MAP_POSITION_TIP } },
    ],
    [live, tt],
  );

  const ack = (ids: string[]) => ackAlarms(ids).then(loadAlarms);
  const rows = useMemo(() => floodRows(alarms), [alarms]);
  const flooding = alarms.some((a) => a.flood);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <Tx>实时报警</Tx>
            <Badge count={alarms.length} />
            {flooding ? (
              <Tag color="red" data-testid="flood-banner">
                <Tx>报警泛滥中:按装置分组,首出报警和高高报、二级、氧含量报警单独列出</Tx>
              </Tag>
            ) : null}
          </Space>
        }
      >
        <Table<Alarm>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows as Alarm[]}
          expandable={{ defaultExpandAllRows: false }}
          locale={{ emptyText: <Tx>当前无报警</Tx> }}
          columns={[
            {
              title: <Tx>点位</Tx>,
              dataIndex: 'pointCode',
              render: (v, r: any) =>
                r.group ? (
                  <b>
                    {r.unitName || tt('未分配装置')} ({r.children.length})
                  </b>
                ) : (
                  <Space size={4}>
                    {`${v} ${r.pointName || ''}`}
                    {r.firstOut ? (
                      <Tag color="red">
                        <Tx>首出</Tx>
                      </Tag>
                    ) : null}
                    {r.chattering ? (
                      <Tag color="magenta" title={tt('抖动报警:建议搁置或加大死区')}>
                        <Tx>抖动</Tx>
                      </Tag>
                    ) : null}
                  </Space>
                ),
            },
            {
              title: <Tx>级别</Tx>,
              dataIndex: 'level',
              render: (v, r: any) =>
                r.group ? null : (
                  <Tag color={v === 'HH' || v === 'LL' ? 'red' : 'orange'}>
                    <Tx>{LEVEL_NAMES[v] || v}</Tx>
                  </Tag>
                ),
            },
            {
              title: <Tx>报警值</Tx>,
              dataIndex: 'value',
              render: (v, r: any) => (r.group ? null : `${v} ${r.unit || ''}`),
            },
            {
              title: <Tx>状态</Tx>,
              dataIndex: 'state',
              render: (v, r: any) =>
                r.group ? null : (
                  <Space size={4}>
                    <Tag color={stateColour(v)}>
                      <Tx>{STATE_NAMES[v] || v}</Tx>
                    </Tag>
                    {r.shelved ? (
                      <Tag color="default" title={r.shelveReason}>
                        <Tx>已搁置至</Tx> {r.shelvedUntil}
                      </Tag>
                    ) : null}
                  </Space>
                ),
            },
            { title: <Tx>报警时间</Tx>, dataIndex: 'raisedAt' },
            { title: <Tx>确认人</Tx>, dataIndex: 'ackedByName', render: (v) => v || '-' },
            {
              title: <Tx>操作</Tx>,
              key: 'op',
              render: (_, r: any) =>
                r.group ? null : (
                  <Space size={0}>
                    {access.can('monitor_alarm_ack') && (r.state === 'ACTIVE_UNACK' || r.state === 'RTN_UNACK' || r.state === 'LATCHED') ? (
                      <Button size="small" type="link" onClick={() => void ack([r.id])}>
                        <Tx>{r.state === 'LATCHED' ? '复位' : '确认'}</Tx>
                      </Button>
                    ) : null}
                    {access.can('monitor_alarm_shelve') && !r.shelved && r.state !== 'LATCHED' ? (
                      <Button size="small" type="link" onClick={() => setShelving(r)}>
                        <Tx>搁置</Tx>
                      </Button>
                    ) : null}
                    {access.can('monitor_alarm_shelve') && r.shelved ? (
                      <Button size="small" type="link" onClick={() => void unshelveAlarms([r.id]).then(loadAlarms)}>
                        <Tx>取消搁置</Tx>
                      </Button>
                    ) : null}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <ShelveModal
        alarm={shelving as any}
        onClose={(changed) => {
          setShelving(undefined);
          if (changed) loadAlarms();
        }}
      />
      <TrendModal point={trendOf} onClose={() => setTrendOf(undefined)} />
      <CrudPage
        title="监测点位"
        fields={fields}
        api={pointApi}
        permissionPrefix="monitor_point"
        exportBtn={false}
        rowActions={(r: any) => [
          <a key="trend" data-testid={`trend-${r.code}`} onClick={() => setTrendOf(r)}>
            <Tx>趋势</Tx>
          </a>,
        ]}
      />
    </Space>
  );
}
