import React from 'react';
import RulePage from '@/pages/emergency/components/RulePage';

/**
 * The positioning rule table (定位规则): report interval (offline after 3), debounce, stillness,
 * 脱岗, battery, gathering. No regulation sets these numbers, so the defaults are not "法定".
 */
export default function PositioningRulePage() {
  return <RulePage svc="positioning" title="定位规则" perm="positioning_rule" statutory={false} />;
}
