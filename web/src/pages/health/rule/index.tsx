import React from 'react';
import RulePage from '@/pages/emergency/components/RulePage';

/** The occupational health rule table (unit class, detection frequency, periodic examination intervals). */
export default function HealthRulePage() {
  return <RulePage svc="health" title="职业健康规则" perm="health_rule" />;
}
