import React from 'react';
import RecordDocuments from '@/pages/businessProcess/components/RecordDocuments';

/** 安全生产责任制 per post, with read confirmations: controlled documents with versions, publication and read confirmations. */
export default function SafetyDutySystemPage() {
  return <RecordDocuments kind="dutySystem" />;
}
