import { ApiError, CONNECTION_FAILED_STATUS } from './ApiError.js';
import { toQueryString, type QueryValue } from './query.js';
import { CONFIG } from '../config.js';
import type { ErrorType } from '../../shared/api/errors.js';

export interface HttpRequest {
  method?: 'GET' | 'POST';
  /** Path after the prefix, e.g. '/v1/auth/me'. */
  path: string;
  /** Authenticated calls go to /api/secure, the others to /api. */
  secure?: boolean;
  token?: string | null;
  query?: Record<string, QueryValue>;
  /** JSON body, or FormData for file posts (multipart). */
  body?: unknown;
  /** Answer as-is instead of unwrapping { response } (the OAuth token endpoint). */
  raw?: boolean;
}

export type Fetch = typeof fetch;

/** The address of a call, also for the browser to go to (a sign-in through the OpenID provider). */
export function apiUrl(request: Pick<HttpRequest, 'path' | 'secure' | 'query'>): string {
  return `${CONFIG.apiBaseUrl}${request.secure ? '/api/secure' : '/api'}${request.path}${toQueryString(request.query)}`;
}

/**
 * One call to the API. Resolves with the unwrapped `response`; rejects with an ApiError carrying the
 * server's error type, or CONNECTION_FAILED (status 600) and EMPTY_RESPONSE for the transport's own failures.
 */
export async function http<T>(request: HttpRequest, fetchImpl: Fetch = fetch): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  if (request.token) headers.Authorization = `Bearer ${request.token}`;

  let res: Response;
  try {
    res = await fetchImpl(apiUrl(request), { method: request.method ?? 'GET', headers, body });
  } catch {
    throw new ApiError('CONNECTION_FAILED', CONNECTION_FAILED_STATUS);
  }
  return answerOf<T>(request, res, await res.text());
}

/** What answerOf reads of an answer besides its text: a fetch Response, or an XMLHttpRequest's status. */
interface AnswerStatus {
  ok: boolean;
  status: number;
}

/** The unwrapped `response` of an answer's text, or the ApiError its status and envelope say. */
function answerOf<T>(request: HttpRequest, res: AnswerStatus, text: string): T {
  if (text.trim() === '') throw new ApiError('EMPTY_RESPONSE', res.status);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(res.ok ? 'EMPTY_RESPONSE' : 'HTTP_ERROR', res.status);
  }
  if (request.raw) {
    if (!res.ok) throw new ApiError('HTTP_ERROR', res.status, json);
    return json as T;
  }
  if (!res.ok || 'error' in json) {
    const error = json.error as { type?: ErrorType; data?: unknown } | undefined;
    const requestId = (json.request as { id?: string } | undefined)?.id;
    throw new ApiError(error?.type ?? 'HTTP_ERROR', res.status, error?.data, requestId);
  }
  if (!('response' in json)) throw new ApiError('EMPTY_RESPONSE', res.status);
  return json.response as T;
}

/** A file the API answered with (ApiCall.file): its bytes and the name the server gives it. */
export interface DownloadedFile {
  name: string;
  blob: Blob;
}

/**
 * An authenticated GET whose answer is a file, not the envelope: its bytes and its name (Content-Disposition).
 * A failure still answers with the error envelope, and rejects with its ApiError as http does.
 */
export async function getFile(
  path: string,
  token: string | null,
  query: Record<string, QueryValue>,
  fallbackName: string,
  fetchImpl: Fetch = fetch,
): Promise<DownloadedFile> {
  const request: HttpRequest = { path: `/v1${path}`, secure: true, token, query };
  let res: Response;
  try {
    res = await fetchImpl(apiUrl(request), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError('CONNECTION_FAILED', CONNECTION_FAILED_STATUS);
  }
  if (!res.ok) return answerOf<never>(request, res, await res.text());
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  try {
    return { name, blob: await res.blob() };
  } catch {
    throw new ApiError('CONNECTION_FAILED', CONNECTION_FAILED_STATUS);
  }
}

/** How much of a request's body has gone: bytes sent and the body's size. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * An authenticated POST of a multipart form (a file) that says how much of it has gone: fetch cannot, so this
 * one call goes by XMLHttpRequest, to the same address, with the same headers and the same envelope as http
 * (resolves with the unwrapped response, rejects with its ApiError; CONNECTION_FAILED when it never arrives).
 */
export function postForm<T>(
  path: string,
  token: string | null,
  form: FormData,
  onProgress?: UploadProgress,
  newRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): Promise<T> {
  const request: HttpRequest = { method: 'POST', path: `/v1${path}`, secure: true, token, body: form };
  return new Promise<T>((resolve, reject) => {
    const xhr = newRequest();
    xhr.open('POST', apiUrl(request));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (onProgress && event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      try {
        resolve(answerOf<T>(request, { ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status }, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new ApiError('CONNECTION_FAILED', CONNECTION_FAILED_STATUS));
    xhr.send(form);
  });
}

/** An authenticated API function: the access token first, then its own arguments (callApi passes the token). */
export type SecureFn<A extends unknown[], R> = (token: string | null, ...args: A) => Promise<R>;

/** An authenticated GET of the API (version 1): `path` after /v1, e.g. '/campaigns/all'. */
export const get = <T>(path: string, token: string | null, query?: Record<string, QueryValue>) => http<T>({ path: `/v1${path}`, secure: true, token, query });

/** An authenticated POST of the API (version 1) with a JSON body. */
export const post = <T>(path: string, token: string | null, body?: unknown) => http<T>({ method: 'POST', path: `/v1${path}`, secure: true, token, body });
