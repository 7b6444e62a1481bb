import React from 'react';
import { useLocation } from '@umijs/max';
import PermitView from '../jobManagement/components/PermitView';

/** /businessProcess/jobOrdinary/view?id= */
export default function View() {
  return <PermitView key={useLocation().search} workType="ordinary" />;
}
