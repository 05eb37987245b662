import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { ApiFailure } from '../../shared/api/errors.js';
import { isDatabaseUnavailable } from '../db/faults.js';

/** Seconds a 503 asks the caller to wait before trying again (Retry-After). */
const RETRY_AFTER_SECONDS = 10;

/** The failure envelope of api-contract.md. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const body: ApiFailure = {
    error: { type: error.type, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) },
    request: { method: request.method, path: request.url.split('?')[0], id: String(request.id) },
  };
  if (error.status === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return reply.status(error.status).send(body);
}

/** Maps anything thrown to the catalogue: known errors keep their type, the rest is INTERNAL and logged. */
function toAppError(err: FastifyError | Error, showErrorLogs: boolean): AppError {
  if (err instanceof AppError) return err;
  const fastifyError = err as FastifyError;
  if (fastifyError.validation) return new AppError('VALIDATION', fastifyError.message);
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many attempts, try again later');
  if (status === 404) return new AppError('NOT_FOUND', 'Not found');
  // Malformed JSON, wrong content type, body too large: the request cannot be read.
  if (status >= 400 && status < 500) return new AppError('VALIDATION', fastifyError.message);
  // The database out of reach or of space: the caller may try again; what failed is for the log only.
  if (isDatabaseUnavailable(err)) return new AppError('UNAVAILABLE', 'The service is temporarily unavailable, try again in a few minutes');
  return new AppError(
    'INTERNAL',
    'Internal server error',
    showErrorLogs ? { detail: err.message, stack: err.stack } : undefined,
  );
}

/** Installs the one error handler and the API's not-found handler. */
export function registerErrorHandling(app: FastifyInstance, showErrorLogs: boolean): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err, showErrorLogs);
    if (appError.type === 'UNAVAILABLE') request.log.warn({ err }, 'database unavailable');
    else if (appError.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ type: appError.type }, appError.message);
    return sendError(request, reply, appError);
  });
}
