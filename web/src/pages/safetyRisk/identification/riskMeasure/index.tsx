import React, { useMemo } from 'react';
import CrudPage from '@/components/CrudPage';
import { riskMeasureApi } from '@/services/prevention';
import { measureFields, idsToText } from '../fields';
import useOptions from '../../components/useOptions';
import { eventOptions } from '../../components/lookups';

/** 管控措施 of the risk events. */
export default function RiskMeasurePage() {
  const events = useOptions(() => eventOptions());
  const fields = useMemo(() => measureFields({ events }), [events]);
  return (
    <CrudPage
      title="管控措施"
      fields={fields}
      api={riskMeasureApi}
      permissionPrefix="risk_measure"
      exportBtn
      exportName="管控措施.xlsx"
      beforeOpen={idsToText}
    />
  );
}
