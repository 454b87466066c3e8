// The simulated REST API (game-interfaces.md §1.1) with its fault modes. Routes, auth and the
// plain-text POST answers follow the documented behaviour; 400 bodies are stand-ins.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Listener } from './listener.js';
import type { SimWorld } from './sim-world.js';
import type { SimMode } from './types.js';

const ROUTE_NOT_FOUND = JSON.stringify({
  errorCode: 'errors.com.epicgames.httpserver.route_handler_not_found',
  errorMessage: '',
});
const GAME_DATA_OFF = 'PalGameDataBridge GameData API is not enabled';
const OVERSIZED_BYTES = 12 * 1024 * 1024;
const MAX_REQUEST_BODY = 64 * 1024;

export class SimRest {
  readonly listener: Listener;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly auth: string;
  readonly counts: Record<string, number> = {};

  constructor(
    private readonly world: SimWorld,
    password: string,
    private readonly mode: () => SimMode,
    private readonly slowDelay: () => number,
  ) {
    this.auth = 'Basic ' + Buffer.from(`admin:${password}`, 'utf8').toString('base64');
    const server = createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 5_000;
    this.listener = new Listener(server);
  }

  /** Clears pending slow answers (on close). */
  cancelTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(res: ServerResponse, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, this.slowDelay());
    this.timers.add(t);
    res.on('close', () => {
      clearTimeout(t);
      this.timers.delete(t);
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0];
    this.counts[path] = (this.counts[path] ?? 0) + 1;
    if (this.mode() === 'slow') this.later(res, () => void this.respond(req, res, path));
    else void this.respond(req, res, path);
  }

  private async respond(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const mode = this.mode();
    if (mode === 'unauthorized' || req.headers.authorization !== this.auth) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Pal"', 'content-length': '0' });
      res.end();
      return;
    }
    if (mode === 'server-error') return void res.writeHead(500, { 'content-length': '0' }).end();
    if (mode === 'garbage') return void this.send(res, 200, 'application/json', '<html>\u0000not json at all');
    if (mode === 'oversized') return this.oversized(res);
    const answer = await this.route(req, path);
    if (mode === 'truncated') return this.truncated(res, answer.body);
    if (mode === 'slow-body') return this.slowBody(res, answer.status, answer.type, answer.body);
    this.send(res, answer.status, answer.type, answer.body);
  }

  private async route(req: IncomingMessage, path: string): Promise<{ status: number; type: string; body: string }> {
    const json = (doc: unknown) => ({
      status: 200,
      // Early builds label JSON text/plain: clients must decode by body.
      type: this.world.profile === 'early' ? 'text/plain;charset=utf-8' : 'application/json',
      body: JSON.stringify(doc),
    });
    const text = (status: number, body: string) => ({ status, type: 'text/plain;charset=utf-8', body });
    const notFound = { status: 404, type: 'application/json', body: ROUTE_NOT_FOUND };
    const w = this.world;
    if (req.method === 'GET') {
      switch (path) {
        case '/v1/api/info':
          return json(w.info());
        case '/v1/api/players':
          return json(w.playersDoc());
        case '/v1/api/metrics':
          return json(w.metricsDoc());
        case '/v1/api/settings':
          return json(w.settingsDoc());
        case '/v1/api/game-data':
          if (w.gameData === 'disabled') return text(404, GAME_DATA_OFF);
          if (w.gameData === 'absent' || w.profile === 'early') return notFound;
          return json(w.gameDataDoc());
        default:
          return notFound;
      }
    }
    if (req.method !== 'POST') return notFound;
    const body = await readBody(req);
    const bad = text(400, 'Bad Request');
    const s = (k: string): string => (typeof body?.[k] === 'string' ? body[k] : '');
    switch (path) {
      case '/v1/api/announce':
        if (s('message') === '') return bad;
        w.record({ via: 'rest', action: 'announce', args: { message: s('message') } });
        return text(200, 'The message was announced.');
      case '/v1/api/kick':
      case '/v1/api/ban':
      case '/v1/api/unban': {
        const action = path.slice('/v1/api/'.length) as 'kick' | 'ban' | 'unban';
        if (!w.moderate(action, s('userid'))) return bad;
        w.record({ via: 'rest', action, args: { userid: s('userid'), message: s('message') } });
        const verb = action === 'kick' ? 'kicked' : action === 'ban' ? 'banned' : 'unbanned';
        return text(200, `The player was ${verb}.`);
      }
      case '/v1/api/save':
        w.record({ via: 'rest', action: 'save', args: {} });
        // The game answers once the save is on disk.
        await w.saveWorld?.();
        return text(200, 'Successfully saved the world.');
      case '/v1/api/shutdown':
        if (typeof body?.waittime !== 'number') return bad;
        w.record({ via: 'rest', action: 'shutdown', args: { waittime: body.waittime, message: s('message') } });
        return text(200, 'The server will shutdown.');
      case '/v1/api/stop':
        w.record({ via: 'rest', action: 'stop', args: {} });
        return text(200, 'The server force stopped.');
      default:
        return notFound;
    }
  }

  private send(res: ServerResponse, status: number, type: string, body: string): void {
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length) });
    res.end(bytes);
  }

  /** Promises the whole body, sends half, then drops the connection. */
  private truncated(res: ServerResponse, body: string): void {
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes.length + 10) });
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
  }

  private slowBody(res: ServerResponse, status: number, type: string, body: string): void {
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length) });
    res.write(bytes.subarray(0, 1));
    this.later(res, () => res.end(bytes.subarray(1)));
  }

  /** A chunked body far beyond any cap, written with back-pressure until the client gives up. */
  private oversized(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = (): void => {
      while (sent < OVERSIZED_BYTES && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(sent === chunk.length ? Buffer.concat([Buffer.from('{"x":"'), chunk]) : chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end('"}');
    };
    pump();
  }
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_REQUEST_BODY) return null;
    chunks.push(c);
  }
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
