import { apiGet } from '@/utils/request';
import { crudApi } from '@/services/system';
import type { Schemas } from './types';

/** The audit log every service keeps of its writes (/api/audit-log). */
export type AuditSource = Schemas['v1AuditSource'];

/** The services whose logs can be read (the envelope carries the list itself). */
export const getAuditSources = () => apiGet('/api/audit-log/services').then((r) => r.data || []);

export const auditApi = crudApi('/api/audit-log', 'page', {
  detail: undefined,
  submit: undefined,
  remove: undefined,
  exportUrl: '/api/audit-log/export',
});
