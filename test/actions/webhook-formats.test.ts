// The webhook formats (issue 41) against a receiver that holds to each service's documented
// contract (test/helpers/chat-receiver.ts): Discord embeds with the templates filled and every
// player-chosen value escaped (no ping, no markdown), Slack's `ok`, ntfy's headers, the JSON
// schema signed with HMAC-SHA256 and checked by the receiver with the secret; a kick only where
// kicks were chosen; and the webhook's token never in a viewer's answer, a log line or an error.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Notifier } from '../../src/actions/notifier.js';
import { renderEvent } from '../../src/actions/webhook-render.js';
import { BACKUP_COPY_FAILED } from '../../src/domain/event-texts.js';
import { webhookSend } from '../../src/actions/webhook-send.js';
import { chatReceiver, DISCORD_TOKEN, type ChatReceiver } from '../helpers/chat-receiver.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN, panelHarness, VIEWER } from '../http/panel-harness.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const SECRET = 'a-long-shared-secret-0123456789';
const at = '2026-07-14T10:00:00.000Z';
const kick = { actor: 'user:admin' as const, action: 'player.kick' as const, target: '02FF152C000000000000000000000000', at };

async function rig(logs: string[] = []) {
  const h = await panelHarness(undefined, { webhookAllowPrivate: true });
  cleanup.push(() => h.ts.cleanup());
  const rx: ChatReceiver = await chatReceiver();
  cleanup.push(() => rx.close());
  const notifier = new Notifier({
    store: h.ts.store,
    log: (_l, m) => void logs.push(m),
    allowPrivate: true,
    retryBaseMs: 5,
    maxAttempts: 2,
    context: () => ({ server: 'Pal *Island*', players: 3, max: 32 }),
  });
  cleanup.push(notifier.start());
  const admin = await h.login(ADMIN);
  const viewer = await h.login(VIEWER);
  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    h.send({ method, path: `/api/v1${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { ts: h.ts, rx, notifier, admin, viewer, send };
}

/** What the receiver with the secret does: recompute the HMAC over the raw body, compare in constant time. */
function signedBySecret(raw: string, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const want = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const got = Buffer.from(header.slice(7));
  return got.length === want.length && timingSafeEqual(got, want);
}

describe('webhook formats and templates', () => {
  it('fills templates, escapes names per format, sends kicks only where kicks were chosen, signs JSON', async () => {
    const { ts, rx, notifier, admin, send } = await rig();
    const made = async (body: object) => (await send('POST', '/webhooks', admin, body)).json.data as { id: string };
    await made({
      format: 'discord',
      url: rx.discordUrl,
      events: ['join', 'kick'],
      templates: { kick: '{player} was booted: {reason} ({players}/{max})' },
    });
    await made({ format: 'slack', url: rx.slackUrl, events: ['join'] });
    await made({ format: 'ntfy', url: rx.ntfyUrl, events: ['join', 'kick'] });
    await made({ format: 'json', url: rx.jsonUrl, events: ['join'], secret: SECRET });
    ts.store.events.append({ at, kind: 'join', message: '@everyone **x** <!here> joined the server' });
    ts.store.audit.note({ ...kick, targetName: '[Ünïcode](http://evil)', detail: 'steam_1: spamming @here' });
    await waitFor('all delivered', () => (rx.seen.length === 6 ? true : undefined));
    await notifier.idle();
    const by = (p: string) => rx.seen.filter((s) => s.path.startsWith(p));

    const discord = by('/api/webhooks/');
    expect(discord.map((s) => s.status)).toEqual([204, 204]);
    const dJoin = discord[0].body as { embeds: { description: string; color: number }[]; allowed_mentions: unknown };
    expect(dJoin.allowed_mentions).toEqual({ parse: [] });
    expect(dJoin.embeds[0].description).toBe('@\u200beveryone \\*\\*x\\*\\* \\<!here\\> joined Pal \\*Island\\* (3/32 online)');
    expect(dJoin.embeds[0].color).toBe(0x3ba55d);
    const dKick = discord[1].body as { embeds: { description: string }[] };
    expect(dKick.embeds[0].description).toBe('\\[Ünïcode\\]\\(http\\://evil\\) was booted: spamming @\u200bhere (3/32)');

    const slack = by('/slack/');
    expect(slack).toHaveLength(1);
    expect(slack[0].status).toBe(200);
    expect((slack[0].body as { text: string }).text).toBe(
      '@\u200beveryone \u200b*\u200b\u200b*\u200bx\u200b*\u200b\u200b*\u200b &lt;!here&gt; joined Pal \u200b*\u200bIsland\u200b*\u200b (3/32 online)',
    );

    const ntfy = by('/ntfy/');
    expect(ntfy.map((s) => [s.headers.title, s.headers.priority, s.headers.tags])).toEqual([
      ['Pal *Island*: join', '2', 'green_circle'],
      ['Pal *Island*: kick', '3', 'boot'],
    ]);
    expect(ntfy[1].raw).toBe('[Ünïcode](http://evil) was kicked from Pal *Island*: spamming @here');

    const json = by('/hooks/');
    expect(json).toHaveLength(1);
    expect(json[0].body).toMatchObject({
      schema: 'palpanel.webhook/1',
      kind: 'join',
      time: at,
      fields: { player: '@everyone **x** <!here>', server: 'Pal *Island*', players: '3', max: '32' },
    });
    expect(signedBySecret(json[0].raw, json[0].headers['x-palpanel-signature'] as string, SECRET)).toBe(true);
    expect(signedBySecret(json[0].raw.replace('join', 'leave'), json[0].headers['x-palpanel-signature'] as string, SECRET)).toBe(false);
    expect(signedBySecret(json[0].raw, json[0].headers['x-palpanel-signature'] as string, 'another-secret-0123456789')).toBe(false);
  });

  it('refuses what a format cannot do and bad templates (400), changing nothing', async () => {
    const { admin, send, rx } = await rig();
    const bad = [
      { format: 'slack', url: rx.slackUrl, statusCard: true },
      { format: 'discord', url: rx.discordUrl, secret: SECRET },
      { format: 'json', url: rx.jsonUrl, secret: 'short' },
      { format: 'json', url: rx.jsonUrl, templates: { join: '' } },
      { format: 'json', url: rx.jsonUrl, templates: { moderation: 'x' } },
      { format: 'json', url: rx.jsonUrl, templates: { join: 'x'.repeat(1001) } },
    ];
    for (const b of bad) expect((await send('POST', '/webhooks', admin, b)).status, JSON.stringify(b).slice(0, 80)).toBe(400);
    expect((await send('GET', '/webhooks', admin)).json.data).toEqual([]);
  });

  it('never shows the token: not to a viewer, not in the list, a log line, the audit or the failure it keeps', async () => {
    const logs: string[] = [];
    const { ts, rx, notifier, admin, viewer, send } = await rig(logs);
    // A webhook whose token the service refuses, and which echoes the URL in its error.
    const wrong = rx.discordUrl.replace(DISCORD_TOKEN, `${DISCORD_TOKEN}-old`);
    const made = await send('POST', '/webhooks', admin, { format: 'discord', url: wrong, events: ['join'] });
    expect(made.status).toBe(201);
    ts.store.events.append({ at, kind: 'join', message: 'Alice joined the server' });
    await waitFor('given up', () => logs.find((l) => l.includes('gave up')));
    await notifier.idle();
    const test = await send('POST', `/webhooks/${made.json.data.id}/test`, admin);
    const viewerList = await send('GET', '/webhooks', viewer);
    expect(viewerList.status).toBe(403);
    const list = await send('GET', '/webhooks', admin);
    expect(list.json.data[0].lastError.text).toBe('HTTP 401: Invalid Webhook Token (code 50027)');
    expect(list.json.data[0].urlHint).toBe(`${rx.base}/api/webhooks/1234/…`);
    for (const text of [
      JSON.stringify(list.json),
      JSON.stringify(viewerList.json),
      JSON.stringify(test.json),
      logs.join('\n'),
      JSON.stringify(ts.store.audit.list({ limit: 50 }).data),
    ])
      expect(text).not.toContain(DISCORD_TOKEN);
  });

  it('ntfy: a title beyond ASCII goes as an RFC 2047 encoded word the receiver decodes; Slack answers ok', async () => {
    const rx = await chatReceiver();
    cleanup.push(() => rx.close());
    const send = webhookSend({ allowPrivate: true });
    const e = { kind: 'join', at, message: 'パル joined the server', fields: { player: 'パル', server: '帕鲁岛' } };
    const n = renderEvent({ format: 'ntfy', templates: {}, secret: null }, e);
    expect((await send(rx.ntfyUrl, n.body, { headers: n.headers })).status).toBe(200);
    const title = rx.seen[0].headers.title as string;
    const m = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(title);
    expect(Buffer.from(m![1], 'base64').toString('utf8')).toBe('帕鲁岛: join');
    expect(rx.seen[0].raw).toBe('パル joined 帕鲁岛 (?/? online)');
    const sl = renderEvent({ format: 'slack', templates: {}, secret: null }, e);
    const answer = await send(rx.slackUrl, sl.body, { headers: sl.headers });
    expect([answer.status, answer.text]).toEqual([200, 'ok']);
  });

  it("an event message never goes over Discord's limits, whatever the template and the names", async () => {
    const { ts, rx, notifier, admin, send } = await rig();
    // 1,000 characters of placeholders, each a 64-character name of markdown: far over 4,096 once filled and escaped.
    const template = '{player}'.repeat(125);
    expect(
      (await send('POST', '/webhooks', admin, { format: 'discord', url: rx.discordUrl, events: ['join'], templates: { join: template } }))
        .status,
    ).toBe(201);
    ts.store.events.append({ at, kind: 'join', message: `${'*_`'.repeat(21)}@ joined the server` });
    await waitFor('delivered', () => (rx.seen.length === 1 ? true : undefined));
    await notifier.idle();
    expect(rx.seen[0].status).toBe(204);
    const d = (rx.seen[0].body as { embeds: { description: string }[] }).embeds[0].description;
    expect(d.length).toBeLessThanOrEqual(4096);
    expect(d.endsWith('…')).toBe(true);
  });

  it('an event reaches a webhook that chose any of its kinds, once, worded as its own kind', async () => {
    const { ts, rx, notifier, admin, send } = await rig();
    await send('POST', '/webhooks', admin, { format: 'json', url: rx.jsonUrl, events: ['backup'] });
    await send('POST', '/webhooks', admin, { format: 'slack', url: rx.slackUrl, events: ['offsite', 'warning', 'backup'] });
    await send('POST', '/webhooks', admin, { format: 'ntfy', url: rx.ntfyUrl, events: ['join'] });
    ts.store.events.append({ at, kind: 'backup', message: `${BACKUP_COPY_FAILED}: rclone exited with status 1` });
    await waitFor('delivered', () => (rx.seen.length === 2 ? true : undefined));
    await notifier.idle();
    // Each webhook delivers on its own: the order between them is not fixed.
    const by = (p: string) => rx.seen.filter((s) => s.path.startsWith(p));
    expect(by('/ntfy/')).toEqual([]);
    expect(by('/hooks/').map((s) => s.body)).toEqual([
      expect.objectContaining({ kind: 'offsite', text: 'The off-site copy of a backup failed: rclone exited with status 1' }),
    ]);
    expect(by('/slack/').map((s) => s.body)).toEqual([{ text: 'The off-site copy of a backup failed: rclone exited with status 1' }]);
  });
});
