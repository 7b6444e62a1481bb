import React, { useEffect, useState } from 'react';
import { Segmented } from 'antd';
import { ScreenHead, ScreenStage, fitStage } from '@/components/BigScreen';
import VideoWall from '@/components/VideoWall';
import { useText } from '@/utils/i18nText';

// the 3D map (and Cesium behind it) loads only when its tab is opened
const LiveMap = React.lazy(() => import('@/components/PlantMap3D/LiveMap'));

/** the stage's head (64 px) and its margin (14 px), in design pixels */
const HEAD_H = 78;

/**
 * 可视化平台: the video wall of /videoSurveillance, or the plant's 3D map with its live layers, full
 * window outside the main layout (a 1920x1080 stage). The map is not inside the stage: the stage is
 * scaled with a CSS transform, which offsets Cesium's clicks and picking (research/monitoring.md
 * section 5), so the map is drawn unscaled in a fixed box over the stage's body, below its head.
 */
export default function VisualizationPage() {
  const tt = useText();
  const [tab, setTab] = useState<'video' | 'map'>('video');
  const [fit, setFit] = useState(() => fitStage(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setFit(fitStage(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const switcher = (
    <Segmented
      size="small"
      data-testid="visualization-tab"
      value={tab}
      onChange={(v) => setTab(v as 'video' | 'map')}
      options={[
        { label: tt('视频监控'), value: 'video' },
        { label: tt('三维地图'), value: 'map' },
      ]}
    />
  );
  return (
    <>
      <ScreenStage testId="visualization-screen">
        <ScreenHead title="可视化平台" extra={switcher} />
        {tab === 'video' && <VideoWall dark height={960} />}
      </ScreenStage>
      {tab === 'map' && (
        <div
          data-testid="visualization-map"
          style={{ position: 'fixed', left: fit.left, right: fit.left, bottom: fit.top, top: fit.top + HEAD_H * fit.scale, zIndex: 1 }}
        >
          <React.Suspense fallback={null}>
            <LiveMap testId="visualization-map-3d" height={`calc(100vh - ${Math.round(2 * fit.top + HEAD_H * fit.scale)}px)`} />
          </React.Suspense>
        </div>
      )}
    </>
  );
}
