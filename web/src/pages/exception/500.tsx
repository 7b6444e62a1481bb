import React from 'react';
import Exception from './Exception';

export default function Page500() {
  return <Exception status={500} />;
}
