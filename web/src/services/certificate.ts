import { get, post } from '@/utils/request';
import { crudApi } from './system';

/** People and certificates of blade-user (spec 7.6): certificates, expiry reminders, guardians. */
const C = '/api/blade_user_certificate/usercertificate';
const G = '/api/blade_user_certificate/ticketguardian';
const E = '/api/certificateExpire';

export interface CertificateKind {
  code: string;
  parentCode?: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: CertificateKind[];
}

export interface Certificate {
  id?: string;
  userId: string;
  userName?: string;
  kind: string;
  kindName?: string;
  certificateNo: string;
  issuingAuthority?: string;
  issueDate: string;
  expireDate: string;
  reviewDate?: string;
  attachments?: string;
  /** work company type of the holder: 1 internal, 2 external */
  inOrOut?: number;
  deptName?: string;
  /** 1 valid, 2 expiring within the reminder window, 3 expired */
  validState?: number;
  daysLeft?: number;
  remark?: string;
}

export interface ExpireSetting {
  /** 1 remindDate counts days, 2 months */
  type: number;
  remindDate: number;
}

export interface ExpireInfo extends ExpireSetting {
  records: Certificate[];
  total: number;
  size?: number;
  current?: number;
  until: string;
  expiredCount?: number;
  expiringCount?: number;
}

export const certificateApi = crudApi<Certificate>(C, 'page', { exportUrl: `${C}/export` });
export const guardianApi = crudApi(G, 'page');

let treeCache: Promise<CertificateKind[]> | undefined;
/** The certificate tree (kind codes shared with the permit rules), loaded once. */
export function getCertificateTree(): Promise<CertificateKind[]> {
  if (!treeCache) {
    treeCache = get<CertificateKind[]>(`${C}/tree`).then((r) => r.data || []);
    treeCache.catch(() => (treeCache = undefined));
  }
  return treeCache;
}

export const getOperatorPage = (params: Record<string, any>) => get<any>(`${C}/operatorList`, params).then((r) => r.data);

export const getExpireInfo = (params: Record<string, any>) => get<ExpireInfo>(`${E}/certificateExpireInfo`, params).then((r) => r.data);
export const getExpireSetting = () => get<ExpireSetting>(`${E}/detail`).then((r) => r.data);
export const saveExpireSetting = (s: ExpireSetting) => post(`${E}/saveOrUpdate`, s);

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

/** People of the tenant as select options (label: name and department). */
export const peopleOptions = () =>
  get<any[]>('/api/blade-user/userListByTenantId').then((r) =>
    (r.data || []).map((u: any) => ({ label: u.deptName ? `${u.realName || u.name}(${u.deptName})` : u.realName || u.name, value: String(u.id) })),
  );
