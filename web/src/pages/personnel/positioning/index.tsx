import React, { useEffect, useMemo, useState } from 'react';
import { Badge, Card, Col, Descriptions, Empty, List, Row, Segmented, Space, Statistic, Tag, Typography } from 'antd';
import { useAccess } from '@umijs/max';
import {
  ALARM_TYPES,
  PERSON_COLORS,
  PERSON_TYPES,
  ZONE_COLORS,
  allZones,
  alarmApi,
  headcounts,
  livePositions,
  subscribePositioning,
  type PosAlarm,
  type PosHeadcounts,
  type PosPosition,
  type PosZone,
} from '@/services/positioning';
import { Tx, useText } from '@/utils/i18nText';
import type { MapAlarmMark, MapPerson, MapZone } from '@/components/PlantMap3D';
import HandleDialog from '../components/PositioningHandle';

// the 3D map (and Cesium behind it) loads only when its tab is opened
const LiveMap = React.lazy(() => import('@/components/PlantMap3D/LiveMap'));

const POSITION_ZERO = { x: 0, y: 0, floor: 0, battery: 0, sos: false, online: false, zoneId: '0', zoneName: '' };

const typeName = (opts: { label: string; value: number }[], v?: number) => opts.find((o) => o.value === v)?.label || '';

/** The plant's extent: the zones' and people's bounds with a margin, as an SVG viewBox (y up). */
function extent(zones: PosZone[], people: PosPosition[]) {
  const xs: number[] = [];
  const ys: number[] = [];
  zones.forEach((z) => (z.polygon || []).forEach((v) => (xs.push(v.x ?? 0), ys.push(v.y ?? 0))));
  people.forEach((p) => (xs.push(p.x ?? 0), ys.push(p.y ?? 0)));
  if (!xs.length) return { minX: 0, minY: 0, w: 100, h: 100 };
  const minX = Math.min(...xs) - 20;
  const minY = Math.min(...ys) - 20;
  return { minX, minY, w: Math.max(...xs) + 20 - minX, h: Math.max(...ys) + 20 - minY };
}

/**
 * The live map (人员定位): zones coloured by kind with their head counts, people moving as the
 * positioning stream reports them (coloured by person type, red when they press SOS), the open
 * alarms, handled from here.
 */
export default function PositioningLivePage() {
  const tt = useText();
  const access = useAccess();
  const [zones, setZones] = useState<PosZone[]>([]);
  const [people, setPeople] = useState<Record<string, PosPosition>>({});
  const [heads, setHeads] = useState<PosHeadcounts>();
  const [alarms, setAlarms] = useState<PosAlarm[]>([]);
  const [selected, setSelected] = useState<string>();
  const [handling, setHandling] = useState<string>();
  const [view, setView] = useState<'2d' | '3d'>('2d');

  const loadAlarms = () => alarmApi.list({ current: 1, size: 20, state_equal: 1 }).then((p: any) => setAlarms(p?.records || []));
  useEffect(() => {
    void allZones().then(setZones);
    void livePositions().then((l) => setPeople(Object.fromEntries(l.map((p) => [p.tagId, p]))));
    void headcounts().then(setHeads);
    void loadAlarms();
    return subscribePositioning((e) => {
      // The stream omits zero and false fields (protojson): they are filled in here.
      if (e.event === 'positions') {
        const items: PosPosition[] = (e.data?.items || []).map((p: any) => ({ ...POSITION_ZERO, ...p }));
        setPeople((cur) => {
          const next = { ...cur };
          items.forEach((p) => (next[p.tagId] = p));
          return next;
        });
      } else if (e.event === 'headcount') {
        setHeads({
          online: 0,
          offline: 0,
          total: 0,
          ...e.data,
          zones: (e.data?.zones || []).map((z: any) => ({ count: 0, maxHeadcount: 0, ...z })),
        });
      } else if (e.event === 'alarm' && e.data?.id) {
        setAlarms((cur) => [e.data, ...cur.filter((a) => a.id !== e.data.id)].filter((a) => a.state === 1).slice(0, 50));
      }
    });
  }, []);

  const list = Object.values(people);
  const box = useMemo(() => extent(zones, list), [zones, list.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  const counts = Object.fromEntries((heads?.zones || []).map((z) => [z.zoneId, z]));
  const sel = selected ? people[selected] : undefined;
  const zones3d = useMemo<MapZone[]>(
    () =>
      zones.map((z) => {
        const c = counts[z.id];
        return {
          id: z.id,
          label: `${z.name} ${c?.count ?? 0}${z.maxHeadcount ? '/' + z.maxHeadcount : ''}`,
          polygon: z.polygon || [],
          fill: ZONE_COLORS[z.kind],
        };
      }),
    [zones, heads], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const people3d = useMemo<MapPerson[]>(
    () =>
      list.map((p) => ({
        id: p.tagId,
        name: p.personName,
        x: p.x,
        y: p.y,
        colour: PERSON_COLORS[p.personType] || '#8c8c8c',
        sos: p.sos,
        online: p.online,
      })),
    [people], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // an open alarm of a person is ringed where the person is now (else where it was raised)
  const personAlarms = useMemo<MapAlarmMark[]>(
    () =>
      alarms.map((a) => {
        const p = a.tagId ? people[a.tagId] : undefined;
        return { id: a.id, x: p?.x ?? a.x, y: p?.y ?? a.y };
      }),
    [alarms, people],
  );
  const r = Math.max(box.w, box.h) / 120;
  // SVG's y grows downwards; the plant's grows upwards.
  const fy = (y = 0) => box.minY + box.h - (y - box.minY);

  return (
    <Row gutter={12}>
      <Col xs={24} xl={17}>
        <Card
          size="small"
          title={
            <Space>
              <Tx>人员定位</Tx>
              <Segmented
                size="small"
                data-testid="positioning-view"
                value={view}
                onChange={(v) => setView(v as '2d' | '3d')}
                options={[
                  { label: tt('平面图'), value: '2d' },
                  { label: tt('三维地图'), value: '3d' },
                ]}
              />
            </Space>
          }
          extra={
            <Space>
              {PERSON_TYPES.map((p) => (
                <Badge key={p.value} color={PERSON_COLORS[p.value]} text={<Tx>{p.label}</Tx>} />
              ))}
            </Space>
          }
        >
          {view === '3d' ? (
            <React.Suspense fallback={null}>
              <LiveMap
                testId="positioning-map-3d"
                zones={zones3d}
                people={people3d}
                personAlarms={personAlarms}
                selected={selected}
                onPick={setSelected}
                height="calc(100vh - 260px)"
              />
            </React.Suspense>
          ) : (
            <svg
              data-testid="positioning-map"
              viewBox={`${box.minX} ${box.minY} ${box.w} ${box.h}`}
              style={{ width: '100%', height: 'calc(100vh - 260px)', minHeight: 360, background: '#fafafa' }}
            >
              {zones.map((z) => {
                const pts = (z.polygon || []).map((v) => `${v.x},${fy(v.y)}`).join(' ');
                const c = counts[z.id];
                const over = c && c.maxHeadcount > 0 && c.count > c.maxHeadcount;
                const xs = (z.polygon || []).map((v) => v.x ?? 0);
                const ys = (z.polygon || []).map((v) => fy(v.y));
                const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
                const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
                return (
                  <g key={z.id}>
                    <polygon
                      points={pts}
                      fill={ZONE_COLORS[z.kind] || '#d9d9d9'}
                      fillOpacity={0.35}
                      stroke={over ? '#f5222d' : '#8c8c8c'}
                      strokeWidth={over ? r / 2 : r / 6}
                    />
                    <text x={cx} y={cy} fontSize={r * 2.2} textAnchor="middle" fill="#262626">
                      {`${z.name} ${c?.count ?? 0}${z.maxHeadcount ? '/' + z.maxHeadcount : ''}`}
                    </text>
                  </g>
                );
              })}
              {list.map((p) => (
                <g
                  key={p.tagId}
                  onClick={() => setSelected(p.tagId)}
                  style={{ cursor: 'pointer', transition: 'transform 0.9s linear' }}
                  transform={`translate(${p.x},${fy(p.y)})`}
                >
                  <circle
                    r={p.tagId === selected ? r * 1.6 : r}
                    fill={p.sos ? '#f5222d' : PERSON_COLORS[p.personType] || '#8c8c8c'}
                    opacity={p.online ? 1 : 0.35}
                    stroke="#fff"
                    strokeWidth={r / 4}
                  />
                  <text y={-r * 1.6} fontSize={r * 1.8} textAnchor="middle" fill="#262626">
                    {p.personName}
                  </text>
                  <title>{`${p.personName} (${p.tag})`}</title>
                </g>
              ))}
            </svg>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={7}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Card size="small">
            <Row>
              <Col span={8}>
                <Statistic title={tt('在线')} value={heads?.online ?? 0} />
              </Col>
              <Col span={8}>
                <Statistic title={tt('离线')} value={heads?.offline ?? 0} />
              </Col>
              <Col span={8}>
                <Statistic title={tt('总数')} value={heads?.total ?? 0} />
              </Col>
            </Row>
          </Card>
          {sel && (
            <Card size="small" title={sel.personName} data-testid="positioning-person">
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={tt('定位卡号')}>{sel.tag}</Descriptions.Item>
                <Descriptions.Item label={tt('人员类型')}>{tt(typeName(PERSON_TYPES, sel.personType))}</Descriptions.Item>
                <Descriptions.Item label={tt('所在区域')}>{sel.zoneName || '-'}</Descriptions.Item>
                <Descriptions.Item
                  label={tt('坐标')}
                >{`${sel.x?.toFixed(1)}, ${sel.y?.toFixed(1)} (${tt('楼层')} ${sel.floor})`}</Descriptions.Item>
                <Descriptions.Item label={tt('电量')}>{sel.battery >= 0 ? `${sel.battery}%` : '-'}</Descriptions.Item>
                <Descriptions.Item label={tt('最后定位')}>{sel.ts}</Descriptions.Item>
              </Descriptions>
            </Card>
          )}
          <Card size="small" title={<Tx>区域人数</Tx>}>
            <List
              size="small"
              dataSource={heads?.zones || []}
              renderItem={(z) => (
                <List.Item>
                  <span>{z.zoneName}</span>
                  <Typography.Text type={z.maxHeadcount > 0 && z.count > z.maxHeadcount ? 'danger' : undefined}>
                    {z.count ?? 0}
                    {z.maxHeadcount ? ` / ${z.maxHeadcount}` : ''}
                  </Typography.Text>
                </List.Item>
              )}
            />
          </Card>
          <Card size="small" title={<Tx>报警中</Tx>}>
            {alarms.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt('当前无报警')} />
            ) : (
              <List
                size="small"
                dataSource={alarms}
                renderItem={(a) => (
                  <List.Item
                    actions={
                      access.can('positioning_alarm_handle')
                        ? [
                            <a key="h" onClick={() => setHandling(a.id)}>
                              <Tx>处理</Tx>
                            </a>,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      title={
                        <Space>
                          <Tag color={a.level === 1 ? 'red' : 'orange'}>
                            <Tx>{typeName(ALARM_TYPES, a.alarmType)}</Tx>
                          </Tag>
                          {a.personName || a.zoneName}
                        </Space>
                      }
                      description={`${a.raisedAt} ${a.detail}`}
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Space>
      </Col>
      {handling && (
        <HandleDialog
          ids={[handling]}
          onClose={(done) => {
            setHandling(undefined);
            if (done) void loadAlarms();
          }}
        />
      )}
    </Row>
  );
}
