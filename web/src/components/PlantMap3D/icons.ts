/**
 * The map icons of detectors and cameras, as SVG data URLs (the CSP allows data: images), cached by
 * colour. A detector is a round gauge in its state's colour; a camera a box with a lens. An active
 * alarm adds a red ring around the icon.
 */
const cache = new Map<string, string>();

function svgUrl(key: string, body: () => string): string {
  const hit = cache.get(key);
  if (hit) return hit;
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(body())}`;
  cache.set(key, url);
  return url;
}

const ring = (alarm?: boolean) => (alarm ? '<circle cx="24" cy="24" r="22" fill="none" stroke="#f5222d" stroke-width="3"/>' : '');

export function detectorIcon(colour: string, alarm?: boolean): string {
  return svgUrl(`d|${colour}|${alarm ? 1 : 0}`, () =>
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">',
      ring(alarm),
      `<circle cx="24" cy="24" r="14" fill="${colour}" stroke="#fff" stroke-width="2.5"/>`,
      '<path d="M24 24l6-6" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>',
      '<circle cx="24" cy="24" r="2.5" fill="#fff"/>',
      '</svg>',
    ].join(''),
  );
}

export function cameraIcon(colour: string, alarm?: boolean): string {
  return svgUrl(`c|${colour}|${alarm ? 1 : 0}`, () =>
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">',
      ring(alarm),
      `<rect x="9" y="16" width="22" height="16" rx="3" fill="${colour}" stroke="#fff" stroke-width="2"/>`,
      `<path d="M31 21l8-4v14l-8-4z" fill="${colour}" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>`,
      '<circle cx="20" cy="24" r="3.5" fill="#fff"/>',
      '</svg>',
    ].join(''),
  );
}

/** a red pulse ring drawn under an alarm's subject (a person's position alarm, for instance) */
export function alarmIcon(): string {
  return svgUrl('a', () =>
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">',
      '<circle cx="24" cy="24" r="20" fill="#f5222d" fill-opacity="0.25" stroke="#f5222d" stroke-width="3"/>',
      '</svg>',
    ].join(''),
  );
}
