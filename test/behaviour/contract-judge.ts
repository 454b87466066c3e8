// What the recording's walks are judged by, so that a wrong answer fails the walk and not only a
// later comparison of two recordings. The expectations come from the spec and the contract, never
// from what the code answered:
//   - the contract document (spec, Versioning 5: the machine-readable contract is the OpenAPI
//     document): each answer's status is one the operation documents, its media type the one
//     documented for that status, a JSON body valid against the documented schema (strict
//     shapes: a missing, extra or mistyped member fails), a 204 or 304 empty;
//   - the rules of service-spec.md (Errors) and interface.md (decisions) that fix a status for
//     who asks what: no credentials 401 `unauthorized` (with `WWW-Authenticate: Bearer` on the
//     Integration API), a viewer on an admin route 403 `forbidden`, a session on the Integration
//     API 401, a bad body 400 `invalid_request`, an unknown query parameter refused by the panel
//     and ignored by the Integration API, a page of one at most one row, the Integration API's
//     errors `no-store` without an ETag, `GET /auth/me` and login naming who signed in, `/healthz`
//     `{"status": "ok"}`, an unknown path under /api/ a JSON 404 for a caller who may ask.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../src/http/index.js';

// ajv-formats is CommonJS with `exports.default`: under NodeNext the default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document and answers are JSON read member by member
type Json = any;

export type Who = 'nobody' | 'viewer' | 'admin' | 'key';

/** One request of a walk and its answer, as the judge needs them. */
export interface Asked {
  label: string;
  method: string;
  /** What was asked, path and query. */
  path: string;
  /** The document's path template of a route of the tables, else the path itself. */
  template: string;
  /** The route's entry, for routes of the tables. */
  route?: { auth: 'key' | 'session' | 'none'; role?: string; surface: 'panel' | 'integration' | 'public' };
  who: Who;
  /** `good body`, `unknown member`, `an unknown query parameter`, … as the walk labels it. */
  what: string;
  /** The user the answer must name (`GET /auth/me`: the cookie's; a login: the body's). */
  user?: { username: string; role: string };
  /** The body schema's declared members (JSON Schema `properties`), for the wrong-type rule. */
  bodyMembers?: string[];
  /** The member the walk gave a wrong type. */
  wrongMember?: string;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  stream: boolean;
}

const PANEL = '/api/v1';
const INTEGRATION = '/api/integration/v1';

const mediaOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim();
const jsonOf = (text: string): Json => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
const errorCode = (a: Asked): unknown => jsonOf(a.text)?.error?.code;

export class ContractJudge {
  private readonly doc: Json = buildOpenApiDocument('judge');
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'urn:palpanel:openapi', components: this.doc.components });
  }

  /** What is wrong with one answer, one line each (empty: as the contract says). */
  problems(a: Asked): string[] {
    const out: string[] = [];
    const fail = (why: string) => out.push(`${a.label}: ${why} (answered ${a.status} ${a.text.slice(0, 160)})`);
    const expectError = (status: number, code: string) => {
      if (a.status !== status || errorCode(a) !== code) fail(`expected ${status} ${code}`);
    };
    this.ruleOfWho(a, expectError, fail);
    this.ruleOfValues(a, fail);
    this.ruleOfDocument(a, fail);
    return out;
  }

  /** The statuses the spec fixes for who asks and how. */
  private ruleOfWho(a: Asked, expectError: (status: number, code: string) => void, fail: (why: string) => void): void {
    const r = a.route;
    // The route's own entry says whether it needs a session (login and the first-run setup do not).
    const underPanel = a.path.startsWith(`${PANEL}/`) && r?.auth !== 'none';
    const underIntegration = a.path.startsWith(`${INTEGRATION}/`) || a.template === '/metrics';
    const documented = this.doc.paths[a.template]?.[a.method.toLowerCase()] !== undefined;
    // A bearer key on a panel route is no session; a session on the Integration API is no key.
    if (underPanel && (a.who === 'nobody' || a.who === 'key')) return expectError(401, 'unauthorized');
    if (underIntegration && a.who !== 'key') {
      expectError(401, 'unauthorized');
      if (!/^Bearer\b/.test(a.headers['www-authenticate'] ?? '')) fail('expected WWW-Authenticate: Bearer');
      return;
    }
    if (underIntegration && a.status >= 400) {
      if (a.headers['cache-control'] !== 'no-store') fail('an Integration API error must be Cache-Control: no-store');
      if ('etag' in a.headers) fail('an Integration API error carries no ETag');
    }
    if (!r) {
      // An unknown path under /api/ for a caller who may ask there: a JSON 404.
      if ((underPanel || underIntegration) && !documented) expectError(404, 'not_found');
      return;
    }
    if (r.surface === 'panel' && r.auth === 'session' && r.role === 'admin' && a.who === 'viewer') return expectError(403, 'forbidden');
    if (a.who !== 'admin' && a.who !== 'key') return;
    if (a.what === 'malformed JSON' || a.what === 'unknown member') return expectError(400, 'invalid_request');
    // A member of the wrong type, where the body's schema declares that member's type.
    if (a.what === 'wrong type' && (a.wrongMember === undefined || a.bodyMembers?.includes(a.wrongMember)))
      return expectError(400, 'invalid_request');
    if (a.what === 'an unknown query parameter' && r.surface === 'panel') return expectError(400, 'invalid_request');
  }

  /** Values the spec names for these requests. */
  private ruleOfValues(a: Asked, fail: (why: string) => void): void {
    const body = jsonOf(a.text);
    if (a.what === 'a page of one' && a.status === 200) {
      // A page's rows are its `data`, or, where `data` is a record beside its rows (the game log's
      // `{source, lines, …}`), the arrays it holds: each at most one row.
      const data: unknown = body?.data;
      const rows = Array.isArray(data)
        ? [data]
        : data && typeof data === 'object'
          ? Object.values(data).filter((v): v is unknown[] => Array.isArray(v))
          : [];
      if (rows.length === 0 || rows.some((r) => r.length > 1)) fail('a page of one holds at most one row');
    }
    if (a.user) {
      const user = a.status === 200 ? (body?.data ?? body) : undefined;
      if (user?.username !== a.user.username || user?.role !== a.user.role) fail(`expected the user ${a.user.username} (${a.user.role})`);
    }
    if (a.template === '/healthz' && (a.status !== 200 || a.text.replace(/\s/g, '') !== '{"status":"ok"}'))
      fail('expected 200 {"status": "ok"} while the store is open');
  }

  /** The contract document's word on the operation, where the path is one of its operations. */
  private ruleOfDocument(a: Asked, fail: (why: string) => void): void {
    const op = this.doc.paths[a.template]?.[a.method.toLowerCase()];
    if (!op) {
      if (a.route) fail(`${a.method} ${a.template} is not in the contract document`);
      return;
    }
    let declared = op.responses[String(a.status)];
    if (!declared) return void fail(`status ${a.status} is not documented for ${a.method} ${a.template}`);
    if (declared.$ref) declared = this.doc.components.responses[declared.$ref.split('/').pop()];
    const content: Record<string, Json> | undefined = declared.content;
    if (!content) {
      if (a.text !== '') fail(`a ${a.status} has no body in the contract`);
      return;
    }
    // The documented type with its parameters (`text/plain; version=0.0.4`); a charset may follow.
    const type = a.headers['content-type'] ?? '';
    const media = mediaOf(type);
    const documentedType = Object.keys(content).find((k) => type === k || type.startsWith(`${k};`));
    const entry = documentedType === undefined ? undefined : content[documentedType];
    if (!entry) return void fail(`media type ${type || '(none)'} is not the documented ${Object.keys(content).join(', ')}`);
    // A stream's schema describes one message's data; a file is bytes.
    if (media !== 'application/json' || a.stream || !entry.schema) return;
    const body = jsonOf(a.text);
    if (body === undefined) return void fail('the body is not JSON');
    const validate = this.validator(entry.schema);
    if (!validate(body)) fail(`not the documented schema: ${this.ajv.errorsText(validate.errors)}`);
  }

  private validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let v = this.compiled.get(key);
    if (!v) {
      // Refs in the document point at its components: resolve them against the added document.
      const rebased = JSON.parse(key.replace(/"#\/components\//g, '"urn:palpanel:openapi#/components/'));
      v = this.ajv.compile(rebased);
      this.compiled.set(key, v);
    }
    return v;
  }
}
