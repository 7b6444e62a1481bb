import React from 'react';
import RequestPage from '../components/RequestPage';

/** Equipment 报废 requests (设备报废) with approval. */
export default function EquipmentScrapPage() {
  return <RequestPage kind={3} />;
}
