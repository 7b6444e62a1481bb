import React, { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Dropdown, Empty, Spin, Tooltip } from 'antd';
import { modal } from '@/utils/feedback';
import { DownOutlined, LogoutOutlined, RightOutlined } from '@ant-design/icons';
import { history, useIntl, useAccess } from '@umijs/max';
import { useModule } from '@/stores/module';
import { isPasswordFree, needsRegistration, useSession } from '@/stores/session';
import { headerTitle, useEnterprise } from '@/stores/enterprise';
import { filterMenus, moduleTitle, modulesWithIcons, type MenuEntry } from '@/utils/menu';
import { menuText } from '@/utils/i18nMenu';
import ModuleIcon, { MODULE_ICONS } from '@/components/ModuleIcon';
import LangSwitch from '@/components/LangSwitch';
import RegisterDialog from '@/components/RegisterDialog';
import { enterModule, ensureTree } from '@/layouts/moduleNav';
import logo from '@/assets/logo.svg';
import avatarImg from '@/assets/avatar.svg';
import styles from './index.less';

/** Module chooser shown after login (spec 2.1, 2.4). */
export default function SelectModule() {
  const intl = useIntl();
  const { tree, loaded } = useModule();
  const { userInfo, logout } = useSession();
  const access = useAccess();
  const enterprise = useEnterprise();
  const [busy, setBusy] = useState('');
  // a social-login user without a local account owns no menus until approved (spec 2.5)
  const pending = needsRegistration(userInfo);
  const reduced = isPasswordFree(userInfo);

  useEffect(() => {
    document.title = `${intl.formatMessage({ id: 'menu.select' })} - ${intl.formatMessage({ id: 'app.title' })}`;
    if (pending) return;
    ensureTree().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the title, menu tree and enterprise record load once on mount
  }, []);

  const modules = useMemo(() => modulesWithIcons(filterMenus(tree, access.canSeeMenu)), [tree, access]);
  const label = (m: MenuEntry) => (intl.locale.startsWith('zh') ? moduleTitle(m.name) : menuText(m, intl.messages as any, intl.locale));

  const open = async (m: MenuEntry) => {
    setBusy(m.id);
    try {
      if (await enterModule(m)) history.push('/wel/index');
    } finally {
      setBusy('');
    }
  };

  const confirmLogout = () =>
    modal.confirm({
      title: intl.formatMessage({ id: 'common.tip' }),
      content: intl.formatMessage({ id: 'navbar.logOutTip' }),
      okText: intl.formatMessage({ id: 'common.confirm' }),
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
      type: 'warning',
      onOk: async () => {
        await logout();
        history.replace('/login');
      },
    });

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <div className={styles.brand}>
          <img src={logo} alt="" />
          <Tooltip title={enterprise.enterpriseName}>
            <span>{headerTitle(enterprise, intl.formatMessage({ id: 'app.title' }))}</span>
          </Tooltip>
        </div>
        <div className={styles.right}>
          {!reduced && <LangSwitch color="#fff" />}
          <Dropdown
            menu={{
              items: [{ key: 'logout', icon: <LogoutOutlined />, label: intl.formatMessage({ id: 'navbar.logOut' }) }],
              onClick: confirmLogout,
            }}
          >
            <span className={styles.user} data-testid="user-dropdown">
              <Avatar size={28} src={userInfo.avatar || avatarImg} />
              {!reduced && (userInfo.nick_name || userInfo.account)}
              <DownOutlined style={{ fontSize: 10 }} />
            </span>
          </Dropdown>
        </div>
      </header>
      <main className={styles.main}>
        <h1>{intl.formatMessage({ id: 'menu.select' })}</h1>
        {pending ? (
          <Empty description="请先完成账号注册,管理员审核通过后即可使用" style={{ marginTop: 80 }} />
        ) : !loaded ? (
          <Spin size="large" style={{ marginTop: 80 }} />
        ) : modules.length ? (
          <div className={styles.grid}>
            {modules.map((m) => {
              const enabled = String(m.isUsed) === '2' || !!m.pathUrl;
              return (
                <div
                  key={m.id}
                  className={`${styles.card} ${enabled ? '' : styles.disabled}`}
                  onClick={() => open(m)}
                  data-module={m.code}
                  style={{ borderTopColor: MODULE_ICONS[m.code || '']?.color }}
                >
                  <Spin spinning={busy === m.id} size="small">
                    <div className={styles.icon} style={{ background: `${MODULE_ICONS[m.code || '']?.color}14` }}>
                      <ModuleIcon code={m.code} size={34} />
                    </div>
                  </Spin>
                  <div className={styles.name}>{label(m)}</div>
                  <div className={styles.enter}>
                    {intl.formatMessage({ id: enabled ? 'sel.enter' : 'sel.disabled' })} <RightOutlined />
                  </div>
                </div>
              );
            })}
          </div>
        ) : (
          <Empty description={intl.formatMessage({ id: 'sel.none' })} style={{ marginTop: 80 }}>
            <Button onClick={confirmLogout}>{intl.formatMessage({ id: 'navbar.logOut' })}</Button>
          </Empty>
        )}
      </main>
      <RegisterDialog />
    </div>
  );
}
