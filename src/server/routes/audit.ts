import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { requirePermission } from '../plugins/auth.js';
import { auditCsv, auditCsvFileName, auditPage } from '../services/admin/auditLog.js';
import { auditCalls, type AuditFilters, type AuditQuery } from '../../shared/api/audit.js';
import { FILE_TYPES } from '../../shared/csv.js';
import { fileRouteOf, routeOf } from './contract.js';

/** The activity log under /api/secure/v1/audit: ADMIN only (AUDIT_READ); FEC and USER are refused. */
export function registerAuditRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();

  api.route({
    ...routeOf(auditCalls.list),
    handler: async (request) => {
      requirePermission(request, 'AUDIT_READ');
      const { after, ...filters } = request.query as AuditQuery;
      return { response: { ...(await auditPage(db, filters, after)), retentionDays: ctx.config.logRetentionDays } };
    },
  });

  api.route({
    ...fileRouteOf({ ...auditCalls.exportCsv, file: auditCalls.exportCsv.file! }),
    handler: async (request, reply) => {
      requirePermission(request, 'AUDIT_READ');
      const stream = Readable.from(auditCsv(db, request.query as AuditFilters));
      return reply
        .type(FILE_TYPES.csv)
        .header('content-disposition', `attachment; filename="${auditCsvFileName()}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
