import { get } from '@/utils/request';
import { crudApi } from '@/services/system';

/** The audit log every service keeps of its writes (/api/audit-log). */
export interface AuditSource {
  service: string;
  name: string;
}

export const getAuditSources = () =>
  get<{ items?: AuditSource[] }>('/api/audit-log/services').then((r) => r.data?.items || []);

export const auditApi = crudApi('/api/audit-log', 'page', {
  detail: undefined,
  submit: undefined,
  remove: undefined,
  exportUrl: '/api/audit-log/export',
});
