import fs from 'node:fs';
import path from 'node:path';
import React, { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale, useIntl } from '@umijs/max';
import en from '@/locales/en-US';
import enPages from '@/locales/pages/en-US';
import enMenus from '@/locales/menus/en-US';
import zh from '@/locales/zh-CN';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { pageMessages, translateText } from '@/utils/i18nText';
import { useSession } from '@/stores/session';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

const root = path.resolve(import.meta.dirname, '..');
const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : d.name.endsWith('.tsx') ? [path.join(dir, d.name)] : []));

/** The Chinese texts the system pages show: titles, labels, options, placeholders, tt()/<Tx>. */
function pageTexts(): Map<string, string> {
  const files = [
    // every page folder but the login-side ones (their texts live in the shell locales)
    ...fs
      .readdirSync(path.join(root, 'src/pages'), { withFileTypes: true })
      .filter(
        (d) =>
          d.isDirectory() &&
          !['login', 'oauth', 'passwordFree', 'lock', 'exception', 'select-module', 'wel', 'fallback', 'expectation', 'myiframe'].includes(
            d.name,
          ),
      )
      .flatMap((d) => walk(path.join(root, 'src/pages', d.name))),
    path.join(root, 'src/pages/info/index.tsx'),
    path.join(root, 'src/components/CrudPage/index.tsx'),
    path.join(root, 'src/components/TreeLayout/index.tsx'),
    path.join(root, 'src/components/NoticeDetail/index.tsx'),
  ];
  const zhText = '[^\'"`{}<>]*[\\u4e00-\\u9fff][^\'"`{}<>]*';
  const pats = [
    new RegExp(`\\b(?:title|label|placeholder|tooltip|addChildText):\\s*'(${zhText})'`, 'g'),
    new RegExp(`\\btt\\('(${zhText})'\\)`, 'g'),
    new RegExp(`<Tx>(${zhText})</Tx>`, 'g'),
    new RegExp(`\\b(?:title|addChildText)="(${zhText})"`, 'g'),
  ];
  const out = new Map<string, string>();
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    for (const re of pats) for (const m of src.matchAll(re)) if (!out.has(m[1])) out.set(m[1], path.relative(root, f));
  }
  return out;
}

describe('English texts of the system pages', () => {
  afterEach(() => setLocale('zh-CN'));

  it('every column title, field label, option and button text has an en-US entry', () => {
    const texts = pageTexts();
    expect(texts.size).toBeGreaterThan(100);
    const missing = [...texts].filter(([t]) => !enPages[t]).map(([t, f]) => `${t} (${f})`);
    expect(missing).toEqual([]);
  });

  it('a Chinese text has one English text across the area files', () => {
    // en-US.ts spreads the area files into one map: a later file would silently win
    const dir = path.join(root, 'src/locales/pages');
    const files = ['en-US.ts', ...fs.readdirSync(path.join(dir, 'en-US')).map((f) => `en-US/${f}`)];
    const seen = new Map<string, string>();
    const conflicts: string[] = [];
    for (const f of files) {
      for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^\s*'([^']+)':\s*'((?:[^'\\]|\\.)*)'/gm)) {
        const before = seen.get(m[1]);
        if (before !== undefined && before !== m[2]) conflicts.push(`${m[1]}: ${before} / ${m[2]} (${f})`);
        seen.set(m[1], m[2]);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('every menu entry of the server menu template has an English name', () => {
    // the template every tenant is provisioned with (blade-system); its i18n keys name menu.<key>
    const tpl = fs.readFileSync(path.join(root, '../services/system/internal/biz/template.go'), 'utf8');
    const keys = new Set([
      ...[...tpl.matchAll(/page\("[^"]*",\s*"[^"]*",\s*"[^"]*",\s*"[^"]*",\s*"([^"]*)"/g)].map((m) => m[1]),
      ...[...tpl.matchAll(/I18n:\s*"([^"]*)"/g)].map((m) => m[1]),
    ]);
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => !(enMenus as Record<string, string>)[`menu.${k}`])).toEqual([]);
  });

  it('the menu names stay out of the locale that the login route loads', () => {
    // /login has a JavaScript budget (e2e shell-perf); the names load after login (utils/menuTexts)
    expect(Object.keys(en).filter((k) => k.startsWith('menu.') && k !== 'menu.select')).toEqual([]);
    expect(Object.keys(enMenus).every((k) => k.startsWith('menu.'))).toBe(true);
  });

  it('page texts are umi messages with the ids text.<中文>: Chinese stays, English maps, unknown texts stay as written', () => {
    const enMessages = { ...en, ...pageMessages(enPages) };
    expect(pageMessages({ 登录账号: 'Account' })).toEqual({ 'text.登录账号': 'Account' });
    expect(translateText('登录账号', zh)).toBe('登录账号');
    expect(translateText('登录账号', enMessages)).toBe('Account');
    expect(translateText('没有这个词', enMessages)).toBe('没有这个词');
    expect(translateText('登录账号', { 'text.登录账号': 'Login name' })).toBe('Login name');
    // braces are literal (a plain look-up, not an ICU message)
    expect(translateText('瓦片地址模板，如 /map/tiles/{z}/{x}/{y}.png', enMessages)).toBe(
      'Tile URL template, e.g. /map/tiles/{z}/{x}/{y}.png',
    );
    // the stub's useIntl has them once i18nText loaded, as umi's locales have after addLocale
    setLocale('en-US');
    expect(useIntl().messages['text.登录账号']).toBe('Account');
    // the page texts stay out of the locale files that the login route loads
    expect(Object.keys(en).some((k) => k.startsWith('text.'))).toBe(false);
  });

  it('CrudPage shows English column titles, option labels and dialog titles', async () => {
    setLocale('en-US');
    useSession.setState({ permission: { user_add: true, user_view: true } });
    const fields: CrudField[] = [
      { title: '登录账号', dataIndex: 'account', search: true, form: { required: true } },
      {
        title: '状态',
        dataIndex: 'status',
        options: [
          { label: '待审核', value: 0 },
          { label: '正常', value: 1 },
        ],
      },
    ];
    const api = {
      list: vi.fn(async () => ({ records: [{ id: '1', account: 'admin', status: 1 }], total: 1, size: 10, current: 1, pages: 1 })),
      submit: vi.fn(),
    };
    const host = document.createElement('div');
    document.body.appendChild(host);
    const r = createRoot(host);
    await act(async () => r.render(<CrudPage title="用户" fields={fields} api={api} permissionPrefix="user" />));
    await act(async () => new Promise((res) => setTimeout(res, 300)));
    const head = host.querySelector('.ant-table-thead')!.textContent || '';
    expect(head).toContain('Account');
    expect(head).toContain('Status');
    expect(head).not.toContain('登录账号');
    expect(host.querySelector('.ant-table-tbody')!.textContent).toContain('Normal');
    const add = Array.from(host.querySelectorAll('button')).find((b) => b.textContent?.includes('Add'))!;
    await act(async () => add.click());
    await act(async () => new Promise((res) => setTimeout(res, 300)));
    expect(document.body.querySelector('.ant-modal-title')?.textContent).toBe('Add user');
    expect((document.body.querySelector('.ant-modal input#account') as HTMLInputElement)?.placeholder).toBe('Enter account');
    act(() => r.unmount());
    host.remove();
    document.body.innerHTML = '';
  });
});
