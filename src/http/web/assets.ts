// The web UI's files (web/, built by Vite), held in memory: a few hundred KB. Inside the single
// executable they come from the SEA asset `web.json` (scripts/pack-web.mjs writes it at build
// time); from a source checkout, from dist/web when `npm run build:web` has made it. Each file
// is gzipped once here so every answer is a lookup.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { seaModule } from '../../lib/runtime.js';

export const WEB_ASSET = 'web.json';

export interface WebFile {
  type: string;
  body: Buffer;
  /** Null when gzip would not make it smaller (images already compressed). */
  gzip: Buffer | null;
  etag: string;
  /** Named by content hash (Vite's assets/ folder): cacheable for a year. */
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
};

function webFile(path: string, body: Buffer): WebFile {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const zipped = gzipSync(body, { level: 9 });
  return {
    type: TYPES[ext] ?? 'application/octet-stream',
    body,
    gzip: zipped.length < body.length ? zipped : null,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    immutable: path.startsWith('/assets/'),
  };
}

export class WebAssets {
  private readonly files = new Map<string, WebFile>();

  /** `files`: URL path (`/index.html`, `/assets/index-abc.js`) to content. */
  constructor(files: Iterable<[string, Buffer]>) {
    for (const [path, body] of files) this.files.set(path, webFile(path, body));
    if (!this.files.has('/index.html')) throw new Error('the web UI build has no index.html');
  }

  get(path: string): WebFile | undefined {
    return this.files.get(path);
  }

  get page(): WebFile {
    return this.files.get('/index.html')!;
  }

  /** Bytes a browser downloads for the first screen, gzipped: the page and what it links. */
  firstLoadBytes(): number {
    const html = this.page.body.toString('utf8');
    const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    return [this.page, ...linked.map((p) => this.files.get(p)).filter((f): f is WebFile => !!f)].reduce(
      (n, f) => n + (f.gzip ?? f.body).length,
      0,
    );
  }
}

/** The packed form (scripts/pack-web.mjs): URL path to base64 content. */
export function unpackWeb(json: string): WebAssets {
  const packed = JSON.parse(json) as Record<string, string>;
  return new WebAssets(Object.entries(packed).map(([p, b64]) => [p, Buffer.from(b64, 'base64')]));
}

/** Every file below `dir`, as URL paths. */
export function webAssetsFromDir(dir: string): WebAssets {
  const out: [string, Buffer][] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(['/' + relative(dir, full).split(sep).join('/'), readFileSync(full)]);
    }
  };
  walk(dir);
  return new WebAssets(out);
}

/** The checkout's dist/web (from src/http/web/ or the bundle in dist/). */
function checkoutWebDir(): string | null {
  for (const up of ['../../../dist/web', './web']) {
    try {
      const dir = fileURLToPath(new URL(up, import.meta.url));
      if (existsSync(join(dir, 'index.html'))) return dir;
    } catch {
      // import.meta.url is empty in the CommonJS bundle: the SEA asset is used there.
    }
  }
  return null;
}

/** The built web UI, or null when this checkout has not built it. */
export function loadWebAssets(): WebAssets | null {
  const sea = seaModule();
  if (sea) return unpackWeb(Buffer.from(sea.getAsset(WEB_ASSET)).toString('utf8'));
  const dir = checkoutWebDir();
  return dir ? webAssetsFromDir(dir) : null;
}
