import { permCodes } from '@/components/CrudPage/helpers';
import { canSee, type MenuEntry } from '@/utils/menu';

/**
 * What umi's access plugin computes its rules from: the session's button codes (menu/buttons,
 * flattened) and role aliases. src/app.tsx keeps it in the initial state, in step with the
 * session store, so `useAccess()` follows a login, a logout and a reload of the buttons.
 */
export interface AccessState {
  permission: Record<string, boolean>;
  roles: string[];
  /** the paths of the user's menu tree (menu/routes), entries hidden by role left out; undefined until it loads */
  menus?: string[];
}

/** A route's gate (`access: 'canRoute'` in .umirc.ts): the path opened, or a menu page it belongs to (`menu`, a comma list). */
export interface GatedRoute {
  path?: string;
  menu?: string;
}

/** The paths of a menu tree that the roles may see, at any depth. */
export function menuPaths(tree: MenuEntry[], roles: string[]): string[] {
  const out: string[] = [];
  const walk = (l: MenuEntry[]) =>
    l.forEach((m) => {
      if (!canSee(m, roles)) return;
      if (m.path) out.push(m.path);
      if (m.children) walk(m.children);
    });
  walk(tree || []);
  return out;
}

export type CrudAction = keyof ReturnType<typeof permCodes>;

/**
 * Every permission rule of the app (spec 4): buttons are shown for the codes menu/buttons grants,
 * CrudPage's add/edit/delete/view/export by `<prefix>_<action>` (no prefix: not gated), and a menu
 * entry (module, sidebar item, search hit) when it names no roles or one of the user's roles.
 * A route marked `access: 'canRoute'` in .umirc.ts opens only when its path (or the menu page
 * it belongs to, `menu`) is in the user's role-filtered menu tree; otherwise the layout shows
 * /403 without mounting the page. The navigation guard (token, lock) is src/app.tsx's onRouteChange.
 */
export default function access(state?: AccessState) {
  const permission = state?.permission || {};
  const roles = state?.roles || [];
  const menus = new Set(state?.menus || []);
  return {
    /** whether the menus have loaded (a gated route waits for them) */
    menusLoaded: !!state?.menus,
    /** a route the user's menus lead to: the path itself or one of the menu pages it belongs to */
    canRoute: (route: GatedRoute) => menus.has(route.path || '') || (route.menu || '').split(',').some((m) => menus.has(m)),
    /** a button code from menu/buttons */
    can: (code: string) => !!permission[code],
    /** any of the codes (e.g. a dedicated code or the general edit code) */
    canAny: (...codes: string[]) => codes.some((c) => !!permission[c]),
    /** CrudPage's built-in buttons */
    crud: (prefix: string | undefined, what: CrudAction) => !prefix || !!permission[permCodes(prefix)[what]],
    /** a menu entry the user's roles may see */
    canSeeMenu: (entry: MenuEntry) => canSee(entry, roles),
  };
}

export type Access = ReturnType<typeof access>;
