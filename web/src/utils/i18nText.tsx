import React from 'react';
import { addLocale, useIntl } from '@umijs/max';
import enPages from '@/locales/pages/en-US';

/**
 * Page texts (column titles, field labels, option labels, buttons of the system pages) are
 * umi locale messages like the shell's: the page source writes the Chinese text and looks up
 * the message id `text.<中文>` in umi's intl messages, the Chinese text being the fallback.
 * The English messages live in src/locales/pages/en-US.ts (keyed by the Chinese text, which
 * is the id without its prefix); they are added to umi's en-US locale with addLocale
 * when the first page that needs them loads, so the login route stays small. zh-CN needs no
 * entries: a text without a message stays as written.
 */
export const TEXT_PREFIX = 'text.';

/** The page texts of a table as umi messages: `{ 登录账号: 'Account' }` → `{ 'text.登录账号': 'Account' }`. */
export function pageMessages(table: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(table).map(([zh, text]) => [TEXT_PREFIX + zh, text]));
}

let registered = false;
/** Adds the page texts to umi's locales once (the locale provider re-renders with them). */
export function registerPageTexts() {
  if (registered) return;
  registered = true;
  // messages only: the locale's antd and dayjs settings stay as they are
  addLocale('en-US', pageMessages(enPages), undefined as any);
}
registerPageTexts();

/** The message of a page text in the given messages (umi's intl.messages); the text itself when there is none. */
export function translateText(text: string, messages?: Record<string, any>): string {
  if (!text) return text;
  const own = messages?.[TEXT_PREFIX + text];
  return typeof own === 'string' ? own : text;
}

/** `const tt = useText(); tt('登录账号')` → 'Account' in English. */
export function useText() {
  const intl = useIntl();
  // a plain look-up of the message, not formatMessage: page texts are literal (some show
  // `{source}` or `{z}/{x}/{y}`, which ICU would read as arguments)
  return (text: string) => translateText(text, intl.messages as Record<string, any>);
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
