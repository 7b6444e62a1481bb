import React from 'react';
import RecordDocuments from '@/pages/businessProcess/components/RecordDocuments';

/** 安全操作规程: controlled documents with versions, publication and read confirmations. */
export default function OperationProcedurePage() {
  return <RecordDocuments kind="procedure" />;
}
