// Webhooks choose what they receive and can be tried (issue 38): `events` on create (default the
// public kinds), PATCH /webhooks/{id} to change them, kicks and bans sent to the webhooks that
// ask (never to the others), and POST /webhooks/{id}/test, answered with the target's status,
// against a real HTTP receiver on 127.0.0.1.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Notifier } from '../../src/actions/notifier.js';
import { WEBHOOK_TEST_TEXT } from '../../src/actions/webhook-test.js';
import { silentLog } from '../helpers/fixture.js';
import { ADMIN, panelHarness, VIEWER } from '../http/panel-harness.js';
import { waitFor } from '../helpers/wait.js';
import { legacy } from '../helpers/chat-receiver.js';
import { receiver, type Receiver } from '../helpers/webhook-receiver.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig(allowPrivate = true) {
  const h = await panelHarness(undefined, { webhookAllowPrivate: allowPrivate });
  cleanup.push(() => h.ts.cleanup());
  const admin = await h.login(ADMIN);
  const viewer = await h.login(VIEWER);
  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    h.send({ method, path: `/api/v1${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { ts: h.ts, admin, viewer, send };
}

async function listening(): Promise<Receiver> {
  const rx = await receiver();
  cleanup.push(() => new Promise<void>((r) => rx.server.close(() => r())));
  return rx;
}

describe('webhook event kinds', () => {
  it('events on create default to the public kinds; a choice is kept, changed by PATCH and audited; bad choices are 400 and change nothing', async () => {
    const { ts, admin, viewer, send } = await rig();
    const rx = await listening();
    const plain = await send('POST', '/webhooks', admin, { format: 'json', url: rx.url });
    expect(plain.status).toBe(201);
    expect(plain.json.data.events).toEqual(['join', 'leave', 'backup', 'system']);
    const chosen = await send('POST', '/webhooks', admin, { format: 'discord', url: rx.url, events: ['ban', 'kick', 'join'] });
    expect(chosen.json.data.events).toEqual(['join', 'kick', 'ban']);
    for (const events of [[], ['join', 'join'], ['moderation'], 'join']) {
      const bad = await send('POST', '/webhooks', admin, { format: 'json', url: rx.url, events });
      expect(bad.status, JSON.stringify(events)).toBe(400);
    }
    expect((await send('GET', '/webhooks', admin)).json.data).toHaveLength(2);

    const id = plain.json.data.id as string;
    expect((await send('PATCH', `/webhooks/${id}`, viewer, { events: ['kick'] })).status).toBe(403);
    expect((await send('PATCH', `/webhooks/${id}`, admin, { events: [] })).status).toBe(400);
    expect((await send('PATCH', '/webhooks/00000000', admin, { events: ['kick'] })).status).toBe(404);
    const changed = await send('PATCH', `/webhooks/${id}`, admin, { events: ['leave', 'kick'] });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({ id, events: ['leave', 'kick'] });
    const listed = (await send('GET', '/webhooks', admin)).json.data as { id: string; events: string[] }[];
    expect(listed.find((w) => w.id === id)?.events).toEqual(['leave', 'kick']);
    expect(ts.store.audit.list({ limit: 5, action: 'webhook.update' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', target: id, detail: 'leave, kick', outcome: 'ok' }),
    ]);
  });

  it('kicks and bans reach the webhooks that chose them, with names; the others get only their kinds; a refused kick is never sent', async () => {
    const { ts } = await rig();
    const pub = await listening();
    const mod = await listening();
    ts.store.webhooks.add('json', pub.url, 'cli', { allowPrivate: true });
    ts.store.webhooks.add('json', mod.url, 'cli', { allowPrivate: true, events: ['kick', 'ban'] });
    const notifier = new Notifier({ store: ts.store, log: silentLog, allowPrivate: true });
    cleanup.push(notifier.start());
    const at = '2026-07-14T10:00:00.000Z';
    const player = { target: '02FF152C000000000000000000000000', targetName: 'Mallory' };
    ts.store.events.append({ at, kind: 'join', message: 'Mallory joined the server' });
    ts.store.audit.note({ actor: 'user:admin', action: 'player.kick', ...player, detail: 'steam_76561199433679020: AFK', at });
    ts.store.audit.note({ actor: 'user:admin', action: 'player.kick', ...player, detail: 'steam_76561199433679020', at }, 'game_refused');
    ts.store.moderation.recordKick(
      { actor: 'system', action: 'player.kick', ...player, detail: 'steam_76561199433679020: not on the whitelist', at },
      { message: 'Kicked Mallory (steam_76561199433679020): not on the whitelist' },
    );
    ts.store.audit.note({ actor: 'user:admin', action: 'player.ban', ...player, detail: 'steam_76561199433679020: griefing', at });
    ts.store.audit.note({ actor: 'user:admin', action: 'world.parse', target: '', detail: 'parsed', at });
    await waitFor('all delivered', () => (pub.bodies.length === 1 && mod.bodies.length === 3 ? true : undefined));
    await notifier.idle();
    expect(pub.bodies.map(legacy)).toEqual([{ at, kind: 'join', message: 'Mallory joined the server' }]);
    expect(mod.bodies.map(legacy)).toEqual([
      { at, kind: 'kick', message: 'admin: kick player Mallory (AFK)' },
      { at, kind: 'kick', message: 'Kicked Mallory (steam_76561199433679020): not on the whitelist' },
      { at, kind: 'ban', message: 'admin: ban player Mallory (griefing)' },
    ]);
  });
});

describe('webhook test message', () => {
  it("sends one message now and answers with the target's status; a failing target is said as such; nothing queued", async () => {
    const { ts, admin, viewer, send } = await rig();
    const rx = await listening();
    const made = await send('POST', '/webhooks', admin, { format: 'json', url: rx.url });
    const id = made.json.data.id as string;
    expect((await send('POST', `/webhooks/${id}/test`, viewer)).status).toBe(403);
    expect((await send('POST', '/webhooks/00000000/test', admin)).status).toBe(404);

    const ok = await send('POST', `/webhooks/${id}/test`, admin);
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({ delivered: true, status: 204, error: null });
    expect(rx.bodies.map(legacy)).toEqual([{ at: expect.any(String), kind: 'test', message: WEBHOOK_TEST_TEXT }]);

    rx.script.push(500);
    expect((await send('POST', `/webhooks/${id}/test`, admin)).json.data).toEqual({ delivered: false, status: 500, error: null });
    rx.script.push(404);
    expect((await send('POST', `/webhooks/${id}/test`, admin)).json.data).toEqual({ delivered: false, status: 404, error: null });
    // A test is no event: nothing waits in the queue, no event was written.
    expect(ts.store.webhooks.queue.size(id)).toBe(0);
    expect(ts.store.events.listAll(50).some((e) => e.message.includes(WEBHOOK_TEST_TEXT))).toBe(false);
  });

  it('a target that is not listening: "the connection failed", never the URL', async () => {
    const { admin, send } = await rig();
    // A port that was free a moment ago and is closed now.
    const port = await new Promise<number>((ok) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => ok(p));
      });
    });
    const made = await send('POST', '/webhooks', admin, { format: 'discord', url: `http://127.0.0.1:${port}/api/webhooks/1/secret-token` });
    const r = await send('POST', `/webhooks/${made.json.data.id}/test`, admin);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ delivered: false, status: null, error: 'the connection failed' });
    expect(JSON.stringify(r.json)).not.toContain('secret-token');
  });

  it('a webhook kept from when private targets were allowed is refused at the test, saying which setting', async () => {
    const { ts, admin, send } = await rig(false);
    const rx = await listening();
    const hook = ts.store.webhooks.add('json', rx.url, 'cli', { allowPrivate: true });
    const r = await send('POST', `/webhooks/${hook.id}/test`, admin);
    expect(r.json.data).toMatchObject({
      delivered: false,
      status: null,
      error: expect.stringContaining('SERVICE_WEBHOOK_ALLOW_PRIVATE=true'),
    });
    expect(rx.bodies).toEqual([]);
  });
});
