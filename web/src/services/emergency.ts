/**
 * emergency (/api/emergency): the rule table, plans with versions, supplies, teams and members,
 * drills; accident (/api/accident): reports, supplements, investigation, corrective actions,
 * near misses and statistics.
 */
import { apiGet, get, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

const E = '/api/emergency';
const A = '/api/accident';

export type Plan = Schemas['v1EmergencyPlan'];
export type Supply = Schemas['v1Supply'];
export type Team = Schemas['v1Team'];
export type Member = Schemas['v1Member'];
export type Drill = Schemas['v1Drill'];
export type DutyRoster = Schemas['v1DutyRoster'];
export type DutyBoard = Schemas['v1DutyBoard'];
export type Incident = Schemas['v1Incident'];
export type IncidentDetail = Schemas['v1IncidentDetail'];
export type Accident = Schemas['v1Accident'];
export type Action = Schemas['v1Action'];
export type NearMiss = Schemas['v1NearMiss'];

export const planApi = crudApi<Plan>(`${E}/plan`, 'page');
export const supplyApi = crudApi<Supply>(`${E}/supply`, 'page');
export const teamApi = crudApi<Team>(`${E}/team`, 'page');
export const memberApi = crudApi<Member>(`${E}/member`, 'page', { detail: undefined });
export const drillApi = crudApi<Drill>(`${E}/drill`, 'page');
export const dutyApi = crudApi<DutyRoster>(`${E}/duty`, 'page', { exportUrl: `${E}/duty/export` });
export const dutyBoard = () => apiGet(`${E}/duty/board`).then((r) => r.data as DutyBoard);
export const incidentApi = crudApi<Incident>(`${E}/incident`, 'page', {
  exportUrl: `${E}/incident/export`,
  detail: undefined,
  submit: (row) => post(`${E}/incident/launch`, row),
});
export const incidentDetail = (id: string) => apiGet(`${E}/incident/detail`, { id }).then((r) => r.data as IncidentDetail);
export const addIncidentAction = (v: Record<string, any>) => post(`${E}/incident/action`, v);
export const closeIncident = (v: Record<string, any>) => post(`${E}/incident/close`, v);
export const accidentApi = crudApi<Accident>(`${A}/report`, 'page');
export const actionApi = crudApi<Action>(`${A}/action`, 'page', { detail: undefined });
export const nearMissApi = crudApi<NearMiss>(`${A}/near-miss`, 'page');

export const holidayApi = crudApi<Schemas['v1Holiday']>(`${E}/holiday`, 'list', {
  list: (params) => get<any[]>(`${E}/holiday/list`, params.year ? { year: params.year } : undefined).then((r) => r.data || []),
  detail: undefined,
});
export const planVersions = (id: string) => apiGet(`${E}/plan/versions`, { id }).then((r) => r.data?.records || []);
export const reviewPlan = (v: Record<string, any>) => post(`${E}/plan/review`, v);
export const publishPlan = (v: Record<string, any>) => post(`${E}/plan/publish`, v);
export const filePlan = (v: Record<string, any>) => post(`${E}/plan/file`, v);
export const revisePlan = (v: Record<string, any>) => post(`${E}/plan/revise`, v);
export const checkSupply = (v: Record<string, any>) => post(`${E}/supply/check`, v);
export const moveDrill = (v: Record<string, any>) => post(`${E}/drill/move`, v);
export const evaluateDrill = (v: Record<string, any>) => post(`${E}/drill/evaluate`, v);
export const supplementAccident = (v: Record<string, any>) => post(`${A}/report/supplement`, v);
export const supplements = (accidentId: string) => apiGet(`${A}/report/supplements`, { accidentId }).then((r) => r.data || []);
export const investigate = (v: Record<string, any>) => post(`${A}/report/investigate`, v);
export const completeAction = (v: Record<string, any>) => post(`${A}/action/done`, v);
export const accidentStats = (year?: number) => apiGet(`${A}/report/stats`, year ? { year } : undefined).then((r) => r.data);

/** The rule table of a service ('emergency' or 'accident'). */
export const ruleList = (svc: string) => get<any[]>(`/api/${svc}/rule/list`).then((r) => r.data || []);
export const ruleHistory = (svc: string, code: string) => get<any[]>(`/api/${svc}/rule/history`, { code }).then((r) => r.data || []);
export const submitRule = (svc: string, v: Record<string, any>) => post(`/api/${svc}/rule/submit`, v);

export const PLAN_TYPES = [
  { label: '综合应急预案', value: 1 },
  { label: '专项应急预案', value: 2 },
  { label: '现场处置方案', value: 3 },
];
export const PLAN_STATES = [
  { label: '编制中', value: 0 },
  { label: '已评审', value: 1 },
  { label: '已发布', value: 2 },
  { label: '已废止', value: 3 },
];
export const REVIEW_WAYS = [
  { label: '评审', value: 1 },
  { label: '论证', value: 2 },
];
export const SUPPLY_STATUS = [
  { label: '正常', value: 0 },
  { label: '库存不足', value: 1 },
  { label: '已过期', value: 2 },
  { label: '已报废', value: 3 },
  { label: '待检查', value: 4 },
];
export const TEAM_TYPES = [
  { label: '专职', value: 1 },
  { label: '兼职', value: 2 },
  { label: '志愿/协议', value: 3 },
];
export const EVALUATION_GRADES = [
  { label: '优秀', value: 1 },
  { label: '良好', value: 2 },
  { label: '合格', value: 3 },
  { label: '不合格', value: 4 },
];
export const ACCIDENT_GRADES = [
  { label: '特别重大事故', value: 1 },
  { label: '重大事故', value: 2 },
  { label: '较大事故', value: 3 },
  { label: '一般事故', value: 4 },
];
export const ACCIDENT_STATES = [
  { label: '已报告', value: 0 },
  { label: '调查中', value: 1 },
  { label: '已结案', value: 2 },
];
export const ACTION_STATES = [
  { label: '未完成', value: 0 },
  { label: '已完成', value: 1 },
];
export const DUTY_TYPES = [
  { label: '部门', value: 0 },
  { label: '岗位', value: 1 },
];
export const INCIDENT_LEVELS = [
  { label: '一级响应', value: 1 },
  { label: '二级响应', value: 2 },
  { label: '三级响应', value: 3 },
  { label: '四级响应', value: 4 },
];
export const INCIDENT_STATES = [
  { label: '进行中', value: 1 },
  { label: '已结束', value: 2 },
];
