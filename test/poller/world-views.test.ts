import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import type { GameDataCache } from '../../src/domain/live.js';
import { GameDataPoller } from '../../src/poller/game-data-poller.js';
import { baseWorkers, hpPercent, indexSavePals, worldSummary } from '../../src/poller/world-views.js';
import { ALICE, BASE_PALS, BOB, PLAYERS, SAVE_PALS } from '../sim/sample-world.js';

const NOW = new Date('2026-07-01T12:00:00.000Z');
let sim: SimGameServer;
let client: GameRestClient;
let cache: GameDataCache;
const lookup = indexSavePals(SAVE_PALS);

beforeAll(async () => {
  sim = await startSimGameServer({ players: PLAYERS, basePals: BASE_PALS });
  sim.control.setOnline([ALICE, BOB]);
  client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
  const p = new GameDataPoller({ source: client, enabled: true, intervalMs: 1000 });
  await p.pollOnce(NOW);
  cache = p.getCache(NOW);
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

describe('world summary', () => {
  it('counts actors by the interface.md mapping and links base pals to the save', () => {
    const s = worldSummary(cache, lookup);
    expect(Object.keys(s).sort()).toEqual([
      'activity',
      'capturedAt',
      'counts',
      'fps',
      'fpsAvg',
      'lastAttemptAt',
      'linkedBasePals',
      'state',
    ]);
    expect(s.state).toBe('ready');
    expect(s.capturedAt).toBe(NOW.toISOString());
    expect(s.counts).toEqual({ players: 2, partyPals: 2, basePals: 7, wildPals: 4, npcs: 2, palBoxes: 2, unknown: 2 });
    // Characters: 2 players, 2 party pals, 7 base pals, 4 wild, 2 NPCs, 1 of unknown unit type.
    expect(Object.values(s.activity).reduce((a, b) => a + b, 0)).toBe(18);
    expect(Object.keys(s.activity).sort()).toEqual([
      'combat',
      'eating',
      'idle',
      'inactive',
      'incapacitated',
      'moving',
      'sleeping',
      'transporting',
      'unknown',
      'working',
    ]);
    // Three of the four sim base pals are placed at a base in the save; the fourth is boxed.
    expect(s.linkedBasePals).toBe(3);
    expect(s.fps).toBeGreaterThan(0);
  });

  it('is all zeros, without timestamps, before any data', () => {
    for (const state of ['pending', 'disabled'] as const) {
      const s = worldSummary({ state, actors: [] }, lookup);
      expect(s).toEqual({
        state,
        fps: 0,
        fpsAvg: 0,
        counts: { players: 0, partyPals: 0, basePals: 0, wildPals: 0, npcs: 0, palBoxes: 0, unknown: 0 },
        activity: {
          working: 0,
          transporting: 0,
          eating: 0,
          sleeping: 0,
          idle: 0,
          inactive: 0,
          combat: 0,
          incapacitated: 0,
          moving: 0,
          unknown: 0,
        },
        linkedBasePals: 0,
      });
    }
  });
});

describe('base workers', () => {
  it('lists only exact save-linked workers, with exactly the spec fields', () => {
    const w = baseWorkers(cache, lookup);
    expect(w.state).toBe('ready');
    expect(w.capturedAt).toBe(NOW.toISOString());
    expect(Object.keys(w).sort()).toEqual(['capturedAt', 'state', 'workers']);
    expect(w.workers.map((x) => x.instanceId)).toEqual([SAVE_PALS[0].instanceId, SAVE_PALS[1].instanceId, SAVE_PALS[2].instanceId]);
    const [anubis, mammorest, cat] = w.workers;
    expect(Object.keys(anubis).sort()).toEqual([
      'active',
      'activity',
      'baseId',
      'characterId',
      'displayName',
      'hpPercent',
      'instanceId',
      'isBoss',
      'level',
      'ownerName',
      'ownerSource',
      'ownerUid',
    ]);
    expect(anubis).toMatchObject({
      characterId: 'Anubis',
      displayName: 'Anubis',
      isBoss: false,
      level: 40,
      active: true,
      ownerUid: ALICE,
      ownerName: 'Alice',
      ownerSource: 'save',
    });
    expect(anubis.hpPercent).toBeGreaterThan(0);
    expect(anubis.hpPercent).toBeLessThanOrEqual(100);
    // Unresolved owner → the optional owner fields are absent, not empty.
    expect(Object.keys(mammorest)).not.toContain('ownerUid');
    expect(mammorest).toMatchObject({ isBoss: true, displayName: 'Mammorest', baseId: 'b0000000-0000-0000-0000-000000000001' });
    expect(cat.baseId).toBe('b0000000-0000-0000-0000-000000000002');
  });

  it('omits everything when the cache holds no data', () => {
    expect(baseWorkers({ state: 'unsupported', capturedAt: NOW.toISOString(), actors: [] }, lookup)).toEqual({
      state: 'unsupported',
      capturedAt: NOW.toISOString(),
      workers: [],
    });
  });

  it('hpPercent is HP / MaxHP × 100, 0 when MaxHP is 0', () => {
    expect(hpPercent(500, 1000)).toBe(50);
    expect(hpPercent(1, 3)).toBe(33.33);
    expect(hpPercent(10, 0)).toBe(0);
    expect(hpPercent(200, 100)).toBe(100);
  });
});

describe('redaction', () => {
  it('a deep scan of summary and workers finds no actor name, runtime id, guild or IP', () => {
    const text = JSON.stringify([worldSummary(cache, lookup), baseWorkers(cache, lookup)]);
    const secrets = sim.control.sensitiveStrings();
    expect(secrets.length).toBeGreaterThan(20);
    for (const s of secrets) expect(text).not.toContain(s);
    for (const word of ['Location', 'Trainer', 'Guild', 'userid', '"ip"', 'WorkerWork', 'TransportItem', 'NickName', '203.0.113']) {
      expect(text).not.toContain(word);
    }
    // Runtime spellings of the matched ids (compound, braced, bare upper-case) never appear either.
    expect(text).not.toMatch(/[0-9A-F]{32}/);
  });
});
