// The host's own map tiles (SERVICE_MAP_TILES_DIR), served by palpanel at /map-tiles/{z}/{x}/{y}.png
// (or .webp, .jpg): the 256-pixel pyramid of the Palpagos texture that the map dataset describes
// (assets/map/map.json: tileSize 256, zoom 0 to 5), laid out on disk as `<dir>/{z}/{x}/{y}.png`.
// palpanel ships no tiles (the artwork is Pocketpair's), so they are served only to a signed-in
// user, like the map itself. Only digits name a tile and the resolved file must lie inside the
// folder (a symlink out of it is refused too); a tile changes rarely, so it is cached for a day
// and revalidated by its ETag.
import { existsSync, realpathSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { HttpRequest, HttpResponse } from '../types.js';

export const MAP_TILES_BASE = '/map-tiles';

const TYPES = { png: 'image/png', webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type TileExt = keyof typeof TYPES;

/** A tile path: zoom 0-9, column and row of at most 5 digits, one of the three image types. */
const TILE_PATH = /^\/map-tiles\/(\d)\/(\d{1,5})\/(\d{1,5})\.(png|webp|jpg)$/;

export interface MapTiles {
  /** The folder, resolved (symlinks followed) once at start-up. */
  dir: string;
  /** The image type the web UI asks for: the one the folder's top tile (0/0/0) has, else png. */
  ext: TileExt;
}

/** The tiles of a host's folder, or null when the folder does not exist (the map then draws the
 * tile URL or its grid; start-up does not stop for a missing art folder). */
export function mapTilesOf(dir: string | null): MapTiles | null {
  if (!dir || !existsSync(dir)) return null;
  const root = realpathSync(dir);
  const ext = (Object.keys(TYPES) as TileExt[]).find((e) => existsSync(join(root, '0', '0', `0.${e}`))) ?? 'png';
  return { dir: root, ext };
}

/** The template the map dataset gives the web UI for these tiles. */
export const mapTilesTemplate = (t: MapTiles): string => `${MAP_TILES_BASE}/{z}/{x}/{y}.${t.ext}`;

const text = (status: number, body: string, extra: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra },
  body,
});

/** Answers a request under /map-tiles/. `signedIn` says whether it carries a live session. */
export async function serveMapTile(tiles: MapTiles | null, req: HttpRequest, signedIn: boolean): Promise<HttpResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Method not allowed\n', { allow: 'GET, HEAD' });
  if (!signedIn) return text(401, 'Sign in to see the map tiles\n');
  if (!tiles) return text(404, 'This panel serves no map tiles (SERVICE_MAP_TILES_DIR is not set)\n');
  const m = TILE_PATH.exec(req.path);
  if (!m) return text(400, 'A tile path is /map-tiles/{z}/{x}/{y}.png (or .webp, .jpg), with whole numbers\n');
  const [, z, x, y, ext] = m;
  const want = join(tiles.dir, String(Number(z)), String(Number(x)), `${Number(y)}.${ext}`);
  let file: string;
  try {
    file = await realpath(want);
  } catch {
    return text(404, 'No such tile\n');
  }
  // A symlink inside the folder may point anywhere; only files that stay inside are served.
  if (!file.startsWith(tiles.dir + sep)) return text(404, 'No such tile\n');
  const st = await stat(file).catch(() => null);
  if (!st?.isFile()) return text(404, 'No such tile\n');
  const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = {
    'content-type': TYPES[ext as TileExt],
    // private: the tiles are for signed-in users; a day, then revalidated by the ETag.
    'cache-control': 'private, max-age=86400',
    etag,
    'x-content-type-options': 'nosniff',
  };
  const tags = req.headers['if-none-match'];
  if (tags && tags.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return { status: 304, headers };
  if (req.method === 'HEAD') return { status: 200, headers: { ...headers, 'content-length': String(st.size) } };
  const body = await readFile(file).catch(() => null);
  if (!body) return text(404, 'No such tile\n');
  return { status: 200, headers, body };
}
