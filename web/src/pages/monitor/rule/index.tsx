import React from 'react';
import RulePage from '../../emergency/components/RulePage';

/** The alarm rule table (报警规则): flood and chattering thresholds and the longest shelve. */
export default function MonitorRulePage() {
  return <RulePage svc="monitor" title="报警规则" perm="monitor_rule" />;
}
