/** Tab rules (spec 2.4 and 4) as pure functions the tab store wraps. */
export interface Tab {
  label: string;
  value: string;
  params?: Record<string, any>;
  query?: Record<string, any>;
  meta?: Record<string, any>;
  group?: any[];
  close?: boolean;
}

/** Whether a navigation produces a tab: not when meta says no tab or label/path empty. */
export function shouldAddTab(t: Partial<Tab>): boolean {
  if (!t.label || !t.value) return false;
  if (t.meta && t.meta.isTab === false) return false;
  return true;
}

/** Adds a tab unless one with the same value exists; the first tab stays first. */
export function addTab(list: Tab[], tab: Tab, home: Tab): Tab[] {
  let base = list.length ? list : [home];
  if (base[0].value !== home.value) base = [home, ...base.filter((t) => t.value !== home.value)];
  if (!shouldAddTab(tab)) return base;
  const i = base.findIndex((t) => t.value === tab.value);
  if (i >= 0) {
    // refresh label/query of the existing tab, never duplicate it
    const copy = base.slice();
    copy[i] = { ...copy[i], ...tab, close: copy[i].close };
    return copy;
  }
  return [...base, { ...tab, close: tab.value !== home.value }];
}

/** Whether this tab may be closed: never the first tab, never a sole tab. */
export function isClosable(list: Tab[], value: string, home: Tab): boolean {
  if (list.length <= 1) return false;
  if (value === home.value) return false;
  if (list[0]?.value === value) return false;
  return true;
}

/**
 * Closes a tab; returns the new list and, when the active one closed, where to go:
 * the previous tab, or the first tab if the closed one was first.
 */
export function closeTab(list: Tab[], value: string, active: string, home: Tab): { list: Tab[]; next: string } {
  if (!isClosable(list, value, home)) return { list, next: active };
  const i = list.findIndex((t) => t.value === value);
  if (i < 0) return { list, next: active };
  const next = list.filter((t) => t.value !== value);
  if (value !== active) return { list: next, next: active };
  const target = i > 0 ? next[i - 1] : next[0];
  return { list: next, next: target ? target.value : home.value };
}

/** Keeps the first tab and the active one. */
export function closeOthers(list: Tab[], active: string, home: Tab): Tab[] {
  const first = list[0] || home;
  return list.filter((t) => t.value === first.value || t.value === active);
}

/** Keeps only the first tab. */
export function closeAll(list: Tab[], home: Tab): Tab[] {
  return [list[0] || home];
}
