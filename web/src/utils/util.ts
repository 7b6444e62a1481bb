/** Small helpers of spec 9. */

/** a/b as a percentage with `digits` decimals (1 by default); 0 if either is 0. */
export function percentage(a: number, b: number, digits = 1): number {
  if (!a || !b) return 0;
  return Number(((a / b) * 100).toFixed(digits));
}

/** negative → red, below 15 → amber; always weight 900. */
export function valueStyle(v: number): { color?: string; fontWeight: number } {
  if (v < 0) return { color: '#f5222d', fontWeight: 900 };
  if (v < 15) return { color: '#faad14', fontWeight: 900 };
  return { fontWeight: 900 };
}

/** >=1200 → 3, >=992 → 2, >=768 → 1, else 0 */
export function screenSize(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

export function getScreen(): number {
  return screenSize(typeof document !== 'undefined' ? document.body.clientWidth : 1280);
}

/** RFC 4122 version 4 shaped identifier */
export function uuid(): string {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && crypto.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const h = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Decodes a JWT payload (no verification), or {} */
export function decodeJwt(token: string): Record<string, any> {
  try {
    const part = token.split('.')[1];
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(Array.from(atob(b64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
    return JSON.parse(json);
  } catch {
    return {};
  }
}

/** filename from a Content-Disposition header */
export function filenameFromDisposition(h: string | null | undefined, fallback = 'export.xlsx'): string {
  if (!h) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(h);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(h);
  if (plain) {
    try {
      return decodeURIComponent(plain[1].trim());
    } catch {
      return plain[1].trim();
    }
  }
  return fallback;
}
