import { get, getFile } from './http.js';
import type { AuditFilters, AuditPage, AuditQuery } from '../../shared/api/audit.js';

/** The activity log's calls (ADMIN); each takes the access token first (see app/apiCall.ts). */
export const auditApi = {
  list: (token: string | null, query: AuditQuery) => get<AuditPage>('/audit/list', token, query),
  exportCsv: (token: string | null, filters: AuditFilters) => getFile('/audit/export', token, filters, 'registro-de-actividad.csv'),
};

export type AuditApi = typeof auditApi;
