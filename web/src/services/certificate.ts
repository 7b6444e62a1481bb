import { apiGet, post } from '@/utils/request';
import { crudApi } from './system';
import type { Schemas } from './types';

/** People and certificates of blade-user (spec 7.6): certificates, expiry reminders, guardians. */
const C = '/api/blade_user_certificate/usercertificate';
const G = '/api/blade_user_certificate/ticketguardian';
const E = '/api/certificateExpire';

export type CertificateKind = Schemas['v1CertificateKind'];

export type Certificate = Schemas['v1Certificate'];

export type ExpireSetting = Schemas['v1CertificateExpireSetting'];

export type ExpireInfo = Schemas['v1CertificateExpireInfo'];

export const certificateApi = crudApi<Certificate>(C, 'page', { exportUrl: `${C}/export` });
export const guardianApi = crudApi(G, 'page');

let treeCache: Promise<CertificateKind[]> | undefined;
/** The certificate tree (kind codes shared with the permit rules), loaded once. */
export function getCertificateTree(): Promise<CertificateKind[]> {
  if (!treeCache) {
    treeCache = apiGet(`${C}/tree`).then((r) => r.data || []);
    treeCache.catch(() => (treeCache = undefined));
  }
  return treeCache;
}

export const getOperatorPage = (params: Record<string, any>) => apiGet(`${C}/operatorList`, params).then((r) => r.data);

export const getExpireInfo = (params: Record<string, any>) => apiGet(`${E}/certificateExpireInfo`, params).then((r) => r.data);
export const getExpireSetting = () => apiGet(`${E}/detail`).then((r) => r.data);
export const saveExpireSetting = (s: Pick<ExpireSetting, 'type' | 'remindDate'>) => post(`${E}/saveOrUpdate`, s);

/** Permit types a guardian is configured for (codes shared with the permit service). */
export const WORK_TYPES = [
  { label: '动火作业', value: 'hotWork' },
  { label: '受限空间作业', value: 'confinedSpaceWork' },
  { label: '盲板抽堵作业', value: 'blindPlateWork' },
  { label: '高处作业', value: 'altitudeWork' },
  { label: '吊装作业', value: 'liftingWork' },
  { label: '临时用电作业', value: 'temporaryPowerWork' },
  { label: '动土作业', value: 'breakGroundWork' },
  { label: '断路作业', value: 'openCircuitWork' },
  { label: '一般作业', value: 'ordinary' },
];
