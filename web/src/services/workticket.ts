import { apiGet, post } from '@/utils/request';
import type { CrudApi } from '@/services/system';
import type { Draft, Schemas } from './types';

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

/** The keys of the type-specific sub-objects of a permit. */
export type SubKey = 'hotWork' | 'confinedSpace' | 'blindPlate' | 'altitude' | 'lifting' | 'temporaryPower' | 'breakGround' | 'openCircuit';

/** The type-specific sub-object key of each permit type (ordinary has none). */
export const SUB_KEY: Record<WorkType, SubKey | undefined> = {
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

export type SafetyMeasure = Schemas['v1SafetyMeasure'];

export type Permit = Schemas['v1Permit'];

/** A permit as the form writes it: the server fills the rest; the sub-object's fields follow the type's catalogue. */
export type PermitDraft = Partial<Omit<Permit, SubKey | 'safetyMeasures'>> & {
  safetyMeasures?: Partial<SafetyMeasure>[];
} & Partial<Record<SubKey, Record<string, any>>>;

/** The type-specific sub-object of a stored permit (empty for ordinary work or when absent). */
export function subOf(p: Permit, code: WorkType): Record<string, any> {
  const key = SUB_KEY[code];
  return (key && p[key]) || {};
}

export type GasReading = Schemas['v1GasReading'];

export type GasSample = Schemas['v1GasSample'];

export type Signature = Schemas['v1Signature'];

export type GuardianChange = Schemas['v1GuardianChange'];

export type Briefing = Schemas['v1Briefing'];

export type PermitView = Schemas['v1PermitView'];

export type Option = Schemas['v1Option'];

export type Options = Schemas['v1Options'];

export type LifecycleAction = 'start' | 'pause' | 'resume' | 'complete' | 'accept' | 'void' | 'revoke';

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

// the code lists change only with a release: one request per page load
let optionsCache: Promise<Options> | undefined;
export function getOptions(): Promise<Options> {
  if (!optionsCache)
    optionsCache = data(apiGet(`${W}/ticket/options`)).catch((e) => {
      optionsCache = undefined;
      throw e;
    });
  return optionsCache;
}

export const permitApi: CrudApi<Permit> = {
  list: (params) => data(apiGet(`${W}/ticket/list`, params)),
  remove: (ids) => post(`${W}/ticket/remove`, undefined, { ids }),
  // the list's filters go along, so the file holds exactly the permits the list selects
  exportUrl: `${W}/ticket/export`,
};

/** 特殊作业报备: today's permits as the report file (ignores the list's filters). */
export const todayReportExportUrl = `${W}/statistics/today/export`;

export const getPermit = (id: string) => data(apiGet(`${W}/ticket/detail`, { id }));
export const getPrint = (id: string) => data(apiGet(`${W}/ticket/print`, { id }));
export const submitPermit = (p: PermitDraft) => data(post<Permit>(`${W}/ticket/submit`, p));
export const applyPermit = (id: string, comment = '') => data(post<Permit>(`${W}/ticket/apply`, { id, comment }));
export const approvePermit = (id: string, pass: boolean, comment: string) =>
  data(post<Permit>(`${W}/ticket/approve`, { id, pass, comment }));
export const lifecycle = (action: LifecycleAction, id: string, comment = '') =>
  data(post<Permit>(`${W}/ticket/${action}`, { id, comment }));
export const confirmMeasures = (id: string, measures: { seq: number; involved: boolean }[]) =>
  data(post<Permit>(`${W}/ticket/measure-confirm`, { id, measures }));

export const submitGas = (s: Draft<GasSample>) => data(post<GasSample>(`${W}/gas/submit`, s));
export const listGas = (ticketId: string) => data(apiGet(`${W}/gas/list`, { ticketId }));

export const otherTicketNos = (params: Record<string, any>) => data(apiGet(`${W}/fireWork/getOtherWorkTicketNos`, params));

export const guardianChangeApi: CrudApi<GuardianChange> = {
  list: (params) => data(apiGet(`${W}/hand-over-library/list`, params)),
};
export const findGuardianChanges = (ticketId: string) => data(apiGet(`${W}/guardian_change/find`, { ticketId, current: 1, size: 100 }));
export const addGuardianChange = (c: Draft<GuardianChange>) => data(post<GuardianChange>(`${W}/guardian_change/add`, c));
export const deleteGuardianChange = (id: string) => post(`${W}/guardian_change/delete`, undefined, { id });

export const getBriefing = (ticketId: string) => data(apiGet(`${W}/briefing/detail`, { ticketId }));
export const submitBriefing = (b: Partial<Briefing>) => data(post<Briefing>(`${W}/briefing/submit`, b));

/** Whether the planned time falls on a rest day or at night (hot work is raised one level). */
export const checkCalendar = (time: string) => data(apiGet(`${W}/calendar/check`, { time }, { silent: true }));

// ---- look-ups owned by other services

export interface Person {
  id: string;
  name: string;
  /** certificate names or department, shown beside the name */
  hint?: string;
  qualified?: boolean;
}

/** Factory areas of the tenant (bare array). */
export const listAreas = () => data(apiGet('/api/nDoublePrevention/risk-partition/list')).then((r) => r || []);

/** People who may work on a permit, with their valid certificates; `kind` marks who holds that kind. */
export const listOperators = (kind?: string): Promise<Person[]> =>
  data(apiGet('/api/blade_user_certificate/usercertificate/getTicketOperatorAll', kind ? { kind } : undefined)).then((rows) =>
    (rows || []).map((o) => ({
      id: String(o.id),
      name: o.realName || o.name || o.account,
      hint: o.certificateNames,
      qualified: kind ? !!o.qualified : undefined,
    })),
  );

/** The guardians configured for a work type. */
export const listGuardians = (workType: string): Promise<Person[]> =>
  data(apiGet('/api/blade-user/getTicketGuardian', { workType })).then((rows) =>
    (rows || []).map((g) => ({ id: String(g.userId), name: g.userName || g.account, hint: g.deptName })),
  );

/** Everybody of the tenant (confirmers, briefing attendees). */
export const listUsers = (): Promise<Person[]> =>
  data(apiGet('/api/blade-user/userListByTenantId')).then((rows) =>
    (rows || []).map((u) => ({ id: String(u.id), name: u.realName || u.name || u.account, hint: u.deptName })),
  );

/** Whether a flow instance waits for the caller's signature (flow's todo list). */
export const isMyTask = (processInstanceId: string) =>
  data(apiGet('/api/blade-flow/work/todo-list', { current: 1, size: 1000 }, { silent: true })).then(
    (p) => !!p?.records?.some((r) => r.processInstanceId === processInstanceId),
  );
