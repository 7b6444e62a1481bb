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
}

export type CrudAction = keyof ReturnType<typeof permCodes>;

/**
 * Every permission rule of the app (spec 4): buttons are shown for the codes menu/buttons grants,
 * CrudPage's add/edit/delete/view/export by `<prefix>_<action>` (no prefix: not gated), and a menu
 * entry (module, sidebar item, search hit) when it names no roles or one of the user's roles.
 * Routes carry no gate of their own: the navigation guard (token, lock) is src/app.tsx's
 * onRouteChange, and what a user may reach is what the role-filtered menu offers.
 */
export default function access(state?: AccessState) {
  const permission = state?.permission || {};
  const roles = state?.roles || [];
  return {
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
