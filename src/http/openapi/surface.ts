// What a surface tells the document beside its route table: its tag, how its routes are
// secured, and the answers its own checks add to a route (401 before routing, 405, 403 for a
// role, …). `answerableStatuses` is the one account of every status a route can answer: the
// document lists exactly these, and the tests hold the document and the surfaces to it.
import type { AnyRoute } from '../routes/route.js';
import type { RouteTable } from '../routes/table.js';
import type { HeaderName, Json } from './shared.js';

export interface SurfaceContract {
  table: RouteTable<AnyRoute>;
  tag: { name: string; description: string };
  /** The description of each of the surface's path items (e.g. the GET-only rule). */
  pathDescription?: string;
  security(route: AnyRoute): Record<string, string[]>[];
  /** Statuses the surface's own checks may answer on this route (errors, and 304 where every
   * 200 carries an ETag), besides what the route declares. */
  addedStatuses(route: AnyRoute): number[];
  /** The response object (often a `$ref` to `responses`) of an added status. */
  addedResponse(status: number, route: AnyRoute): Json;
  /** What the surface's own check adds to an error a route raises itself with the same status
   * (the panel: a part not set up is 409 as well), appended to the route's words. */
  addedWords?(status: number, route: AnyRoute): string | undefined;
  /** Headers of every success answer on this surface besides Cache-Control. */
  successHeaders?: HeaderName[];
  /** Parameters every operation of the surface takes (e.g. If-None-Match), as `$ref`s. */
  parameters?: Json[];
  /** Shared response objects the surface's `$ref`s point to. */
  responses?: Record<string, Json>;
  /** Shared parameter objects the surface's `$ref`s point to. */
  parameterObjects?: Record<string, Json>;
}

/** Every status a route can answer, ascending. */
export function answerableStatuses(surface: SurfaceContract, route: AnyRoute): number[] {
  const all = new Set<number>([
    ...Object.keys(route.responses).map(Number),
    ...Object.keys(route.errors ?? {}).map(Number),
    ...surface.addedStatuses(route),
  ]);
  return [...all].sort((a, b) => a - b);
}
