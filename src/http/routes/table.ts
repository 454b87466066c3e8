// A surface's routes as one table: the router is built from it, and so are the `Allow` lists
// and the document. Mistakes in a table (the same method and path twice, the same operationId
// twice, a path parameter without its schema) fail when the table is built, at start-up and in
// every test, rather than on some request.
import { Router, type Params } from './path-router.js';
import type { AnyRoute } from './route.js';
import { roleAtLeast } from '../../contract/vocabulary.js';

export type RouteMatch<R> =
  | { kind: 'found'; route: R; params: Params }
  /** The path exists but not for this method; `allow` lists the methods that do. */
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' };

/** `/players/{uid}` → `/players/:uid` (the router's pattern form). */
const toPattern = (path: string) => path.replace(/\{([^}/]+)\}/g, ':$1');
const pathParams = (path: string) => [...path.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1]);

export class RouteTable<R extends AnyRoute> {
  private readonly router = new Router<R>();
  /** Every method some route of the table answers, in table order. */
  readonly methods: readonly string[];

  constructor(
    /** The surface's base path, e.g. `/api/integration/v1`; route paths are below it. */
    readonly base: string,
    readonly routes: readonly R[],
  ) {
    const seen = new Set<string>();
    const ids = new Set<string>();
    const methods: string[] = [];
    for (const r of routes) {
      const where = `${r.method} ${base}${r.path}`;
      if (seen.has(where)) throw new Error(`route written down twice: ${where}`);
      if (ids.has(r.operationId)) throw new Error(`operationId used twice: ${r.operationId}`);
      seen.add(where);
      ids.add(r.operationId);
      const declared = Object.keys(r.request?.params?.shape ?? {}).sort();
      if (declared.join() !== pathParams(r.path).sort().join()) throw new Error(`path parameters and their schema differ: ${where}`);
      if (r.role !== undefined && r.auth !== 'session') throw new Error(`only a session route has a role: ${where}`);
      const w = r.roleWithout;
      if (
        w !== undefined &&
        (r.auth !== 'session' || !(w.param in (r.request?.query?.shape ?? {})) || roleAtLeast(r.role ?? 'viewer', w.role))
      )
        throw new Error(`roleWithout needs a session route, one of its query parameters and a role above the route's: ${where}`);
      if (!methods.includes(r.method)) methods.push(r.method);
      this.router.add(r.method, toPattern(`${base}${r.path}`), r);
    }
    this.methods = methods;
  }

  match(method: string, path: string): RouteMatch<R> {
    const m = this.router.match(method, path);
    return m.kind === 'found' ? { kind: 'found', route: m.handler, params: m.params } : m;
  }
}
