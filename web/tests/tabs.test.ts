import { beforeEach, describe, expect, it } from 'vitest';
import { addTab, closeAll, closeOthers, closeTab, isClosable, shouldAddTab, type Tab } from '@/utils/tabs';
import { HOME_TAB, useTabs } from '@/stores/tabs';

const home: Tab = { label: '首页', value: '/wel/index', close: false };
const tab = (v: string, extra: Partial<Tab> = {}): Tab => ({ label: v, value: v, ...extra });

describe('tab rules (spec 2.4, 4)', () => {
  it('adds a tab unless meta says no tab or label/path is empty', () => {
    expect(shouldAddTab(tab('/a'))).toBe(true);
    expect(shouldAddTab({ label: '', value: '/a' })).toBe(false);
    expect(shouldAddTab({ label: 'A', value: '' })).toBe(false);
    expect(shouldAddTab(tab('/a', { meta: { isTab: false } }))).toBe(false);
  });

  it('never adds a duplicate tab', () => {
    let list = addTab([home], tab('/a'), home);
    list = addTab(list, tab('/a', { label: 'A2' }), home);
    expect(list.map((t) => t.value)).toEqual(['/wel/index', '/a']);
    expect(list[1].label).toBe('A2');
  });

  it('keeps the home tab first', () => {
    const list = addTab([], tab('/a'), home);
    expect(list[0].value).toBe(home.value);
  });

  it('the first tab and a sole tab cannot be closed', () => {
    expect(isClosable([home], home.value, home)).toBe(false);
    const list = [home, tab('/a')];
    expect(isClosable(list, home.value, home)).toBe(false);
    expect(isClosable(list, '/a', home)).toBe(true);
    expect(isClosable([tab('/a')], '/a', home)).toBe(false);
  });

  it('closing the active tab moves to the previous one', () => {
    const list = [home, tab('/a'), tab('/b'), tab('/c')];
    const r = closeTab(list, '/b', '/b', home);
    expect(r.list.map((t) => t.value)).toEqual(['/wel/index', '/a', '/c']);
    expect(r.next).toBe('/a');
  });

  it('closing an inactive tab keeps the active one', () => {
    const list = [home, tab('/a'), tab('/b')];
    expect(closeTab(list, '/a', '/b', home).next).toBe('/b');
  });

  it('closing a first closable tab moves to the first tab', () => {
    // the first position is home, so a closed tab at index 1 moves back to index 0
    const list = [home, tab('/a')];
    expect(closeTab(list, '/a', '/a', home).next).toBe('/wel/index');
  });

  it('refuses to close the home tab', () => {
    const list = [home, tab('/a')];
    expect(closeTab(list, home.value, home.value, home).list).toHaveLength(2);
  });

  it('close others keeps home and the active tab; close all keeps home', () => {
    const list = [home, tab('/a'), tab('/b'), tab('/c')];
    expect(closeOthers(list, '/b', home).map((t) => t.value)).toEqual(['/wel/index', '/b']);
    expect(closeAll(list, home).map((t) => t.value)).toEqual(['/wel/index']);
  });
});

describe('tabs store', () => {
  beforeEach(() => {
    document.cookie = 'access_token=t; path=/';
    useTabs.getState().reset();
  });

  it('adds, closes and persists tabs', () => {
    const s = useTabs.getState();
    s.add(tab('/system/user', { label: '用户管理' }));
    s.add(tab('/system/role', { label: '角色管理' }));
    expect(useTabs.getState().list).toHaveLength(3);
    expect(useTabs.getState().active).toBe('/system/role');
    const next = useTabs.getState().close('/system/role');
    expect(next).toBe('/system/user');
    const stored = JSON.parse(localStorage.getItem('anquan-tagList')!);
    expect(stored.content.map((t: Tab) => t.value)).toEqual([HOME_TAB.value, '/system/user']);
  });

  it('closeAll returns to the home tab', () => {
    useTabs.getState().add(tab('/x'));
    expect(useTabs.getState().closeAll()).toBe(HOME_TAB.value);
    expect(useTabs.getState().list).toHaveLength(1);
  });
});
