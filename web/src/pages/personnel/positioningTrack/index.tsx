import React, { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Row, Select, Slider, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useLocation } from '@umijs/max';
import { ZONE_COLORS, allZones, plantNow, tagOptions, trackOf, type PosTrackPoint, type PosZone } from '@/services/positioning';
import { Tx, useText } from '@/utils/i18nText';

/** One playback step every PLAY_MS milliseconds. */
const PLAY_MS = 300;

/** The bounds of the zones and the track with a margin, as an SVG viewBox (y up, drawn flipped). */
function extent(zones: PosZone[], pts: PosTrackPoint[]) {
  const xs: number[] = [];
  const ys: number[] = [];
  zones.forEach((z) => (z.polygon || []).forEach((v) => (xs.push(v.x ?? 0), ys.push(v.y ?? 0))));
  pts.forEach((p) => (xs.push(p.x ?? 0), ys.push(p.y ?? 0)));
  if (!xs.length) return { minX: 0, minY: 0, w: 100, h: 100 };
  const minX = Math.min(...xs) - 10;
  const minY = Math.min(...ys) - 10;
  return { minX, minY, w: Math.max(...xs) + 10 - minX, h: Math.max(...ys) + 10 - minY };
}

/**
 * Track playback (轨迹回放): one person's stored fixes over a time range (at most 24 hours) as a
 * list and as a path over the zones in local metres, played back step by step. Times are plant
 * times (the server's zone), whatever the browser's.
 */
export default function PositioningTrackPage() {
  const tt = useText();
  const location = useLocation();
  const [tags, setTags] = useState<{ label: string; value: string }[]>([]);
  const [tagId, setTagId] = useState<string | undefined>(new URLSearchParams(location.search).get('tagId') || undefined);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([plantNow().subtract(1, 'hour'), plantNow()]);
  const [zones, setZones] = useState<PosZone[]>([]);
  const [points, setPoints] = useState<PosTrackPoint[]>([]);
  const [loading, setLoading] = useState(false);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    void tagOptions().then(setTags);
    void allZones()
      .then(setZones)
      .catch(() => undefined);
  }, []);
  const load = () => {
    if (!tagId) return;
    setLoading(true);
    setPlaying(false);
    trackOf(tagId, range[0].format('YYYY-MM-DD HH:mm:ss'), range[1].format('YYYY-MM-DD HH:mm:ss'))
      .then((p) => {
        setPoints(p);
        setAt(0);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  useEffect(() => {
    if (!playing) return undefined;
    const t = setInterval(() => {
      setAt((i) => {
        if (i + 1 >= points.length) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, PLAY_MS);
    return () => clearInterval(t);
  }, [playing, points.length]);

  const box = useMemo(() => extent(zones, points), [zones, points]);
  // SVG y grows downwards: flip the plant's y.
  const fy = (y?: number) => box.minY + box.h - ((y ?? 0) - box.minY);
  const path = points.map((p) => `${p.x ?? 0},${fy(p.y)}`).join(' ');
  const cur = points[at];
  const r = Math.max(box.w, box.h) / 100;
  const columns = [
    { title: tt('时间'), dataIndex: 'ts' },
    { title: 'X', dataIndex: 'x', render: (v: number) => (v ?? 0).toFixed(1) },
    { title: 'Y', dataIndex: 'y', render: (v: number) => (v ?? 0).toFixed(1) },
    { title: tt('楼层'), dataIndex: 'floor' },
    { title: tt('区域'), dataIndex: 'zoneId', render: (v: string) => zones.find((z) => z.id === v)?.name || '-' },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="track-playback">
      <Card size="small">
        <Space wrap>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={tt('选择人员')}
            options={tags}
            value={tagId}
            onChange={setTagId}
            data-testid="track-tag"
          />
          <DatePicker.RangePicker
            showTime
            value={range}
            allowClear={false}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          <Button type="primary" onClick={load} loading={loading} disabled={!tagId} data-testid="track-query">
            <Tx>查询</Tx>
          </Button>
          <span style={{ color: '#888' }}>
            <Tx>时间范围最长 24 小时</Tx>
          </span>
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={<Tx>轨迹</Tx>}>
            {points.length ? (
              <>
                <svg
                  viewBox={`${box.minX} ${box.minY} ${box.w} ${box.h}`}
                  style={{ width: '100%', height: 420, background: '#fafafa' }}
                  data-testid="track-svg"
                >
                  {zones.map((z) => (
                    <polygon
                      key={z.id}
                      points={(z.polygon || []).map((v) => `${v.x ?? 0},${fy(v.y)}`).join(' ')}
                      fill={ZONE_COLORS[z.kind ?? 1]}
                      fillOpacity={0.35}
                      stroke="#999"
                      strokeWidth={r / 4}
                    />
                  ))}
                  <polyline points={path} fill="none" stroke="#1677ff" strokeWidth={r / 2} />
                  {cur ? <circle cx={cur.x ?? 0} cy={fy(cur.y)} r={r * 1.5} fill="#f5222d" data-testid="track-marker" /> : null}
                </svg>
                <Space style={{ width: '100%' }}>
                  <Button
                    onClick={() => {
                      if (at + 1 >= points.length) setAt(0);
                      setPlaying(!playing);
                    }}
                    data-testid="track-play"
                  >
                    <Tx>{playing ? '暂停' : '播放'}</Tx>
                  </Button>
                  <span>{cur?.ts}</span>
                </Space>
                <Slider min={0} max={Math.max(points.length - 1, 0)} value={at} onChange={(v) => setAt(v as number)} />
              </>
            ) : (
              <Empty description={tt('暂无轨迹')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={`${tt('定位点')} (${points.length})`}>
            <Table
              rowKey={(p) => `${p.ts}-${p.x}-${p.y}`}
              size="small"
              columns={columns}
              dataSource={points}
              pagination={{ pageSize: 20, current: Math.floor(at / 20) + 1, showSizeChanger: false }}
              rowClassName={(_p, i) => (i === at % 20 ? 'ant-table-row-selected' : '')}
              onRow={(_p, i) => ({ onClick: () => setAt(Math.floor(at / 20) * 20 + (i ?? 0)) })}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
