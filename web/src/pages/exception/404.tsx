import React from 'react';
import Exception from './Exception';

export default function Page404() {
  return <Exception status={404} />;
}
