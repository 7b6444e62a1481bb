import { findByPath, type MenuEntry } from './menu';
import { menuText } from './i18nMenu';

/** Labels of the built-in pages that are not menu entries (they get a tab like a menu page). */
export const STATIC_LABELS: Record<string, string> = {
  '/wel/index': '首页',
  '/info/index': '个人信息',
  '/system/cache_manage': '缓存管理',
  '/system/myIntegralCenter': '积分中心',
  '/businessProcess/noticeAnnouncement/index': '通知公告',
};

/**
 * Full-window pages outside the layout: their title when the menu tree is not loaded yet (a
 * page opened by its address); with the tree, the menu entry's name wins.
 */
const FULL_WINDOW: Record<string, { label: string; i18n: string }> = {
  '/risk-commitment': { label: '安全承诺', i18n: 'riskCommitment' },
  '/dual-prophylaxis/index': { label: '双重预防', i18n: 'dualProphylaxis' },
  '/ai-video-alarm/index': { label: '企业封闭化管理', i18n: 'videoClosed' },
  '/visualization': { label: '可视化平台', i18n: 'videoVisual' },
};

const LABEL_I18N: Record<string, string> = {
  首页: 'navbar.dashboard',
  个人信息: 'navbar.userinfo',
  缓存管理: 'tagsView.cacheManage',
  通知公告: 'top.notice',
};

/** A tab label in the current language: the meta's i18n key, the shell's key, then the menu name map. */
export function translateLabel(label: string, meta: { i18n?: string } | undefined, messages: Record<string, string>, locale: string) {
  const key = meta?.i18n ? `menu.${meta.i18n}` : LABEL_I18N[label];
  if (!locale.startsWith('zh')) {
    if (key && messages[key]) return messages[key];
    if (messages[`menu.name.${label}`]) return messages[`menu.name.${label}`];
  }
  return label;
}

/** The tab label of a path (Chinese, as the tab stores it) and its menu entry. */
export function labelOf(tree: MenuEntry[], path: string): { label: string; entry?: MenuEntry } {
  const entry = findByPath(tree, path);
  return { label: entry?.name || STATIC_LABELS[path] || '', entry };
}

/**
 * The document title of a path (spec 2.3: the current tab's label, translated, then the app's
 * name), for pages inside the layout and the full-window ones alike.
 */
export function pageTitle(tree: MenuEntry[], path: string, messages: Record<string, string>, locale: string): string {
  const app = messages['app.title'] || '';
  const { label, entry } = labelOf(tree, path);
  let shown = '';
  if (entry) shown = menuText(entry, messages, locale);
  else if (label) shown = translateLabel(label, undefined, messages, locale);
  else if (FULL_WINDOW[path]) shown = translateLabel(FULL_WINDOW[path].label, { i18n: FULL_WINDOW[path].i18n }, messages, locale);
  return shown ? `${shown} - ${app}` : app;
}
