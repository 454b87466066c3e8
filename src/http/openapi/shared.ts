// Pieces of the OpenAPI document every surface uses: the response headers, references, and the
// error response (the shared `{error: {code, message}}` envelope on every 4xx and 5xx).
import { SESSION_COOKIE } from '../panel/cookies.js';

export type Json = Record<string, unknown>;

export const HEADERS = {
  ETag: {
    description:
      'Validator. On the Integration API and the OpenAPI document a weak one of the representation (`W/"<hash>"`), sent on 200 and 304 only; on `GET` and `PUT /api/v1/config` a strong one of the settings file\'s bytes (`"<hash>"`), which a `PUT` names in `If-Match`.',
    schema: { type: 'string', examples: ['W/"3q2-7w"'] },
  },
  'Cache-Control': { description: 'Always `no-store`.', schema: { type: 'string', const: 'no-store' } },
  'Retry-After': { description: 'Whole seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string', const: 'Bearer' } },
  Allow: { description: 'The methods the path accepts.', schema: { type: 'string', examples: ['GET'] } },
  'Content-Disposition': {
    description: 'A download: `attachment; filename="…"`.',
    schema: { type: 'string', examples: ['attachment; filename="palpanel-20260714T093000Z-manual-1a2b3c.tar.gz"'] },
  },
  'Set-Cookie': {
    description: `The session cookie \`${SESSION_COOKIE}\` (HttpOnly; SameSite=Strict; Path=/; Secure over TLS).`,
    schema: { type: 'string' },
  },
} as const;

export type HeaderName = keyof typeof HEADERS;

export const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Header references, Cache-Control first (every answer carries it). */
export function headerRefs(names: readonly HeaderName[] = []): Json {
  const all: HeaderName[] = ['Cache-Control', ...names.filter((n) => n !== 'Cache-Control')];
  return Object.fromEntries(all.map((n) => [n, ref('headers', n)]));
}

/** An error answer: the shared envelope, Cache-Control and the headers named. */
export function errorResponse(description: string, ...headers: HeaderName[]): Json {
  return { description, headers: headerRefs(headers), content: { 'application/json': { schema: ref('schemas', 'Error') } } };
}

/** Answers every surface gives alike, referenced by name from each. */
export const SHARED_RESPONSES = {
  NotFound: errorResponse('`not_found`: unknown path for an authenticated caller, or unknown resource.'),
  MethodNotAllowed: errorResponse(
    '`method_not_allowed`: the path does not take this method; `Allow` lists those it takes. On the Integration API every method but GET (HEAD and OPTIONS included) gets it, decided before authentication.',
    'Allow',
  ),
  InternalError: errorResponse('`internal_error`: unexpected failure; the message is generic.'),
};

/** `getPlayer` → `GetPlayer`. */
export const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
