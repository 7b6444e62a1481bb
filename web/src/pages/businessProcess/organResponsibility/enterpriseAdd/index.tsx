import React from 'react';
import RecordDocuments from '@/pages/businessProcess/components/RecordDocuments';

/** 企业安全管理机构 (organisation and responsibility): controlled documents with versions, publication and read confirmations. */
export default function EnterprisePage() {
  return <RecordDocuments kind="enterprise" />;
}
