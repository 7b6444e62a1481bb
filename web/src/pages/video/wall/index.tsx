import React, { useEffect, useState } from 'react';
import { Card, Col, Empty, List, Radio, Row, Tag, Typography } from 'antd';
import { type Camera, PLATFORMS, cameraApi, playCamera } from '@/services/video';
import { Tx, useText } from '@/utils/i18nText';

interface Tile {
  camera: Camera;
  url?: string;
  error?: string;
}

/**
 * One tile: the simulator's MJPEG plays in an <img>; a platform's FLV needs a player this page
 * does not have yet, so the tile says so instead of staying black.
 */
function TileView({ tile, height }: { tile?: Tile; height: number }) {
  const tt = useText();
  const box: React.CSSProperties = {
    height,
    background: '#000',
    color: '#aaa',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  };
  if (!tile) return <div style={box}>{tt('点击左侧摄像头播放')}</div>;
  if (tile.error) return <div style={box}>{tile.error}</div>;
  if (!tile.url) return <div style={box}>{tt('加载中')}</div>;
  return (
    <div style={{ ...box, position: 'relative' }}>
      <img src={tile.url} alt={tile.camera.name} style={{ maxWidth: '100%', maxHeight: '100%' }} />
      <span style={{ position: 'absolute', left: 8, bottom: 6, color: '#fff', textShadow: '0 0 3px #000' }}>{tile.camera.name}</span>
    </div>
  );
}

/** Video wall (视频监控): the tenant's cameras and a 1/4/9-split wall of live video. */
export default function VideoWallPage() {
  const tt = useText();
  const [cameras, setCameras] = useState<Camera[]>([]);
  const [split, setSplit] = useState(4);
  const [tiles, setTiles] = useState<(Tile | undefined)[]>([]);
  const [next, setNext] = useState(0);

  useEffect(() => {
    cameraApi
      .list({ current: 1, size: 100 })
      .then((p: any) => setCameras(p?.records || []))
      .catch(() => setCameras([]));
  }, []);

  const play = async (c: Camera, at: number) => {
    setTiles((t) => {
      const n = [...t];
      n[at] = { camera: c };
      return n;
    });
    let tile: Tile;
    try {
      const info = await playCamera(String(c.id));
      tile =
        info.format === 'mjpeg'
          ? { camera: c, url: info.url }
          : { camera: c, error: `${tt('该平台的视频格式')} ${info.format} ${tt('需在平台客户端播放')}` };
    } catch (e: any) {
      tile = { camera: c, error: e?.message || tt('无法播放') };
    }
    setTiles((t) => {
      const n = [...t];
      n[at] = tile;
      return n;
    });
  };

  const choose = (c: Camera) => {
    const at = next % split;
    setNext(at + 1);
    void play(c, at);
  };

  // The first cameras fill the wall when it opens or its split changes.
  useEffect(() => {
    setTiles([]);
    setNext(0);
    cameras.slice(0, split).forEach((c, i) => void play(c, i));
    if (cameras.length > 0) setNext(Math.min(cameras.length, split) % split);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cameras, split]);

  const cols = split === 1 ? 1 : split === 4 ? 2 : 3;
  const height = split === 1 ? 540 : split === 4 ? 270 : 180;
  const platformName = (v?: string) => PLATFORMS.find((p) => p.value === v)?.label || v || '';

  return (
    <Row gutter={12}>
      <Col xs={24} md={6}>
        <Card title={tt('摄像头')} size="small" styles={{ body: { padding: 0, maxHeight: 620, overflow: 'auto' } }}>
          {cameras.length === 0 ? (
            <Empty />
          ) : (
            <List
              size="small"
              dataSource={cameras}
              renderItem={(c) => (
                <List.Item style={{ cursor: 'pointer', paddingInline: 12 }} onClick={() => choose(c)}>
                  <List.Item.Meta
                    title={c.name}
                    description={
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {c.location || c.channelCode} · <Tx>{platformName(c.platform)}</Tx>
                      </Typography.Text>
                    }
                  />
                  <Tag color={c.status === 1 ? 'green' : 'default'}>
                    <Tx>{c.status === 1 ? '在线' : '离线'}</Tx>
                  </Tag>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card
          size="small"
          title={tt('视频监控')}
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
                <TileView tile={tiles[i]} height={height} />
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
