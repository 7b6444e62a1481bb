import website from '@/config/website';

/** The client's HTTP basic credentials, sent on every call (spec 7). Kept apart from the
 * cipher so the entry chunk does not carry crypto-js. */
export function basicAuth(clientId = website.clientId, secret = website.clientSecret) {
  return btoa(`${clientId}:${secret}`);
}
