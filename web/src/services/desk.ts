import { get, post, type Page } from '@/utils/request';
import { crudApi } from './system';

/** blade-desk: notices, messages, unread counts, expiration reminders. */
const D = '/api/blade-desk';

export interface Notice {
  id: string;
  messagePushName?: string;
  messageTitle?: string;
  messageContent?: string;
  messagePushTime?: string;
  tag?: string;
  type?: number | string;
  status?: number | string;
  img?: string;
  isRead?: number | string;
}

export const noticeApi = crudApi<Notice>(`${D}/notice`);
export const getUnreadCount = () => get<number>(`${D}/message/unread-count`, undefined, { silent: true }).then((r) => Number(r.data) || 0);
export const getMessages = (params: Record<string, any>) =>
  get<Page<Notice>>(`${D}/message/list`, params, { silent: true }).then((r) => r.data);
export const markRead = (ids: string) => post(`${D}/message/read`, undefined, { ids });
export const getExpiration = () => get<{ type: string; remindDate: string } | null>(`${D}/expiration/detail`, undefined, { silent: true }).then((r) => r.data);
