// A small router with a two-method interface (`add`, `match`). Patterns are literal segments and
// `:name` parameters that match one non-empty segment. Parameters are handed over raw (not
// percent-decoded): handlers check them against their own grammar (e.g. the uid rule).

export type Params = Record<string, string>;

export type Match<T> =
  | { kind: 'found'; handler: T; params: Params }
  /** The path exists but not for this method; `allow` lists the methods that do. */
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' };

interface Route<T> {
  method: string;
  segments: string[];
  handler: T;
}

const NONE = { kind: 'none' } as const;

export class Router<T> {
  /** Routes without parameters, by path then method: the common case, one map lookup. */
  private readonly fixed = new Map<string, Map<string, T>>();
  private readonly dynamic: Route<T>[] = [];

  add(method: string, pattern: string, handler: T): this {
    if (!pattern.startsWith('/')) throw new Error(`route pattern must start with "/": ${pattern}`);
    const segments = pattern.split('/').slice(1);
    if (segments.some((s) => s.startsWith(':'))) {
      this.dynamic.push({ method: method.toUpperCase(), segments, handler });
    } else {
      let byMethod = this.fixed.get(pattern);
      if (!byMethod) this.fixed.set(pattern, (byMethod = new Map<string, T>()));
      byMethod.set(method.toUpperCase(), handler);
    }
    return this;
  }

  match(method: string, path: string): Match<T> {
    const byMethod = this.fixed.get(path);
    if (byMethod) {
      const handler = byMethod.get(method);
      return handler !== undefined ? { kind: 'found', handler, params: {} } : { kind: 'method', allow: [...byMethod.keys()] };
    }
    if (this.dynamic.length === 0) return NONE;
    const parts = path.split('/').slice(1);
    const allow: string[] = [];
    for (const route of this.dynamic) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', handler: route.handler, params };
      if (!allow.includes(route.method)) allow.push(route.method);
    }
    return allow.length > 0 ? { kind: 'method', allow } : NONE;
  }
}

function matchSegments(pattern: string[], parts: string[]): Params | null {
  if (pattern.length !== parts.length) return null;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      if (parts[i] === '') return null;
      params[p.slice(1)] = parts[i];
    } else if (p !== parts[i]) {
      return null;
    }
  }
  return params;
}
