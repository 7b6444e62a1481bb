import React from 'react';
import { Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { setLocale, useIntl } from '@umijs/max';

/** zh-CN (default) / en-US switch; the choice is kept by umi in local storage. */
export default function LangSwitch({ color }: { color?: string }) {
  const current = useIntl().locale;
  return (
    <Dropdown
      menu={{
        selectedKeys: [current],
        items: [
          { key: 'zh-CN', label: '简体中文' },
          { key: 'en-US', label: 'English' },
        ],
        onClick: ({ key }) => setLocale(key, false),
      }}
    >
      <span data-testid="lang-switch" style={{ cursor: 'pointer', color, fontSize: 16, padding: '0 8px' }}>
        <TranslationOutlined />
      </span>
    </Dropdown>
  );
}
