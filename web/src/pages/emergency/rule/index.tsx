import React from 'react';
import RulePage from '../components/RulePage';

/** The emergency rule table (filing, evaluation and drill intervals). */
export default function EmergencyRulePage() {
  return <RulePage svc="emergency" title="应急规则" perm="emergency_rule" />;
}
