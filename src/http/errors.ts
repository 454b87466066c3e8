// The one place where failures become HTTP responses with the `{error: {code, message}}`
// envelope (spec: Errors). Domain errors from src/domain/errors.ts carry a code and a safe
// message; anything else is a 500 `internal_error` whose detail goes only to the logger.
import {
  ConflictError,
  DomainError,
  GameUnavailableError,
  NotFoundError,
  NotImplementedError,
  PreconditionFailedError,
  ValidationError,
} from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import { messageFor } from '../domain/server-text.js';
import type { PanelError } from '../contract/messages/index.js';
import { ERROR_CODES } from '../contract/integration-rows.js';
import type { HttpResponse } from './types.js';

/** Headers every API response carries (spec: Cache-Control on the Integration API; the panel
 * answers with session-scoped data, so it never wants caching either). */
export const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

/** An error that already knows its HTTP status (auth, method, rate limit, role, body size). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const GENERIC_500 = 'An unexpected error occurred.';

export function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { ...BASE_HEADERS, ...headers }, body: errorBody(code, message) };
}

export function methodNotAllowed(allow: string): HttpError {
  return new HttpError(405, 'method_not_allowed', 'Method not allowed.', { allow });
}

export function notFound(): HttpError {
  return new HttpError(404, 'not_found', 'Not found.');
}

/** The panel's error answer: the same, with the message's id and params beside its English
 * (contract/messages/errors.ts) where the text is one the panel words. The Integration API's
 * errors stay as the spec fixes them (toErrorResponse). */
export function panelErrorResponse(err: unknown, log: Logger): HttpResponse {
  const res = toErrorResponse(err, log);
  const body = JSON.parse(String(res.body)) as { error: { code: string; message: string } };
  const said = messageFor(body.error.message, 'error.');
  if (said.messageId === undefined) return res;
  const out: PanelError = { error: { ...body.error, messageId: said.messageId, params: said.params } };
  return { ...res, body: JSON.stringify(out) };
}

/** Codes a client may see (schemas.ts ERROR_CODES, also the OpenAPI enum). */
const WIRE_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Maps anything thrown by a handler to an error response. Never leaks internal text. */
export function toErrorResponse(err: unknown, log: Logger): HttpResponse {
  if (err instanceof HttpError) return errorResponse(err.status, err.code, err.message, err.headers);
  // Domain validation codes (e.g. the store's `invalid_label`) name the rule broken; on the
  // wire every such failure is the spec's `invalid_request`, with the domain's message.
  if (err instanceof ValidationError) return errorResponse(400, WIRE_CODES.has(err.code) ? err.code : 'invalid_request', err.message);
  if (err instanceof NotFoundError) return errorResponse(404, err.code, err.message);
  if (err instanceof ConflictError) return errorResponse(409, err.code, err.message);
  if (err instanceof PreconditionFailedError) return errorResponse(412, err.code, err.message);
  if (err instanceof GameUnavailableError) return errorResponse(503, err.code, err.message);
  if (err instanceof NotImplementedError) return errorResponse(501, err.code, err.message);
  // Storage failures and the rest are domain errors too, but not the client's doing.
  log('error', err instanceof DomainError ? `request failed: ${err.code}` : 'request failed', err);
  return errorResponse(500, 'internal_error', GENERIC_500);
}
