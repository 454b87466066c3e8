// What a browser on the panel's own page adds to a request that changes something (issue 28,
// finding 10: the panel refuses a mutating request without a same-origin Origin, and a body
// that is not JSON): `Origin`, and `Content-Type: application/json` when a body goes with it.
export function fromPanelPage(base: string, withBody = true): Record<string, string> {
  return { origin: new URL(base).origin, ...(withBody ? { 'content-type': 'application/json' } : {}) };
}
