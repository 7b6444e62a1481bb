/**
 * The 3D map with its live layers (people, monitoring points, cameras, active alarms), layer
 * toggles and a card for a clicked point or camera: the positioning live map and the /visualization
 * map tab show the same thing through it. People, zones and their alarms come from the page (the
 * positioning page streams them already); points and cameras from useLiveLayers.
 */
import React, { useEffect, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Descriptions, Tag } from 'antd';
import { Link } from '@umijs/max';
import { mapConfig } from '@/services/factory';
import { LEVEL_NAMES, STATE_NAMES } from '@/services/monitor';
import { plantNow } from '@/services/positioning';
import { Tx, useText } from '@/utils/i18nText';
import PlantMap3D, { type MapAlarmMark, type MapConfig, type MapMarker, type MapPerson, type MapPick, type MapZone } from './index';
import { CAMERA_COLOURS, DETECTOR_COLOURS, detectorState, useLiveLayers, type DetectorState } from './layers';

const LAYERS = [
  { label: '人员', value: 'people' },
  { label: '监测点位', value: 'detectors' },
  { label: '摄像头', value: 'cameras' },
  { label: '报警', value: 'alarms' },
];
const STATE_TEXT: Record<DetectorState, string> = { normal: '正常', warn: '报警', alarm: '报警', offline: '离线' };

interface Props {
  config?: MapConfig;
  zones?: MapZone[];
  people?: MapPerson[];
  /** the people's active positioning alarms, ringed where they are */
  personAlarms?: MapAlarmMark[];
  selected?: string;
  onPick?: (personId: string) => void;
  height?: number | string;
  testId?: string;
}

// one empty list for every render (a new [] each render would redraw the layers each time)
const NONE: never[] = [];

export default function LiveMap({ config: given, zones, people = NONE, personAlarms = NONE, selected, onPick, height, testId }: Props) {
  const tt = useText();
  const [config, setConfig] = useState<MapConfig | undefined>(given);
  const [shown, setShown] = useState<string[]>(LAYERS.map((l) => l.value));
  const [card, setCard] = useState<MapPick>();
  const { points, cameras, alarmed } = useLiveLayers();

  useEffect(() => {
    if (given) setConfig(given);
    else void mapConfig().then(setConfig);
  }, [given]);

  const on = (layer: string) => shown.includes(layer);
  const now = plantNow();
  const detectors = useMemo<MapMarker[]>(
    () =>
      Object.values(points).map((p) => {
        const st = detectorState(p, now);
        return {
          id: p.id!,
          name: p.code || p.name || '',
          x: p.mapX!,
          y: p.mapY!,
          colour: DETECTOR_COLOURS[st],
          alarm: alarmed[p.id!] || st === 'warn' || st === 'alarm',
          text: p.value === undefined || p.value === null ? undefined : `${p.value} ${p.unit || ''}`.trim(),
        };
      }),
    [points, alarmed], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const camMarks = useMemo<MapMarker[]>(
    () =>
      cameras.map((c) => ({
        id: c.id!,
        name: c.name || '',
        x: c.mapX!,
        y: c.mapY!,
        colour: c.status === 1 ? CAMERA_COLOURS.online : CAMERA_COLOURS.offline,
        alarm: Number(c.openAlarms) > 0,
      })),
    [cameras],
  );
  // every active alarm where it is: a point's and a camera's on their icon, a person's at the person
  const rings = useMemo<MapAlarmMark[]>(
    () => [
      ...detectors.filter((d) => d.alarm).map((d) => ({ id: `d${d.id}`, x: d.x, y: d.y })),
      ...camMarks.filter((c) => c.alarm).map((c) => ({ id: `c${c.id}`, x: c.x, y: c.y })),
      ...personAlarms.map((a) => ({ ...a, id: `p${a.id}` })),
    ],
    [detectors, camMarks, personAlarms],
  );

  const point = card?.kind === 'detector' ? points[card.id] : undefined;
  const camera = card?.kind === 'camera' ? cameras.find((c) => c.id === card.id) : undefined;
  const pointState = point ? detectorState(point, now) : undefined;

  return (
    <div style={{ position: 'relative' }} data-testid={testId}>
      <PlantMap3D
        testId={testId ? `${testId}-canvas` : undefined}
        config={config}
        zones={zones}
        people={on('people') ? people : undefined}
        detectors={on('detectors') ? detectors : undefined}
        cameras={on('cameras') ? camMarks : undefined}
        alarms={on('alarms') ? rings : undefined}
        selected={selected ?? card?.id}
        onPick={onPick}
        onPickItem={(p) => setCard(p.kind === 'person' ? undefined : p)}
        height={height}
      />
      <Card size="small" style={{ position: 'absolute', right: 12, top: 12, opacity: 0.92 }} styles={{ body: { padding: '6px 10px' } }}>
        <Checkbox.Group
          data-testid="map-layers"
          value={shown}
          onChange={(v) => setShown(v as string[])}
          options={LAYERS.map((l) => ({ label: tt(l.label), value: l.value }))}
        />
      </Card>
      {point && (
        <Card
          size="small"
          data-testid="map-card-detector"
          title={`${point.code} ${point.name}`}
          extra={
            <Button size="small" type="text" onClick={() => setCard(undefined)}>
              ×
            </Button>
          }
          style={{ position: 'absolute', left: 12, bottom: 12, width: 300, opacity: 0.95 }}
        >
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={tt('当前值')}>
              <span data-testid="map-card-value">
                {point.value === undefined || point.value === null ? '-' : `${point.value} ${point.unit || ''}`}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={tt('状态')}>
              <Tag color={DETECTOR_COLOURS[pointState!]}>
                <Tx>{pointState === 'offline' ? '离线' : STATE_NAMES[point.alarmState || 'NORMAL'] || STATE_TEXT[pointState!]}</Tx>
              </Tag>
              {point.alarmLevel ? <Tx>{LEVEL_NAMES[point.alarmLevel] || point.alarmLevel}</Tx> : null}
            </Descriptions.Item>
            <Descriptions.Item label={tt('更新时间')}>{point.valueTime || '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {camera && (
        <Card
          size="small"
          data-testid="map-card-camera"
          title={camera.name}
          extra={
            <Button size="small" type="text" onClick={() => setCard(undefined)}>
              ×
            </Button>
          }
          style={{ position: 'absolute', left: 12, bottom: 12, width: 300, opacity: 0.95 }}
        >
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={tt('状态')}>
              <Tag color={camera.status === 1 ? 'green' : 'default'}>
                <Tx>{camera.status === 1 ? '在线' : '离线'}</Tx>
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={tt('未处理报警')}>{camera.openAlarms ?? 0}</Descriptions.Item>
            <Descriptions.Item label={tt('安装位置')}>{camera.location || '-'}</Descriptions.Item>
          </Descriptions>
          <Link to={`/videoSurveillance?camera=${camera.id}`} data-testid="map-card-play">
            <Tx>播放视频</Tx>
          </Link>
        </Card>
      )}
    </div>
  );
}
