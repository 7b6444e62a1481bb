import React, { Suspense, useState } from 'react';
import { TranslationOutlined } from '@ant-design/icons';

const LangMenu = React.lazy(() => import('./LangMenu'));

/**
 * zh-CN (default) / en-US switch; the choice is kept by umi in local storage. The menu (antd
 * Dropdown) is loaded when the icon is first hovered, focused or clicked (./LangMenu).
 */
export default function LangSwitch({ color }: { color?: string }) {
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  const icon = (
    <span
      data-testid="lang-switch"
      style={{ cursor: 'pointer', color, fontSize: 16, padding: '0 8px' }}
      onMouseEnter={arm}
      onFocus={arm}
      onClick={arm}
    >
      <TranslationOutlined />
    </span>
  );
  if (!armed) return icon;
  return (
    <Suspense fallback={icon}>
      <LangMenu>{icon}</LangMenu>
    </Suspense>
  );
}
