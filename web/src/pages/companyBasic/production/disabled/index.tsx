import React from 'react';
import RequestPage from '../components/RequestPage';

/** Equipment 停用 requests (设备停用) with approval. */
export default function EquipmentDisabledPage() {
  return <RequestPage kind={1} />;
}
