// The status card through the whole of `serve` (issue 41): the project's simulated game polled
// over real sockets, a receiver that holds to Discord's webhook contract; the card is posted once
// with the game's name and players, edited as a player leaves, turned offline when the game goes
// away and when palpanel stops, and after a restart on the same data dir edited again — never
// posted twice.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe } from '../../src/app/serve.js';
import { createLogger } from '../../src/lib/logger.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { chatReceiver } from '../helpers/chat-receiver.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { liveSettings } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

type Embed = { title: string; description: string; fields: { name: string; value: string }[] };
const embedOf = (m: unknown) => (m as { embeds: Embed[] }).embeds[0];

describe('status card through serve and the simulated game', () => {
  it('posted once, edited as things change, offline on outage and stop, edited again after a restart', async () => {
    const rx = await chatReceiver();
    cleanup.push(() => rx.close());
    const saveDir = tempDir('palpanel-save-');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const sim = await startSimGameServer({
      churnPeriodMs: 0,
      serverName: 'Sim Island',
      players: [
        { uid: '00000000-0000-0000-0000-000000000001', name: '@everyone', level: 10 },
        { uid: '00000000-0000-0000-0000-000000000002', name: 'Bob', level: 12 },
      ],
    });
    cleanup.push(() => sim.close());
    const settings = liveSettings(saveDir, sim, { SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' });
    const start = () => startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    let server = await start();
    let stopped = false;
    cleanup.push(() => (stopped ? undefined : server.stop()));
    const hook = server.store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true, events: ['crash'] });
    const shown = () => {
      const id = server.store.webhooks.cardMessage(hook.id);
      return id ? embedOf(rx.messages.get(id)) : undefined;
    };
    await waitFor('the card with both players', () => (shown()?.fields[0]?.name === 'Players 2/32' ? true : undefined), 15_000);
    expect(shown()!.title).toBe('Sim Island');
    // Nothing was posted before the game was first read.
    expect(embedOf(rx.seen[0].body).description).toBe('🟢 Online');
    expect(shown()!.fields[0].value).toBe('@\u200beveryone, Bob');

    sim.control.setOnline(['00000000-0000-0000-0000-000000000002']);
    await waitFor('the card with one player', () => (shown()?.fields[0]?.name === 'Players 1/32' ? true : undefined), 15_000);
    await sim.control.setMode('unreachable');
    await waitFor('offline on outage', () => (shown()?.description.startsWith('🔴') ? true : undefined), 15_000);
    await sim.control.setMode('ok');
    await waitFor('online again', () => (shown()?.description.startsWith('🟢') ? true : undefined), 15_000);
    const messageId = server.store.webhooks.cardMessage(hook.id);

    stopped = true;
    await server.stop();
    expect(embedOf(rx.messages.get(messageId!)).description).toBe('⚫ Offline: palpanel stopped');

    server = await start();
    stopped = false;
    await waitFor('online after the restart', () => (shown()?.description.startsWith('🟢') ? true : undefined), 15_000);
    expect(server.store.webhooks.cardMessage(hook.id)).toBe(messageId);
    // The card's requests (the crash the webhook chose is a message of its own, posted without wait).
    const card = rx.seen.filter((s) => s.path.includes('?wait=true') || s.path.includes('/messages/'));
    const messages = rx.seen.filter((s) => s.path.startsWith('/api/webhooks/') && !card.includes(s));
    expect(messages.map((s) => embedOf(s.body).description)).toEqual([
      expect.stringMatching(/^Sim Island: The game server crashed/),
      expect.stringMatching(/^Sim Island: The game server is back after a crash/),
    ]);
    expect(card.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(card.every((s) => s.method === 'POST' || s.path.includes(`/messages/${messageId}`))).toBe(true);
    expect(card.every((s) => s.status === 200)).toBe(true);
  }, 60_000);
});
