import React from 'react';
import CrudPage from '@/components/CrudPage';
import { riskObjectApi } from '@/services/prevention';
import { idsToText, objectFields } from '../fields';

/** 风险分析对象: the top of the risk chain, placed in a factory area. */
export default function RiskObjectPage() {
  return <CrudPage title="风险分析对象" fields={objectFields} api={riskObjectApi} permissionPrefix="risk_object" beforeOpen={idsToText} />;
}
