import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore, getAllStore, getStore, getStoreTime, removeStore, setStore } from '@/utils/storage';
import { addErrorLog, clearErrorLogs, getErrorLogs, installErrorLog } from '@/utils/errorLog';
import { applyThemeClass, THEMES, themeOf, useTheme } from '@/stores/theme';

describe('storage helper (spec 3)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('prefixes keys and stores dataType, content, type and datetime', () => {
    setStore({ name: 'userInfo', content: { a: 1 } });
    const raw = JSON.parse(localStorage.getItem('anquan-userInfo')!);
    expect(raw.dataType).toBe('object');
    expect(raw.content).toEqual({ a: 1 });
    expect(typeof raw.datetime).toBe('number');
    expect(getStore({ name: 'userInfo' })).toEqual({ a: 1 });
    expect(getStoreTime('userInfo')).toBe(raw.datetime);
  });

  it('a set type means session storage', () => {
    setStore({ name: 'lockPasswd', content: 'x', type: 'session' });
    expect(localStorage.getItem('anquan-lockPasswd')).toBeNull();
    expect(sessionStorage.getItem('anquan-lockPasswd')).not.toBeNull();
    expect(getStore({ name: 'lockPasswd' })).toBe('x');
    expect(getStore({ name: 'lockPasswd', type: 'session' })).toBe('x');
  });

  it('keeps primitive types and returns the whole entry with debug', () => {
    setStore({ name: 'n', content: 5 });
    setStore({ name: 'b', content: false });
    expect(getStore({ name: 'n' })).toBe(5);
    expect(getStore({ name: 'b' })).toBe(false);
    expect(getStore<any>({ name: 'n', debug: true }).dataType).toBe('number');
    expect(getStore({ name: 'missing' })).toBeUndefined();
  });

  it('lists, removes and clears', () => {
    setStore({ name: 'a', content: 1 });
    setStore({ name: 'b', content: 2 });
    localStorage.setItem('other', 'x');
    expect(
      getAllStore()
        .map((e) => e.name)
        .sort(),
    ).toEqual(['a', 'b']);
    removeStore({ name: 'a' });
    expect(getStore({ name: 'a' })).toBeUndefined();
    clearStore();
    expect(localStorage.length).toBe(0);
  });

  it('ignores corrupt entries', () => {
    localStorage.setItem('anquan-bad', '{not json');
    expect(getStore({ name: 'bad' })).toBeUndefined();
  });
});

describe('error log of unhandled UI errors', () => {
  beforeEach(() => clearErrorLogs());

  it('stores url, time, type, message, stack and info', () => {
    const e = addErrorLog(new Error('boom'), 'in Widget', 'render');
    expect(e.message).toBe('boom');
    expect(e.type).toBe('render');
    expect(e.info).toBe('in Widget');
    expect(e.stack).toContain('boom');
    expect(e.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(getErrorLogs()[0]).toBe(e);
  });

  it('catches window errors once installed', () => {
    installErrorLog(window);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }));
    expect(getErrorLogs()[0].message).toBe('uncaught');
  });

  it('keeps at most 100 entries', () => {
    for (let i = 0; i < 120; i++) addErrorLog(`e${i}`);
    expect(getErrorLogs()).toHaveLength(100);
    expect(getErrorLogs()[0].message).toBe('e119');
  });
});

describe('theme store (spec 2.4)', () => {
  it('has the 11 themes', () => {
    expect(THEMES.map((t) => t.name)).toEqual([
      'theme-default',
      'theme-white',
      'theme-dark',
      'theme-colourful',
      'theme-smart',
      'theme-iview',
      'theme-vip',
      'theme-cool',
      'theme-d2',
      'theme-hey',
      'theme-lte',
    ]);
    expect(themeOf('nope').name).toBe('theme-default');
  });

  it('applies exactly one class on body and stores the choice', () => {
    applyThemeClass('theme-d2');
    useTheme.getState().setTheme('theme-dark');
    expect(document.body.classList.contains('theme-dark')).toBe(true);
    expect(document.body.classList.contains('theme-d2')).toBe(false);
    expect(getStore({ name: 'themeName' })).toBe('theme-dark');
  });
});
