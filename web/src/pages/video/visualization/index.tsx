import React from 'react';
import { ScreenHead, ScreenStage } from '@/components/BigScreen';
import VideoWall from '@/components/VideoWall';

/** 可视化平台: the same wall as /videoSurveillance, full window outside the main layout (a 1920x1080 stage). */
export default function VisualizationPage() {
  return (
    <ScreenStage testId="visualization-screen">
      <ScreenHead title="可视化平台" />
      <VideoWall dark height={960} />
    </ScreenStage>
  );
}
