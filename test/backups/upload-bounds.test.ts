// Uploads, imports and dry-runs are bounded (interface.md "Bounds", issue 37 finding 7): at most
// two run at once, more answer 503 `unavailable` with Retry-After; an upload's body goes to a
// file in the data dir as it arrives (never held whole), refused past 512 MiB, and that file is
// gone once the upload is answered, kept or refused.
import { readdirSync, readFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/serve.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN } from '../http/panel-harness.js';
import { serveWorld } from '../helpers/serve-world.js';
import { fromPanelPage } from '../helpers/panel-page.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/** A POST whose body is written by the test, bit by bit; its answer when it comes. */
function openUpload(path: string, cookie: string, headers: Record<string, string>): { req: ClientRequest; answer: Promise<Answer> } {
  const req = request(`${server!.url}/api/v1${path}`, {
    method: 'POST',
    headers: { cookie, origin: server!.url, 'content-type': 'application/gzip', ...headers },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // A request the server lets go of (or the test ends) rejects: only what is awaited counts.
  answer.catch(() => undefined);
  return { req, answer };
}

const uploadFiles = (dataDir: string) => readdirSync(join(dataDir, 'backups')).filter((f) => f.startsWith('.upload-'));

async function serve(): Promise<{ dataDir: string; admin: string }> {
  const w = await serveWorld('v0.1-coop', [[ADMIN, 'admin']]);
  server = w.server;
  return { dataDir: w.dataDir, admin: await w.signIn(ADMIN) };
}

describe('upload, import and dry-run bounds', () => {
  it('two slow uploads run; a third, and a dry-run, answer 503 with Retry-After; the files go once answered', async () => {
    const { dataDir, admin } = await serve();
    const size = 64 * 1024;
    const a = openUpload('/backups/upload', admin, { 'content-length': String(size) });
    const b = openUpload('/backups/upload', admin, { 'content-length': String(size) });
    a.req.write(Buffer.alloc(1024, 7));
    b.req.write(Buffer.alloc(1024, 7));
    // Both are being received (each into its own file) while their senders are still sending.
    await waitFor('two uploads received', () => Promise.resolve(uploadFiles(dataDir).length === 2 ? true : undefined), 10_000);

    const c = openUpload('/backups/upload', admin, { 'content-length': String(size) });
    c.req.write(Buffer.alloc(1024, 7));
    const third = await c.answer;
    expect(third.status).toBe(503);
    expect(third.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(third.body)).toMatchObject({ error: { code: 'unavailable' } });
    c.req.destroy();

    // A dry-run counts in the same bound.
    const dry = await fetch(`${server!.url}/api/v1/backups/20990101T000000Z-manual-000000/restore/dry-run`, {
      method: 'POST',
      headers: { cookie: admin, ...fromPanelPage(server!.url, false) },
    });
    expect(dry.status).toBe(503);
    expect(dry.headers.get('retry-after')).toMatch(/^\d+$/);

    // The two end: not backups (400), and their files are gone.
    a.req.end(Buffer.alloc(size - 1024, 7));
    b.req.end(Buffer.alloc(size - 1024, 7));
    expect((await a.answer).status).toBe(400);
    expect((await b.answer).status).toBe(400);
    expect(uploadFiles(dataDir)).toEqual([]);
    // Free again: the dry-run now gets its own answer.
    const again = await fetch(`${server!.url}/api/v1/backups/20990101T000000Z-manual-000000/restore/dry-run`, {
      method: 'POST',
      headers: { cookie: admin, ...fromPanelPage(server!.url, false) },
    });
    expect(again.status).toBe(404);
  }, 60_000);

  it('a good upload is kept and its file removed; one past 512 MiB, declared or streamed, is 413 and leaves no file', async () => {
    const { dataDir, admin } = await serve();
    const started = await fetch(`${server!.url}/api/v1/backups`, {
      method: 'POST',
      headers: { cookie: admin, ...fromPanelPage(server!.url) },
    });
    const { data } = (await started.json()) as { data: { id: string } };
    await waitFor(
      'the backup',
      async () => {
        const r = await fetch(`${server!.url}/api/v1/backups/${data.id}`, { headers: { cookie: admin } });
        return ((await r.json()) as { data: { state: string } }).data.state === 'done' ? true : undefined;
      },
      30_000,
    );
    const archive = readFileSync(join(dataDir, 'backups', `${data.id}.tar.gz`));
    const good = openUpload('/backups/upload', admin, { 'content-length': String(archive.length) });
    good.req.end(archive);
    const kept = await good.answer;
    expect(kept.status, kept.body).toBe(201);
    expect(JSON.parse(kept.body)).toMatchObject({ data: { trigger: 'imported' } });
    expect(uploadFiles(dataDir)).toEqual([]);

    const declared = openUpload('/backups/upload', admin, { 'content-length': String(512 * 1024 * 1024 + 1) });
    declared.req.write(Buffer.alloc(1024));
    expect((await declared.answer).status).toBe(413);
    declared.req.destroy();

    // Chunked, no length said: refused once past the bound; what was received is removed.
    const streamed = openUpload('/backups/upload', admin, { 'transfer-encoding': 'chunked' });
    const chunk = Buffer.alloc(1024 * 1024, 3);
    let answered = false;
    void streamed.answer.then(() => (answered = true)).catch(() => undefined);
    streamed.req.on('error', () => undefined).setMaxListeners(0);
    for (let i = 0; i < 520 && !answered; i++) {
      if (!streamed.req.write(chunk)) await new Promise((r) => streamed.req.once('drain', r).once('close', r));
      if (streamed.req.destroyed) break;
    }
    const refused = await streamed.answer.catch(() => null);
    expect(refused?.status).toBe(413);
    streamed.req.destroy();
    await waitFor('the partial upload removed', () => Promise.resolve(uploadFiles(dataDir).length === 0 ? true : undefined), 10_000);
  }, 120_000);
});
