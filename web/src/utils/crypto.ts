import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import Base64 from 'crypto-js/enc-base64';
import Core from 'crypto-js/core';
import website from '@/config/website';

const mode = () => (Core as any).mode.CBC;
const pad = () => (Core as any).pad.Pkcs7;

/** AES-128-CBC, PKCS7, key = IV = UTF-8 key, base64 output (spec 5). */
export function encrypt(plain: string, key: string = website.aesKey): string {
  const k = Utf8.parse(key);
  const out = AES.encrypt(Utf8.parse(plain), k, { iv: k, mode: mode(), padding: pad() });
  return out.ciphertext.toString(Base64);
}

export function decrypt(cipher: string, key: string = website.aesKey): string {
  const k = Utf8.parse(key);
  const params = { ciphertext: Base64.parse(cipher) } as any;
  return AES.decrypt(params, k, { iv: k, mode: mode(), padding: pad() }).toString(Utf8);
}

/** re-exported for callers that want both; the request client imports ./basicAuth directly */
export { basicAuth } from './basicAuth';
