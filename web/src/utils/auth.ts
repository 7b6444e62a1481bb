import Cookies from 'js-cookie';
import { getStoreTime, setStore } from './storage';

/** Access and refresh tokens live in cookies named for them (spec 9). */
export const TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

/**
 * The client reads its tokens, so they cannot be HttpOnly; they never leave
 * for another site (SameSite=Strict) and, served over HTTPS, never travel in
 * clear (Secure).
 */
const cookieOptions = (): Cookies.CookieAttributes => ({
  sameSite: 'strict',
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
});

export const getToken = () => Cookies.get(TOKEN_KEY) || '';
export function setToken(token: string) {
  Cookies.set(TOKEN_KEY, token, cookieOptions());
  // the token's age is measured from this entry's datetime
  setStore({ name: 'token', content: token });
}
export const getRefreshToken = () => Cookies.get(REFRESH_TOKEN_KEY) || '';
export const setRefreshToken = (token: string) => Cookies.set(REFRESH_TOKEN_KEY, token, cookieOptions());
export function removeToken() {
  Cookies.remove(TOKEN_KEY);
  Cookies.remove(REFRESH_TOKEN_KEY);
}
/** ms timestamp at which the current token was stored */
export const getTokenTime = () => getStoreTime('token');

/** seconds since the token was stored; >= threshold means refresh is due */
export function tokenAge(now: number, storedAt: number) {
  if (!storedAt) return 0;
  return Math.floor((now - storedAt) / 1000);
}
