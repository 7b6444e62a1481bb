import dayjs, { Dayjs } from 'dayjs';

/** Date messages and the four date-picker rules of spec 5. */
export const DATE_MESSAGES = {
  startAfterEnd: 'start date cannot be after end date, please choose again!',
  endBeforeStart: 'end date cannot be before start date, please choose again!',
};
export const DATE_MESSAGES_ZH = {
  startAfterEnd: '开始日期不能晚于结束日期,请重新选择!',
  endBeforeStart: '结束日期不能早于开始日期,请重新选择!',
};

/** The date messages in the current language (English outside zh). */
export const dateMessages = (locale = currentLocale()) => (locale.startsWith('zh') ? DATE_MESSAGES_ZH : DATE_MESSAGES);

/** The UI language umi's locale plugin keeps (localStorage umi_locale), zh-CN by default. */
export function currentLocale(): string {
  try {
    return (typeof localStorage !== 'undefined' && localStorage.getItem('umi_locale')) || 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

/** Checks a start/end pair; `changed` says which side the user just picked. */
export function checkDateRange(
  start?: string | Dayjs | null,
  end?: string | Dayjs | null,
  changed: 'start' | 'end' = 'start',
  msgs = DATE_MESSAGES,
): string {
  if (!start || !end) return '';
  if (dayjs(start).isAfter(dayjs(end))) return changed === 'start' ? msgs.startAfterEnd : msgs.endBeforeStart;
  return '';
}

export const FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const formatDate = (d?: string | number | Date | Dayjs | null, fmt = FORMAT) => (d ? dayjs(d).format(fmt) : '');

/** Whole-range picker: at most ~one month around the first pick, never after today. */
export function wholeRangeDisabled(current: Dayjs, firstPick?: Dayjs | null, now: Dayjs = dayjs()): boolean {
  if (current.isAfter(now.endOf('day'))) return true;
  if (firstPick) {
    const diff = Math.abs(current.startOf('day').diff(firstPick.startOf('day'), 'day'));
    if (diff > 31) return true;
  }
  return false;
}

export function wholeRangePresets(now: Dayjs = dayjs()) {
  const end = now.endOf('day');
  return [
    { label: '今天', value: [now.startOf('day'), end] as [Dayjs, Dayjs] },
    { label: '3天', value: [now.subtract(2, 'day').startOf('day'), end] as [Dayjs, Dayjs] },
    { label: '1周', value: [now.subtract(6, 'day').startOf('day'), end] as [Dayjs, Dayjs] },
    { label: '1月', value: [now.subtract(1, 'month').startOf('day'), end] as [Dayjs, Dayjs] },
    { label: '1年', value: [now.subtract(1, 'year').startOf('day'), end] as [Dayjs, Dayjs] },
  ];
}

/** Time-limit picker: disallows dates before yesterday. */
export function timeLimitDisabled(current: Dayjs, now: Dayjs = dayjs()): boolean {
  return current.isBefore(now.subtract(1, 'day').startOf('day'));
}

/** Week-restriction picker: within 7 days of the first pick, never in the future. */
export function weekRestrictionDisabled(current: Dayjs, firstPick?: Dayjs | null, now: Dayjs = dayjs()): boolean {
  if (current.isAfter(now.endOf('day'))) return true;
  if (firstPick && Math.abs(current.startOf('day').diff(firstPick.startOf('day'), 'day')) > 7) return true;
  return false;
}

/** Start picker: dates from yesterday on. */
export function startDateDisabled(current: Dayjs, now: Dayjs = dayjs()): boolean {
  return current.isBefore(now.subtract(1, 'day').startOf('day'));
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);

/** Start picker times: from now to 23:59:59 on today, anything on other days. */
export function startTimeDisabled(current: Dayjs | null, now: Dayjs = dayjs()) {
  if (!current || !current.isSame(now, 'day')) return {};
  return {
    disabledHours: () => range(0, now.hour()),
    disabledMinutes: (h: number) => (h === now.hour() ? range(0, now.minute()) : []),
    disabledSeconds: (h: number, m: number) => (h === now.hour() && m === now.minute() ? range(0, now.second()) : []),
  };
}
