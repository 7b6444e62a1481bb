import { modal } from '@/utils/feedback';
import { getRoutes } from '@/services/system';
import { useModule } from '@/stores/module';
import { useSession } from '@/stores/session';
import { filterByRoles, moduleClick, MODULE_DISABLED_TEXT, type MenuEntry } from '@/utils/menu';

/** the tree request in flight: a second caller (app start, then the layout) shares it */
let treeLoading: Promise<MenuEntry[]> | undefined;

/** Loads the caller's whole menu tree once. */
export async function ensureTree(): Promise<MenuEntry[]> {
  const m = useModule.getState();
  if (m.loaded) return m.tree;
  if (!treeLoading) {
    treeLoading = getRoutes()
      .then((tree: MenuEntry[]) => {
        useModule.getState().setTree(tree);
        return tree;
      })
      .finally(() => (treeLoading = undefined));
  }
  return treeLoading;
}

/** A module's child menu asked for ahead (the layout's bootstrap); the next loadModuleMenu takes it. */
let ahead: { id: string; routes: Promise<MenuEntry[]> } | undefined;

/**
 * Starts loading the remembered module's child menu alongside the whole tree (a reload), so the
 * two requests overlap instead of following each other; loadModuleMenu(id) then uses the answer.
 */
export function prefetchModuleMenu(id: string) {
  if (ahead?.id === id) return;
  ahead = { id, routes: getRoutes(id).catch(() => []) };
}

/**
 * A full load of a page that needs the menus (the layout's pages and gated full-window pages,
 * the module chooser): the tree and the remembered module's menu are asked for by umi.js at
 * start (src/app.tsx), while the layout's chunk is still loading, instead of by the layout
 * once it has run. The layout's bootstrap then takes the answers.
 */
export function prefetchMenus() {
  const m = useModule.getState();
  if (m.loaded) return;
  if (m.moduleId && !m.menu.length) prefetchModuleMenu(m.moduleId);
  ensureTree().catch(() => undefined);
}

/** Loads the chosen module's child menu, filtered by the user's roles. */
export async function loadModuleMenu(id: string): Promise<MenuEntry[]> {
  const roles = useSession.getState().roles;
  const early = ahead?.id === id ? ahead.routes : undefined;
  ahead = undefined;
  let children: MenuEntry[];
  try {
    children = await (early || getRoutes(id));
  } catch {
    children = [];
  }
  if (!children.length) children = useModule.getState().tree.find((t) => t.id === id)?.children || [];
  const menu = filterByRoles(children, roles);
  useModule.getState().setMenu(menu);
  return menu;
}

/** Module click rules of spec 2.4; returns true when the module was entered. */
export async function enterModule(m: MenuEntry): Promise<boolean> {
  const c = moduleClick(m);
  if (c.action === 'external') {
    window.open(c.url, '_blank');
    return false;
  }
  if (c.action === 'disabled') {
    modal.warning({ title: '提示', content: MODULE_DISABLED_TEXT, okText: '确定' });
    return false;
  }
  useModule.getState().choose(c.id, c.name);
  await loadModuleMenu(c.id);
  return true;
}
