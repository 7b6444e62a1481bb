import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  checkDateRange,
  DATE_MESSAGES,
  startDateDisabled,
  startTimeDisabled,
  timeLimitDisabled,
  weekRestrictionDisabled,
  wholeRangeDisabled,
  wholeRangePresets,
} from '@/utils/date';
import { fileType, opensInNewWindow, uploadPath } from '@/utils/file';
import { decodeJwt, filenameFromDisposition, percentage, screenSize, uuid, valueStyle } from '@/utils/util';
import { badgeText } from '@/stores/notices';
import { encrypt, decrypt, basicAuth } from '@/utils/crypto';

describe('date messages and pickers (spec 5)', () => {
  it('start after end and end before start', () => {
    expect(checkDateRange('2026-05-02', '2026-05-01', 'start')).toBe(DATE_MESSAGES.startAfterEnd);
    expect(checkDateRange('2026-05-02', '2026-05-01', 'end')).toBe('end date cannot be before start date, please choose again!');
    expect(DATE_MESSAGES.startAfterEnd).toBe('start date cannot be after end date, please choose again!');
    expect(checkDateRange('2026-05-01', '2026-05-02')).toBe('');
    expect(checkDateRange(undefined, '2026-05-02')).toBe('');
  });

  const now = dayjs('2026-06-15 10:30:20');
  it('whole-range: never after today, at most about a month from the first pick', () => {
    expect(wholeRangeDisabled(dayjs('2026-06-16'), null, now)).toBe(true);
    expect(wholeRangeDisabled(dayjs('2026-06-15'), null, now)).toBe(false);
    expect(wholeRangeDisabled(dayjs('2026-05-01'), dayjs('2026-06-10'), now)).toBe(true);
    expect(wholeRangeDisabled(dayjs('2026-05-20'), dayjs('2026-06-10'), now)).toBe(false);
    expect(wholeRangePresets(now).map((p) => p.label)).toEqual(['今天', '3天', '1周', '1月', '1年']);
  });

  it('time-limit: nothing before yesterday', () => {
    expect(timeLimitDisabled(dayjs('2026-06-13'), now)).toBe(true);
    expect(timeLimitDisabled(dayjs('2026-06-14'), now)).toBe(false);
    expect(timeLimitDisabled(dayjs('2026-07-01'), now)).toBe(false);
  });

  it('week-restriction: within 7 days of the first pick, not in the future', () => {
    expect(weekRestrictionDisabled(dayjs('2026-06-16'), null, now)).toBe(true);
    expect(weekRestrictionDisabled(dayjs('2026-06-01'), dayjs('2026-06-10'), now)).toBe(true);
    expect(weekRestrictionDisabled(dayjs('2026-06-04'), dayjs('2026-06-10'), now)).toBe(false);
  });

  it('start: dates from yesterday on, times from now to the end of today', () => {
    expect(startDateDisabled(dayjs('2026-06-13'), now)).toBe(true);
    expect(startDateDisabled(dayjs('2026-06-14'), now)).toBe(false);
    const t = startTimeDisabled(now, now) as any;
    expect(t.disabledHours()).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(t.disabledMinutes(10)).toHaveLength(30);
    expect(t.disabledMinutes(11)).toEqual([]);
    expect(t.disabledSeconds(10, 30)).toHaveLength(20);
    expect(startTimeDisabled(dayjs('2026-06-16'), now)).toEqual({});
  });
});

describe('file type classes (spec 5)', () => {
  it.each([
    ['a.png', 'image'],
    ['a.JPEG', 'image'],
    ['a.bmp', 'image'],
    ['a.gif', 'image'],
    ['notes.txt', 'txt'],
    ['s.xls', 'excel'],
    ['s.xlsx', 'excel'],
    ['w.doc', 'word'],
    ['w.docx', 'word'],
    ['p.pdf', 'pdf'],
    ['p.ppt', 'ppt'],
    ['v.mp4', 'video'],
    ['v.mkv', 'video'],
    ['v.m2v', 'video'],
    ['m.mp3', 'audio'],
    ['m.wav', 'audio'],
    ['m.wmv', 'audio'],
    ['x.zip', 'other'],
    ['noext', 'other'],
  ])('%s → %s', (n, c) => expect(fileType(n)).toBe(c));

  it('only doc and pdf open in a new window', () => {
    expect(opensInNewWindow('/upload/a.pdf')).toBe(true);
    expect(opensInNewWindow('/upload/a.doc')).toBe(true);
    expect(opensInNewWindow('/upload/a.docx')).toBe(false);
    expect(opensInNewWindow('/upload/a.png')).toBe(false);
    expect(uploadPath('http://h/api/upload/2026/a.png')).toBe('2026/a.png');
  });
});

describe('small helpers (spec 9)', () => {
  it('percentage: one decimal by default, 0 when either is 0', () => {
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(1, 3, 2)).toBe(33.33);
    expect(percentage(0, 3)).toBe(0);
    expect(percentage(3, 0)).toBe(0);
  });

  it('style: negative red, below 15 amber, weight 900', () => {
    expect(valueStyle(-1)).toEqual({ color: '#f5222d', fontWeight: 900 });
    expect(valueStyle(14.9)).toEqual({ color: '#faad14', fontWeight: 900 });
    expect(valueStyle(15)).toEqual({ fontWeight: 900 });
  });

  it('screen size classes', () => {
    expect(screenSize(1200)).toBe(3);
    expect(screenSize(1199)).toBe(2);
    expect(screenSize(992)).toBe(2);
    expect(screenSize(768)).toBe(1);
    expect(screenSize(767)).toBe(0);
  });

  it('UUID v4 shape and uniqueness', () => {
    const a = uuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(Array.from({ length: 200 }, uuid)).size).toBe(200);
  });

  it('badge count is capped at 99', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(-3)).toBe('0');
  });

  it('file name from Content-Disposition', () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx');
    expect(filenameFromDisposition('attachment; filename="users.xlsx"')).toBe('users.xlsx');
    expect(filenameFromDisposition('attachment; filename=%E7%94%A8.xlsx')).toBe('用.xlsx');
    expect(filenameFromDisposition(null)).toBe('export.xlsx');
  });

  it('decodes a JWT payload', () => {
    const payload = btoa(JSON.stringify({ user_id: '1', role_name: 'administrator' })).replace(/=+$/, '');
    expect(decodeJwt(`h.${payload}.s`)).toEqual({ user_id: '1', role_name: 'administrator' });
    expect(decodeJwt('bad')).toEqual({});
  });
});

describe('password encryption (spec 5: AES-128-CBC, PKCS7, key = IV)', () => {
  it('matches the reference ciphertext and round-trips', () => {
    expect(encrypt('admin')).toBe('lUKOsBil8WZ9yXYeZt3TzA==');
    expect(decrypt(encrypt('密码 with 中文 123'))).toBe('密码 with 中文 123');
  });
  it('client basic auth is saber:saber_secret', () => {
    expect(basicAuth()).toBe('c2FiZXI6c2FiZXJfc2VjcmV0');
  });
});
