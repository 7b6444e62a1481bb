/**
 * health (/api/health): occupational health — hazard posts and their factors, workplace
 * detections with due dates, assignments (with the pre-employment gate), examinations,
 * diagnosis tasks, a record per worker and the rule table.
 */
import { apiGet, post } from '@/utils/request';
import { exportFile } from '@/utils/download';
import { crudApi } from './system';
import type { Schemas } from './types';

const H = '/api/health';

export type HealthPost = Schemas['v1HealthPost'];
export type HealthHazard = Schemas['v1HealthHazard'];
export type HealthDetection = Schemas['v1HealthDetection'];
export type HealthAssignment = Schemas['v1HealthAssignment'];
export type HealthExam = Schemas['v1HealthExam'];
export type HealthDiagnosis = Schemas['v1HealthDiagnosis'];
export type HealthRecord = Schemas['v1HealthRecord'];

export const healthPostApi = crudApi<HealthPost>(`${H}/post`, 'page', { detail: undefined });
export const healthHazardApi = crudApi<HealthHazard>(`${H}/hazard`, 'page', { detail: undefined });
export const healthDetectionApi = crudApi<HealthDetection>(`${H}/detection`, 'page', { detail: undefined });
export const healthAssignmentApi = crudApi<HealthAssignment>(`${H}/assignment`, 'page', { detail: undefined });
export const healthExamApi = crudApi<HealthExam>(`${H}/exam`, 'page', { detail: undefined, exportUrl: `${H}/exam/export` });
export const healthDiagnosisApi = crudApi<HealthDiagnosis>(`${H}/diagnosis`, 'page', { detail: undefined });

export const detectionDue = (overdue: boolean) => apiGet(`${H}/detection/due`, { overdue }).then((r) => r.data || []);
export const examDue = (overdue: boolean) => apiGet(`${H}/exam/due`, { overdue }).then((r) => r.data || []);
export const publishDetection = (id: string) => post(`${H}/detection/publish`, undefined, { id });
export const leaveAssignment = (v: Record<string, any>) => post(`${H}/assignment/leave`, v);
export const diagnosisStep = (step: 'arrange' | 'complete', v: Record<string, any>) => post(`${H}/diagnosis/${step}`, v);
export const healthRecord = (userId: string) => apiGet(`${H}/record/detail`, { userId }).then((r) => r.data as HealthRecord);
export const exportHealthRecord = (userId: string, name: string) => exportFile(`${H}/record/export`, { userId }, name);

export const DETECTION_RESULTS = [
  { label: '符合', value: 1 },
  { label: '超标', value: 2 },
];

export const EXAM_CONCLUSIONS = [
  { label: '目前未见异常', value: 1 },
  { label: '复查', value: 2 },
  { label: '疑似职业病', value: 3 },
  { label: '职业禁忌证', value: 4 },
  { label: '其他', value: 5 },
];

export const DIAGNOSIS_STATES = [
  { label: '待安排', value: 0 },
  { label: '诊断中', value: 1 },
  { label: '已完成', value: 2 },
];

export const DIAGNOSIS_RESULTS = [
  { label: '确诊职业病', value: 1 },
  { label: '排除', value: 2 },
];

/** The periodic examination interval rules a factor may name (the rule table's exam.periodic.*). */
export const EXAM_RULES = [
  { label: '默认 (GBZ 188)', value: '' },
  { label: '苯', value: 'exam.periodic.benzene' },
  { label: '一氧化碳', value: 'exam.periodic.co' },
  { label: '硫化氢', value: 'exam.periodic.h2s' },
];
