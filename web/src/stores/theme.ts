import { create } from 'zustand';
import website from '@/config/website';
import { getStore, setStore } from '@/utils/storage';

/** The 11 themes of spec 2.4; the class goes on <body>. */
export interface ThemeDef {
  name: string;
  label: string;
  primary: string;
  header: string;
  headerText: string;
  sider: string;
  siderText: string;
  dark?: boolean;
}

export const THEMES: ThemeDef[] = [
  {
    name: 'theme-default',
    label: '默认主题',
    primary: '#409EFF',
    header: '#ffffff',
    headerText: '#303133',
    sider: '#20222a',
    siderText: '#ffffffb3',
    dark: true,
  },
  {
    name: 'theme-white',
    label: '白色主题',
    primary: '#409EFF',
    header: '#ffffff',
    headerText: '#303133',
    sider: '#ffffff',
    siderText: '#303133',
  },
  {
    name: 'theme-dark',
    label: '黑色主题',
    primary: '#409EFF',
    header: '#001529',
    headerText: '#ffffff',
    sider: '#001529',
    siderText: '#ffffffb3',
    dark: true,
  },
  {
    name: 'theme-colourful',
    label: '炫彩主题',
    primary: '#7546c9',
    header: 'linear-gradient(90deg,#7546c9,#3a8ee6)',
    headerText: '#ffffff',
    sider: '#2b1f4a',
    siderText: '#ffffffb3',
    dark: true,
  },
  {
    name: 'theme-smart',
    label: '智能主题',
    primary: '#1f8fff',
    header: '#0b2d5c',
    headerText: '#ffffff',
    sider: '#0b2d5c',
    siderText: '#ffffffb3',
    dark: true,
  },
  {
    name: 'theme-iview',
    label: 'iview主题',
    primary: '#2d8cf0',
    header: '#ffffff',
    headerText: '#515a6e',
    sider: '#1b1c2e',
    siderText: '#ffffffb3',
    dark: true,
  },
  {
    name: 'theme-vip',
    label: 'vip主题',
    primary: '#c9a254',
    header: '#1c1c1c',
    headerText: '#e6c88a',
    sider: '#1c1c1c',
    siderText: '#e6c88ab3',
    dark: true,
  },
  {
    name: 'theme-cool',
    label: '酷炫主题',
    primary: '#13c2c2',
    header: '#053b3f',
    headerText: '#ffffff',
    sider: '#053b3f',
    siderText: '#ffffffb3',
    dark: true,
  },
  {
    name: 'theme-d2',
    label: 'd2主题',
    primary: '#2f74ff',
    header: '#ebf1f6',
    headerText: '#2f3d4a',
    sider: '#ebf1f6',
    siderText: '#2f3d4a',
  },
  {
    name: 'theme-hey',
    label: 'hey主题',
    primary: '#f56c6c',
    header: '#ffffff',
    headerText: '#303133',
    sider: '#fef0f0',
    siderText: '#303133',
  },
  {
    name: 'theme-lte',
    label: 'lte主题',
    primary: '#3c8dbc',
    header: '#3c8dbc',
    headerText: '#ffffff',
    sider: '#222d32',
    siderText: '#b8c7ce',
    dark: true,
  },
];

export const themeOf = (name: string) => THEMES.find((t) => t.name === name) || THEMES[0];

/** Puts exactly one theme class on the body. */
export function applyThemeClass(name: string, body: HTMLElement | undefined = typeof document !== 'undefined' ? document.body : undefined) {
  if (!body) return;
  THEMES.forEach((t) => body.classList.remove(t.name));
  body.classList.add(themeOf(name).name);
}

interface ThemeState {
  name: string;
  setTheme: (name: string) => void;
}

export const useTheme = create<ThemeState>((set) => ({
  name: themeOf(getStore<string>({ name: 'themeName' }) || website.defaultTheme).name,
  setTheme: (name) => {
    const t = themeOf(name).name;
    setStore({ name: 'themeName', content: t });
    applyThemeClass(t);
    set({ name: t });
  },
}));
