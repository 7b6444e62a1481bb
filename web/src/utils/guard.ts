/** Routes reachable without a token (spec 2.3). */
export const NO_AUTH = ['/login', '/passwordFree', '/404', '/403', '/500'];
/** the social-login callback: /oauth/redirect/:source */
export const NO_AUTH_PREFIX = ['/oauth/redirect/'];

export const needsNoAuth = (path: string) => NO_AUTH.includes(path) || NO_AUTH_PREFIX.some((p) => path.startsWith(p));
