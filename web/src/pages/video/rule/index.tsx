import React from 'react';
import RulePage from '@/pages/emergency/components/RulePage';

/**
 * The video rule table (视频规则): how many days a handled alarm's snapshot is kept. No regulation
 * sets it, so the default (180 days) is the platform's own, not "法定".
 */
export default function VideoRulePage() {
  return <RulePage svc="video-surveillance" title="视频规则" perm="video_rule" statutory={false} />;
}
