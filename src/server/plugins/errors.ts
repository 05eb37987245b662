import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ApiFailure, type ErrorType } from '../../shared/api/errors.js';
import { validationFields } from './validation.js';
import { isDatabaseUnavailable, isEditionFinalViolation, isForeignKeyViolation, isTransactionConflict } from '../db/faults.js';
import { EDITION_FINAL } from '../../shared/api/objections.js';

/** Seconds a 503 asks the caller to wait before trying again (Retry-After). */
const RETRY_AFTER_SECONDS = 10;

/** The failure envelope of docs/api.md. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const body: ApiFailure = {
    error: { type: error.type, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) },
    request: { method: request.method, path: request.url.split('?')[0], id: String(request.id) },
  };
  const wait = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (error.type === 'RATE_LIMITED' && typeof wait === 'number') reply.header('Retry-After', String(wait));
  if (error.status === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return reply.status(error.status).send(body);
}

/** Maps anything thrown to the catalogue: known errors keep their type, the rest is INTERNAL and logged. */
function toAppError(err: FastifyError | Error, showErrorLogs: boolean): AppError {
  if (err instanceof AppError) return err;
  const fastifyError = err as FastifyError;
  if (fastifyError.validation) {
    const fields = validationFields(fastifyError.validation, fastifyError.validationContext === 'querystring' ? 'query' : fastifyError.validationContext);
    return new AppError('VALIDATION', `Invalid request: ${Object.keys(fields).join(', ')}`, fields);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 404) return new AppError('NOT_FOUND', 'Not found');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  // Malformed JSON, a content type the call does not take: the request cannot be read.
  if (status >= 400 && status < 500) return new AppError('VALIDATION', fastifyError.message);
  // The database out of reach or of space: the caller may try again; what failed is for the log only.
  if (isDatabaseUnavailable(err)) return new AppError('UNAVAILABLE', 'The service is temporarily unavailable, try again in a few minutes');
  // A race the locks did not cover (a row removed meanwhile, a deadlock after its retries): the request met data that
  // changed under it, which is no fault of its input. The calls lock what they refer to; this only keeps a missed one from a 500.
  // The database's own refusal to change a final edition, where a call's check did not come first.
  if (isEditionFinalViolation(err)) return new AppError('CONFLICT', "The edition's results are final", { code: EDITION_FINAL });
  if (isForeignKeyViolation(err) || isTransactionConflict(err)) return new AppError('CONFLICT', 'The data changed while this request ran; try again');
  return new AppError('INTERNAL', 'Internal server error', showErrorLogs ? { detail: err.message, stack: err.stack } : undefined);
}

/** Installs the one error handler and the API's not-found handler. */
export function registerErrorHandling(app: FastifyInstance, showErrorLogs: boolean): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err, showErrorLogs);
    if (appError.type === 'UNAVAILABLE') request.log.warn({ err }, 'database unavailable');
    else if (isForeignKeyViolation(err) || isTransactionConflict(err)) request.log.warn({ err }, 'a race the locks did not cover');
    else if (appError.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ type: appError.type }, appError.message);
    return sendError(request, reply, appError);
  });
}

/**
 * Answers a request fastify refuses before any route (an address that is not valid percent-encoding, such as
 * `/%` or `/api/v1/auth/%E0%A4%A`) in the API's envelope instead of fastify's own form: 400 BAD_REQUEST.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'unreadable address');
  void sendError(request, reply, new AppError('BAD_REQUEST', 'The address is not valid'));
}

/**
 * Answers an HTTP request that Node could not even parse (oversize headers or address, broken syntax, too slow) in the
 * API's envelope instead of fastify's own form. There is no request to name, so its method and path are empty.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const type: ErrorType =
    err.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const status = ERROR_STATUS[type];
  const body: ApiFailure = { error: { type, message: http.STATUS_CODES[status] ?? 'Bad request' }, request: { method: '', path: '', id: randomUUID() } };
  const text = JSON.stringify(body);
  // At debug level, as fastify does: a flood of broken requests must not flood the log.
  this.log.debug({ code: err.code, id: body.request.id }, 'unreadable HTTP request');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}
