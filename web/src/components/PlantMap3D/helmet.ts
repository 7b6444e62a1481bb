/**
 * The people's map icons: a safety helmet in the colour of the person type (spec 3.1 "helmet icons
 * with colours"), as an SVG data URL (the CSP allows data: images). An SOS turns it red with a ring,
 * an offline tag is drawn faded.
 */
const cache = new Map<string, string>();

export function helmetIcon(colour: string, opts: { sos?: boolean; offline?: boolean } = {}): string {
  const key = `${colour}|${opts.sos ? 1 : 0}|${opts.offline ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const fill = opts.sos ? '#f5222d' : colour;
  const ring = opts.sos ? '<circle cx="24" cy="24" r="22" fill="none" stroke="#f5222d" stroke-width="3"/>' : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" opacity="${opts.offline ? 0.45 : 1}">` +
    ring +
    `<path d="M9 31a15 15 0 0 1 30 0z" fill="${fill}" stroke="#fff" stroke-width="2"/>` +
    `<path d="M24 16v15M19 18l1 13M29 18l-1 13" stroke="#fff" stroke-width="1.5" opacity="0.7"/>` +
    `<rect x="5" y="30" width="38" height="6" rx="3" fill="${fill}" stroke="#fff" stroke-width="2"/>` +
    `</svg>`;
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  cache.set(key, url);
  return url;
}
