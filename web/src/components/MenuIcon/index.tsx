import React from 'react';
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BookOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  IdcardOutlined,
  KeyOutlined,
  MenuOutlined,
  NotificationOutlined,
  SafetyOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  EnvironmentOutlined,
  ProfileOutlined,
} from '@ant-design/icons';

/**
 * Menu icons by the `source` name the server sends (antd names, or Blade's iconfont
 * names through a small alias table); anything else gets a neutral icon.
 */
const ICONS: Record<string, React.ComponentType> = {
  UserOutlined,
  TeamOutlined,
  ApartmentOutlined,
  IdcardOutlined,
  MenuOutlined,
  BookOutlined,
  SettingOutlined,
  SafetyOutlined,
  NotificationOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  KeyOutlined,
  TagsOutlined,
  CloudServerOutlined,
  EnvironmentOutlined,
  ProfileOutlined,
  AppstoreOutlined,
  FileTextOutlined,
};

const ALIAS: Record<string, string> = {
  'iconfont iconicon_boss': 'UserOutlined',
  'iconfont iconicon_principal': 'TeamOutlined',
  'iconfont iconicon_dispose': 'ApartmentOutlined',
  'iconfont iconicon_subordinate': 'IdcardOutlined',
  'iconfont iconicon_work': 'MenuOutlined',
  'iconfont iconicon_addresslist': 'BookOutlined',
  'iconfont iconicon_settings': 'SettingOutlined',
  'iconfont iconicon_study': 'SafetyOutlined',
  'iconfont iconicon_message': 'NotificationOutlined',
  'iconfont iconicon_key': 'KeyOutlined',
  'iconfont iconicon_savememory': 'DatabaseOutlined',
  user: 'UserOutlined',
  role: 'TeamOutlined',
  dept: 'ApartmentOutlined',
  post: 'IdcardOutlined',
  menu: 'MenuOutlined',
  dict: 'BookOutlined',
  param: 'ProfileOutlined',
  client: 'KeyOutlined',
  tenant: 'CloudServerOutlined',
  label: 'EnvironmentOutlined',
};

export default function MenuIcon({ name, leaf }: { name?: string; leaf?: boolean }) {
  const key = name ? ALIAS[name] || name : '';
  const Cmp = key ? ICONS[key] : undefined;
  if (Cmp) return <Cmp />;
  return leaf ? <FileTextOutlined /> : <AppstoreOutlined />;
}
