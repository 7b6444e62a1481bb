import React, { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { history, useLocation } from '@umijs/max';
import AuthShell from '@/components/AuthShell';
import { checkAccessToken } from '@/services/auth';
import { useSession } from '@/stores/session';
import { afterLogin } from '@/utils/loginFlow';
import { PF_INVALID, readPasswordFreeLink } from '@/utils/passwordFree';

/**
 * /passwordFree?tenantId=&account=&access_token=[&refresh_token=] — the password-free entry of a
 * special passwordless account (spec 2.1, 2.4, 6). The access token is checked against
 * user-info first; a good one becomes the session and the user lands on the module chooser
 * with the reduced top bar (avatar and log out only). Anything else: the link is invalid.
 */
export default function PasswordFree() {
  const { search } = useLocation();
  const [error, setError] = useState('');
  const started = useRef(false);
  const adoptToken = useSession((s) => s.adoptToken);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    document.title = '免密登录 - 安全生产管理平台';
    (async () => {
      const link = readPasswordFreeLink(search);
      if (!link.ok) {
        setError(link.reason);
        return;
      }
      let profile: any;
      try {
        profile = (await checkAccessToken(link.accessToken, link.tenantId)).data || {};
      } catch {
        setError(PF_INVALID);
        return;
      }
      adoptToken(link.accessToken, link.refreshToken);
      const s = useSession.getState();
      s.setUserInfo({
        passwordFree: true,
        account: profile.account || link.account,
        nick_name: profile.nickName || profile.name || profile.realName || s.userInfo.nick_name,
        real_name: profile.realName,
        avatar: profile.avatar || undefined,
      });
      // the user-info just fetched also carries the roles: no second call
      await s.loadAccess(profile);
      afterLogin({});
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is read and checked once on mount
  }, []);

  return (
    <AuthShell testId="password-free">
      {error ? (
        <Result
          status="warning"
          title="免密登录失败"
          subTitle={error}
          extra={
            <Button type="primary" onClick={() => history.replace('/login')} id="back-to-login">
              前往登录
            </Button>
          }
        />
      ) : (
        <div style={{ textAlign: 'center', padding: '48px 0 36px' }}>
          <Spin size="large" />
          <div style={{ marginTop: 16, color: '#606266' }}>正在验证免密登录链接…</div>
        </div>
      )}
    </AuthShell>
  );
}
