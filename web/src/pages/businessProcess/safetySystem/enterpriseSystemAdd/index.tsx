import React from 'react';
import RecordDocuments from '@/pages/businessProcess/components/RecordDocuments';

/** 安全管理制度: controlled documents with versions, publication and read confirmations. */
export default function EnterpriseSystemPage() {
  return <RecordDocuments kind="enterpriseSystem" />;
}
