// The live status card (issue 41) against a receiver that holds to Discord's documented webhook
// contract (test/helpers/chat-receiver.ts), on real sockets, with the real store on a temp dir:
// posted once and then only edited (across a restart), offline on an outage and at stop,
// re-posted after a 404, spaced under a 429 storm with the final state kept, and within
// Discord's limits with 32 players online and long names.
import { afterEach, describe, expect, it } from 'vitest';
import { StatusCards } from '../../src/actions/status-card.js';
import { embedChars, type CardFacts } from '../../src/actions/status-card-embed.js';
import { RateGate } from '../../src/actions/webhook-rate.js';
import { webhookSend } from '../../src/actions/webhook-send.js';
import type { LiveSnapshot, OnlinePlayer } from '../../src/domain/live.js';
import { openStore, type Store } from '../../src/store/index.js';
import { chatReceiver, DISCORD_TOKEN, type ChatReceiver } from '../helpers/chat-receiver.js';
import { tempDir } from '../helpers/cli.js';
import { silentLog } from '../helpers/fixture.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const player = (name: string, i: number): OnlinePlayer => ({
  name,
  accountName: name,
  playerId: i.toString(16).padStart(32, '0'),
  userId: `steam_${i}`,
  ip: '10.0.0.1',
  ping: 20,
  level: 10,
  location: null,
  buildingCount: 0,
});

function live(names: string[], reachable = true): LiveSnapshot {
  return {
    reachable,
    info: { name: 'Pal Island #1', description: '', version: 'v0.6.1', worldGuid: 'ABC' },
    metrics: { fps: 59.6, fpsAvg: 58, frameTimeMs: 16, players: names.length, maxPlayers: 32, day: 41, uptimeSec: 7_380, baseCamps: 3 },
    players: names.map(player),
    capturedAt: new Date().toISOString(),
  };
}

async function rig(dir = tempDir()) {
  const rx = await chatReceiver();
  cleanup.push(() => rx.close());
  return { rx, dir };
}

function cards(store: Store, facts: { now: CardFacts }, minGapMs = 30) {
  const c = new StatusCards({
    store,
    send: webhookSend({ allowPrivate: true }),
    gate: new RateGate(),
    facts: () => facts.now,
    clock: () => new Date(),
    log: silentLog,
    tickMs: 3_600_000,
    minGapMs,
  });
  return c;
}

const discordCalls = (rx: ChatReceiver) => rx.seen.filter((s) => s.path.startsWith('/api/webhooks/'));
const embedOf = (body: unknown) =>
  (body as { embeds: { title: string; description: string; color: number; fields: { name: string; value: string }[] }[] }).embeds[0];

describe('status card', () => {
  it('is posted once with ?wait=true and then only edited, across a restart of palpanel', async () => {
    const { rx, dir } = await rig();
    let store = await openStore(dir);
    const hook = store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true, events: ['join'] });
    const facts = { now: { live: live(['Alice']), countdown: null, nextRestartAt: null, lastBackup: null } as CardFacts };
    let c = cards(store, facts);
    await c.refresh();
    await c.idle();
    facts.now = { ...facts.now, live: live(['Alice', 'Bob']) };
    await c.refresh();
    await c.idle();
    // Nothing changed: nothing sent.
    await c.refresh();
    await c.idle();
    const id = store.webhooks.cardMessage(hook.id);
    expect(id).not.toBeNull();
    store.close();

    store = await openStore(dir);
    cleanup.push(() => store.close());
    expect(store.webhooks.cardMessage(hook.id)).toBe(id);
    c = cards(store, facts);
    facts.now = { ...facts.now, live: live(['Bob']) };
    await c.refresh();
    await c.idle();
    const calls = discordCalls(rx).map((s) => `${s.method} ${s.path.replace(DISCORD_TOKEN, 'T')} ${s.status}`);
    expect(calls).toEqual([
      'POST /api/webhooks/1234/T?wait=true 200',
      `PATCH /api/webhooks/1234/T/messages/${id} 200`,
      `PATCH /api/webhooks/1234/T/messages/${id} 200`,
    ]);
    expect(embedOf(rx.messages.get(id!)).fields[0]).toEqual({ name: 'Players 1/32', value: 'Bob', inline: false });
  });

  it('turns offline (red) when the game goes away, and (grey) when palpanel stops', async () => {
    const { rx, dir } = await rig();
    const store = await openStore(dir);
    cleanup.push(() => store.close());
    store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true });
    const facts = { now: { live: live(['Alice']), countdown: null, nextRestartAt: null, lastBackup: null } as CardFacts };
    const c = cards(store, facts);
    await c.refresh();
    await c.idle();
    facts.now = { ...facts.now, live: live([], false) };
    await c.refresh();
    await c.idle();
    const outage = embedOf(discordCalls(rx).at(-1)!.body);
    expect(outage.description).toBe('🔴 Offline: the game is not answering');
    expect(outage.color).toBe(0xed4245);
    facts.now = { ...facts.now, live: live(['Alice']) };
    await c.stop();
    const last = discordCalls(rx).at(-1)!;
    expect(last.method).toBe('PATCH');
    expect(embedOf(last.body).description).toBe('⚫ Offline: palpanel stopped');
    expect(embedOf(last.body).color).toBe(0x747f8d);
  });

  it('posts a new card when the old message was deleted (404), and edits that one from then on', async () => {
    const { rx, dir } = await rig();
    const store = await openStore(dir);
    cleanup.push(() => store.close());
    const hook = store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true });
    const facts = { now: { live: live(['Alice']), countdown: null, nextRestartAt: null, lastBackup: null } as CardFacts };
    const c = cards(store, facts);
    await c.refresh();
    await c.idle();
    const first = store.webhooks.cardMessage(hook.id)!;
    rx.messages.delete(first);
    facts.now = { ...facts.now, live: live(['Alice', 'Zoe']) };
    await c.refresh();
    await waitFor('re-posted', () =>
      store.webhooks.cardMessage(hook.id) && store.webhooks.cardMessage(hook.id) !== first ? true : undefined,
    );
    await c.idle();
    const second = store.webhooks.cardMessage(hook.id)!;
    facts.now = { ...facts.now, live: live(['Zoe']) };
    await c.refresh();
    await c.idle();
    expect(discordCalls(rx).map((s) => `${s.method} ${s.status}`)).toEqual(['POST 200', 'PATCH 404', 'POST 200', 'PATCH 200']);
    expect(discordCalls(rx).at(-1)!.path).toContain(`/messages/${second}`);
  });

  it('under a 429 storm, edits wait out retry_after and the final state is the one shown', async () => {
    const { rx, dir } = await rig();
    const store = await openStore(dir);
    cleanup.push(() => store.close());
    const hook = store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true });
    const facts = { now: { live: live([]), countdown: null, nextRestartAt: null, lastBackup: null } as CardFacts };
    const c = cards(store, facts, 10);
    await c.refresh();
    await c.idle();
    rx.storm = { left: 4, retryAfterSec: 0.25 };
    for (let i = 1; i <= 12; i++) {
      facts.now = { ...facts.now, live: live(Array.from({ length: i }, (_, k) => `P${k}`)) };
      await c.refresh();
      await new Promise((r) => setTimeout(r, 15));
    }
    await waitFor('the last state shown', () => {
      const m = rx.messages.get(store.webhooks.cardMessage(hook.id)!);
      return m && embedOf(m).fields[0].name === 'Players 12/32' ? true : undefined;
    });
    await c.idle();
    const calls = discordCalls(rx);
    expect(calls.filter((s) => s.method === 'POST')).toHaveLength(1);
    // After each 429, the next request came no sooner than its retry_after.
    for (let i = 1; i < calls.length; i++)
      if (calls[i - 1].status === 429) expect(calls[i].atMs - calls[i - 1].atMs).toBeGreaterThanOrEqual(240);
    // Never over the bucket: no 429 beyond the four of the storm.
    expect(calls.filter((s) => s.status === 429)).toHaveLength(4);
  });

  it('stays within Discord limits with 32 players online and long names full of markdown and mentions', async () => {
    const { rx, dir } = await rig();
    const store = await openStore(dir);
    cleanup.push(() => store.close());
    store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true });
    const names = Array.from({ length: 32 }, (_, i) => `@everyone **${i}** <@123> ${'_~`|>'.repeat(12)}`.slice(0, 64));
    const facts = {
      now: {
        live: live(names),
        countdown: { kind: 'restart', endsAt: new Date(Date.now() + 600_000).toISOString(), reason: `@here ${'x'.repeat(2000)}` },
        nextRestartAt: null,
        lastBackup: { at: new Date().toISOString(), offsite: 'failed' },
      } as CardFacts,
    };
    const c = cards(store, facts);
    await c.refresh();
    await c.idle();
    const [post] = discordCalls(rx);
    expect(post.status).toBe(200);
    const e = embedOf(post.body);
    expect(embedChars(e)).toBeLessThanOrEqual(6000);
    expect(e.fields[0].name).toBe('Players 32/32');
    expect(e.fields[0].value).toMatch(/ and 12 more$/);
    expect(e.fields[0].value).not.toMatch(/(^|[^\u200b])@everyone/);
    expect(e.fields[0].value).not.toContain('**0**');
    expect((post.body as { allowed_mentions: unknown }).allowed_mentions).toEqual({ parse: [] });
  });

  it('reads X-RateLimit-Remaining and -Reset-After: a bucket emptied is waited out, so no request is ever refused', async () => {
    const { rx, dir } = await rig();
    const store = await openStore(dir);
    cleanup.push(() => store.close());
    const hook = store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true });
    rx.bucket = { limit: 2, windowMs: 600 };
    const facts = { now: { live: live([]), countdown: null, nextRestartAt: null, lastBackup: null } as CardFacts };
    const c = cards(store, facts, 0);
    for (let i = 1; i <= 8; i++) {
      facts.now = { ...facts.now, live: live(Array.from({ length: i }, (_, k) => `P${k}`)) };
      await c.refresh();
      await new Promise((r) => setTimeout(r, 60));
    }
    await waitFor('the last state shown', () => {
      const m = rx.messages.get(store.webhooks.cardMessage(hook.id) ?? '');
      return m && embedOf(m).fields[0].name === 'Players 8/32' ? true : undefined;
    });
    const calls = discordCalls(rx);
    expect(calls.filter((s) => s.status === 429)).toEqual([]);
    // Two per 600 ms at most: any three in a row span the window.
    for (let i = 2; i < calls.length; i++) expect(calls[i].atMs - calls[i - 2].atMs).toBeGreaterThanOrEqual(590);
  });
});
