import React, { useState } from 'react';
import { Dropdown } from 'antd';
import { setLocale, useIntl } from '@umijs/max';

/**
 * The language menu of LangSwitch, loaded on the first hover, focus or click of its icon (the
 * Dropdown and its menu stay out of the /login scripts); it opens at once, having been asked for.
 */
export default function LangMenu({ children }: { children: React.ReactElement }) {
  const current = useIntl().locale;
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectedKeys: [current],
        items: [
          { key: 'zh-CN', label: '简体中文' },
          { key: 'en-US', label: 'English' },
        ],
        onClick: ({ key }) => {
          setOpen(false);
          setLocale(key, false);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
