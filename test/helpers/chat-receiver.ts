// A test receiver on 127.0.0.1 that holds to each chat service's documented webhook contract —
// the tests', not the product's (docs/discord.md says which behaviour each check follows):
// - Discord, "Execute Webhook": POST /api/webhooks/{id}/{token}; with `?wait=true` it answers 200
//   with the message object (`id` among it), else 204; "Edit Webhook Message": PATCH
//   …/messages/{message_id}, 404 `Unknown Message` (code 10008) for an id it does not hold; a
//   wrong token 401 (50027); bodies over the limits (content 2,000; embed title 256, description
//   4,096, 25 fields, field name 256 / value 1,024, footer 2,048; 6,000 characters of embeds in
//   all; 10 embeds) refused with 400 `Invalid Form Body` (50035); every answer carries the
//   X-RateLimit-Limit / Remaining / Reset / Reset-After / Bucket headers of the webhook's bucket,
//   and a request over it is 429 with `retry_after` (seconds) in the body and Retry-After.
// - Slack, incoming webhooks: POST with `{"text"}` → 200 `ok`; no text → 400 `no_text`.
// - ntfy, publish: POST /{topic} with the message as the body and Title, Priority, Tags headers →
//   200 with the message JSON.
// - Anything else (the JSON format): 204, the raw body and headers kept for signature checks.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Seen {
  method: string;
  path: string;
  /** Milliseconds since the receiver started. */
  atMs: number;
  status: number;
  raw: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

export interface ChatReceiver {
  base: string;
  /** Date.now() when it started: `atMs` counts from it. */
  startedAt: number;
  /** A Discord webhook URL on this receiver (id 1234, token `s3cr3t-token-abcdef`). */
  discordUrl: string;
  slackUrl: string;
  ntfyUrl: string;
  jsonUrl: string;
  seen: Seen[];
  /** Discord's messages by id. */
  messages: Map<string, unknown>;
  /** Requests a bucket takes per window before 429 (Discord's webhooks: 5 per 2 s). */
  bucket: { limit: number; windowMs: number };
  /** The next n Discord requests are answered 429 with this retry_after (seconds). */
  storm: { left: number; retryAfterSec: number };
  server: Server;
  close(): Promise<void>;
}

export const DISCORD_TOKEN = 's3cr3t-token-abcdef';

const LIMITS = { content: 2000, title: 256, description: 4096, fields: 25, name: 256, value: 1024, footer: 2048, total: 6000 };

interface EmbedIn {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: { text: string };
  author?: { name: string };
}

/** Why Discord would refuse the body (its limits), or null. */
export function discordRefusal(body: unknown): string | null {
  const b = body as { content?: string; embeds?: EmbedIn[] } | null;
  if (!b || typeof b !== 'object') return 'not an object';
  if (b.content !== undefined && b.content.length > LIMITS.content) return 'content over 2000';
  const embeds = b.embeds ?? [];
  if (!b.content && embeds.length === 0) return 'empty message';
  if (embeds.length > 10) return 'over 10 embeds';
  let total = 0;
  for (const e of embeds) {
    if ((e.title?.length ?? 0) > LIMITS.title) return 'title over 256';
    if ((e.description?.length ?? 0) > LIMITS.description) return 'description over 4096';
    if ((e.fields?.length ?? 0) > LIMITS.fields) return 'over 25 fields';
    for (const f of e.fields ?? []) {
      if (!f.name || !f.value) return 'empty field';
      if (f.name.length > LIMITS.name) return 'field name over 256';
      if (f.value.length > LIMITS.value) return 'field value over 1024';
    }
    if ((e.footer?.text.length ?? 0) > LIMITS.footer) return 'footer over 2048';
    total +=
      (e.title?.length ?? 0) +
      (e.description?.length ?? 0) +
      (e.footer?.text.length ?? 0) +
      (e.author?.name.length ?? 0) +
      (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  }
  if (total > LIMITS.total) return 'embeds over 6000 in all';
  return null;
}

export async function chatReceiver(): Promise<ChatReceiver> {
  const started = Date.now();
  let nextId = 1_100_000_000_000_000_000n;
  const hits: number[] = [];
  const r = {
    seen: [] as Seen[],
    messages: new Map<string, unknown>(),
    bucket: { limit: 5, windowMs: 2000 },
    storm: { left: 0, retryAfterSec: 0 },
    server: createServer(),
    startedAt: started,
  } as unknown as ChatReceiver;
  r.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      const u = new URL(req.url ?? '/', 'http://x');
      const answer = (status: number, out: unknown, headers: Record<string, string> = {}) => {
        r.seen.push({
          method: req.method ?? '',
          path: u.pathname + u.search,
          atMs: Date.now() - started,
          status,
          raw,
          body,
          headers: req.headers,
        });
        const text = typeof out === 'string' ? out : out === null ? '' : JSON.stringify(out);
        res.writeHead(status, { 'content-type': typeof out === 'string' ? 'text/plain' : 'application/json', ...headers }).end(text);
      };
      const d = /^\/api\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(u.pathname);
      if (d) {
        if (d[2] !== DISCORD_TOKEN) return answer(401, { message: 'Invalid Webhook Token', code: 50027 });
        const now = Date.now();
        while (hits.length > 0 && hits[0] <= now - r.bucket.windowMs) hits.shift();
        const resetAfter = hits.length > 0 ? (hits[0] + r.bucket.windowMs - now) / 1000 : r.bucket.windowMs / 1000;
        const rl = (remaining: number) => ({
          'x-ratelimit-limit': String(r.bucket.limit),
          'x-ratelimit-remaining': String(Math.max(0, remaining)),
          'x-ratelimit-reset': String((now / 1000 + resetAfter).toFixed(3)),
          'x-ratelimit-reset-after': resetAfter.toFixed(3),
          'x-ratelimit-bucket': `webhook-${d[1]}`,
        });
        if (r.storm.left > 0 || hits.length >= r.bucket.limit) {
          const retry = r.storm.left > 0 ? r.storm.retryAfterSec : resetAfter;
          if (r.storm.left > 0) r.storm.left--;
          return answer(
            429,
            { message: 'You are being rate limited.', retry_after: retry, global: false },
            { ...rl(0), 'retry-after': String(Math.ceil(retry)) },
          );
        }
        hits.push(now);
        const headers = rl(r.bucket.limit - hits.length);
        const why = discordRefusal(body);
        if (req.method === 'PATCH' && d[3]) {
          if (!r.messages.has(d[3])) return answer(404, { message: 'Unknown Message', code: 10008 }, headers);
          if (why) return answer(400, { message: 'Invalid Form Body', code: 50035, errors: { why } }, headers);
          const m = { ...(r.messages.get(d[3]) as object), ...(body as object), id: d[3], edited_timestamp: new Date().toISOString() };
          r.messages.set(d[3], m);
          return answer(200, m, headers);
        }
        if (req.method !== 'POST' || d[3]) return answer(405, { message: '405: Method Not Allowed', code: 0 }, headers);
        if (why) return answer(400, { message: 'Invalid Form Body', code: 50035, errors: { why } }, headers);
        const id = String(nextId++);
        const m = { id, type: 0, channel_id: '42', webhook_id: d[1], ...(body as object), timestamp: new Date().toISOString() };
        r.messages.set(id, m);
        return u.searchParams.get('wait') === 'true' ? answer(200, m, headers) : answer(204, null, headers);
      }
      if (u.pathname.startsWith('/slack/')) {
        const text = (body as { text?: unknown } | null)?.text;
        return typeof text === 'string' && text !== '' ? answer(200, 'ok') : answer(400, 'no_text');
      }
      if (u.pathname.startsWith('/ntfy/')) {
        const topic = u.pathname.slice('/ntfy/'.length);
        return answer(200, {
          id: 'm1',
          time: Math.floor(Date.now() / 1000),
          event: 'message',
          topic,
          title: req.headers.title,
          message: raw,
          priority: Number(req.headers.priority ?? 3),
          tags: String(req.headers.tags ?? '').split(','),
        });
      }
      return answer(204, null);
    });
  });
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
  const port = (r.server.address() as { port: number }).port;
  r.base = `http://127.0.0.1:${port}`;
  r.discordUrl = `${r.base}/api/webhooks/1234/${DISCORD_TOKEN}`;
  r.slackUrl = `${r.base}/slack/T000/B000/XXXXXXXXXXXXXXXX`;
  r.ntfyUrl = `${r.base}/ntfy/palworld-alerts`;
  r.jsonUrl = `${r.base}/hooks/palpanel`;
  r.close = () => new Promise<void>((ok) => r.server.close(() => ok()));
  return r;
}

/** The JSON schema's members issue 15's format had (older tests compare those). */
export const legacy = (b: unknown) => {
  const { at, kind, message } = b as { at: string; kind: string; message: string };
  return { at, kind, message };
};
