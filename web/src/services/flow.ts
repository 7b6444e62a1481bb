import { apiGet } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

/** blade-flow: approvals (process definitions, to-do lists, history). */
const F = '/api/blade-flow';

export type FlowStep = Schemas['v1Step'];

export type FlowModel = Schemas['v1Model'];

export type FlowInstance = Schemas['v1Instance'];

export type FlowComment = Schemas['v1Comment'];

export const flowModelApi = crudApi<FlowModel>(`${F}/model`);
export const getTodoList = (params: Record<string, any>) => apiGet(`${F}/work/todo-list`, params).then((r) => r.data);
export const getDoneList = (params: Record<string, any>) => apiGet(`${F}/work/done-list`, params).then((r) => r.data);
export const getHistory = (processInstanceId: string) =>
  apiGet(`${F}/process/task-process-comment`, { processInstanceId }).then((r) => r.data || []);
