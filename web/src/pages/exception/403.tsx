import React from 'react';
import Exception from './Exception';

export default function Page403() {
  return <Exception status={403} />;
}
