import React from 'react';
import VideoWall from '@/components/VideoWall';

/** Video wall (视频监控) in the main layout: the camera tree by risk partition and a 1/4/9-split wall. */
export default function VideoWallPage() {
  return <VideoWall />;
}
