import React, { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { history, useLocation, useParams } from '@umijs/max';
import AuthShell from '@/components/AuthShell';
import { getTenantInfo } from '@/services/system';
import { useSession } from '@/stores/session';
import { afterLogin } from '@/utils/loginFlow';
import { RequestError } from '@/utils/request';
import { readSocialCallback } from '@/utils/social';
import { getStore } from '@/utils/storage';

/**
 * /oauth/redirect/:source — where a social provider sends the browser back with ?code=&state=.
 * It trades the code at the token endpoint (grant_type=social) and then behaves like the
 * login page; a person without a local account (user_id -1) gets the registration dialog
 * 账号注册 on the module chooser (spec 2.5).
 */
export default function SocialRedirect() {
  const { source } = useParams();
  const { search } = useLocation();
  const loginSocial = useSession((s) => s.loginSocial);
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // one code, one exchange (StrictMode, re-renders)
    started.current = true;
    document.title = '第三方登录 - 安全生产管理平台';
    (async () => {
      let fallback = getStore<string>({ name: 'tenantId' }) || '';
      if (!new URLSearchParams(search).get('tenantId')) {
        const d = await getTenantInfo(window.location.hostname).catch(() => undefined);
        if (d && d.tenantId) fallback = String(d.tenantId);
      }
      const cb = readSocialCallback(source, search, fallback);
      if (!cb.ok) {
        setError(cb.reason);
        return;
      }
      try {
        afterLogin(await loginSocial(cb.form));
      } catch (e) {
        const msg = e instanceof RequestError || e instanceof Error ? e.message : '';
        setError(msg || '第三方登录失败,请重试');
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one code, one exchange: runs once on mount (guarded by started as well)
  }, []);

  return (
    <AuthShell testId="social-redirect">
      {error ? (
        <Result
          status="warning"
          title="第三方登录未完成"
          subTitle={error}
          extra={
            <Button type="primary" onClick={() => history.replace('/login')} id="back-to-login">
              返回登录
            </Button>
          }
        />
      ) : (
        <div style={{ textAlign: 'center', padding: '48px 0 36px' }}>
          <Spin size="large" />
          <div style={{ marginTop: 16, color: '#606266' }}>正在通过第三方账号{source ? ` (${source})` : ''}登录…</div>
        </div>
      )}
    </AuthShell>
  );
}
