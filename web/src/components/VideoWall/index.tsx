/**
 * The video wall (视频监控 /videoSurveillance, 可视化平台 /visualization) and its player tile, which
 * the closed-management screen (/ai-video-alarm/index) shows too: the tenant's cameras as a tree
 * by risk partition and a 1/4/9-split wall of live video. A tile asks for its own signed live URL
 * (camera/play); the simulator's MJPEG plays in an <img>, a platform's FLV says it needs the
 * platform's client instead of staying black.
 */
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { Card, Col, ConfigProvider, Empty, Radio, Row, Tag, Tree, theme } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Camera, PLATFORMS, areaOptions, cameraApi, playCamera } from '@/services/video';
import { Tx, useText } from '@/utils/i18nText';

/** The most cameras the wall lists. */
export const MAX_CAMERAS = 200;

/** The tenant's cameras (at most MAX_CAMERAS); [] when they cannot be read. */
export function useCameras(): Camera[] {
  const [cameras, setCameras] = useState<Camera[]>([]);
  useEffect(() => {
    cameraApi
      .list({ current: 1, size: MAX_CAMERAS })
      .then((p: any) => setCameras(p?.records || []))
      .catch(() => setCameras([]));
  }, []);
  return cameras;
}

/** One tile of live video: the camera's signed live URL, asked for when the camera changes. */
export function VideoTile({ camera, height, dark }: { camera?: Camera; height: number; dark?: boolean }) {
  const tt = useText();
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    setState({});
    if (!camera?.id) return undefined;
    let live = true;
    playCamera(String(camera.id))
      .then((info) => {
        if (!live) return;
        setState(
          info.format === 'mjpeg' ? { url: info.url } : { error: `${tt('该平台的视频格式')} ${info.format} ${tt('需在平台客户端播放')}` },
        );
      })
      .catch((e: any) => live && setState({ error: e?.message || tt('无法播放') }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera?.id]);
  const box: React.CSSProperties = {
    height,
    background: '#000',
    color: '#aaa',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    border: dark ? '1px solid rgba(64, 158, 255, 0.28)' : undefined,
    overflow: 'hidden',
  };
  const label = camera ? (
    <span style={{ position: 'absolute', left: 8, bottom: 6, color: '#fff', textShadow: '0 0 3px #000' }}>{camera.name}</span>
  ) : null;
  let body: React.ReactNode;
  if (!camera) body = tt('点击左侧摄像头播放');
  else if (state.error) body = <span style={{ padding: 8, textAlign: 'center' }}>{state.error}</span>;
  else if (!state.url) body = tt('加载中');
  else body = <LiveImage src={state.url} alt={camera.name} />;
  return (
    <div style={box} data-testid="video-tile" data-camera={camera?.id || ''} data-playing={state.url ? '1' : '0'}>
      {body}
      {label}
    </div>
  );
}

/** The cameras as a tree: risk partitions, then their cameras ("未划分区域" for none). */
export function cameraTree(cameras: Camera[], areas: { label: string; value: string }[], noArea: string): DataNode[] {
  const names = new Map(areas.map((a) => [a.value, a.label]));
  const groups = new Map<string, Camera[]>();
  cameras.forEach((c) => {
    const k = c.areaId && String(c.areaId) !== '0' ? String(c.areaId) : '0';
    groups.set(k, [...(groups.get(k) || []), c]);
  });
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '0' ? 1 : b === '0' ? -1 : (names.get(a) || a).localeCompare(names.get(b) || b)))
    .map(([k, list]) => ({
      key: `area-${k}`,
      title: `${k === '0' ? noArea : names.get(k) || k} (${list.length})`,
      selectable: false,
      children: list.map((c) => ({ key: `cam-${c.id}`, title: c.name || '', isLeaf: true })),
    }));
}

/**
 * The wall: the camera tree on the left, 1/4/9 tiles on the right; a click on a camera plays it
 * in the next tile. `dark` draws it for a full-window screen (可视化平台).
 */
export default function VideoWall({ dark, height = 620 }: { dark?: boolean; height?: number }) {
  const tt = useText();
  const cameras = useCameras();
  const [areas, setAreas] = useState<{ label: string; value: string }[]>([]);
  const [split, setSplit] = useState(4);
  const [tiles, setTiles] = useState<(Camera | undefined)[]>([]);
  const [next, setNext] = useState(0);

  useEffect(() => {
    areaOptions()
      .then(setAreas)
      .catch(() => setAreas([]));
  }, []);

  // The first cameras fill the wall when it opens or its split changes; ?camera=<id> (the 3D map's
  // "play" link) puts that camera first.
  useEffect(() => {
    const want = new URLSearchParams(window.location.search).get('camera');
    const first = cameras.find((c) => c.id === want);
    const order = first ? [first, ...cameras.filter((c) => c !== first)] : cameras;
    setTiles(order.slice(0, split));
    setNext(Math.min(cameras.length, split) % split);
  }, [cameras, split]);

  const byKey = useMemo(() => new Map(cameras.map((c) => [`cam-${c.id}`, c])), [cameras]);
  const tree = useMemo(() => cameraTree(cameras, areas, tt('未划分区域')), [cameras, areas, tt]);

  const choose = (c: Camera) => {
    const at = next % split;
    setNext(at + 1);
    setTiles((t) => {
      const n = [...t];
      n[at] = c;
      return n;
    });
  };

  const cols = split === 1 ? 1 : split === 4 ? 2 : 3;
  const tileHeight = Math.floor((height - 80) / cols) - 4;
  const platformName = (v?: string) => PLATFORMS.find((p) => p.value === v)?.label || v || '';
  const panelStyle: React.CSSProperties | undefined = dark
    ? { background: 'rgba(10, 36, 76, 0.55)', borderColor: 'rgba(64, 158, 255, 0.28)' }
    : undefined;
  const headStyle: React.CSSProperties | undefined = dark ? { borderColor: 'rgba(64, 158, 255, 0.28)' } : undefined;

  const wall = (
    <Row gutter={12} data-testid="video-wall">
      <Col xs={24} md={6}>
        <Card
          title={tt('摄像头')}
          size="small"
          style={panelStyle}
          styles={{ header: headStyle, body: { padding: 8, height: height - 40, overflow: 'auto' } }}
        >
          {cameras.length === 0 ? (
            <Empty />
          ) : (
            <Tree
              data-testid="camera-tree"
              defaultExpandAll
              selectedKeys={[]}
              blockNode
              treeData={tree}
              titleRender={(n: any) => {
                const c = byKey.get(String(n.key));
                if (!c) return <b>{n.title}</b>;
                return (
                  <span title={`${c.location || c.channelCode} · ${tt(platformName(c.platform))}`}>
                    {c.name}{' '}
                    <Tag color={c.status === 1 ? 'green' : 'default'} style={{ marginInlineStart: 4 }}>
                      <Tx>{c.status === 1 ? '在线' : '离线'}</Tx>
                    </Tag>
                  </span>
                );
              }}
              onSelect={(keys) => {
                const c = byKey.get(String(keys[0]));
                if (c) choose(c);
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card
          size="small"
          title={tt('视频监控')}
          style={panelStyle}
          styles={{ header: headStyle }}
          extra={
            <Radio.Group
              size="small"
              value={split}
              onChange={(e) => setSplit(e.target.value)}
              options={[1, 4, 9].map((n) => ({ label: tt(`${n}分屏`), value: n }))}
              optionType="button"
            />
          }
        >
          <Row gutter={[4, 4]}>
            {Array.from({ length: split }, (_, i) => (
              <Col key={i} span={24 / cols}>
                <VideoTile camera={tiles[i]} height={tileHeight} dark={dark} />
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
    </Row>
  );
  // On a full-window screen the wall takes antd's dark theme over the stage's background.
  return dark ? (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm, token: { colorBgContainer: 'transparent' } }}>{wall}</ConfigProvider>
  ) : (
    wall
  );
}

/**
 * An MJPEG live stream in an <img>. Chromium keeps a removed image's multipart stream open, and a
 * page has only six connections per host over HTTP/1.1: four tiles left open after switching to
 * another view (the /visualization map) starved that view's own requests. Emptying src on unmount
 * closes the stream.
 */
function LiveImage({ src, alt }: { src: string; alt?: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    return () => {
      if (img) img.src = 'data:,';
    };
  }, [src]);
  return <img ref={ref} src={src} alt={alt} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />;
}
