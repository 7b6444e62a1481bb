/**
 * change (/api/change): management of change — requests and their steps, the PSSR checklist
 * and the people informed or trained before start-up.
 */
import { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

const C = '/api/change';

export type ChangeRequest = Schemas['v1ChangeRequest'];
export type PssrItem = Schemas['v1PssrItem'];
export type ChangePerson = Schemas['v1ChangePerson'];

export const changeApi = crudApi<ChangeRequest>(`${C}/request`, 'page', { exportUrl: `${C}/request/export` });
export const pssrApi = crudApi<PssrItem>(`${C}/pssr`, 'page', { detail: undefined });
export const personApi = crudApi<ChangePerson>(`${C}/person`, 'page', { detail: undefined });

/** A step of the state machine: apply, analyse, approve, reject, startup, accept, close. */
export const changeStep = (action: string, v: Record<string, any>) => post(`${C}/request/${action}`, v);
export const changeLogs = (changeId: string) => apiGet(`${C}/request/logs`, { changeId }).then((r) => r.data || []);
export const pssrDone = (v: Record<string, any>) => post(`${C}/pssr/done`, v);
export const confirmPerson = (id: string) => post(`${C}/person/confirm`, undefined, { id });

export const CHANGE_STATES = [
  { label: '申请', value: 0 },
  { label: '风险分析', value: 1 },
  { label: '审批', value: 2 },
  { label: '实施', value: 3 },
  { label: '验收', value: 4 },
  { label: '已验收', value: 5 },
  { label: '已关闭', value: 6 },
];

export const PSSR_KINDS = [
  { label: '必改项', value: 1 },
  { label: '待改项', value: 2 },
];

export const PERSON_WAYS = [
  { label: '告知', value: 1 },
  { label: '培训', value: 2 },
];
