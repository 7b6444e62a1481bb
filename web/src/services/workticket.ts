import { get, post, type Page } from '@/utils/request';
import type { CrudApi } from '@/services/system';

/**
 * The special-work permit service (n-work-ticket, GB 30871-2022) and the people, area and flow
 * look-ups its pages need. Shapes follow proto/blade/workticket/v1/workticket.proto (camelCase,
 * 64-bit ids as strings). Refusals come back as a Chinese `msg` that request.ts shows as is.
 */
const W = '/api/n-work-ticket';

export type WorkType =
  | 'hotWork'
  | 'temporaryPowerWork'
  | 'altitudeWork'
  | 'confinedSpaceWork'
  | 'openCircuitWork'
  | 'liftingWork'
  | 'blindPlateWork'
  | 'breakGroundWork'
  | 'ordinary';

/** The type-specific sub-object key of each permit type (ordinary has none). */
export const SUB_KEY: Record<WorkType, string | undefined> = {
  hotWork: 'hotWork',
  confinedSpaceWork: 'confinedSpace',
  blindPlateWork: 'blindPlate',
  altitudeWork: 'altitude',
  liftingWork: 'lifting',
  temporaryPowerWork: 'temporaryPower',
  breakGroundWork: 'breakGround',
  openCircuitWork: 'openCircuit',
  ordinary: undefined,
};

export interface SafetyMeasure {
  seq: number;
  content: string;
  involved: boolean;
  confirmUserId?: string;
  confirmUserName?: string;
  confirmTime?: string;
}

export interface Permit {
  id?: string;
  ticketNo?: string;
  workType: WorkType;
  workTypeName?: string;
  level?: number;
  levelName?: string;
  workUnit?: string;
  workUnitId?: string;
  areaId?: string;
  areaName?: string;
  location?: string;
  content?: string;
  applicantId?: string;
  applicantName?: string;
  applyTime?: string;
  operatorIds?: string;
  operatorNames?: string;
  guardianId?: string;
  guardianName?: string;
  planStartTime?: string;
  planEndTime?: string;
  actualStartTime?: string;
  actualEndTime?: string;
  hazardCodes?: string;
  safetyMeasures?: SafetyMeasure[];
  relatedTicketNos?: string;
  attachments?: string;
  ticketStatus?: number;
  jobStatus?: number;
  workPhase?: number;
  paused?: boolean;
  pauseTime?: string;
  processInstanceId?: string;
  flowStatus?: number;
  flowTaskName?: string;
  issueTime?: string;
  acceptTime?: string;
  acceptUserName?: string;
  closeReason?: string;
  remark?: string;
  apply?: boolean;
  actions?: string[];
  createTime?: string;
  [sub: string]: any;
}

export interface GasReading {
  gasName: string;
  gasType: number;
  value: number;
  unit?: string;
  lel?: number;
  limit?: number;
  qualified?: boolean;
  reason?: string;
}

export interface GasSample {
  id?: string;
  ticketId: string;
  sampleTime?: string;
  samplePoint?: string;
  analystId?: string;
  analystName?: string;
  sampleKind: number;
  readings: GasReading[];
  qualified?: boolean;
  reason?: string;
}

export interface Signature {
  taskName: string;
  action: string;
  userName: string;
  comment: string;
  time: string;
}

export interface GuardianChange {
  id?: string;
  ticketId: string;
  ticketNo?: string;
  workType?: string;
  oldGuardianName?: string;
  newGuardianId?: string;
  newGuardianName?: string;
  changeTime?: string;
  reason?: string;
  handoverContent?: string;
}

export interface Briefing {
  id?: string;
  ticketId?: string;
  ticketNo?: string;
  brieferId?: string;
  brieferName?: string;
  briefingTime?: string;
  content?: string;
  attendeeIds?: string;
  attendeeNames?: string;
  attachments?: string;
}

export interface PermitView {
  permit: Permit;
  gasSamples: GasSample[];
  signatures: Signature[];
  guardianChanges: GuardianChange[];
  briefing?: Briefing;
  tenantName?: string;
  printTime?: string;
}

export interface Option {
  code: string;
  name: string;
}

export interface Options {
  workTypes: Option[];
  hazardCodes: Option[];
  hotWorkTools: Option[];
  ticketStatuses: Option[];
  jobStatuses: Option[];
  workPhases: Option[];
  blindPlateTypes: Option[];
  gasTypes: Option[];
  measureTemplates: { workType: string; items: string[] }[];
}

export type LifecycleAction = 'start' | 'pause' | 'resume' | 'complete' | 'accept' | 'void' | 'revoke';

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

// the code lists change only with a release: one request per page load
let optionsCache: Promise<Options> | undefined;
export function getOptions(): Promise<Options> {
  if (!optionsCache)
    optionsCache = data(get<Options>(`${W}/ticket/options`)).catch((e) => {
      optionsCache = undefined;
      throw e;
    });
  return optionsCache;
}

export const permitApi: CrudApi<Permit> = {
  list: (params) => data(get<Page<Permit>>(`${W}/ticket/list`, params)),
  remove: (ids) => post(`${W}/ticket/remove`, undefined, { ids }),
  // the list's filters go along, so the file holds exactly the permits the list selects
  exportUrl: `${W}/ticket/export`,
};

/** 特殊作业报备: today's permits as the report file (ignores the list's filters). */
export const todayReportExportUrl = `${W}/statistics/today/export`;

export const getPermit = (id: string) => data(get<PermitView>(`${W}/ticket/detail`, { id }));
export const getPrint = (id: string) => data(get<PermitView>(`${W}/ticket/print`, { id }));
export const submitPermit = (p: Permit) => data(post<Permit>(`${W}/ticket/submit`, p));
export const applyPermit = (id: string, comment = '') => data(post<Permit>(`${W}/ticket/apply`, { id, comment }));
export const approvePermit = (id: string, pass: boolean, comment: string) => data(post<Permit>(`${W}/ticket/approve`, { id, pass, comment }));
export const lifecycle = (action: LifecycleAction, id: string, comment = '') => data(post<Permit>(`${W}/ticket/${action}`, { id, comment }));
export const confirmMeasures = (id: string, measures: { seq: number; involved: boolean }[]) =>
  data(post<Permit>(`${W}/ticket/measure-confirm`, { id, measures }));

export const submitGas = (s: GasSample) => data(post<GasSample>(`${W}/gas/submit`, s));
export const listGas = (ticketId: string) => data(get<GasSample[]>(`${W}/gas/list`, { ticketId }));

export const otherTicketNos = (params: Record<string, any>) =>
  data(get<Page<{ id: string; ticketNo: string; workTypeName: string; content: string }>>(`${W}/fireWork/getOtherWorkTicketNos`, params));

export const guardianChangeApi: CrudApi<GuardianChange> = {
  list: (params) => data(get<Page<GuardianChange>>(`${W}/hand-over-library/list`, params)),
};
export const findGuardianChanges = (ticketId: string) =>
  data(get<Page<GuardianChange>>(`${W}/guardian_change/find`, { ticketId, current: 1, size: 100 }));
export const addGuardianChange = (c: GuardianChange) => data(post<GuardianChange>(`${W}/guardian_change/add`, c));
export const deleteGuardianChange = (id: string) => post(`${W}/guardian_change/delete`, undefined, { id });

export const getBriefing = (ticketId: string) => data(get<Briefing>(`${W}/briefing/detail`, { ticketId }));
export const submitBriefing = (b: Briefing) => data(post<Briefing>(`${W}/briefing/submit`, b));

/** Whether the planned time falls on a rest day or at night (hot work is raised one level). */
export const checkCalendar = (time: string) =>
  data(get<{ restDay: boolean; night: boolean; reason: string }>(`${W}/calendar/check`, { time }, { silent: true }));

// ---- look-ups owned by other services

export interface Person {
  id: string;
  name: string;
  /** certificate names or department, shown beside the name */
  hint?: string;
  qualified?: boolean;
}

/** Factory areas of the tenant (bare array). */
export const listAreas = () =>
  data(get<{ id: string; name: string; areaTypeName?: string }[]>('/api/nDoublePrevention/risk-partition/list')).then((r) => r || []);

/** People who may work on a permit, with their valid certificates; `kind` marks who holds that kind. */
export const listOperators = (kind?: string): Promise<Person[]> =>
  data(get<any[]>('/api/blade_user_certificate/usercertificate/getTicketOperatorAll', kind ? { kind } : undefined)).then((rows) =>
    (rows || []).map((o) => ({ id: String(o.id), name: o.realName || o.name || o.account, hint: o.certificateNames, qualified: kind ? !!o.qualified : undefined })),
  );

/** The guardians configured for a work type. */
export const listGuardians = (workType: string): Promise<Person[]> =>
  data(get<any[]>('/api/blade-user/getTicketGuardian', { workType })).then((rows) =>
    (rows || []).map((g) => ({ id: String(g.userId), name: g.userName || g.account, hint: g.deptName })),
  );

/** Everybody of the tenant (confirmers, briefing attendees). */
export const listUsers = (): Promise<Person[]> =>
  data(get<any[]>('/api/blade-user/userListByTenantId')).then((rows) =>
    (rows || []).map((u) => ({ id: String(u.id), name: u.realName || u.name || u.account, hint: u.deptName })),
  );

/** Whether a flow instance waits for the caller's signature (flow's todo list). */
export const isMyTask = (processInstanceId: string) =>
  data(get<Page<{ processInstanceId: string }>>('/api/blade-flow/work/todo-list', { current: 1, size: 1000 }, { silent: true })).then(
    (p) => !!p?.records?.some((r) => r.processInstanceId === processInstanceId),
  );
