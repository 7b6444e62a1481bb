import React, { Suspense, useEffect, useMemo, useState } from 'react';
import { Avatar, Button, ConfigProvider, Dropdown, Form, Input, Layout, Menu, Modal, Popover, Spin, Tooltip } from 'antd';
import { modal, notification, warmFeedback } from '@/utils/feedback';
import type { MenuProps } from 'antd';
import {
  ArrowLeftOutlined,
  AppstoreOutlined,
  DashboardOutlined,
  DeleteOutlined,
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { history, useIntl, useLocation, useAccess } from '@umijs/max';
import { useModule } from '@/stores/module';
import { isPasswordFree, needsRegistration, useSession } from '@/stores/session';
import { useTabs } from '@/stores/tabs';
import { themeOf, useTheme } from '@/stores/theme';
import { headerTitle, useEnterprise } from '@/stores/enterprise';
import { getExpiration } from '@/services/desk';
import { ancestorsOf, filterMenus, moduleOfPath, moduleTitle, modulesWithIcons, type MenuEntry } from '@/utils/menu';
import { menuText } from '@/utils/i18nMenu';
import { labelOf, pageTitle, translateLabel as translateLabel0 } from '@/utils/pageTitle';
import { addErrorLog } from '@/utils/errorLog';
import { screenSize } from '@/utils/util';
import ModuleIcon from '@/components/ModuleIcon';
import MenuIcon from '@/components/MenuIcon';
import NoticeWidget from '@/components/NoticeWidget';
import ThemeChooser from '@/components/ThemeChooser';
import MenuSearch from '@/components/MenuSearch';
import LangSwitch from '@/components/LangSwitch';
import RegisterDialog from '@/components/RegisterDialog';
import AiChat from '@/components/AiChat';
import TabsBar from './TabsBar';
import { enterModule, ensureTree, loadModuleMenu, prefetchModuleMenu } from './moduleNav';
import logo from '@/assets/logo.svg';
import avatarImg from '@/assets/avatar.svg';
import siderArt from '@/assets/login-illustration.svg';
import './BasicLayout.less';
import { useText } from '@/utils/i18nText';

const { Header, Sider, Content } = Layout;

// the page of the path behind its access gate, with the route table: a chunk of its own ("pages")
const PageSwitch = React.lazy(() => import(/* webpackChunkName: "pages" */ './PageSwitch'));

class Boundary extends React.Component<{ children: React.ReactNode; path: string }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: React.ErrorInfo) {
    addErrorLog(error, info.componentStack || '', 'render');
    // chunk-load failure: retry the same path once
    if (/Loading chunk|ChunkLoadError|Failed to fetch dynamically/i.test(error.message) && !sessionStorage.getItem('aq-chunk-retry')) {
      sessionStorage.setItem('aq-chunk-retry', '1');
      window.location.reload();
    }
  }
  componentDidUpdate(prev: { path: string }) {
    if (prev.path !== this.props.path && this.state.error) this.setState({ error: undefined });
  }
  render() {
    if (this.state.error)
      return (
        <div className="aq-page-card" style={{ textAlign: 'center', padding: 48 }}>
          <h3>页面出错了</h3>
          <p style={{ color: '#999' }}>{this.state.error.message}</p>
          <Button type="primary" onClick={() => this.setState({ error: undefined })}>
            重试
          </Button>
        </div>
      );
    return this.props.children;
  }
}

function toItems(list: MenuEntry[], tr: (m: MenuEntry) => string): MenuProps['items'] {
  return list
    .filter((m) => m.category !== 2)
    .map((m) => {
      const kids = (m.children || []).filter((c) => c.category !== 2);
      if (kids.length) return { key: `g-${m.id}`, icon: <MenuIcon name={m.source || m.icon} />, label: tr(m), children: toItems(kids, tr) };
      return { key: m.path || `i-${m.id}`, icon: <MenuIcon name={m.source || m.icon} leaf />, label: tr(m) };
    });
}

function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const setLock = useSession((s) => s.setLock);
  const tt = useText();
  return (
    <Modal
      title={tt('设置锁屏密码')}
      open={open}
      onCancel={onClose}
      okText={tt('锁屏')}
      cancelText={tt('取消')}
      destroyOnHidden
      width={420}
      onOk={async () => {
        const v = await form.validateFields();
        setLock(v.passwd);
        onClose();
        history.push('/lock');
      }}
    >
      <Form form={form} preserve={false} layout="vertical">
        <Form.Item name="passwd" label={tt('锁屏密码')} rules={[{ required: true, message: tt('请输入锁屏密码') }]}>
          <Input.Password placeholder={tt('请输入锁屏密码')} id="lock-passwd" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function BasicLayout() {
  const location = useLocation();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const messages = intl.messages as Record<string, string>;
  const tr = (m: MenuEntry) => menuText(m, messages, intl.locale);
  const translateLabel = (label: string, meta?: any) => translateLabel0(label, meta, messages, intl.locale);

  const { tree, loaded, moduleId, moduleName, menu } = useModule();
  const { userInfo, permission, logout, loadButtons } = useSession();
  const access = useAccess();
  const addTab = useTabs((s) => s.add);
  const tabs = useTabs((s) => s.list);
  const themeName = useTheme((s) => s.name);
  const theme = themeOf(themeName);
  const enterprise = useEnterprise();
  // spec 9's screen-size classes (3: ≥1200, 2: ≥992, 1: ≥768, 0: phones); the sidebar starts
  // collapsed under 1200 px and, on a phone, folds away entirely (it opens over the page)
  const [screen, setScreen] = useState(() => screenSize(window.innerWidth));
  const [collapsed, setCollapsed] = useState(() => screenSize(window.innerWidth) < 3);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [lockOpen, setLockOpen] = useState(false);
  const [modulesOpen, setModulesOpen] = useState(false);
  const [winH, setWinH] = useState(window.innerHeight);

  // bootstrap: menu tree, chosen module's menu, buttons, expiration reminder
  useEffect(() => {
    const onResize = () => {
      setWinH(window.innerHeight);
      const next = screenSize(window.innerWidth);
      setScreen((prev) => {
        if (prev < 3 !== next < 3) setCollapsed(next < 3);
        return next;
      });
    };
    window.addEventListener('resize', onResize);
    // the toast and dialog holders, so a page's first message needs no chunk load
    warmFeedback();
    // a social-login user without a local account only sees the registration dialog
    if (needsRegistration(useSession.getState().userInfo)) return () => window.removeEventListener('resize', onResize);
    (async () => {
      try {
        // a reload in a chosen module: its menu loads alongside the tree
        const known = useModule.getState();
        if (known.moduleId && !known.menu.length && !known.loaded) prefetchModuleMenu(known.moduleId);
        const full = await ensureTree();
        const st = useModule.getState();
        let id = st.moduleId;
        const owner = moduleOfPath(full, location.pathname);
        if (owner && owner.id !== id && String(owner.isUsed) === '2') {
          st.choose(owner.id, owner.name);
          id = owner.id;
        }
        if (!id) {
          const first = modulesWithIcons(full).find((m) => String(m.isUsed) === '2' && !m.pathUrl);
          if (first) {
            st.choose(first.id, first.name);
            id = first.id;
          }
        }
        if (id && !useModule.getState().menu.length) await loadModuleMenu(id);
      } catch {
        // toasted by the client; the gated pages then show /403 instead of waiting for ever
        if (!useModule.getState().loaded) useModule.getState().setTree([]);
      }
    })();
    if (!Object.keys(permission).length) loadButtons().catch(() => undefined);
    if (!sessionStorage.getItem('aq-expiration-shown')) {
      getExpiration()
        .then((d) => {
          if (d && d.remindDate) {
            sessionStorage.setItem('aq-expiration-shown', '1');
            notification.warning({ message: '通知', description: `系统服务授权将于 ${d.remindDate} 到期,请及时续期。` });
          }
        })
        .catch(() => undefined);
    }
    return () => window.removeEventListener('resize', onResize);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- bootstrap runs once per layout mount; later permission changes come from the session store itself
  }, []);

  // tabs and page title on each navigation (spec 2.3)
  useEffect(() => {
    const path = location.pathname;
    const { label, entry } = labelOf(tree, path);
    const query = Object.fromEntries(new URLSearchParams(location.search));
    if (label) addTab({ label, value: path, query, params: {}, meta: entry?.meta || {}, group: entry?.group ? [entry.group] : [] });
    document.title = pageTitle(tree, path, messages, intl.locale);
    const anc = ancestorsOf(menu, path);
    if (anc && anc.length) setOpenKeys(anc.map((id) => `g-${id}`));
    else if (!anc && menu.length && menu[0].children?.length) setOpenKeys((k) => (k.length ? k : [`g-${menu[0].id}`]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per navigation, menu and locale change; the other values are read at that moment (functions recreated every render)
  }, [location.pathname, tree, menu, intl.locale]);

  const modules = useMemo(() => modulesWithIcons(filterMenus(tree, access.canSeeMenu)), [tree, access]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- tr is a new function each render; it changes only with the locale, which is listed
  const items = useMemo(() => toItems(menu, tr), [menu, intl.locale]);
  const menuCount = useMemo(() => {
    let n = 0;
    const walk = (l: MenuEntry[]) =>
      l.forEach((m) => {
        n++;
        if (m.children) walk(m.children);
      });
    walk(menu);
    return n;
  }, [menu]);
  const phone = screen === 0;
  const siderWidth = collapsed ? (phone ? 0 : 64) : 220;
  // the sider art hides under 400 px of free height or 100 px of width (spec 9)
  const freeHeight = winH - 56 - 64 - menuCount * 44;
  const showArt = freeHeight >= 400 && siderWidth >= 100;

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    if (!latest) {
      setOpenKeys(keys);
      return;
    }
    const id = latest.replace(/^g-/, '');
    const trail: string[] = [];
    const find = (l: MenuEntry[], acc: string[]): boolean =>
      l.some((m) => {
        if (m.id === id) {
          trail.push(...acc);
          return true;
        }
        return find(m.children || [], [...acc, `g-${m.id}`]);
      });
    find(menu, []);
    setOpenKeys([...trail, latest]);
  };

  const pickModule = async (m: MenuEntry) => {
    setModulesOpen(false);
    if (await enterModule(m)) history.push('/wel/index');
  };

  const pickMenu = async (m: MenuEntry) => {
    const owner = tree.find((x) => x.id === m.topMenuId) || moduleOfPath(tree, m.path || '');
    if (owner && owner.id !== useModule.getState().moduleId) {
      if (!(await enterModule(owner))) return;
    }
    if (m.path) history.push(m.path);
  };

  const confirmLogout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('navbar.logOutTip'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      type: 'warning',
      onOk: async () => {
        await logout();
        history.replace('/login');
      },
    });

  const passwordFree = isPasswordFree(userInfo);
  const userMenu: MenuProps['items'] = passwordFree
    ? [{ key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logOut') }]
    : [
        { key: '/wel/index', icon: <DashboardOutlined />, label: t('navbar.dashboard') },
        { key: '/system/cache_manage', icon: <DeleteOutlined />, label: t('navbar.clearCache') },
        { key: '/info/index', icon: <UserOutlined />, label: t('navbar.userinfo') },
        { key: 'lock', icon: <LockOutlined />, label: t('top.lock') },
        { type: 'divider' },
        { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logOut') },
      ];
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'lock') setLockOpen(true);
    else history.push(key);
  };

  const title = headerTitle(enterprise, t('app.title'));
  const modTitle = moduleTitle(moduleName);
  const modEntry = tree.find((m) => m.id === moduleId);
  const headerColor = theme.headerText;
  const lightSider = !theme.dark;

  const modulePopover = (
    <div className="aq-module-grid">
      {modules.length ? (
        modules.map((m) => (
          <div
            key={m.id}
            className={`aq-module-cell ${m.id === moduleId ? 'active' : ''} ${String(m.isUsed) !== '2' ? 'disabled' : ''}`}
            onClick={() => pickModule(m)}
          >
            <ModuleIcon code={m.code} size={24} />
            <span>{intl.locale.startsWith('zh') ? moduleTitle(m.name) : tr(m)}</span>
          </div>
        ))
      ) : (
        <Spin />
      )}
    </div>
  );

  return (
    <Layout className={`aq-layout aq-screen-${screen}${phone && !collapsed ? ' aq-sider-over' : ''}`} style={{ minHeight: '100vh' }}>
      <ConfigProvider
        theme={{
          components: {
            Menu: lightSider
              ? { itemBg: theme.sider, subMenuItemBg: theme.sider }
              : {
                  darkItemBg: theme.sider,
                  darkSubMenuItemBg: 'rgba(0,0,0,0.18)',
                  darkItemSelectedBg: theme.primary,
                  darkPopupBg: theme.sider,
                },
          },
        }}
      >
        <Sider
          className="aq-sider"
          width={220}
          collapsedWidth={phone ? 0 : 64}
          collapsed={collapsed}
          trigger={null}
          theme={lightSider ? 'light' : 'dark'}
          style={{ background: theme.sider }}
        >
          <div className="aq-logo" onClick={() => history.push('/wel/index')}>
            <img src={logo} alt="logo" />
            {!collapsed && (
              <span style={{ color: lightSider ? '#303133' : '#fff' }}>
                {modEntry ? (intl.locale.startsWith('zh') ? modTitle : tr(modEntry)) : t('app.title')}
              </span>
            )}
          </div>
          <div className="aq-sider-menu">
            {loaded && !menu.length ? (
              <div className="aq-sider-empty" style={{ color: theme.siderText }}>
                {collapsed ? '' : t('top.noMenu')}
              </div>
            ) : (
              <Menu
                mode="inline"
                style={{ background: 'transparent' }}
                theme={lightSider ? 'light' : 'dark'}
                items={items}
                selectedKeys={[location.pathname]}
                openKeys={collapsed ? undefined : openKeys}
                onOpenChange={onOpenChange}
                onClick={({ key }) => {
                  if (key.startsWith('http')) window.open(key, '_blank');
                  else if (!key.startsWith('i-')) history.push(key);
                  // on a phone the menu lies over the page: a pick closes it
                  if (phone) setCollapsed(true);
                }}
              />
            )}
          </div>
          {showArt && <img className="aq-sider-art" src={siderArt} alt="" />}
        </Sider>
      </ConfigProvider>
      {phone && !collapsed && <div className="aq-sider-mask" onClick={() => setCollapsed(true)} />}
      <Layout className="aq-main">
        <Header className="aq-header" style={{ background: theme.header, color: headerColor }}>
          <div className="aq-header-left">
            <span className="aq-hbtn" data-testid="collapse" onClick={() => setCollapsed(!collapsed)} title={t('top.collapse')}>
              {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            </span>
            <Tooltip title={t('top.back')}>
              <span className="aq-hbtn" data-testid="back" onClick={() => history.push('/select-module')}>
                <ArrowLeftOutlined />
              </span>
            </Tooltip>
            <Tooltip title={enterprise.enterpriseName || title}>
              <span className="aq-title" data-testid="header-title">
                {title}
              </span>
            </Tooltip>
            <Popover
              content={modulePopover}
              trigger="click"
              open={modulesOpen}
              onOpenChange={setModulesOpen}
              placement="bottomLeft"
              title={t('top.module')}
            >
              <span className="aq-module-switch" data-testid="module-switch">
                {modEntry?.code && <ModuleIcon code={modEntry.code} size={16} />}
                <span>{modEntry ? (intl.locale.startsWith('zh') ? modTitle : tr(modEntry)) : t('top.module')}</span>
                <AppstoreOutlined style={{ marginLeft: 2 }} />
              </span>
            </Popover>
          </div>
          <div className="aq-header-right">
            {!passwordFree && <MenuSearch color={headerColor} onPick={pickMenu} />}
            {!passwordFree && <NoticeWidget color={headerColor} />}
            {!passwordFree && <ThemeChooser color={headerColor} />}
            {!passwordFree && <LangSwitch color={headerColor} />}
            <Dropdown menu={{ items: userMenu, onClick: onUserMenu }} placement="bottomRight">
              <span className="aq-user" data-testid="user-dropdown">
                <Avatar size={30} src={userInfo.avatar || avatarImg} />
                {!passwordFree && <span className="aq-user-name">{userInfo.nick_name || userInfo.real_name || userInfo.account}</span>}
                <DownOutlined style={{ fontSize: 10 }} />
              </span>
            </Dropdown>
          </div>
        </Header>
        <TabsBar translate={translateLabel} />
        <Content className="aq-content">
          <Boundary path={location.pathname}>
            <Suspense fallback={<Spin className="aq-route-wait" />}>
              <PageSwitch />
            </Suspense>
          </Boundary>
        </Content>
      </Layout>
      <LockDialog open={lockOpen} onClose={() => setLockOpen(false)} />
      <RegisterDialog />
      {!passwordFree && <AiChat />}
      <span style={{ display: 'none' }} data-tabs={tabs.length} />
    </Layout>
  );
}
