import React, { useEffect, useState } from 'react';
import { Avatar, Button, Input } from 'antd';
import { message, modal } from '@/utils/feedback';
import { LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useSession } from '@/stores/session';
import avatarImg from '@/assets/avatar.svg';
import { useText } from '@/utils/i18nText';

/** Lock screen: every route leads here while locked; the lock password unlocks. */
export default function LockPage() {
  const tt = useText();
  const { userInfo, unlock, logout, isLock } = useSession();
  const [pwd, setPwd] = useState('');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  const doUnlock = () => {
    if (!pwd) {
      message.warning(tt('请输入锁屏密码'));
      return;
    }
    if (unlock(pwd)) history.replace('/wel/index');
    else message.error(tt('解锁密码错误,请重新输入'));
  };
  const doLogout = () =>
    modal.confirm({
      title: tt('提示'),
      content: tt('退出系统, 是否继续?'),
      okText: tt('确定'),
      cancelText: tt('取消'),
      onOk: async () => {
        await logout();
        history.replace('/login');
      },
    });
  return (
    <div
      style={{
        minHeight: '100vh',
        background: 'linear-gradient(135deg,#0b3d91,#1677ff 60%,#36a3f7)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <div style={{ textAlign: 'center', color: '#fff' }}>
        <div style={{ fontSize: 64, fontWeight: 200, letterSpacing: 4 }}>{now.toTimeString().slice(0, 5)}</div>
        <div style={{ marginBottom: 32, opacity: 0.85 }}>
          {now.toLocaleDateString('zh-CN', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}
        </div>
        <Avatar size={80} src={userInfo.avatar || avatarImg} />
        <div style={{ margin: '12px 0 20px', fontSize: 18 }}>{userInfo.nick_name || userInfo.account}</div>
        <div style={{ display: 'flex', gap: 8, width: 360 }}>
          <Input.Password
            id="unlock-passwd"
            size="large"
            prefix={<LockOutlined />}
            placeholder={tt('请输入锁屏密码')}
            value={pwd}
            onChange={(e) => setPwd(e.target.value)}
            onPressEnter={doUnlock}
          />
          <Button size="large" type="primary" icon={<UnlockOutlined />} onClick={doUnlock} id="unlock-btn">
            {tt('解锁')}
          </Button>
        </div>
        <Button type="link" style={{ color: '#fff', marginTop: 16 }} icon={<LogoutOutlined />} onClick={doLogout}>
          {tt('退出登录')}
        </Button>
        {!isLock && <div style={{ opacity: 0.7, marginTop: 8 }}>{tt('屏幕未锁定')}</div>}
      </div>
    </div>
  );
}
