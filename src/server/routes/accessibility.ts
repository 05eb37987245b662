import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { permittedActor } from '../plugins/auth.js';
import { smtpMailer } from '../services/mail/sender.js';
import { listComplaints, readStatement } from '../db/repositories/accessibility.js';
import { fileComplaint, updateStatement } from '../services/accessibility.js';
import { accessibilityCalls } from '../../shared/api/accessibility.js';
import { entityMail } from './campaigns/review.js';
import { routeOf } from './contract.js';

/**
 * The accessibility statement's calls anyone makes (docs/api.md, "Reach and legal"): reading it, and filing a
 * complaint, at most COMPLAINT_RATE_LIMIT an hour per client address: each complaint is a row and an e-mail to every
 * administrator.
 */
export function registerAccessibilityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const mailer = config.smtp ? smtpMailer(config.smtp) : null;
  api.route({
    ...routeOf(accessibilityCalls.statement),
    handler: async () => ({ response: await readStatement(db) }),
  });
  const route = routeOf(accessibilityCalls.complaint);
  api.route({
    ...route,
    config: { ...route.config, rateLimit: { max: config.complaintsPerHour, timeWindow: '1 hour' } },
    handler: async (request) => ({ response: await fileComplaint(db, entityMail(mailer, config.publicUrl, request), request.body) }),
  });
}

/** The administrator's calls under /api/secure/v1/accessibility: the statement's contents and the complaints (ACCESSIBILITY_MANAGE). */
export function registerSecureAccessibilityRoutes(secure: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = secure.withTypeProvider<TypeBoxTypeProvider>();
  api.route({
    ...routeOf(accessibilityCalls.updateStatement),
    handler: async (request) => ({ response: await updateStatement(db, permittedActor(request, 'ACCESSIBILITY_MANAGE'), request.body) }),
  });
  api.route({
    ...routeOf(accessibilityCalls.complaints),
    handler: async (request) => {
      permittedActor(request, 'ACCESSIBILITY_MANAGE');
      return { response: await listComplaints(db) };
    },
  });
}
