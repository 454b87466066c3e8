// Panel errors with their message ids (issue 39), over a real server on 127.0.0.1 with the real
// store on a temp dir: a request that asks (X-Palpanel-Message-Ids: 1, as the web UI does) gets
// `messageId` and `params` beside the English, which the id's template gives back exactly; one
// that does not ask gets the spec's exact envelope; the Integration API never changes.
import { afterEach, describe, expect, it } from 'vitest';
import { serveWorld, type ServedWorld } from '../helpers/serve-world.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { english } from '../../src/domain/server-text.js';

const ADMIN = { username: 'admin', password: 'a-long-admin-passphrase-1' };
const VIEWER = { username: 'viewer', password: 'a-long-viewer-passphrase-2' };
let w: ServedWorld | null = null;
afterEach(async () => {
  await w?.server.stop();
  w = null;
});

const ASK = { 'x-palpanel-message-ids': '1' };

describe('panel errors with message ids', () => {
  it('by id when asked, the spec envelope when not; params fill the template back to the message', async () => {
    w = await serveWorld('v0.6-world1', [
      [ADMIN, 'admin'],
      [VIEWER, 'viewer'],
    ]);
    const api = `${w.url}/api/v1`;
    const admin = await w.signIn(ADMIN);
    const viewer = await w.signIn(VIEWER);
    const call = async (path: string, cookie: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      const res = await fetch(`${api}${path}`, { ...init, headers: { cookie, ...init.headers } });
      return { status: res.status, body: (await res.json()) as { error: Record<string, unknown> } };
    };

    // A user that exists already: a parameterised message.
    const make = { method: 'POST', body: JSON.stringify({ username: 'viewer', password: 'another-long-passphrase-3', role: 'viewer' }) };
    const dup = await call('/users', admin, { ...make, headers: { ...fromPanelPage(w.url), ...ASK } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toEqual({
      code: 'conflict',
      message: 'A user named "viewer" already exists.',
      messageId: 'error.conflict.userExists',
      params: { username: 'viewer' },
    });
    expect(english('error.conflict.userExists', { username: 'viewer' })).toBe(dup.body.error.message);
    // Not asked: exactly the spec's envelope.
    const plain = await call('/users', admin, { ...make, headers: fromPanelPage(w.url) });
    expect(plain.body).toEqual({ error: { code: 'conflict', message: 'A user named "viewer" already exists.' } });

    // A viewer on an admin route, and no session at all.
    expect((await call('/users', viewer, { headers: ASK })).body.error).toMatchObject({ code: 'forbidden', messageId: 'error.forbidden' });
    expect((await call('/users', '', { headers: ASK })).body.error).toMatchObject({
      code: 'unauthorized',
      messageId: 'error.unauthorized',
    });
    // A fixed text: found by its words.
    const gone = await call('/webhooks/0f0f0f0f0f0f0f0f', admin, { method: 'DELETE', headers: { ...fromPanelPage(w.url, false), ...ASK } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(404);
    expect(gone.body.error).toEqual({ code: 'not_found', message: 'Not found.', messageId: 'error.not_found', params: {} });

    // The Integration API: never the panel's fields, even when asked.
    const res = await fetch(`${w.url}/api/integration/v1/players`, { headers: ASK });
    expect(Object.keys(((await res.json()) as { error: object }).error).sort()).toEqual(['code', 'message']);
  });
});
