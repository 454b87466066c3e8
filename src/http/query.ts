// The query string as name → values. What each parameter may hold is its route's schema's
// business (routes/validate.ts).

export type Query = Map<string, string[]>;

/** Parses `a=1&b=2`; `+` is a space; a malformed escape keeps the raw text, which then fails
 * the parameter's own grammar. */
export function parseQuery(raw: string): Query {
  const out: Query = new Map();
  if (raw === '') return out;
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  }
  return out;
}

function decode(s: string): string {
  if (!s.includes('%') && !s.includes('+')) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
