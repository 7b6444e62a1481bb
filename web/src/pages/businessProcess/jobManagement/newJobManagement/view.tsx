import React from 'react';
import { useLocation, useParams } from '@umijs/max';
import PermitView from '../components/PermitView';
import { onlySpecial } from '../components/catalogue';

/** /businessProcess/jobManagement/newJobManagement/:workType/view?id= — a permit of that type. */
export default function View() {
  const { workType } = useParams();
  const { search } = useLocation();
  return <PermitView key={`${workType}${search}`} workType={onlySpecial(workType)} />;
}
