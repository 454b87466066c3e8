// Answers for paths outside /api/ (interface.md): the web UI's files, and its page for the UI's
// own routes (it routes on the client) and for any path a browser navigates to. A path that is
// neither, asked for by a program (no `text/html` in Accept), stays the JSON 404 every other
// unknown path gets, as the contract's conformance tests expect of `GET /nowhere`.
// The page is never cached, so a new build is seen at once;
// the hashed files under /assets/ are cached for a year. Every answer carries the CSP: scripts and
// styles only from this origin, nothing inline, no frames, no other hosts; a map tile URL the
// host configures adds its origin for images alone.
import type { HttpRequest, HttpResponse } from '../types.js';
import type { WebAssets, WebFile } from './assets.js';

export function contentSecurityPolicy(tileOrigin: string | null): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${tileOrigin ? ' ' + tileOrigin : ''}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origin of a tile URL template such as `https://tiles.example/{z}/{x}/{y}.png`. */
export function tileOrigin(template: string | null): string | null {
  if (!template) return null;
  try {
    return new URL(template.replace(/[{}]/g, '')).origin;
  } catch {
    return null;
  }
}

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>palpanel</title><p>The web UI is not built in this checkout. ' +
  'Run <code>npm run build:web</code> (or use <code>dist/palpanel</code>); the API is at <code>/api/</code>.</p>';

/** First path segments of the UI's screens (web/src/App.tsx). */
const UI_ROUTES = new Set([
  '',
  'players',
  'moderation',
  'guilds',
  'pals',
  'map',
  'backups',
  'console',
  'config',
  'items',
  'tasks',
  'settings',
]);

/** Whether the web UI answers this path: one of its files, one of its screens, or a browser's
 * navigation. Otherwise the caller answers the JSON 404. */
export function isWebPath(assets: WebAssets | null, req: HttpRequest): boolean {
  if (assets?.get(req.path) || req.path.startsWith('/assets/')) return true;
  if (UI_ROUTES.has(req.path.split('/')[1] ?? '')) return true;
  return /\btext\/html\b/.test(req.headers.accept ?? '');
}

export function serveWeb(assets: WebAssets | null, req: HttpRequest, csp: string): HttpResponse {
  const base = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return {
      status: 405,
      headers: { ...base, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
      body: 'Method not allowed\n',
    };
  }
  if (!assets)
    return { status: 200, headers: { ...base, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: NOT_BUILT };
  const file = assets.get(req.path);
  // A missing hashed file is a 404 (an old page asking for a file of an earlier build), not the page.
  if (!file && req.path.startsWith('/assets/'))
    return {
      status: 404,
      headers: { ...base, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      body: 'Not found\n',
    };
  return fileResponse(file ?? assets.page, req, base);
}

function fileResponse(file: WebFile, req: HttpRequest, base: Record<string, string>): HttpResponse {
  const headers: Record<string, string> = {
    ...base,
    'content-type': file.type,
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: file.etag,
    vary: 'accept-encoding',
  };
  const tags = req.headers['if-none-match'];
  if (tags && tags.split(',').some((t) => t.trim() === file.etag)) return { status: 304, headers };
  const gzip = file.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (gzip) headers['content-encoding'] = 'gzip';
  const body = gzip ? file.gzip! : file.body;
  return { status: 200, headers, body };
}
