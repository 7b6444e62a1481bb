import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  isChinese,
  isChineseName,
  isEmail,
  isLandline,
  isMobile,
  isNumber,
  isURL,
  PHONE_MESSAGES,
  validatenull,
  validateRegistration,
} from '@/utils/validate';

describe('validators (spec 5)', () => {
  it.each([
    ['admin@anquan.cn', true],
    ['a_b-c@mail-1.com', true],
    ['x@y.co.uk', true],
    ['no-at-sign.com', false],
    ['a@b.c', false],
    ['a@b.comm', false],
  ])('email %s → %s', (s, ok) => expect(isEmail(s)).toBe(ok));

  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['23800138000', false],
    ['1380013800', false],
    ['138001380001', false],
  ])('mobile %s → %s', (s, ok) => expect(isMobile(s)).toBe(ok));

  it.each([
    ['010-12345678', true],
    ['0571-1234567', true],
    ['12345678', true],
    ['1234567', true],
    ['123456', false],
    ['01-1234567', false],
  ])('landline %s → %s', (s, ok) => expect(isLandline(s)).toBe(ok));

  it('URL must start with http or https', () => {
    expect(isURL('http://a.cn')).toBe(true);
    expect(isURL('https://a.cn/x?y=1')).toBe(true);
    expect(isURL('ftp://a.cn')).toBe(false);
    expect(isURL('www.a.cn')).toBe(false);
  });

  it('Chinese name is 2-4 Chinese characters; Chinese only', () => {
    expect(isChineseName('张三')).toBe(true);
    expect(isChineseName('欧阳娜娜')).toBe(true);
    expect(isChineseName('张')).toBe(false);
    expect(isChineseName('欧阳娜娜娜')).toBe(false);
    expect(isChineseName('张3')).toBe(false);
    expect(isChinese('安全生产')).toBe(true);
    expect(isChinese('安全a')).toBe(false);
  });

  it.each([
    ['0', true],
    ['-1', true],
    ['3.14', true],
    ['-0.5', true],
    ['10', true],
    ['01', false],
    ['1.', false],
    ['abc', false],
    [12, true],
  ])('number %s → %s', (s, ok) => expect(isNumber(s as any)).toBe(ok));

  it('phone messages in order: empty, length, format', () => {
    expect(checkPhone('')).toBe(PHONE_MESSAGES.empty);
    expect(checkPhone(null)).toBe('phone number cannot be empty');
    expect(checkPhone('1380013800')).toBe('phone number length is not 11 digits');
    expect(checkPhone('23800138000')).toBe('phone number format is incorrect');
    expect(checkPhone('13800138000')).toBe('');
  });
});

describe('emptiness check', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    [[], true],
    [{}, true],
    [0, false],
    [false, false],
    [true, false],
    ['a', false],
    [[1], false],
    [{ a: 1 }, false],
  ])('%j → %s', (v, empty) => expect(validatenull(v)).toBe(empty));
});

describe('registration validation order and messages (spec 5)', () => {
  const full = { tenantId: '100001', account: 'guest', password: 'p1', password2: 'p1' };
  it('checks tenant, account, passwords, match — in that order', () => {
    expect(validateRegistration({})).toBe('请先输入租户编号');
    expect(validateRegistration({ tenantId: '100001' })).toBe('请先输入账号名称');
    expect(validateRegistration({ tenantId: '100001', account: 'a' })).toBe('请先输入密码');
    expect(validateRegistration({ tenantId: '100001', account: 'a', password: 'x' })).toBe('请先输入密码');
    expect(validateRegistration({ ...full, password2: 'p2' })).toBe('两次密码输入不一致');
    expect(validateRegistration(full)).toBe('');
  });
  it('skips the tenant check when the tenant was detected', () => {
    expect(validateRegistration({ account: '' }, false)).toBe('请先输入账号名称');
  });
});
