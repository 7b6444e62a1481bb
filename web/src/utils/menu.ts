/** Menu helpers: role filter, module titles, leaf flattening, path look-up (spec 2.4 and 6). */
export interface MenuMeta {
  roles?: string[];
  i18n?: string;
  keepAlive?: boolean;
  isTab?: boolean;
}

export interface MenuEntry {
  id: string;
  parentId?: string;
  tenantId?: string;
  topMenuId?: string;
  name: string;
  code?: string;
  alias?: string;
  isUsed?: number | string;
  pathUrl?: string;
  path?: string;
  source?: string;
  icon?: string;
  sort?: number;
  category?: number;
  group?: any;
  query?: any;
  meta?: MenuMeta;
  children?: MenuEntry[];
  hasChildren?: boolean;
}

/** Shown when it has no role restriction or the user's role is among its roles. */
export function canSee(entry: MenuEntry, userRoles: string[]): boolean {
  const roles = entry.meta?.roles;
  if (!roles || roles.length === 0) return true;
  return userRoles.some((r) => roles.includes(r));
}

/** The entries (at any depth) that `visible` keeps; components pass useAccess().canSeeMenu. */
export function filterMenus(tree: MenuEntry[] | undefined, visible: (m: MenuEntry) => boolean): MenuEntry[] {
  return (tree || [])
    .filter(visible)
    .map((m) => (m.children && m.children.length ? { ...m, children: filterMenus(m.children, visible) } : m));
}

export function filterByRoles(tree: MenuEntry[] | undefined, userRoles: string[]): MenuEntry[] {
  return filterMenus(tree, (m) => canSee(m, userRoles));
}

/** Strips 系统, 管理 and 新五项 from a module title; 系统设置 is kept whole. */
export function moduleTitle(name: string): string {
  if (!name) return '';
  if (name === '系统设置') return name;
  return (
    name
      .replace(/新五项/g, '')
      .replace(/系统/g, '')
      .replace(/管理/g, '')
      .trim() || name
  );
}

/** Module codes that have an icon (see components/ModuleIcon). */
export const MODULE_CODES = [
  'safety_risk',
  'hidden_danger',
  'safety_education',
  'dangerous_source',
  'emergency',
  'occupational_health',
  'intelligent_inspection',
  'personnel_vehicle',
  'on_duty',
  'business_process',
  'equipment',
  'monitoring',
  'video_surveillance',
  'contractor_mgmt',
  'education_admin',
  'system_settings',
] as const;

/** Top-level entries whose code has an icon. */
export function modulesWithIcons(tree: MenuEntry[] | undefined, codes: readonly string[] = MODULE_CODES): MenuEntry[] {
  return (tree || []).filter((m) => m.code && codes.includes(m.code));
}

export type ModuleClick = { action: 'external'; url: string } | { action: 'disabled' } | { action: 'enter'; id: string; name: string };

/** What clicking a module does (spec 2.4). */
export function moduleClick(m: MenuEntry): ModuleClick {
  if (m.pathUrl) return { action: 'external', url: m.pathUrl };
  if (String(m.isUsed) !== '2') return { action: 'disabled' };
  return { action: 'enter', id: m.id, name: m.name };
}

export const MODULE_DISABLED_TEXT = '您还没有开通该模块,请联系管理员!';

/** Leaves (entries without children) with a path, depth first. */
export function flattenLeaves(tree: MenuEntry[] | undefined): MenuEntry[] {
  const out: MenuEntry[] = [];
  const walk = (list: MenuEntry[] = []) =>
    list.forEach((m) => {
      if (m.category === 2) return;
      if (m.children && m.children.length) walk(m.children);
      else if (m.path) out.push(m);
    });
  walk(tree);
  return out;
}

/** Leaf menus whose name starts with the keyword (case-insensitive). */
export function searchMenus(leaves: MenuEntry[], keyword: string, translate: (m: MenuEntry) => string = (m) => m.name): MenuEntry[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return leaves;
  return leaves.filter((m) => m.name.toLowerCase().startsWith(k) || translate(m).toLowerCase().startsWith(k));
}

/** Finds the entry with this path anywhere in the tree. */
export function findByPath(tree: MenuEntry[] | undefined, path: string): MenuEntry | undefined {
  for (const m of tree || []) {
    if (m.path === path) return m;
    const hit = findByPath(m.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/** The top-level module that contains `path`. */
export function moduleOfPath(tree: MenuEntry[] | undefined, path: string): MenuEntry | undefined {
  return (tree || []).find((m) => m.path === path || !!findByPath(m.children, path));
}

/** Keys of the ancestors of `path` (for the open submenu). */
export function ancestorsOf(tree: MenuEntry[] | undefined, path: string, trail: string[] = []): string[] | undefined {
  for (const m of tree || []) {
    if (m.path === path) return trail;
    const hit = ancestorsOf(m.children, path, [...trail, m.id]);
    if (hit) return hit;
  }
  return undefined;
}

/** Flattens the buttons tree into a code → true map (spec 6). */
export function flattenButtons(tree: { code?: string; children?: any[] }[] | undefined): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const walk = (list: any[] = []) =>
    list.forEach((b) => {
      if (b.code) out[b.code] = true;
      if (b.children) walk(b.children);
    });
  walk(tree);
  return out;
}

/** The first leaf path of a module subtree, or undefined. */
export const firstLeafPath = (tree: MenuEntry[] | undefined) => flattenLeaves(tree)[0]?.path;
