// One route of a table as an OpenAPI operation: parameters from its path and query schemas,
// the request body, and a response for every status it can answer.
import { z } from 'zod';
import type { AnyRoute } from '../routes/route.js';
import type { SchemaCatalog } from './schema-catalog.js';
import { errorResponse, headerRefs, pascal, type Json } from './shared.js';
import { answerableStatuses, type SurfaceContract } from './surface.js';

/** Parameter objects from a zod object over path or query parameters. A member's description
 * belongs to the parameter, not to its schema. */
function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const js = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as { properties?: Record<string, Json>; required?: string[] };
  const required = new Set(js.required ?? []);
  return Object.entries(js.properties ?? {}).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      ...(where === 'path' || required.has(name) ? { required: true } : {}),
      ...(description !== undefined ? { description } : {}),
      schema: rest,
    };
  });
}

function describe(route: AnyRoute): string | undefined {
  const needs = (r: string | undefined) =>
    r === 'admin' ? 'needs an admin session' : r === 'moderator' ? 'needs a moderator or admin session' : undefined;
  const role = needs(route.role);
  const w = route.roleWithout;
  const without = w ? `Without \`${w.param}\`: ${needs(w.role)}.` : undefined;
  const text = [route.description, role && `${role[0].toUpperCase()}${role.slice(1)}.`, without].filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}

export function operationOf(surface: SurfaceContract, route: AnyRoute, catalog: SchemaCatalog): Json {
  const op: Json = { operationId: route.operationId, summary: route.summary };
  const description = describe(route);
  if (description) op.description = description;
  op.tags = route.tags ?? [surface.tag.name];
  op.security = surface.security(route);
  if (route.auth === 'session') op['x-role'] = route.role ?? 'viewer';
  if (route.roleWithout) op['x-role-without'] = { [route.roleWithout.param]: route.roleWithout.role };
  const parameters = [
    ...parametersOf(route.request?.params, 'path'),
    ...parametersOf(route.request?.query, 'query'),
    ...(surface.parameters ?? []),
    ...(route.headerParameters ?? []).map((h) => ({ name: h.name, in: 'header', description: h.description, schema: { type: 'string' } })),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  const body = route.request?.body;
  if (body) {
    // An optional body (kick's `{"reason"?}`, a backup's `{"note"?}`) may be left out whole.
    const optional = body instanceof z.ZodOptional;
    const inner = optional ? (body.unwrap() as z.ZodType) : body;
    op.requestBody = {
      required: !optional,
      content: { 'application/json': { schema: catalog.ref(inner, `${pascal(route.operationId)}Request`, 'input') } },
    };
  }
  const file = route.request?.file;
  if (file)
    op.requestBody = {
      required: true,
      description: file.description,
      // A file, not JSON: its bytes as they are (OpenAPI 3.1 describes binary content by its
      // media type alone).
      content: Object.fromEntries(file.contentTypes.map((t) => [t, {}])),
    };

  const responses: Json = {};
  for (const status of answerableStatuses(surface, route)) {
    const declared = route.responses[status];
    const raised = route.errors?.[status];
    if (declared) {
      const r: Json = {
        description: declared.description,
        headers: headerRefs([...(surface.successHeaders ?? []), ...(declared.headers ?? [])]),
      };
      if (declared.schema) {
        const name = `${pascal(route.operationId)}${status === 200 ? '' : status}Response`;
        r.content = { [declared.contentType ?? 'application/json']: { schema: catalog.ref(declared.schema, name, 'output') } };
      } else if (declared.contentType) {
        // A file (a download): described by its media type alone.
        r.content = { [declared.contentType]: {} };
      }
      responses[String(status)] = r;
    } else if (raised !== undefined) {
      const more = surface.addedWords?.(status, route);
      const text = (d: string) => (more ? `${d} Or: ${more}` : d);
      responses[String(status)] =
        typeof raised === 'string' ? errorResponse(text(raised)) : errorResponse(text(raised.description), ...(raised.headers ?? []));
    } else {
      responses[String(status)] = surface.addedResponse(status, route);
    }
  }
  op.responses = responses;
  return op;
}
