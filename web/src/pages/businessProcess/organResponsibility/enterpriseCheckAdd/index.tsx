import React from 'react';
import RecordDocuments from '@/pages/businessProcess/components/RecordDocuments';

/** 安全机构检查: controlled documents with versions, publication and read confirmations. */
export default function EnterpriseCheckPage() {
  return <RecordDocuments kind="enterpriseCheck" />;
}
