import React from 'react';
import { Spin } from 'antd';
import { Navigate, useLocation } from '@umijs/max';
import { useModule } from '@/stores/module';
import { findByPath } from '@/utils/menu';
import UnderDevelopment from '../expectation/UnderDevelopment';

/** Any other path inside the layout: a menu path shows the under-development page, else /404. */
export default function Fallback() {
  const { pathname } = useLocation();
  const { tree, loaded } = useModule();
  if (!loaded) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (findByPath(tree, pathname)) return <UnderDevelopment inLayout />;
  return <Navigate to="/404" replace />;
}
