import { get } from '@/utils/request';
import { crudApi } from '@/services/system';

/** The audit log every service keeps of its writes (/api/audit-log). */
export interface AuditSource {
  service: string;
  name: string;
}

/** The services whose logs can be read (the envelope carries the list itself). */
export const getAuditSources = () => get<AuditSource[]>('/api/audit-log/services').then((r) => r.data || []);

export const auditApi = crudApi('/api/audit-log', 'page', {
  detail: undefined,
  submit: undefined,
  remove: undefined,
  exportUrl: '/api/audit-log/export',
});
