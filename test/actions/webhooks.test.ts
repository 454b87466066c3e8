// Webhooks end to end: an admin adds them through the panel API (the URL never served back
// whole, audited), the public events reach a local receiver on 127.0.0.1 in Discord's and the
// plain JSON format, panel-only events never do, a failing receiver is retried with backoff,
// and a slow one never holds up the event log. A receiver on this machine is a private target:
// these tests allow it (SERVICE_WEBHOOK_ALLOW_PRIVATE); webhook-safety.test.ts tests the refusal.
import { afterEach, describe, expect, it } from 'vitest';
import { Notifier } from '../../src/actions/notifier.js';
import { SYSTEM_PASSWORD_REFUSED, SYSTEM_REACHABLE, SYSTEM_UNREACHABLE } from '../../src/domain/event-texts.js';
import { silentLog } from '../helpers/fixture.js';
import { ADMIN, panelHarness, VIEWER } from '../http/panel-harness.js';
import { waitFor } from '../helpers/wait.js';
import { legacy } from '../helpers/chat-receiver.js';
import { receiver } from '../helpers/webhook-receiver.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig() {
  const h = await panelHarness(undefined, { webhookAllowPrivate: true });
  cleanup.push(() => h.ts.cleanup());
  const admin = await h.login(ADMIN);
  const viewer = await h.login(VIEWER);
  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    h.send({ method, path: `/api/v1${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { ts: h.ts, admin, viewer, send, raw: h.send };
}

/** A Discord body's words and its mention guard. */
const discordText = (b: unknown) => {
  const { embeds, username, allowed_mentions } = b as { embeds: { description: string }[]; username: string; allowed_mentions: unknown };
  return { description: embeds[0].description, username, allowed_mentions };
};

describe('webhooks', () => {
  it('admin adds and removes them; the URL is never served back whole; every change audited', async () => {
    const { ts, admin, viewer, send } = await rig();
    const rx = await receiver();
    cleanup.push(() => new Promise<void>((r) => rx.server.close(() => r())));
    expect((await send('POST', '/webhooks', viewer, { format: 'discord', url: rx.url })).status).toBe(403);
    expect((await send('POST', '/webhooks', admin, { format: 'discord', url: 'ftp://x/y' })).status).toBe(400);
    expect((await send('POST', '/webhooks', admin, { format: 'teams', url: rx.url })).status).toBe(400);
    const made = await send('POST', '/webhooks', admin, { format: 'discord', url: rx.url });
    expect(made.status).toBe(201);
    const hook = made.json.data as { id: string; urlHint: string };
    expect(hook.urlHint).toBe(rx.url.replace('s3cr3t-token', '…'));
    const list = await send('GET', '/webhooks', admin);
    expect(JSON.stringify(list.json)).not.toContain('s3cr3t-token');
    expect(JSON.stringify(ts.store.audit.list({ limit: 10 }).data)).not.toContain('s3cr3t-token');
    expect(ts.store.audit.list({ limit: 10, action: 'webhook.create' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', target: hook.id, detail: `discord ${new URL(rx.url).host}` }),
    ]);
    expect((await send('DELETE', `/webhooks/${hook.id}`, admin)).status).toBe(204);
    expect((await send('DELETE', `/webhooks/${hook.id}`, admin)).status).toBe(404);
    expect((await send('GET', '/webhooks', admin)).json.data).toEqual([]);
  });

  it('public events reach both formats, in order; panel-only events never; mentions never ping', async () => {
    const { ts } = await rig();
    const discord = await receiver();
    const plain = await receiver();
    cleanup.push(
      () => new Promise<void>((r) => discord.server.close(() => r())),
      () => new Promise<void>((r) => plain.server.close(() => r())),
    );
    ts.store.webhooks.add('discord', discord.url, 'cli', { allowPrivate: true });
    ts.store.webhooks.add('json', plain.url, 'cli', { allowPrivate: true });
    const notifier = new Notifier({ store: ts.store, log: silentLog, allowPrivate: true });
    cleanup.push(notifier.start());
    const at = '2026-07-14T10:00:00.000Z';
    ts.store.events.appendMany([
      { at, kind: 'join', message: '@everyone joined the server' },
      { at, kind: 'moderation', message: 'Kicked Mallory (steam_1): not on the whitelist' },
      { at, kind: 'system', message: SYSTEM_REACHABLE },
      { at, kind: 'backup', message: 'a private backup note' },
    ]);
    ts.store.keys.create('audited, never sent', 'cli');
    await waitFor('both delivered', () => (discord.bodies.length === 2 && plain.bodies.length === 2 ? true : undefined));
    await notifier.idle();
    expect(discord.bodies.map(discordText)).toEqual([
      { description: '@\u200beveryone joined the server (?/? online)', username: 'palpanel', allowed_mentions: { parse: [] } },
      { description: SYSTEM_REACHABLE, username: 'palpanel', allowed_mentions: { parse: [] } },
    ]);
    expect(plain.bodies.map(legacy)).toEqual([
      { at, kind: 'join', message: '@everyone joined the server' },
      { at, kind: 'system', message: SYSTEM_REACHABLE },
    ]);
  });

  it('a refused admin password is said as such to the webhooks and in the panel\'s events; key holders read only "unreachable"', async () => {
    const { ts, admin, send, raw } = await rig();
    const plain = await receiver();
    cleanup.push(() => new Promise<void>((r) => plain.server.close(() => r())));
    ts.store.webhooks.add('json', plain.url, 'cli', { allowPrivate: true });
    const notifier = new Notifier({ store: ts.store, log: silentLog, allowPrivate: true });
    cleanup.push(notifier.start());
    const at = '2026-07-14T10:00:00.000Z';
    ts.store.events.appendMany([
      { at, kind: 'system', message: SYSTEM_UNREACHABLE },
      { at, kind: 'system', message: SYSTEM_PASSWORD_REFUSED },
      { at, kind: 'system', message: 'some other system text' },
    ]);
    await waitFor('both delivered', () => (plain.bodies.length === 2 ? true : undefined));
    await notifier.idle();
    expect(plain.bodies.map(legacy)).toEqual([
      { at, kind: 'system', message: SYSTEM_UNREACHABLE },
      { at, kind: 'system', message: 'Palworld REST API refused the admin password (check SERVICE_GAME_ADMIN_PASSWORD)' },
    ]);
    const panel = (await send('GET', '/events?limit=10', admin)).json as { data: { message: string }[] };
    expect(panel.data.map((e) => e.message)).toContain(SYSTEM_PASSWORD_REFUSED);
    const { key } = ts.store.keys.create('bot', 'cli');
    const pub = await raw({ method: 'GET', path: '/api/integration/v1/events', headers: { authorization: `Bearer ${key}` } });
    expect((JSON.parse(pub.body) as { data: { message: string }[] }).data.map((e) => e.message)).toEqual([SYSTEM_UNREACHABLE]);
  });

  it('a failing receiver is retried with backoff (Retry-After honoured), then given up with a log line; appends never wait', async () => {
    const { ts } = await rig();
    const rx = await receiver();
    cleanup.push(() => new Promise<void>((r) => rx.server.close(() => r())));
    ts.store.webhooks.add('json', rx.url, 'cli', { allowPrivate: true });
    const logs: string[] = [];
    const notifier = new Notifier({
      store: ts.store,
      log: (_l, m) => void logs.push(m),
      retryBaseMs: 5,
      maxAttempts: 4,
      allowPrivate: true,
    });
    cleanup.push(notifier.start());
    rx.script = [500, 429, 503]; // the first event: three failures, then delivered
    ts.store.events.append({ at: '2026-07-14T10:00:00.000Z', kind: 'join', message: 'Alice joined the server' });
    await waitFor('delivered after retries', () => (rx.bodies.length === 1 ? true : undefined));
    rx.script = [500, 500, 500, 500]; // the second: never delivered
    ts.store.events.append({ at: '2026-07-14T10:00:01.000Z', kind: 'leave', message: 'Alice left the server' });
    await waitFor('given up', () => logs.find((l) => l.includes('gave up')));
    expect(logs).toContain(`webhook ${ts.store.webhooks.list()[0].id}: gave up on an event after 4 attempts (HTTP 500)`);
    expect(rx.bodies.map(legacy)).toEqual([{ at: '2026-07-14T10:00:00.000Z', kind: 'join', message: 'Alice joined the server' }]);
  });

  it('a receiver that answers 404 (a deleted Discord webhook) is given up at once, never asked again for that event', async () => {
    const { ts } = await rig();
    const rx = await receiver();
    cleanup.push(() => new Promise<void>((r) => rx.server.close(() => r())));
    ts.store.webhooks.add('json', rx.url, 'cli', { allowPrivate: true });
    const logs: string[] = [];
    const notifier = new Notifier({
      store: ts.store,
      log: (_l, m) => void logs.push(m),
      retryBaseMs: 5,
      maxAttempts: 4,
      allowPrivate: true,
    });
    cleanup.push(notifier.start());
    // A 404 for the first event, then the receiver takes the next one: had the 404 been retried,
    // the first event would arrive on its second attempt.
    rx.script = [404];
    ts.store.events.append({ at: '2026-07-14T10:00:00.000Z', kind: 'join', message: 'Alice joined the server' });
    await waitFor('given up', () => logs.find((l) => l.includes('gave up')));
    ts.store.events.append({ at: '2026-07-14T10:00:01.000Z', kind: 'leave', message: 'Alice left the server' });
    await waitFor('the next event delivered', () => (rx.bodies.length > 0 ? true : undefined));
    await notifier.idle();
    expect(logs).toContain(`webhook ${ts.store.webhooks.list()[0].id}: gave up on an event after 1 attempt (HTTP 404)`);
    expect(rx.bodies.map(legacy)).toEqual([{ at: '2026-07-14T10:00:01.000Z', kind: 'leave', message: 'Alice left the server' }]);
  });
});
