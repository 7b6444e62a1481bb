import { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

/** blade-desk: notices, messages, unread counts, expiration reminders. */
const D = '/api/blade-desk';

export type Notice = Schemas['v1Notice'];

export const noticeApi = crudApi<Notice>(`${D}/notice`);
export const getUnreadCount = () => apiGet(`${D}/message/unread-count`, undefined, { silent: true }).then((r) => Number(r.data) || 0);
export const getMessages = (params: Record<string, any>) => apiGet(`${D}/message/list`, params, { silent: true }).then((r) => r.data);
export const markRead = (ids: string) => post(`${D}/message/read`, undefined, { ids });
export const getExpiration = () => apiGet(`${D}/expiration/detail`, undefined, { silent: true }).then((r) => r.data);
