import React from 'react';
import { useLocation, useParams } from '@umijs/max';
import PermitForm from '../components/PermitForm';
import { onlySpecial } from '../components/catalogue';

/** /businessProcess/jobManagement/newJobManagement/:workType/submit[?id=] — the form of that type (a fresh one per type and permit). */
export default function Submit() {
  const { workType } = useParams();
  const { search } = useLocation();
  return <PermitForm key={`${workType}${search}`} workType={onlySpecial(workType)} />;
}
