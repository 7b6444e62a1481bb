import React from 'react';
import UnderDevelopment from './UnderDevelopment';

export default function ExpectationPage() {
  return <UnderDevelopment />;
}
