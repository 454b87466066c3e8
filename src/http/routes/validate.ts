// Request validation from a route's schemas: path parameters (a failure is 404: the path names
// nothing), query parameters and the JSON body (a failure is 400 `invalid_request` naming the
// member, worded in issues.ts). A query parameter may carry its own code and message
// (`withWireError`), which every failure of that parameter answers: the Integration API's
// `invalid_limit` and `invalid_cursor` keep their exact texts this way.
import { z } from 'zod';
import { HttpError, notFound } from '../errors.js';
import { parseQuery } from '../query.js';
import type { Params } from './path-router.js';
import type { HttpRequest } from '../types.js';
import { describeIssues, errorMap } from './issues.js';
import type { AnyRoute } from './route.js';
import { wireErrors } from '../../contract/wire-errors.js';

// A parameter's own code and message are declared with its schema, on the contract's floor.
export { withWireError, type WireError } from '../../contract/wire-errors.js';

// ---- query parameters: from the wire's strings to the types their schemas accept ----

/** An integer written the one canonical way: digits, no sign, no leading zero, no point. */
const INTEGER = /^(0|[1-9][0-9]{0,14})$/;
const NUMBER = /^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,15})?$/;
const wireTypes = new WeakMap<z.ZodType, string | undefined>();

/** The JSON type a parameter's schema accepts (its input side: a codec's wire form). */
function wireType(schema: z.ZodType): string | undefined {
  if (wireTypes.has(schema)) return wireTypes.get(schema);
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const type = typeof js.type === 'string' ? js.type : undefined;
  wireTypes.set(schema, type);
  return type;
}

/** A parameter's values as its schema's type. What does not convert is handed over as text
 * (a repeated parameter as a list), for the schema to refuse with the parameter's name. */
function fromWire(values: string[], type: string | undefined): unknown {
  if (type === 'array') return values;
  if (values.length !== 1) return values;
  const v = values[0];
  switch (type) {
    case 'integer':
      return INTEGER.test(v) ? Number(v) : v;
    case 'number':
      return NUMBER.test(v) ? Number(v) : v;
    case 'boolean':
      return v === 'true' ? true : v === 'false' ? false : v;
    default:
      return v;
  }
}

export function validateParams(route: AnyRoute, raw: Params): unknown {
  const schema = route.request?.params;
  if (!schema) return {};
  const r = schema.safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
}

export function validateQuery(route: AnyRoute, rawQuery: string): unknown {
  const schema = route.request?.query;
  if (!schema) return {};
  const shape = schema.shape as Record<string, z.ZodType>;
  const input = Object.create(null) as Record<string, unknown>; // no prototype: a parameter named __proto__ is a plain member
  for (const [name, values] of parseQuery(rawQuery)) {
    input[name] = Object.hasOwn(shape, name) ? fromWire(values, wireType(shape[name])) : values.length === 1 ? values[0] : values;
  }
  const r = schema.safeParse(input, { error: errorMap('query') });
  if (r.success) return r.data;
  // The first failing parameter, in the schema's order, decides a parameter's own error.
  const first = r.error.issues[0];
  const name = first.path[0];
  const own = typeof name === 'string' && Object.hasOwn(shape, name) ? wireErrors.get(shape[name]) : undefined;
  if (own) throw new HttpError(400, own.code, own.message);
  throw new HttpError(400, 'invalid_request', describeIssues(r.error.issues, 'query'));
}

export function validateBody(route: AnyRoute, req: HttpRequest): unknown {
  const schema = route.request?.body;
  if (!schema) return undefined;
  // An optional body (`POST /backups` takes `{"note"?}` or nothing) may be absent; when given,
  // it is held to the object inside.
  const optional = schema instanceof z.ZodOptional;
  const inner = optional ? schema.unwrap() : schema;
  const wantsObject = inner instanceof z.ZodObject || inner instanceof z.ZodRecord;
  const body = req.body && req.body.length > 0 ? req.body : null;
  if (optional && !body) return undefined;
  let value: unknown;
  let parsed = false;
  if (body) {
    try {
      value = JSON.parse(body.toString('utf8'));
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  if (!parsed || (wantsObject && (typeof value !== 'object' || value === null || Array.isArray(value)))) {
    throw new HttpError(400, 'invalid_request', wantsObject ? 'The request body must be a JSON object.' : 'The request body must be JSON.');
  }
  const r = schema.safeParse(value, { error: errorMap('body') });
  if (!r.success) throw new HttpError(400, 'invalid_request', describeIssues(r.error.issues, 'body'));
  return r.data;
}

/** Path parameters, query and body of a matched request, in that order. */
export function validateRequest(route: AnyRoute, req: HttpRequest, rawParams: Params) {
  const params = validateParams(route, rawParams);
  const query = validateQuery(route, req.query);
  const body = validateBody(route, req);
  return { params, query, body };
}
