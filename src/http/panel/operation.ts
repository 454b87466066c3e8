// A panel route entry's wire half, from the contract: its method and path (PANEL_PATHS), its
// request schemas and the schema of each success answer (PANEL_OPERATIONS), so each is written
// once. The entry spreads it and keeps what is the route's own: the answers' descriptions and
// headers (given here), the summary, the role, what it needs, its errors and its handler.
import type { z } from 'zod';
import { PANEL_OPERATIONS } from '../../contract/panel-operations.js';
import { PANEL_PATHS, type PanelOperationId } from '../../contract/panel-paths.js';
import type { HeaderName } from '../openapi/shared.js';

type Operations = typeof PANEL_OPERATIONS;
type Answers<Id extends PanelOperationId> = Operations[Id]['responses'];

/** A success answer as the route describes it: its words, and the headers or media type it has. */
export type Described = string | { description: string; contentType?: string; headers?: HeaderName[] };

type Spec<D, S> = (D extends string ? { description: string } : D) & (S extends z.ZodType ? { schema: S } : unknown);
type RequestOf<Id extends PanelOperationId> = Operations[Id] extends { request: infer R } ? { request: R } : unknown;

/** The method, path, operationId, request and responses of the entry for `id`; `described` says
 * each success answer the contract lists, in words. */
export function operation<Id extends PanelOperationId, const D extends { [K in keyof Answers<Id>]: Described }>(id: Id, described: D) {
  const [method, path] = PANEL_PATHS[id];
  const op: { request?: unknown; responses: Partial<Record<number, z.ZodType | null>> } = PANEL_OPERATIONS[id];
  const responses = Object.fromEntries(
    Object.entries(described as Record<string, Described>).map(([status, d]) => {
      const schema = op.responses[Number(status)];
      return [status, { ...(typeof d === 'string' ? { description: d } : d), ...(schema ? { schema } : {}) }];
    }),
  );
  return {
    method,
    path,
    operationId: id,
    ...(op.request ? { request: op.request } : {}),
    responses,
  } as {
    method: (typeof PANEL_PATHS)[Id][0];
    path: string;
    operationId: Id;
    responses: { [K in keyof D]: Spec<D[K], Answers<Id>[K & keyof Answers<Id>]> };
  } & RequestOf<Id>;
}
