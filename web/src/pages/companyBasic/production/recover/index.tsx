import React from 'react';
import RequestPage from '../components/RequestPage';

/** Equipment 恢复 requests (设备恢复) with approval. */
export default function EquipmentRecoverPage() {
  return <RequestPage kind={2} />;
}
