// The media type of a mutating panel request's body (issue 28, finding 10): JSON, said so in
// Content-Type, unless the route takes a file of its own type (an uploaded backup). A body of
// any other type (text/plain, a form) is refused with 415 before it is read: it is what a
// cross-site form could send, and reading it as JSON anyway hid the client's mistake.
import { HttpError } from '../errors.js';
import type { HttpRequest } from '../types.js';
import type { PanelRoute } from './context.js';

export const JSON_TYPE = 'application/json';

/** The type and subtype of a Content-Type, lower case, without parameters (`; charset=utf-8`). */
export function mediaTypeOf(header: string | undefined): string | null {
  const t = header?.split(';')[0].trim().toLowerCase();
  return t ? t : null;
}

/** The media types a route's body may have. */
export function bodyTypes(route: PanelRoute): readonly string[] {
  return route.request?.file?.contentTypes ?? [JSON_TYPE];
}

/** Refuses a body whose Content-Type the route does not take. A request without a body passes. */
export function checkBodyType(route: PanelRoute, req: HttpRequest): void {
  // A streamed body (an upload) is judged on its head, before any of it is read.
  if (!req.bodyStream && (!req.body || req.body.length === 0)) return;
  const types = bodyTypes(route);
  const given = mediaTypeOf(req.headers['content-type']);
  if (given !== null && types.includes(given)) return;
  throw new HttpError(
    415,
    'unsupported_media_type',
    `The request body must be sent as ${types.join(' or ')}${given ? `, not ${given}` : ' (Content-Type is missing)'}.`,
  );
}
