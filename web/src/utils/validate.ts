import { currentLocale } from './date';
/** Validators and helpers of spec section 5. */

export const isEmail = (s: string) => /^([a-zA-Z0-9_-])+@([a-zA-Z0-9_-])+((\.[a-zA-Z0-9_-]{2,3}){1,2})$/.test(s);
export const isMobile = (s: string) => /^1[0-9]{10}$/.test(s);
export const isLandline = (s: string) => /^([0-9]{3,4}-?)?[0-9]{7,8}$/.test(s);
export const isURL = (s: string) => /^https?:\/\/[^\s]+$/i.test(s);
export const isChineseName = (s: string) => /^[\u4e00-\u9fa5]{2,4}$/.test(s);
export const isChinese = (s: string) => /^[\u4e00-\u9fa5]+$/.test(s);
/** may be negative and decimal, no leading zeros */
export const isNumber = (s: string | number) => /^-?(0|[1-9]\d*)(\.\d+)?$/.test(String(s));
export const isLowerCase = (s: string) => /^[a-z]+$/.test(s);
export const isUpperCase = (s: string) => /^[A-Z]+$/.test(s);
export const isAlphabets = (s: string) => /^[A-Za-z]+$/.test(s);

export const PHONE_MESSAGES = {
  empty: 'phone number cannot be empty',
  length: 'phone number length is not 11 digits',
  format: 'phone number format is incorrect',
};
export const PHONE_MESSAGES_ZH = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
  format: '手机号码格式不正确',
};

/** Returns '' when valid, otherwise the message. */
export function checkPhone(phone: string | undefined | null, msgs = PHONE_MESSAGES): string {
  const s = (phone ?? '').toString().trim();
  if (!s) return msgs.empty;
  if (s.length !== 11) return msgs.length;
  if (!isMobile(s)) return msgs.format;
  return '';
}

/** null, undefined, '', [] and {} are empty; numbers and booleans are not. */
export function validatenull(val: unknown): boolean {
  if (typeof val === 'boolean' || typeof val === 'number') return false;
  if (val === null || val === undefined) return true;
  if (typeof val === 'string') return val === '' || val === 'null' || val === 'undefined';
  if (Array.isArray(val)) return val.length === 0;
  if (val instanceof Date) return false;
  if (typeof val === 'object') return Object.keys(val as object).length === 0;
  return false;
}

export const PASSWORD_MISMATCH = 'the two passwords do not match, please enter again!';
export const PASSWORD_MISMATCH_ZH = '两次输入密码不一致,请重新输入!';

/** Registration checks in spec order; returns the first warning or ''. */
export function validateRegistration(
  form: { tenantId?: string; account?: string; password?: string; password2?: string },
  needTenant = true,
): string {
  if (needTenant && validatenull(form.tenantId)) return '请先输入租户编号';
  if (validatenull(form.account)) return '请先输入账号名称';
  if (validatenull(form.password) || validatenull(form.password2)) return '请先输入密码';
  if (form.password !== form.password2) return '两次密码输入不一致';
  return '';
}

/** a message in the current language */
const say = (zh: string, en: string) => (currentLocale().startsWith('zh') ? zh : en);

/** antd Form rule adapters (their messages follow the current language) */
export const rule = {
  /** the spec's phone messages (length, then format) in the current language; empty is the required rule's business */
  mobile: {
    validator: (_: unknown, v: string) => {
      const msg = v ? checkPhone(v, currentLocale().startsWith('zh') ? PHONE_MESSAGES_ZH : PHONE_MESSAGES) : '';
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  },
  email: {
    validator: (_: unknown, v: string) =>
      !v || isEmail(v) ? Promise.resolve() : Promise.reject(new Error(say('邮箱格式不正确', 'email format is incorrect'))),
  },
  landline: {
    validator: (_: unknown, v: string) =>
      !v || isLandline(v) ? Promise.resolve() : Promise.reject(new Error(say('电话号码格式不正确', 'phone number format is incorrect'))),
  },
  /** a mobile or a landline number */
  phone: {
    validator: (_: unknown, v: string) =>
      !v || isMobile(v) || isLandline(v)
        ? Promise.resolve()
        : Promise.reject(new Error(say('电话号码格式不正确', 'phone number format is incorrect'))),
  },
  url: {
    validator: (_: unknown, v: string) =>
      !v || isURL(v)
        ? Promise.resolve()
        : Promise.reject(new Error(say('链接必须以 http 或 https 开头', 'the link must start with http or https'))),
  },
};

/** Field kinds one picks from rather than types into (a select, a date, check boxes, a person, a file). */
const PICKED_KINDS = [
  'select',
  'treeSelect',
  'radio',
  'checkboxes',
  'date',
  'dateTime',
  'dateRange',
  'switch',
  'upload',
  'image',
  'person',
];
export const isPickedKind = (kind?: string) => PICKED_KINDS.includes(kind || '');

/**
 * The required message of a field whose label is `label` (already in the UI language): a field
 * one picks from says 请选择…, one typed into 请输入… ("Select …" / "Enter …" in English).
 */
export function requiredPrompt(kind: string | undefined, label: string, locale = currentLocale()): string {
  const picked = isPickedKind(kind);
  if (locale.startsWith('zh')) return `${picked ? '请选择' : '请输入'}${label}`;
  return `${picked ? 'Select' : 'Enter'} ${label.toLowerCase()}`;
}
