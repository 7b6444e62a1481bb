import React from 'react';
import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useText } from '@/utils/i18nText';

/** The under-development page used for modules that later issues build. */
export default function UnderDevelopment({ inLayout }: { inLayout?: boolean }) {
  const tt = useText();
  return (
    <div
      className={inLayout ? 'aq-page-card aq-under-dev' : ''}
      style={
        inLayout ? undefined : { minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }
      }
    >
      <Result
        icon={<ToolOutlined style={{ color: '#409EFF' }} />}
        title={tt('功能开发中')}
        subTitle={tt('该功能正在紧张开发中,敬请期待!')}
        extra={
          <Button type="primary" onClick={() => (inLayout ? history.back() : history.push('/'))}>
            {inLayout ? tt('返回') : tt('返回首页')}
          </Button>
        }
      />
    </div>
  );
}
