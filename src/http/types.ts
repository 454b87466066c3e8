// The request and response of the HTTP core: plain objects, no sockets and no WHATWG classes,
// so tests call `handle()` directly and the hot path allocates little (architecture.md, habit 2).

export interface HttpRequest {
  method: string;
  /** The raw path, without the query string; not percent-decoded. */
  path: string;
  /** The raw query string without the leading `?`; empty when there is none. */
  query: string;
  /** Header names in lower case, as node:http gives them. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The request body when the route takes one; undefined otherwise. */
  body?: Buffer;
  /** Instead of `body`, for a route that streams its body (an upload): its chunks as they
   * arrive, within the route's limit (past it the iteration throws a 413). Never buffered. */
  bodyStream?: AsyncIterable<Buffer>;
  remoteAddress: string;
  /** True when the connection itself is TLS (forwarding headers are judged by the handler). */
  secure: boolean;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: Buffer | string;
  /**
   * A streamed body instead of `body` (server-sent events): called once the head is written,
   * it writes chunks until it returns or `signal` aborts, which happens when the client goes
   * away or the server shuts down. `write` answers false when the client reads too slowly; the
   * adapter then ends the stream itself.
   */
  stream?: (write: (chunk: string) => boolean, signal: AbortSignal) => Promise<void>;
  /** A file sent as the body (a backup download), read as the client takes it. */
  file?: { path: string; size: number };
}

/** The core: never throws (failures become error responses inside). */
export interface Handler {
  (req: HttpRequest): Promise<HttpResponse>;
  /** Largest body the route may carry; 0 means the body is never read. `req` (the head, no
   * body yet) lets a route grant a large body only to whom may send one. */
  bodyLimit?(method: string, path: string, req?: HttpRequest): number;
  /** True when the route reads its body as it arrives (`bodyStream`) instead of whole. */
  streamsBody?(method: string, path: string, req: HttpRequest): boolean;
}
