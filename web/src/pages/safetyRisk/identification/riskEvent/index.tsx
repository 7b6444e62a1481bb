import React from 'react';
import EventsTable from '../../components/EventsTable';

/** 风险事件 of all units, assessed by LEC or LS. */
export default function RiskEventPage() {
  return <EventsTable />;
}
