// The simulated REST API of PalDefender, the server mod (game-interfaces.md §4 and §5.2): its own
// HTTP server beside the game's, bearer tokens each holding permissions, the documented error
// body `{"Error":{"Code","Message","Details"}}` (401 INVALID_TOKEN, 403 MISSING_PERMISSION,
// 404 PLAYER_NOT_FOUND, 400 INVALID_REQUEST / VALIDATION_FAILED), `GET /v1/pdapi/version`, and the
// split grant route `POST /v1/pdapi/give/items/<UserId or PlayerUID>` (permission
// REST.Items.Give), which records each grant as an admin action of the sim. Message texts are
// stand-ins. Item ids starting with `Unknown` stand for ids the game does not know.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Listener } from './listener.js';
import type { SimWorld } from './sim-world.js';

export const PD_GIVE_ITEMS = 'REST.Items.Give';
export const SIM_PALDEFENDER_VERSION = '1.5.2';

const MAX_REQUEST_BODY = 64 * 1024;
const ITEM_ID = /^[A-Za-z0-9_]{1,64}$/;

export class SimPalDefender {
  readonly listener: Listener;

  constructor(
    private readonly world: SimWorld,
    /** token → the permissions it holds */
    private readonly tokens: Readonly<Record<string, readonly string[]>>,
  ) {
    this.listener = new Listener(createServer((req, res) => void this.handle(req, res)));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const scopes = auth ? this.tokens[auth[1]] : undefined;
    if (!scopes) return send(res, 401, error('INVALID_TOKEN', 'The token is missing or not known.'));
    if (req.method === 'GET' && path === '/v1/pdapi/version') {
      const [major, minor, patch] = SIM_PALDEFENDER_VERSION.split('.').map(Number);
      return send(res, 200, {
        Version: {
          Major: major,
          Minor: minor,
          Patch: patch,
          Build: 0,
          Version: SIM_PALDEFENDER_VERSION,
          VersionLong: `${SIM_PALDEFENDER_VERSION}.0`,
          Beta: false,
        },
      });
    }
    const give = /^\/v1\/pdapi\/give\/items\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && give) {
      if (!scopes.includes(PD_GIVE_ITEMS))
        return send(res, 403, error('MISSING_PERMISSION', 'The token lacks the permission this endpoint needs.', PD_GIVE_ITEMS));
      return this.giveItems(req, res, decodeURIComponent(give[1]));
    }
    send(res, 404, error('NOT_FOUND', 'No such endpoint.'));
  }

  private async giveItems(req: IncomingMessage, res: ServerResponse, who: string): Promise<void> {
    const body = await readBody(req);
    const items = Array.isArray(body?.Items) ? (body.Items as unknown[]) : null;
    if (!items || items.length === 0) return send(res, 400, error('INVALID_REQUEST', 'The body needs an Items array.'));
    const parsed: { id: string; count: number }[] = [];
    for (const it of items) {
      const r = typeof it === 'object' && it !== null ? (it as Record<string, unknown>) : {};
      const id = typeof r.ItemID === 'string' ? r.ItemID : '';
      const count = r.Count;
      if (!ITEM_ID.test(id) || id.startsWith('Unknown')) return send(res, 400, error('VALIDATION_FAILED', `Invalid item id: ${id}`));
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 9999)
        return send(res, 400, error('VALIDATION_FAILED', `Invalid count for ${id}.`));
      parsed.push({ id, count });
    }
    const player = this.world.online().find((p) => p.userId === who || p.playerId === who.toUpperCase());
    if (!player) return send(res, 404, error('PLAYER_NOT_FOUND', 'The player is not online.'));
    this.world.record({
      via: 'paldefender',
      action: 'giveitems',
      args: { userid: player.userId, items: parsed.map((p) => `${p.id}:${p.count}`).join(' ') },
    });
    send(res, 200, { Granted: { Items: parsed.length } });
  }
}

const error = (code: string, message: string, details?: string) => ({ Error: { Code: code, Message: message, Details: details ?? '' } });

function send(res: ServerResponse, status: number, doc: unknown): void {
  const bytes = Buffer.from(JSON.stringify(doc), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
  res.end(bytes);
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
