import { create } from 'zustand';
import website from '@/config/website';
import { getToken } from '@/utils/auth';
import { getStore, setStore } from '@/utils/storage';
import { addTab, closeAll, closeOthers, closeTab, isClosable, type Tab } from '@/utils/tabs';

export const HOME_TAB: Tab = website.fistPage as Tab;

interface TabsState {
  list: Tab[];
  active: string;
  add: (t: Tab) => void;
  /** closes a tab and returns the path to go to */
  close: (value: string) => string;
  closeOthers: () => void;
  closeAll: () => string;
  reset: () => void;
  closable: (value: string) => boolean;
}

const initial = (): Tab[] => {
  const stored = getStore<Tab[]>({ name: 'tagList' });
  return stored && stored.length ? stored : [HOME_TAB];
};

export const useTabs = create<TabsState>((set, getState) => ({
  list: initial(),
  active: getStore<string>({ name: 'tag' }) || HOME_TAB.value,
  add: (t) => set((s) => ({ list: addTab(s.list, t, HOME_TAB), active: t.value })),
  close: (value) => {
    const s = getState();
    const { list, next } = closeTab(s.list, value, s.active, HOME_TAB);
    set({ list, active: next });
    return next;
  },
  closeOthers: () => set((s) => ({ list: closeOthers(s.list, s.active, HOME_TAB) })),
  closeAll: () => {
    const list = closeAll(getState().list, HOME_TAB);
    set({ list, active: list[0].value });
    return list[0].value;
  },
  reset: () => set({ list: [HOME_TAB], active: HOME_TAB.value }),
  closable: (value) => isClosable(getState().list, value, HOME_TAB),
}));

useTabs.subscribe((s) => {
  // nothing is persisted for a logged-out visitor (log out clears storage)
  if (!getToken()) return;
  setStore({ name: 'tagList', content: s.list });
  setStore({ name: 'tag', content: s.active });
});
