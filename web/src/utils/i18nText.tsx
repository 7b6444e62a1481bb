import React from 'react';
import { useIntl } from '@umijs/max';
import enPages from '@/locales/pages/en-US';

/**
 * Page texts (column titles, field labels, option labels, buttons of the system pages) are
 * written in Chinese in the page source and translated by their Chinese text. The English
 * ones live in src/locales/pages/en-US.ts, which only the pages load (so the login route
 * stays small); a `text.<中文>` entry in a locale file overrides it. zh-CN needs none, and a
 * text without an entry stays as written.
 */
const PAGE_TEXTS: Record<string, Record<string, string>> = { 'en-US': enPages };

export function translateText(text: string, locale: string, messages?: Record<string, any>): string {
  if (!text || !locale || locale.startsWith('zh')) return text;
  const own = messages?.[`text.${text}`];
  if (typeof own === 'string') return own;
  return PAGE_TEXTS[locale]?.[text] ?? PAGE_TEXTS['en-US'][text] ?? text;
}

/** `const tt = useText(); tt('登录账号')` → 'Account' in English. */
export function useText() {
  const intl = useIntl();
  return (text: string) => translateText(text, intl.locale, intl.messages as Record<string, any>);
}

/** For render functions outside a component: <Tx>待审核</Tx>. */
export function Tx({ children }: { children: string }) {
  const tt = useText();
  return <>{tt(children)}</>;
}

/** Option labels that are plain strings are translated; others are kept. */
export function translateOptions<T extends { label: React.ReactNode }>(opts: T[] | undefined, tt: (s: string) => string): T[] | undefined {
  return opts?.map((o) => (typeof o.label === 'string' ? { ...o, label: tt(o.label) } : o));
}
