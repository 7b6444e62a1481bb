import React from 'react';
import { useLocation } from '@umijs/max';
import PermitForm from '../jobManagement/components/PermitForm';

/** /businessProcess/jobOrdinary/submit[?id=] — ordinary work on the permit form of every type. */
export default function Submit() {
  return <PermitForm key={useLocation().search} workType="ordinary" />;
}
