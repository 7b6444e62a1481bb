import React from 'react';
import { Button, Result } from 'antd';
import { history } from '@umijs/max';
import { useText } from '@/utils/i18nText';

export default function Exception({ status }: { status: 403 | 404 | 500 }) {
  const tt = useText();
  const text = { 403: '抱歉,您无权访问此页面', 404: '抱歉,您访问的页面不存在', 500: '抱歉,服务器出错了' }[status];
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
      <Result
        status={status}
        title={status}
        subTitle={tt(text)}
        extra={
          <Button type="primary" onClick={() => history.push('/')}>
            {tt('返回首页')}
          </Button>
        }
      />
    </div>
  );
}
