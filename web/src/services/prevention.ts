/**
 * Double prevention (双重预防): risk grading and control, inspections, hidden dangers.
 * API calls of the prevention service (/api/nDoublePrevention) and the pure rules the pages
 * share (risk levels and colours, LEC / LS grading, hazard workflow buttons).
 */
import { get, post, toQuery } from '@/utils/request';
import { exportFile } from '@/utils/download';
import { crudApi, type CrudApi } from './system';
import type { Schemas } from './types';

// ---------------------------------------------------------------------------------------------
// Risk levels and colours (spec 3.1: levels 1-4 = red / orange / yellow / blue)

export interface RiskLevel {
  level: 1 | 2 | 3 | 4;
  /** 重大风险 … 低风险 */
  label: string;
  /** colour code sent by the server (red, orange, yellow, blue) */
  colour: 'red' | 'orange' | 'yellow' | 'blue';
  /** display colour of the tag / big-screen bar */
  hex: string;
}

export const RISK_LEVELS: RiskLevel[] = [
  { level: 1, label: '重大风险', colour: 'red', hex: '#f5222d' },
  { level: 2, label: '较大风险', colour: 'orange', hex: '#fa8c16' },
  { level: 3, label: '一般风险', colour: 'yellow', hex: '#fadb14' },
  { level: 4, label: '低风险', colour: 'blue', hex: '#1677ff' },
];

/** The level record of a level number or colour code (either may come from the server). */
export function riskLevelOf(v: any): RiskLevel | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const s = String(v).toLowerCase();
  return RISK_LEVELS.find((l) => String(l.level) === s || l.colour === s);
}

// ---------------------------------------------------------------------------------------------
// LEC: D = L × E × C (作业条件危险性评价法). Scores as the method's tables give them.

export const LEC_L = [
  { label: '完全可以预料', value: 10 },
  { label: '相当可能', value: 6 },
  { label: '可能,但不经常', value: 3 },
  { label: '可能性小,完全意外', value: 1 },
  { label: '很不可能,可以设想', value: 0.5 },
  { label: '极不可能', value: 0.2 },
  { label: '实际不可能', value: 0.1 },
];
export const LEC_E = [
  { label: '连续暴露', value: 10 },
  { label: '每天工作时间内暴露', value: 6 },
  { label: '每周一次或偶然暴露', value: 3 },
  { label: '每月一次暴露', value: 2 },
  { label: '每年几次暴露', value: 1 },
  { label: '非常罕见地暴露', value: 0.5 },
];
export const LEC_C = [
  { label: '大灾难,许多人死亡', value: 100 },
  { label: '灾难,数人死亡', value: 40 },
  { label: '非常严重,一人死亡', value: 15 },
  { label: '严重,重伤', value: 7 },
  { label: '重大,致残', value: 3 },
  { label: '引人注目,需要救护', value: 1 },
];
/** LS: R = L × S, both 1-5 (风险矩阵法). */
export const LS_L = [1, 2, 3, 4, 5].map((v) => ({ label: String(v), value: v }));
export const LS_S = [1, 2, 3, 4, 5].map((v) => ({ label: String(v), value: v }));

/** Lower bounds of levels 1, 2, 3 (anything lower is level 4). */
export const LEC_BOUNDS: [number, number, number] = [320, 160, 70];
export const LS_BOUNDS: [number, number, number] = [20, 15, 9];

export interface Grade {
  score: number;
  level: RiskLevel;
}

const round = (n: number) => Math.round(n * 100) / 100;

function grade(score: number, [a, b, c]: [number, number, number]): Grade {
  const level = score >= a ? 1 : score >= b ? 2 : score >= c ? 3 : 4;
  return { score: round(score), level: RISK_LEVELS[level - 1] };
}

/** LEC grading; undefined until all three factors are chosen. */
export function gradeLEC(l?: number, e?: number, c?: number): Grade | undefined {
  if (!(Number(l) > 0 && Number(e) > 0 && Number(c) > 0)) return undefined;
  return grade(Number(l) * Number(e) * Number(c), LEC_BOUNDS);
}

/** LS grading; undefined until both factors are chosen. */
export function gradeLS(l?: number, s?: number): Grade | undefined {
  if (!(Number(l) > 0 && Number(s) > 0)) return undefined;
  return grade(Number(l) * Number(s), LS_BOUNDS);
}

// ---------------------------------------------------------------------------------------------
// API (prevention service, see the service's proto)

export const P = '/api/nDoublePrevention';

/** page list + detail/submit/remove (+ export when the service exports that entity) */
const entity = (name: string, exportable: boolean, extra: Partial<CrudApi> = {}): CrudApi =>
  crudApi(`${P}/${name}`, 'page', { ...(exportable ? { exportUrl: `${P}/${name}/export` } : {}), ...extra });

export const riskObjectApi = entity('risk-object', false);
export const riskUnitApi = entity('risk-unit', true);
export const riskEventApi = entity('risk-event', true);
export const riskMeasureApi = entity('risk-measure', true);
export const checkPlanApi = entity('check-plan', false);
/** generated tasks: read-only */
export const checkTaskApi = entity('check-task', true, { submit: undefined, remove: undefined });
/** records are added from a task (排查), never edited or removed */
export const checkRecordApi = entity('check-record', true, { submit: undefined, remove: undefined });
export const hazardApi = entity('hidden-danger', true);

/** bare arrays for selects (any logged-in user) */
const listOf =
  (name: string) =>
  (params: Record<string, any> = {}) =>
    get<any[]>(`${P}/${name}/list`, params).then((r) => (Array.isArray(r.data) ? r.data : (r.data as any)?.records || []));
export const listRiskObjects = listOf('risk-object');
export const listRiskUnits = listOf('risk-unit');
export const listRiskEvents = listOf('risk-event');
export const listMeasures = listOf('risk-measure');

export type RiskUnitTree = Schemas['v1RiskUnitTree'];
export const getRiskUnitTree = (id: string) =>
  get<Partial<RiskUnitTree>>(`${P}/risk-unit/riskUnitDetail`, { id }).then((r): RiskUnitTree => ({
    // an unknown id answers without a unit: the page shows the empty record
    unit: r.data?.unit || ({} as RiskUnitTree['unit']),
    events: r.data?.events || [],
    measures: r.data?.measures || [],
    plans: r.data?.plans || [],
  }));

export type GradeResult = Schemas['v1GradeResult'];
/** the server's grading (the form previews with gradeLEC/gradeLS; this one is authoritative) */
export const gradeEvent = (v: { method: string; l?: number; e?: number; c?: number; s?: number }) =>
  post<GradeResult>(`${P}/risk-event/grade`, v, undefined, { silent: true }).then((r) => r.data);

export const generateTasks = (until?: string) =>
  post<{ plans: number; created: number; missed: number; overdue: number; hazardsOverdue: number; millis: number }>(
    `${P}/check-task/generate`,
    until ? { until } : {},
  ).then((r) => r.data || ({} as any));
export const submitCheckRecord = (row: Record<string, any>) => post(`${P}/check-record/submit`, row);

export type HazardStep = 'assess' | 'rectify' | 'accept';
export const hazardAction = (step: HazardStep, body: Record<string, any>) => post(`${P}/hidden-danger/${step}`, body);
export const getHazard = (id: string) => get<any>(`${P}/hidden-danger/detail`, { id }).then((r) => r.data);

export const getCommitment = (date?: string) =>
  get<any>(`${P}/risk-commitment/detail`, date ? { date } : undefined).then((r) => r.data || {});
export const getScreen = (date?: string) =>
  get<any>(`${P}/dual-prophylaxis/statistics`, date ? { date } : undefined).then((r) => r.data || {});
/** the provincial upload JSON (national data standard, or a province's requests) as a download URL */
export const uploadExportUrl = (kinds = 'unit,event,measure,task,record,hazard', province = 'national') =>
  `${P}/upload/export${toQuery({ province, kinds })}`;
/** the formats the server offers (services/prevention biz/upload.go Uploaders) */
export const uploadProvinces = [
  { value: 'national', label: '国家数据标准' },
  { value: 'anhui', label: '安徽省' },
];
/**
 * Downloads the upload package of a province, showing the server's refusal (an Anhui package
 * needs the tenant's key in 系统参数), which the user can act on.
 */
export const exportUpload = (province: string) =>
  exportFile(uploadExportUrl(undefined, province), {}, `双重预防上报数据_${province}.json`, { serverMessage: true });

// look-ups of other services
/** the tenant's risk areas (factory service), as select options */
export const areaOptions = () =>
  get<any[]>(`${P}/risk-partition/list`, undefined, { silent: true })
    .then((r) => (Array.isArray(r.data) ? r.data : []).map((a: any) => ({ label: a.name, value: String(a.id) })))
    .catch(() => [] as { label: string; value: string }[]);

// ---------------------------------------------------------------------------------------------
// Hidden-danger workflow (the server enforces it; the page only offers the possible steps)

export const DANGER_STATE = { ASSESS: 10, RECTIFY: 0, ACCEPT: 1, DONE: 9, VOID: 8 } as const;

/** which workflow steps a hazard in this state offers */
export function hazardSteps(state: any): HazardStep[] {
  switch (Number(state)) {
    case DANGER_STATE.ASSESS:
      return ['assess'];
    case DANGER_STATE.RECTIFY:
      return ['rectify'];
    case DANGER_STATE.ACCEPT:
      return ['accept'];
    default:
      return [];
  }
}
/** edit and remove only before the assessment (and remove a voided one) */
export const hazardEditable = (state: any) => Number(state) === DANGER_STATE.ASSESS;
export const hazardRemovable = (state: any) => Number(state) === DANGER_STATE.ASSESS || Number(state) === DANGER_STATE.VOID;

/** tasks that can still be inspected: pending, overdue not inspected, missed not made up */
export const taskCheckable = (state: any) => [1, 3, 5].includes(Number(state));

/**
 * The server keeps plant time (Asia/Shanghai, UTC+8, no DST) whatever the browser's zone is:
 * "today" for deadlines and check times is the plant's day.
 */
export const plantToday = (now: Date = new Date()) => new Date(now.getTime() + 8 * 3600000).toISOString().slice(0, 10);

/** the first day a deadline may take: the day of the report (the plant's today for a new report) */
export const deadlineFrom = (reportTime?: string, today: Date = new Date()) =>
  reportTime ? String(reportTime).slice(0, 10) : plantToday(today);

/** a deadline may not be before the day of the report (the plant's today for a new report) */
export function deadlineError(deadline?: string, reportTime?: string, today: Date = new Date()): string {
  if (!deadline) return '';
  return String(deadline).slice(0, 10) < deadlineFrom(reportTime, today) ? '整改期限不能早于上报日期' : '';
}
