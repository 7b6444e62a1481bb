import React from 'react';
import logo from '@/assets/logo.svg';
import './index.less';

/** The login page's backdrop with one centred card: social callback, password-free link. */
export default function AuthShell({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <div className="aq-auth-shell">
      <div className="aq-auth-card" data-testid={testId}>
        <div className="aq-auth-brand">
          <img src={logo} alt="" />
          <span>安全生产管理平台</span>
        </div>
        {children}
      </div>
    </div>
  );
}
