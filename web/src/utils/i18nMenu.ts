import type { MenuEntry } from './menu';

/** A menu entry's text in the current language: i18n key, then name map, then code. */
export function menuText(m: Pick<MenuEntry, 'name' | 'code' | 'meta'>, messages: Record<string, string>, locale: string): string {
  if (!locale || locale.startsWith('zh')) return m.name;
  const keys = [m.meta?.i18n ? `menu.${m.meta.i18n}` : '', `menu.name.${m.name}`, m.code ? `menu.${m.code}` : ''];
  for (const k of keys) if (k && messages[k]) return messages[k];
  return m.name;
}
