/**
 * equipment: the ledger of equipment and safety facilities with its overdue list, detection rules,
 * maintenance and detection records, and major hazard installations graded per GB 18218-2018
 * (/api/equipment). inspection: points, plans, tasks and records (/api/inspection).
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
export const calculateHazard = (row: any) => post<MajorHazard>(`${E}/major-hazard/calculate`, row).then((r) => r.data);

export const pointApi = crudApi<InspectPoint>(`${I}/point`, 'page');
export const planApi = crudApi<InspectPlan>(`${I}/plan`, 'page');
export const taskApi = crudApi<InspectTask>(`${I}/task`, 'page');
export const inspectRecordApi = crudApi<InspectRecord>(`${I}/record`, 'page');
export const generateTasks = () => post(`${I}/task/generate`);
export const taskDetail = (id: string) => apiGet(`${I}/task/detail`, { id }).then((r) => r.data as InspectTask);
export const completeTask = (id: string, results: any[]) => post(`${I}/task/complete`, { id, results });

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
];
