import React from 'react';
import RulePage from '@/pages/emergency/components/RulePage';

/** The accident rule table (report clock, supplement and investigation periods, grade bounds). */
export default function AccidentRulePage() {
  return <RulePage svc="accident" title="事故规则" perm="accident_rule" />;
}
