// A scripted hour of a Palworld server against the Discord test receiver (issue 41): joins,
// leaves, a crash and its return, a restart countdown and the restart, a backup and its off-site
// copy. The status card runs as serve runs it (StatusCards, its 15 s look, 2 s least gap,
// Discord's rate-limit headers honoured), on a clock sped up SCALE times: one simulated second is
// 1000/SCALE real milliseconds, and the receiver's bucket (Discord's 5 requests per 2 s per
// webhook) is scaled alike. Prints every request of the card with its simulated time and the gap
// since the one before, then a summary.
//   npx tsx bench/discord/card-hour.ts [scale=60]
import { StatusCards } from '../../src/actions/status-card.js';
import type { CardFacts } from '../../src/actions/status-card-embed.js';
import { RateGate } from '../../src/actions/webhook-rate.js';
import { webhookSend } from '../../src/actions/webhook-send.js';
import type { LiveSnapshot } from '../../src/domain/live.js';
import { openStore } from '../../src/store/index.js';
import { chatReceiver, DISCORD_TOKEN } from '../../test/helpers/chat-receiver.js';
import { tempDir } from '../../test/helpers/temp.js';

const SCALE = Number(process.argv[2] ?? 60);
const simMs = (sec: number) => (sec * 1000) / SCALE;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const rx = await chatReceiver();
  rx.bucket = { limit: 5, windowMs: simMs(2) };
  const store = await openStore(tempDir('palpanel-bench-'));
  const hook = store.webhooks.add('discord', rx.discordUrl, 'cli', { allowPrivate: true, statusCard: true });
  const t0 = Date.now();
  const simNow = () => ((Date.now() - t0) * SCALE) / 1000;
  const online = new Set(['Aiko', 'Bjorn']);
  let reachable = true;
  let upSince = 0;
  let countdown: CardFacts['countdown'] = null;
  let lastBackup: CardFacts['lastBackup'] = null;
  const snapshot = (): LiveSnapshot => ({
    reachable,
    info: { name: 'Pal Island #1', description: '', version: 'v0.6.1', worldGuid: 'B1' },
    metrics: {
      fps: 58,
      fpsAvg: 58,
      frameTimeMs: 17,
      players: online.size,
      maxPlayers: 32,
      day: 40 + Math.floor(simNow() / 1200),
      uptimeSec: Math.floor(simNow() - upSince),
      baseCamps: 4,
    },
    players: [...online].map((name, i) => ({
      name,
      accountName: name,
      playerId: String(i).padStart(32, '0'),
      userId: `steam_${i}`,
      ip: '',
      ping: 30,
      level: 20,
      location: null,
      buildingCount: 0,
    })),
    capturedAt: new Date().toISOString(),
  });
  const cards = new StatusCards({
    store,
    send: webhookSend({ allowPrivate: true }),
    gate: new RateGate(),
    facts: () => ({ live: snapshot(), countdown, nextRestartAt: null, lastBackup }),
    clock: () => new Date(),
    log: () => undefined,
    tickMs: simMs(15),
    minGapMs: simMs(2),
  });
  cards.start();
  const at = (min: number) => ({ min });
  const script: [ReturnType<typeof at>, string, () => void][] = [
    [at(3), 'Chen joins', () => online.add('Chen')],
    [at(7), 'Dmitri joins', () => online.add('Dmitri')],
    [at(12), 'Elena and Farah join (same poll)', () => (online.add('Elena'), online.add('Farah'))],
    [at(15), 'Bjorn leaves', () => online.delete('Bjorn')],
    [at(25), 'the game crashes', () => ((reachable = false), online.clear())],
    [at(27), 'the game is back', () => ((reachable = true), (upSince = simNow()), ['Aiko', 'Chen'].forEach((n) => online.add(n)))],
    [at(30), 'Gabriel joins', () => online.add('Gabriel')],
    [at(35), 'backup made, off-site copy pending', () => (lastBackup = { at: new Date().toISOString(), offsite: 'pending' })],
    [at(36), 'off-site copy done', () => (lastBackup = { ...lastBackup!, offsite: 'copied' })],
    [
      at(40),
      'restart countdown (10 min)',
      () => (countdown = { kind: 'restart', endsAt: new Date(Date.now() + simMs(600)).toISOString(), reason: 'nightly restart' }),
    ],
    [at(50), 'the game restarts (down)', () => ((countdown = null), (reachable = false), online.clear())],
    [at(51), 'the game is up again', () => ((reachable = true), (upSince = simNow()))],
    [at(52), 'Hana and Aiko join', () => (online.add('Hana'), online.add('Aiko'))],
    [at(58), 'Chen leaves', () => online.delete('Chen')],
  ];
  for (const [when, what, act] of script) {
    await sleep(Math.max(0, simMs(when.min * 60) - (Date.now() - t0)));
    act();
    console.log(`# ${fmt(simNow())}  ${what}`);
    // serve looks again at once on an event (a join, a leave, the game unreachable…).
    void cards.refresh();
  }
  await sleep(Math.max(0, simMs(3600) - (Date.now() - t0)));
  await cards.stop();
  console.log(`# ${fmt(simNow())}  palpanel stops`);

  const card = rx.seen.filter((s) => s.path.startsWith('/api/webhooks/'));
  console.log("\nThe card's requests (simulated time, gap since the previous, method, status, what it showed):");
  let prev: number | null = null;
  const gaps: number[] = [];
  for (const s of card) {
    // The receiver counts from its own start; the script from t0.
    const t = ((s.atMs - (t0 - rx.startedAt)) * SCALE) / 1000;
    const gap = prev === null ? null : t - prev;
    if (gap !== null) gaps.push(gap);
    prev = t;
    const e = (s.body as { embeds: { description: string; fields: { name: string; value: string }[] }[] }).embeds[0];
    const players = e.fields.find((f) => f.name.startsWith('Players'))?.name ?? '';
    const path = s.path.replace(DISCORD_TOKEN, '<token>').replace(/^\/api\/webhooks\/1234\/<token>/, '');
    console.log(
      `${fmt(t)}  ${gap === null ? '     -' : `+${gap.toFixed(1).padStart(5)}s`}  ${s.method.padEnd(5)} ${s.status}  ${path || '/'}  ${e.description} ${players}`,
    );
  }
  const n429 = card.filter((s) => s.status === 429).length;
  console.log(
    `\n${card.length} requests in the hour: ${card.filter((s) => s.method === 'POST').length} POST, ${card.filter((s) => s.method === 'PATCH').length} PATCH, ${n429} answered 429; ` +
      `least gap ${Math.min(...gaps).toFixed(1)} s, median ${median(gaps).toFixed(1)} s (simulated; scale ${SCALE}x); message id kept: ${store.webhooks.cardMessage(hook.id)}`,
  );
  store.close();
  await rx.close();
}

const fmt = (sec: number) => `${String(Math.floor(sec / 60)).padStart(2, '0')}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await main();
