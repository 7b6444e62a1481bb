import { get, type Page } from '@/utils/request';
import { crudApi } from './system';

/** blade-flow: approvals (process definitions, to-do lists, history). */
const F = '/api/blade-flow';

export interface FlowStep {
  name: string;
  /** comma list of role aliases */
  roleAliases?: string;
  /** comma list of user ids */
  userIds?: string;
}

export interface FlowModel {
  id?: string;
  modelKey: string;
  name: string;
  steps: FlowStep[];
  forbidApplicant?: boolean;
  status?: number;
  remark?: string;
  createTime?: string;
  updateTime?: string;
}

export interface FlowInstance {
  processInstanceId: string;
  modelKey: string;
  businessTable: string;
  businessId: string;
  title: string;
  applicantId: string;
  applicantName: string;
  /** 0 in process, 1 complete, 2 rejected, 3 cancelled */
  status: number;
  stepIndex: number;
  taskName?: string;
  candidateRoles?: string;
  candidateUsers?: string;
  steps?: FlowStep[];
  createTime?: string;
  updateTime?: string;
}

export interface FlowComment {
  taskName: string;
  userName: string;
  /** start, pass, reject, record, cancel */
  action: string;
  comment: string;
  time: string;
}

export const flowModelApi = crudApi<FlowModel>(`${F}/model`);
export const getTodoList = (params: Record<string, any>) => get<Page<FlowInstance>>(`${F}/work/todo-list`, params).then((r) => r.data);
export const getDoneList = (params: Record<string, any>) => get<Page<FlowInstance>>(`${F}/work/done-list`, params).then((r) => r.data);
export const getHistory = (processInstanceId: string) =>
  get<FlowComment[]>(`${F}/process/task-process-comment`, { processInstanceId }).then((r) => r.data || []);
