import { getToken } from './auth';

/** The preview path of a stored file (the `name` put-file returned). */
export function previewPath(name: string): string {
  return `/api/upload/preview/${encodeURIComponent(name)}`;
}

/**
 * A URL usable in <img src> and <a href>: such requests cannot carry the Blade-Auth header,
 * so the token rides as ?blade-auth= (the gateway accepts it there). Full URLs pass through.
 */
export function fileUrl(name: string): string {
  if (!name) return '';
  if (/^(https?:|data:|blob:)/i.test(name)) return name;
  const token = getToken();
  return token ? `${previewPath(name)}?blade-auth=${encodeURIComponent(token)}` : previewPath(name);
}

/** Splits the comma list a form stores into names. */
export function splitNames(v?: string): string[] {
  return (v || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
