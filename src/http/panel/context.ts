import type { SessionUser } from '../../store/sessions.js';
import type { HttpDeps } from '../deps.js';
import { HttpError } from '../errors.js';
import type { Params } from '../router.js';
import type { HttpRequest, HttpResponse } from '../types.js';

export interface PanelContext {
  deps: HttpDeps;
  req: HttpRequest;
  params: Params;
  user: SessionUser;
  /** The session token of the request (for logout). */
  token: string;
  now: Date;
}

export type PanelHandler = (ctx: PanelContext) => HttpResponse | Promise<HttpResponse>;

export function requireAdmin(user: SessionUser): void {
  if (user.role !== 'admin') throw new HttpError(403, 'forbidden', 'This action needs an admin session.');
}

/** The request body as a JSON object, else 400 `invalid_request`. */
export function jsonObjectBody(req: HttpRequest): Record<string, unknown> {
  let value: unknown;
  try {
    value = req.body && req.body.length > 0 ? JSON.parse(req.body.toString('utf8')) : undefined;
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
