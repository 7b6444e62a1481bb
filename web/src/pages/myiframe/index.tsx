import React, { useState } from 'react';
import { Spin } from 'antd';
import { useLocation, useParams } from '@umijs/max';

/** Embedded external page: the URL comes from ?src= or the (encoded) path segment. */
export default function MyIframe() {
  const { routerPath = '' } = useParams();
  const { search } = useLocation();
  const [loading, setLoading] = useState(true);
  const q = new URLSearchParams(search);
  let src = q.get('src') || decodeURIComponent(routerPath);
  if (!/^https?:\/\//.test(src) && !src.startsWith('/')) src = `/${src}`;
  return (
    <Spin spinning={loading}>
      <iframe
        title="myiframe"
        src={src}
        onLoad={() => setLoading(false)}
        style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0, background: '#fff', borderRadius: 6 }}
      />
    </Spin>
  );
}
