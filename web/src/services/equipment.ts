/**
 * equipment: the ledger of equipment and safety facilities with its overdue list, detection rules,
 * maintenance and detection records, and major hazard installations graded per GB 18218-2018
 * (/api/equipment). inspection: points, plans, tasks, records and statistics (/api/inspection).
 */
import { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

const E = '/api/equipment';
const I = '/api/inspection';

export type Equipment = Schemas['v1Equipment'];
export type EquipmentRecord = Schemas['v1EquipmentRecord'];
export type DetectionRule = Schemas['v1Rule'];
export type MajorHazard = Schemas['v1MajorHazard'];
export type Factor = Schemas['v1Factor'];
export type ServiceOrder = Schemas['v1ServiceOrder'];
export type ChangeRequest = Schemas['v1StateRequest'];
export type Lockout = Schemas['v1Lockout'];
export type InspectPoint = Schemas['v1InspectPoint'];
export type InspectPlan = Schemas['v1Plan'];
export type InspectTask = Schemas['v1Task'];
export type InspectRecord = Schemas['v1InspectRecord'];

export const equipmentApi = crudApi<Equipment>(`${E}/ledger`, 'page');
/** The overdue list as a CrudPage api (withinDays from the search form, default 30). */
export const overdueApi = crudApi<Equipment>(`${E}/ledger`, 'overdue');
export const recordApi = crudApi<EquipmentRecord>(`${E}/record`, 'page');
export const ruleApi = crudApi<DetectionRule>(`${E}/rule`, 'page');
export const majorHazardApi = crudApi<MajorHazard>(`${E}/major-hazard`, 'page');
export const factorApi = crudApi<Factor>(`${E}/factor`, 'page');
/** Service (repair) orders and their steps (assign, start, finish, accept, return). */
export const serviceApi = crudApi<ServiceOrder>(`${E}/service`, 'page', { exportUrl: `${E}/service/export` });
export const moveService = (action: string, v: Record<string, any>) => post(`${E}/service/${action}`, v);
/** Disable (1), recover (2) and scrap (3) requests; approve or reject. */
export const requestApi = crudApi<ChangeRequest>(`${E}/request`, 'page', { exportUrl: `${E}/request/export` });
export const decideRequest = (action: 'approve' | 'reject', v: Record<string, any>) => post(`${E}/request/${action}`, v);
/** Lockout recovery (LOTO): shutdown with isolation points, verify, request, approve or reject. */
export const lockoutApi = crudApi<Lockout>(`${E}/lockout`, 'page', { exportUrl: `${E}/lockout/export` });
export const lockoutDetail = (id: string) => apiGet(`${E}/lockout/detail`, { id }).then((r) => r.data as Lockout);
export const verifyLockoutStep = (id: string, seq: number) => post(`${E}/lockout/verify`, { id, seq });
export const moveLockout = (action: string, v: Record<string, any>) => post(`${E}/lockout/${action}`, v);
export const flowDetail = (kind: 'service' | 'request' | 'lockout', id: string) =>
  apiGet(`${E}/${kind}/detail`, { id }).then((r) => r.data as { logs?: FlowLog[] });
export type FlowLog = Schemas['v1FlowLog'];
/** The tenant's due-date reminder rules (one per kind: 1 maintenance, 2 detection), and "send now". */
export type RemindRule = Schemas['v1EquipmentRemindRule'];
export const remindRules = () => apiGet(`${E}/remind/list`).then((r) => (r.data?.records || []) as RemindRule[]);
export const saveRemindRule = (v: Partial<RemindRule>) => post(`${E}/remind/submit`, v);
export const runReminders = () => post<{ sent?: number }>(`${E}/remind/run`).then((r) => r.data?.sent || 0);
export const calculateHazard = (row: any) => post<MajorHazard>(`${E}/major-hazard/calculate`, row).then((r) => r.data);

export const pointApi = crudApi<InspectPoint>(`${I}/point`, 'page');
export const planApi = crudApi<InspectPlan>(`${I}/plan`, 'page');
export const taskApi = crudApi<InspectTask>(`${I}/task`, 'page');
export const inspectRecordApi = crudApi<InspectRecord>(`${I}/record`, 'page');
export const generateTasks = () => post(`${I}/task/generate`);
export const taskDetail = (id: string) => apiGet(`${I}/task/detail`, { id }).then((r) => r.data as InspectTask);
export const completeTask = (id: string, results: any[]) => post(`${I}/task/complete`, { id, results });
/** 补检: some of the not inspected points of a task past its window. */
export const makeUpTask = (id: string, results: any[]) => post(`${I}/task/makeup`, { id, results });
export type InspectStat = Schemas['v1InspectStat'];
export type InspectStats = Schemas['v1InspectStats'];
/** Coverage and timeliness per team (groupBy dept) or person over beginDate..endDate. */
export const inspectStats = (params: Record<string, any>) => apiGet(`${I}/stats`, params).then((r) => r.data as InspectStats);
export const inspectStatsExportUrl = `${I}/stats/export`;

/** Options for selects: the ledger and the rules (first 1000). */
export const equipmentOptions = () =>
  apiGet(`${E}/ledger/page`, { size: 1000 }).then((r) =>
    (r.data?.records || []).map((e: Equipment) => ({ label: `${e.code} ${e.name}`, value: e.id })),
  );
export const ruleOptions = () =>
  apiGet(`${E}/rule/page`, { size: 1000 }).then((r) => (r.data?.records || []).map((x: DetectionRule) => ({ label: x.name, value: x.id })));
export const pointOptions = () =>
  apiGet(`${I}/point/page`, { size: 1000 }).then((r) =>
    (r.data?.records || []).map((x: InspectPoint) => ({ label: `${x.code} ${x.name}`, value: x.id })),
  );

export const CATEGORIES = [
  { label: '生产设备', value: 1 },
  { label: '特种设备', value: 2 },
  { label: '安全设施', value: 3 },
  { label: '仪器仪表', value: 4 },
];
export const LIFECYCLES = [
  { label: '已投用', value: 1 },
  { label: '报废', value: 2 },
];
export const MAINTAIN_STATES = [
  { label: '完好', value: 1 },
  { label: '维修中', value: 2 },
];
export const ENABLES = [
  { label: '在用', value: 1 },
  { label: '停用', value: 2 },
];
/** Maintenance plans: by calendar (cycle days) or by run hours (interval and lead hours). */
export const MAINTAIN_MODES = [
  { label: '按日历', value: 1 },
  { label: '按运行小时', value: 2 },
];
/** A run-hour plan's due state (exactly at the interval is due). */
export const HOURS_DUE_STATES = [
  { label: '正常', value: 0 },
  { label: '即将到期', value: 1 },
  { label: '已到期', value: 2 },
];
export const READING_SOURCES = [
  { label: '手工录入', value: 1 },
  { label: '计数器', value: 2 },
];
export type RunReading = Schemas['v1RunReading'];
/** Run-hour readings (by hand, or a counter's by equipment code); never edited. */
export const runReadingApi = crudApi<RunReading>(`${E}/run-reading`, 'page');
export const submitReading = (v: Partial<RunReading>) => post(`${E}/run-reading/submit`, v);
export const DUE_STATES = [
  { label: '正常', value: 0 },
  { label: '即将到期', value: 1 },
  { label: '已逾期', value: 2 },
];
export const RECORD_KINDS = [
  { label: '维护保养', value: 1 },
  { label: '检测检验', value: 2 },
];
export const RESULTS = [
  { label: '合格', value: 1 },
  { label: '不合格', value: 2 },
];
export const UNIT_TYPES = [
  { label: '生产单元', value: 1 },
  { label: '储存单元', value: 2 },
];
export const HAZARD_LEVELS = [
  { label: '非重大危险源', value: 0 },
  { label: '一级', value: 1 },
  { label: '二级', value: 2 },
  { label: '三级', value: 3 },
  { label: '四级', value: 4 },
];
export const FACTOR_KINDS = [
  { label: 'β 校正系数', value: 1 },
  { label: 'α 校正系数', value: 2 },
];
export const TASK_STATES = [
  { label: '待巡检', value: 0 },
  { label: '已完成', value: 1 },
  { label: '已超期', value: 2 },
  { label: '漏检', value: 3 },
];
/** A task point's inspection status (spec 3.1). */
export const POINT_STATUSES: Record<number, { label: string; color: string }> = {
  1: { label: '待检', color: 'blue' },
  2: { label: '已检', color: 'green' },
  3: { label: '超期未检', color: 'orange' },
  4: { label: '超期已检', color: 'gold' },
  5: { label: '漏检未补', color: 'red' },
  6: { label: '漏检已补', color: 'cyan' },
};
export const SERVICE_TYPES = [
  { label: '机械故障', value: 1 },
  { label: '电气故障', value: 2 },
  { label: '仪表故障', value: 3 },
  { label: '泄漏', value: 4 },
  { label: '安全附件故障', value: 5 },
  { label: '润滑密封', value: 6 },
  { label: '腐蚀损伤', value: 7 },
  { label: '联锁报警故障', value: 8 },
  { label: '计划检修', value: 9 },
  { label: '其他', value: 10 },
];
export const SERVICE_STATES = [
  { label: '已报修', value: 1 },
  { label: '已派工', value: 2 },
  { label: '维修中', value: 3 },
  { label: '待验收', value: 4 },
  { label: '已验收', value: 5 },
];
export const REQUEST_STATES = [
  { label: '待审批', value: 1 },
  { label: '已批准', value: 2 },
  { label: '已驳回', value: 3 },
];
export const LOCKOUT_STATES = [
  { label: '已生成停机数据', value: 1 },
  { label: '已申请恢复', value: 2 },
  { label: '恢复已批准', value: 3 },
  { label: '恢复已驳回', value: 4 },
];
