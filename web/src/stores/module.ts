import { create } from 'zustand';
import { getStore, setStore } from '@/utils/storage';
import type { MenuEntry } from '@/utils/menu';

/** The menu tree, the module list and the chosen module with its child menu. */
interface ModuleState {
  tree: MenuEntry[];
  loaded: boolean;
  moduleId: string;
  moduleName: string;
  menu: MenuEntry[];
  setTree: (t: MenuEntry[]) => void;
  choose: (id: string, name: string) => void;
  setMenu: (m: MenuEntry[]) => void;
  reset: () => void;
}

export const useModule = create<ModuleState>((set) => ({
  tree: [],
  loaded: false,
  moduleId: getStore<string>({ name: 'moduleId' }) || '',
  moduleName: getStore<string>({ name: 'moduleName' }) || '',
  menu: [],
  setTree: (tree) => set({ tree, loaded: true }),
  choose: (moduleId, moduleName) => {
    setStore({ name: 'moduleId', content: moduleId });
    setStore({ name: 'moduleName', content: moduleName });
    set({ moduleId, moduleName });
  },
  setMenu: (menu) => set({ menu }),
  reset: () => set({ tree: [], loaded: false, moduleId: '', moduleName: '', menu: [] }),
}));
