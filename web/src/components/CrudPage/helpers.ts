import type { CrudField } from './types';

/** Builds the Blade query from ProTable params: current/size + filters with operator suffixes. */
export function buildQuery(params: Record<string, any>, fields: CrudField[], extra: Record<string, any> = {}) {
  const { current = 1, pageSize = 10, ...rest } = params;
  const q: Record<string, any> = { current, size: pageSize, ...extra };
  fields.forEach((f) => {
    if (!f.search) return;
    const v = rest[f.dataIndex];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) return;
    if (f.type === 'dateRange' || f.search === 'daterange') {
      const [a, b] = v as string[];
      if (a) q[`${f.dataIndex}_datege`] = a;
      if (b) q[`${f.dataIndex}_datele`] = b;
      return;
    }
    q[f.search === true ? f.dataIndex : `${f.dataIndex}_${f.search}`] = v;
  });
  return q;
}

/** Blade button codes for a page prefix. */
export const permCodes = (prefix: string) => ({
  add: `${prefix}_add`,
  edit: `${prefix}_edit`,
  delete: `${prefix}_delete`,
  view: `${prefix}_view`,
  export: `${prefix}_export`,
});

/** Drops empty `children` arrays so rows without children show no expander. */
export function pruneChildren<T>(rows: T[]): T[] {
  return rows.map((r: any) => {
    if (!r || typeof r !== 'object' || !('children' in r)) return r;
    const kids = Array.isArray(r.children) && r.children.length ? pruneChildren(r.children) : undefined;
    const { children: _children, ...rest } = r;
    return (kids ? { ...rest, children: kids } : rest) as T;
  });
}

/** Reads a page or a plain list the same way. */
export function readPage<T>(res: any): { data: T[]; total: number } {
  if (Array.isArray(res)) return { data: pruneChildren(res), total: res.length };
  if (res && Array.isArray(res.records)) return { data: pruneChildren(res.records), total: Number(res.total) || 0 };
  if (res && res.data) return readPage(res.data);
  return { data: [], total: 0 };
}

/** dictionary rows → ProTable valueEnum */
export function toValueEnum(items: { dictKey: any; dictValue: string }[]) {
  const out: Record<string, { text: string }> = {};
  items.forEach((d) => (out[String(d.dictKey)] = { text: d.dictValue }));
  return out;
}

/** A numeric-looking dictionary key becomes a number so it matches numeric record fields. */
export const dictValue = (k: string): string | number => (/^(0|-?[1-9]\d{0,14})$/.test(k) ? Number(k) : k);

/**
 * The label of a dictionary entry in the given locale: its English label (dictValueEn, seeded by
 * blade-system and editable in 字典管理) in English, the Chinese value otherwise or when the entry
 * has no English label.
 */
export function dictLabel(d: { dictValue?: string; dictValueEn?: string }, locale: string): string {
  const en = (d.dictValueEn || '').trim();
  return !locale.startsWith('zh') && en ? en : d.dictValue || '';
}

/** A verb and a noun as a phrase: "请输入姓名" in Chinese, "Enter name" in other locales. */
export const phrase = (locale: string, verb: string, noun: string) =>
  locale.startsWith('zh') ? `${verb}${noun}` : `${verb} ${noun.toLowerCase()}`;

/** The 序号 of a row: its position in the whole list, not in the page (page 2 of ten starts at 11). */
export const indexOf = (pageInfo: { current?: number; pageSize?: number } | undefined, index: number) =>
  ((pageInfo?.current || 1) - 1) * (pageInfo?.pageSize || 0) + index + 1;

/**
 * A column's width when its field names none: enough for the title (Chinese about 14 px a
 * character, Latin about 8) and for the kind of value (dates, times, files). Every column has
 * a width so the table can add them up: with a fixed 操作 column nothing is drawn under it.
 */
export function columnWidth(f: { width?: number; type?: string; search?: boolean | string }, title: string, picked = false): number {
  if (f.width) return f.width;
  const text = Array.from(title).reduce((n, ch) => n + (/[\u2e80-\uffff]/.test(ch) ? 14 : 8), 0) + 32;
  const byType =
    f.type === 'dateTime' || f.type === 'dateRange' || f.search === 'daterange'
      ? 170
      : f.type === 'date'
        ? 120
        : f.type === 'upload'
          ? 160
          : picked
            ? 100
            : 120;
  return Math.max(text, byType);
}
