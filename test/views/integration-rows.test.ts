// The Integration API's rows, rule by rule (spec: Resources and their fields, Derived value
// sets, Endpoints rules 8 and 9, Redaction). views/world-rows.ts and views/live-rows.ts build every
// row by allowlist; the route tests go through them with well-formed data only, so a changed
// condition in a builder could pass them (issue 26: the mutants Stryker found surviving). Each
// test here gives one rule the inputs that tell it from its near misses: the value just inside
// and just outside a bound, a field absent, of the wrong type or not finite. Inputs have the
// shapes the callers pass (LiveSnapshot, ParseInfo, WorldPlayer, WorldPal, WorldGuild, the
// game-data views); a field of the wrong type is cast in on purpose, as a LiveSource or an
// older stored row may hand it over, and every row is also checked against the contract's
// schema.
import { describe, expect, it } from 'vitest';
import {
  BACKUP_COPY_FAILED,
  BACKUP_TEXT,
  DRIFT_DETECTED,
  DRIFT_RESOLVED,
  SYSTEM_PASSWORD_REFUSED,
  SYSTEM_REACHABLE,
  SYSTEM_UNREACHABLE,
} from '../../src/domain/event-texts.js';
import { type LiveSnapshot, type ServerInfo, type ServerMetrics } from '../../src/domain/live.js';
import { ACTIVITIES, GAME_DATA_STATES } from '../../src/contract/vocabulary.js';
import type { WorldGuild, WorldPal, WorldPlayer } from '../../src/domain/world.js';
import { eventRows, isRunning, metrics, serverStatus, worldSummary, worldWorkers } from '../../src/views/live-rows.js';
import {
  GuildSchema,
  MetricsSchema,
  PalSchema,
  PalWithOwnerSchema,
  PlayerSchema,
  ServerStatusSchema,
  WorldSummarySchema,
  WorldWorkersSchema,
  type WorkerRow,
  type WorldSummary,
  type WorldWorkers,
} from '../../src/contract/integration-rows.js';
import { guildRow, palRow, palWithOwnerRow, playerRow, utc } from '../../src/views/world-rows.js';
import type { PlayerTimes } from '../../src/store/player-history.js';
import type { ParseInfo } from '../../src/store/world.js';

/** A value of the wrong type where the type says otherwise: what a field may hold at run time. */
const anyway = <T>(v: unknown): T => v as T;

const T0 = '2026-07-14T09:30:00.000Z';
const UID = '00000000-0000-0000-0000-000000000001';

// ---- world rows (world-rows.ts) ----

describe('utc: the one timestamp form served (RFC 3339 UTC with milliseconds)', () => {
  it('keeps a timestamp already in that form', () => {
    expect(utc(T0)).toBe(T0);
    expect(utc('1999-12-31T23:59:59.999Z')).toBe('1999-12-31T23:59:59.999Z');
  });

  it('writes any other parsable date in that form: no fraction, ticks, an offset', () => {
    expect(utc('2026-07-14T09:30:00Z')).toBe(T0);
    expect(utc('2026-07-14T09:30:00.1234567Z')).toBe('2026-07-14T09:30:00.123Z');
    expect(utc('2026-07-14T11:30:00+02:00')).toBe(T0);
  });

  it('is undefined for no value, a value that is not a date, and a date beyond four-digit years', () => {
    expect(utc(undefined)).toBeUndefined();
    expect(utc(null)).toBeUndefined();
    expect(utc('')).toBeUndefined();
    expect(utc('not a date')).toBeUndefined();
    expect(utc('2026-13-45T99:99:99Z')).toBeUndefined();
    expect(utc('+275760-09-13T00:00:00.000Z')).toBeUndefined();
  });

  it('is undefined for a value that names no real instant, in the served form or any other, never the next day', () => {
    expect(utc('2026-02-30T00:00:00.000Z')).toBeUndefined();
    expect(utc('2026-01-01T24:00:00.000Z')).toBeUndefined();
    expect(utc('2026-02-30T00:00:00Z')).toBeUndefined();
    expect(utc('2026-04-31T09:30:00.1234567Z')).toBeUndefined();
    expect(utc('2026-01-01T24:00:00+02:00')).toBeUndefined();
    expect(utc('2026-01-01T23:59:60.000Z')).toBeUndefined();
    expect(utc('2024-02-29T00:00:00.000Z')).toBe('2024-02-29T00:00:00.000Z');
  });
});

const player = (over: Partial<WorldPlayer> = {}): WorldPlayer => ({ uid: UID, name: 'Anna', level: 12, ...over });
const FALLBACK = '2026-07-01T00:00:00.000Z';

describe('playerRow', () => {
  it('carries uid, name, level and the online flag given', () => {
    const row = playerRow(player(), true, undefined, FALLBACK);
    expect(row).toEqual({ uid: UID, name: 'Anna', online: true, level: 12, firstSeenAt: FALLBACK, lastSeenAt: FALLBACK, playtimeSec: 0 });
    expect(playerRow(player(), false, undefined, FALLBACK).online).toBe(false);
    expect(PlayerSchema.safeParse(row).success).toBe(true);
  });

  it('has guildId and guildName only with a guild; a guild without a name gives an empty guildName', () => {
    const noGuild = playerRow(player(), false, undefined, FALLBACK);
    expect(Object.keys(noGuild)).not.toContain('guildId');
    expect(Object.keys(noGuild)).not.toContain('guildName');
    expect(playerRow(player({ guildId: 'G1', guildName: 'Night Owls' }), false, undefined, FALLBACK)).toMatchObject({
      guildId: 'G1',
      guildName: 'Night Owls',
    });
    const unnamed = playerRow(player({ guildId: 'G1' }), false, undefined, FALLBACK);
    expect(unnamed.guildId).toBe('G1');
    expect(unnamed.guildName).toBe('');
  });

  it('without history dates both first and last seen by the save LastOnlineDateTime, else by the parse', () => {
    const saved = playerRow(player({ lastOnlineAt: '2026-07-10T08:00:00Z' }), false, undefined, FALLBACK);
    expect(saved.firstSeenAt).toBe('2026-07-10T08:00:00.000Z');
    expect(saved.lastSeenAt).toBe('2026-07-10T08:00:00.000Z');
    const none = playerRow(player(), false, undefined, FALLBACK);
    expect([none.firstSeenAt, none.lastSeenAt]).toEqual([FALLBACK, FALLBACK]);
    const unreadable = playerRow(player({ lastOnlineAt: 'garbage' }), false, undefined, FALLBACK);
    expect([unreadable.firstSeenAt, unreadable.lastSeenAt]).toEqual([FALLBACK, FALLBACK]);
  });

  it('with history takes first and last seen from it, each falling back on its own when unreadable', () => {
    const times: PlayerTimes = { firstSeenAt: '2026-06-01T10:00:00Z', lastSeenAt: '2026-07-14T09:30:00.000Z', playtimeSec: 60 };
    const row = playerRow(player({ lastOnlineAt: '2026-07-10T08:00:00.000Z' }), true, times, FALLBACK);
    expect(row.firstSeenAt).toBe('2026-06-01T10:00:00.000Z');
    expect(row.lastSeenAt).toBe(T0);
    const badFirst = playerRow(player({ lastOnlineAt: '2026-07-10T08:00:00.000Z' }), true, { ...times, firstSeenAt: '' }, FALLBACK);
    expect([badFirst.firstSeenAt, badFirst.lastSeenAt]).toEqual(['2026-07-10T08:00:00.000Z', T0]);
    const badLast = playerRow(player(), true, { ...times, lastSeenAt: 'garbage' }, FALLBACK);
    expect([badLast.firstSeenAt, badLast.lastSeenAt]).toEqual(['2026-06-01T10:00:00.000Z', FALLBACK]);
  });

  it('playtimeSec is whole seconds of the history, never negative, 0 without history', () => {
    const at = (playtimeSec: number) => playerRow(player(), false, { firstSeenAt: T0, lastSeenAt: T0, playtimeSec }, FALLBACK).playtimeSec;
    expect(at(3600)).toBe(3600);
    expect(at(3600.9)).toBe(3600);
    expect(at(0)).toBe(0);
    expect(at(-5)).toBe(0);
    expect(playerRow(player(), false, undefined, FALLBACK).playtimeSec).toBe(0);
  });

  it('has the three progression fields only when the save gave them, 0 included', () => {
    const without = playerRow(player(), false, undefined, FALLBACK);
    for (const k of ['captureTotal', 'uniquePalsCaptured', 'paldeckUnlocked']) expect(Object.keys(without)).not.toContain(k);
    const withThem = playerRow(player({ captureTotal: 140, uniquePalsCaptured: 37, paldeckUnlocked: 41 }), false, undefined, FALLBACK);
    expect(withThem).toMatchObject({ captureTotal: 140, uniquePalsCaptured: 37, paldeckUnlocked: 41 });
    const zero = playerRow(player({ captureTotal: 0, uniquePalsCaptured: 0, paldeckUnlocked: 0 }), false, undefined, FALLBACK);
    expect(zero).toMatchObject({ captureTotal: 0, uniquePalsCaptured: 0, paldeckUnlocked: 0 });
    expect(PlayerSchema.safeParse(withThem).success).toBe(true);
  });

  it('leaves out every field the contract does not name (the paldeck stays in the panel)', () => {
    const row = playerRow(
      player({ guildId: 'G1', guildName: 'Night Owls', paldeck: [{ key: 'SheepBall', name: 'Lamball', unlocked: true, captured: 3 }] }),
      false,
      undefined,
      FALLBACK,
    );
    expect(Object.keys(row)).not.toContain('paldeck');
    expect(PlayerSchema.safeParse(row).success).toBe(true);
  });
});

const pal = (over: Partial<WorldPal> = {}): WorldPal => ({
  instanceId: 'A1B2C3D4-0000-0000-0000-000000000001',
  characterId: 'SheepBall',
  displayName: 'Lamball',
  level: 8,
  isAlpha: false,
  isLucky: false,
  inParty: true,
  partySlot: 2,
  boxPage: null,
  boxSlot: null,
  placement: 'party',
  baseId: null,
  hp: 412.5,
  gender: 'female',
  rank: 3,
  talents: { hp: 50, melee: 40, shot: 30, defense: 20 },
  passiveSkillIds: ['Deffence_up1'],
  equippedSkillIds: ['EPalWazaID::Unique_SheepBall_Roll'],
  ownerUid: UID,
  ownerName: 'Anna',
  ownerSource: 'save',
  ownerResolved: true,
  ...over,
});

const PAL_FIELDS = [
  'instanceId',
  'characterId',
  'displayName',
  'level',
  'isAlpha',
  'isLucky',
  'inParty',
  'partySlot',
  'boxPage',
  'boxSlot',
  'placement',
  'baseId',
  'hp',
  'gender',
  'rank',
  'talents',
  'passiveSkillIds',
  'equippedSkillIds',
];

describe('palRow and palWithOwnerRow', () => {
  it('a pal row has exactly the Pal fields, as given, and no owner fields', () => {
    const row = palRow(pal());
    expect(Object.keys(row).sort()).toEqual([...PAL_FIELDS].sort());
    expect(row).toEqual({
      instanceId: 'A1B2C3D4-0000-0000-0000-000000000001',
      characterId: 'SheepBall',
      displayName: 'Lamball',
      level: 8,
      isAlpha: false,
      isLucky: false,
      inParty: true,
      partySlot: 2,
      boxPage: null,
      boxSlot: null,
      placement: 'party',
      baseId: null,
      hp: 412.5,
      gender: 'female',
      rank: 3,
      talents: { hp: 50, melee: 40, shot: 30, defense: 20 },
      passiveSkillIds: ['Deffence_up1'],
      equippedSkillIds: ['EPalWazaID::Unique_SheepBall_Roll'],
    });
    expect(PalSchema.safeParse(row).success).toBe(true);
  });

  it('slots are 0-based integers or null: a negative or fractional slot is null', () => {
    for (const [given, served] of [
      [0, 0],
      [1, 1],
      [29, 29],
      [-1, null],
      [1.5, null],
      [Number.NaN, null],
      [null, null],
    ] as const) {
      const row = palRow(pal({ partySlot: given, boxPage: given, boxSlot: given }));
      expect([row.partySlot, row.boxPage, row.boxSlot], `slot ${given}`).toEqual([served, served, served]);
    }
  });

  it('has a baseId only with placement base (Pal rule 1)', () => {
    expect(palRow(pal({ placement: 'base', baseId: 'B1', inParty: false, partySlot: null })).baseId).toBe('B1');
    expect(palRow(pal({ placement: 'party', baseId: 'B1' })).baseId).toBeNull();
    expect(palRow(pal({ placement: 'unknown', baseId: 'B1' })).baseId).toBeNull();
    expect(palRow(pal({ placement: 'box', baseId: 'B1' })).baseId).toBeNull();
  });

  it("gender is the save's, 'unknown' when it has none", () => {
    expect(palRow(pal({ gender: 'male' })).gender).toBe('male');
    expect(palRow(pal({ gender: 'female' })).gender).toBe('female');
    expect(palRow(pal({ gender: '' })).gender).toBe('unknown');
  });

  it('rank is an integer 1 to 5, null (never 0) otherwise', () => {
    for (const [given, served] of [
      [1, 1],
      [2, 2],
      [4, 4],
      [5, 5],
      [0, null],
      [-1, null],
      [6, null],
      [2.5, null],
      [null, null],
    ] as const) {
      expect(palRow(pal({ rank: given })).rank, `rank ${given}`).toBe(served);
    }
  });

  it('copies the talents and the skill lists: changing the pal afterwards leaves the row as it was', () => {
    const p = pal();
    const row = palRow(p);
    expect(row.passiveSkillIds).not.toBe(p.passiveSkillIds);
    expect(row.equippedSkillIds).not.toBe(p.equippedSkillIds);
    p.passiveSkillIds.push('Rare');
    p.equippedSkillIds.length = 0;
    p.talents.hp = 100;
    expect(row.passiveSkillIds).toEqual(['Deffence_up1']);
    expect(row.equippedSkillIds).toEqual(['EPalWazaID::Unique_SheepBall_Roll']);
    expect(row.talents).toEqual({ hp: 50, melee: 40, shot: 30, defense: 20 });
    expect(palRow(pal({ passiveSkillIds: [], equippedSkillIds: [] }))).toMatchObject({ passiveSkillIds: [], equippedSkillIds: [] });
  });

  it('talents carry exactly hp, melee, shot and defense', () => {
    const withMore = pal({ talents: anyway({ hp: 1, melee: 2, shot: 3, defense: 4, craftSpeed: 9 }) });
    expect(palRow(withMore).talents).toStrictEqual({ hp: 1, melee: 2, shot: 3, defense: 4 });
  });

  it('a /pals row adds the four owner fields (Endpoints rule 4)', () => {
    const row = palWithOwnerRow(pal({ ownerSource: 'last_observed', ownerResolved: false }));
    expect(Object.keys(row).sort()).toEqual([...PAL_FIELDS, 'ownerUid', 'ownerName', 'ownerSource', 'ownerResolved'].sort());
    expect(row).toMatchObject({ ownerUid: UID, ownerName: 'Anna', ownerSource: 'last_observed', ownerResolved: false });
    expect(PalWithOwnerSchema.safeParse(row).success).toBe(true);
  });

  it('ownerName is an empty string when the stored pal has none', () => {
    const unnamed = palWithOwnerRow(pal({ ownerName: anyway(undefined), ownerSource: 'unresolved', ownerResolved: false }));
    expect(unnamed.ownerName).toBe('');
    expect(palWithOwnerRow(pal({ ownerName: '' })).ownerName).toBe('');
    expect(PalWithOwnerSchema.safeParse(unnamed).success).toBe(true);
  });
});

const guild = (over: Partial<WorldGuild> = {}): WorldGuild => ({
  id: 'G1',
  name: 'Night Owls',
  adminUid: UID,
  members: [
    { uid: UID, name: 'Anna' },
    { uid: '00000000-0000-0000-0000-000000000002', name: 'Bo' },
  ],
  bases: [{ id: 'B1', name: 'Hilltop', location: { x: -1250.5, y: 3400 }, level: 4 }],
  ...over,
});

const baseAt = (location: { x: number; y: number } | null) =>
  guildRow(guild({ bases: [{ id: 'B1', name: null, location, level: 1 }] })).bases[0];

describe('guildRow', () => {
  it('carries id, name, adminUid, the member count, the members and the bases', () => {
    const row = guildRow(guild());
    expect(row).toStrictEqual({
      id: 'G1',
      name: 'Night Owls',
      adminUid: UID,
      memberCount: 2,
      members: [
        { uid: UID, name: 'Anna' },
        { uid: '00000000-0000-0000-0000-000000000002', name: 'Bo' },
      ],
      bases: [{ id: 'B1', name: 'Hilltop', location: { x: -1250.5, y: 3400 }, level: 4 }],
    });
    expect(GuildSchema.safeParse(row).success).toBe(true);
    expect(guildRow(guild({ members: [], bases: [] }))).toMatchObject({ memberCount: 0, members: [], bases: [] });
  });

  it('maps each member to exactly {uid, name}', () => {
    const members = anyway<WorldGuild['members']>([{ uid: UID, name: 'Anna', lastOnlineAt: T0, accountName: 'steam_anna' }]);
    const row = guildRow(guild({ members }));
    expect(row.members).toStrictEqual([{ uid: UID, name: 'Anna' }]);
    expect(row.members[0]).not.toBe(members[0]);
    expect(GuildSchema.safeParse(row).success).toBe(true);
  });

  it('a base name is null, never an empty string, when never renamed', () => {
    const named = (name: string | null) => guildRow(guild({ bases: [{ id: 'B1', name, location: null, level: 1 }] })).bases[0].name;
    expect(named('Hilltop')).toBe('Hilltop');
    expect(named('')).toBeNull();
    expect(named(null)).toBeNull();
  });

  it('a base location is null, never (0, 0), when the transform was not decoded; one zero axis is a real place', () => {
    expect(baseAt({ x: 0, y: 0 }).location).toBeNull();
    expect(baseAt(null).location).toBeNull();
    expect(baseAt({ x: Number.NaN, y: 10 }).location).toBeNull();
    expect(baseAt({ x: 10, y: Number.POSITIVE_INFINITY }).location).toBeNull();
    expect(baseAt({ x: 0, y: 5000 }).location).toStrictEqual({ x: 0, y: 5000 });
    expect(baseAt({ x: -3000, y: 0 }).location).toStrictEqual({ x: -3000, y: 0 });
    expect(baseAt({ x: 12.5, y: -7 }).location).toStrictEqual({ x: 12.5, y: -7 });
  });

  it('a base location carries only x and y, in a new object', () => {
    const location = anyway<{ x: number; y: number }>({ x: 100, y: 200, z: 3 });
    const row = baseAt(location);
    expect(row).toStrictEqual({ id: 'B1', name: null, location: { x: 100, y: 200 }, level: 1 });
    expect(row.location).not.toBe(location);
  });
});

// ---- live rows (live-rows.ts) ----

const INFO: ServerInfo = { name: 'Pal Haven', description: 'PvE, friendly', version: 'v0.6.1', worldGuid: 'ABCDEF0123456789' };
const METRICS: ServerMetrics = {
  fps: 59.94,
  fpsAvg: 58.5,
  frameTimeMs: 16.68,
  players: 3,
  maxPlayers: 32,
  day: 41,
  uptimeSec: 7200,
  baseCamps: 5,
};
const live = (over: Partial<LiveSnapshot> = {}): LiveSnapshot => ({
  reachable: true,
  info: INFO,
  metrics: METRICS,
  players: [],
  capturedAt: T0,
  ...over,
});
/** What the REST poller holds once the game stops answering: the last good answers, reachable false. */
const DOWN = live({ reachable: false, problem: 'unreachable', lastAttemptAt: '2026-07-14T09:31:00.000Z' });
const PARSED: ParseInfo = { lastParseAt: T0, formatDrift: false, players: 12, pals: 340, guilds: 4, meta: null, warnings: [] };

describe('isRunning', () => {
  it('only while the game is reachable and has answered at least once', () => {
    expect(isRunning(live())).toBe(true);
    expect(isRunning(live({ capturedAt: null }))).toBe(false);
    expect(isRunning(DOWN)).toBe(false);
    expect(isRunning(live({ reachable: false, capturedAt: null, info: null, metrics: null }))).toBe(false);
  });
});

describe('serverStatus', () => {
  it('a running game: its name, description, version and whole seconds of uptime', () => {
    const s = serverStatus(live({ metrics: { ...METRICS, uptimeSec: 7200.8 } }), PARSED);
    expect(s).toStrictEqual({
      name: 'Pal Haven',
      description: 'PvE, friendly',
      version: 'v0.6.1',
      state: 'running',
      uptimeSec: 7200,
      save: { state: 'ok', formatDrift: false, lastParseAt: T0, players: 12, pals: 340, guilds: 4 },
    });
    expect(ServerStatusSchema.safeParse(s).success).toBe(true);
  });

  it('an unreachable game, or one that never answered: empty and zero live fields, even with last answers held', () => {
    for (const snapshot of [DOWN, live({ capturedAt: null })]) {
      const s = serverStatus(snapshot, PARSED);
      expect(s).toMatchObject({ name: '', description: '', version: '', state: 'unreachable', uptimeSec: 0 });
      expect(ServerStatusSchema.safeParse(s).success).toBe(true);
    }
  });

  it('a running game whose answers lack info or metrics, or hold other types: empty and zero fields', () => {
    const bare = serverStatus(live({ info: null, metrics: null }), PARSED);
    expect(bare).toMatchObject({ name: '', description: '', version: '', state: 'running', uptimeSec: 0 });
    const odd = serverStatus(
      live({ info: anyway({ name: 42, description: null, version: undefined }), metrics: anyway({ uptimeSec: '7200' }) }),
      PARSED,
    );
    expect(odd).toMatchObject({ name: '', description: '', version: '', state: 'running', uptimeSec: 0 });
    expect(ServerStatusSchema.safeParse(odd).success).toBe(true);
  });

  it('uptime is a non-negative integer: negative or not finite is 0', () => {
    const up = (uptimeSec: number) => serverStatus(live({ metrics: { ...METRICS, uptimeSec } }), PARSED).uptimeSec;
    expect(up(1)).toBe(1);
    expect(up(-30)).toBe(0);
    expect(up(Number.NaN)).toBe(0);
    expect(up(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('save state: unknown before the first parse, drift when the last parse drifted, ok otherwise', () => {
    const save = (over: Partial<ParseInfo>) => serverStatus(live(), { ...PARSED, ...over }).save;
    expect(save({ lastParseAt: null, formatDrift: false, players: 0, pals: 0, guilds: 0 })).toStrictEqual({
      state: 'unknown',
      formatDrift: false,
      lastParseAt: null,
      players: 0,
      pals: 0,
      guilds: 0,
    });
    expect(save({ formatDrift: true })).toMatchObject({ state: 'drift', formatDrift: true, lastParseAt: T0 });
    expect(save({ formatDrift: false })).toMatchObject({ state: 'ok', formatDrift: false });
    expect(save({ lastParseAt: '2026-07-14T09:30:00Z' }).lastParseAt).toBe(T0);
    expect(save({ lastParseAt: 'garbage' }).lastParseAt).toBeNull();
    // The save part does not depend on the game being reachable.
    expect(serverStatus(DOWN, PARSED).save).toMatchObject({ state: 'ok', players: 12, pals: 340, guilds: 4 });
  });

  it('save counts are non-negative integers', () => {
    const save = serverStatus(live(), { ...PARSED, players: -1, pals: 2.9, guilds: Number.NaN }).save;
    expect([save.players, save.pals, save.guilds]).toEqual([0, 2, 0]);
  });
});

describe('metrics', () => {
  it("a running game's metrics, as given", () => {
    const m = metrics(live());
    expect(m).toStrictEqual({ ...METRICS });
    expect(MetricsSchema.safeParse(m).success).toBe(true);
  });

  it('all zero while the game is unreachable or never answered, even with last metrics held', () => {
    const zero = { fps: 0, fpsAvg: 0, frameTimeMs: 0, players: 0, maxPlayers: 0, day: 0, uptimeSec: 0, baseCamps: 0 };
    expect(metrics(DOWN)).toStrictEqual(zero);
    expect(metrics(live({ capturedAt: null }))).toStrictEqual(zero);
    expect(metrics(live({ reachable: false, capturedAt: null, info: null, metrics: null }))).toStrictEqual(zero);
    expect(metrics(live({ metrics: null }))).toStrictEqual(zero);
  });

  it('a number that is not finite, or not a number, is 0', () => {
    const m = metrics(live({ metrics: { ...METRICS, fps: Number.NaN, fpsAvg: Number.POSITIVE_INFINITY, frameTimeMs: anyway('16.7') } }));
    expect([m.fps, m.fpsAvg, m.frameTimeMs]).toEqual([0, 0, 0]);
    expect(metrics(live({ metrics: { ...METRICS, frameTimeMs: Number.NEGATIVE_INFINITY } })).frameTimeMs).toBe(0);
    expect(MetricsSchema.safeParse(m).success).toBe(true);
  });

  it('the counts are non-negative integers: negative, fractional, not finite or not a number', () => {
    const m = metrics(
      live({
        metrics: {
          ...METRICS,
          players: -2,
          maxPlayers: 32.9,
          day: Number.POSITIVE_INFINITY,
          uptimeSec: Number.NaN,
          baseCamps: anyway('5'),
        },
      }),
    );
    expect([m.players, m.maxPlayers, m.day, m.uptimeSec, m.baseCamps]).toEqual([0, 32, 0, 0, 0]);
    expect(MetricsSchema.safeParse(m).success).toBe(true);
  });
});

const COUNTS = { players: 3, partyPals: 9, basePals: 24, wildPals: 610, npcs: 40, palBoxes: 2, unknown: 1 };
const activity = (n: number) => Object.fromEntries(ACTIVITIES.map((a, i) => [a, n + i])) as WorldSummary['activity'];
const summary = (over: Partial<WorldSummary> = {}): WorldSummary => ({
  state: 'ready',
  capturedAt: T0,
  lastAttemptAt: '2026-07-14T09:30:05.000Z',
  fps: 59.5,
  fpsAvg: 58,
  counts: COUNTS,
  activity: activity(1),
  linkedBasePals: 7,
  ...over,
});

describe('worldSummary', () => {
  it('carries the state, the times, fps and the aggregates as given', () => {
    const s = worldSummary(summary());
    expect(s).toStrictEqual(summary());
    expect(WorldSummarySchema.safeParse(s).success).toBe(true);
  });

  it('state is one of the seven, else unavailable', () => {
    for (const state of GAME_DATA_STATES) expect(worldSummary(summary({ state })).state).toBe(state);
    expect(worldSummary(summary({ state: anyway('exploded') })).state).toBe('unavailable');
    expect(worldSummary(summary({ state: anyway('') })).state).toBe('unavailable');
    expect(worldSummary(summary({ state: anyway(3) })).state).toBe('unavailable');
    expect(worldSummary(summary({ state: anyway(undefined) })).state).toBe('unavailable');
  });

  it('capturedAt and lastAttemptAt only when set and a date, in the one timestamp form', () => {
    const none = worldSummary(summary({ capturedAt: undefined, lastAttemptAt: undefined }));
    expect(Object.keys(none)).not.toContain('capturedAt');
    expect(Object.keys(none)).not.toContain('lastAttemptAt');
    const bad = worldSummary(summary({ capturedAt: 'garbage', lastAttemptAt: '' }));
    expect(Object.keys(bad)).not.toContain('capturedAt');
    expect(Object.keys(bad)).not.toContain('lastAttemptAt');
    const only = worldSummary(summary({ state: 'unavailable', capturedAt: undefined, lastAttemptAt: '2026-07-14T09:30:05Z' }));
    expect(Object.keys(only)).not.toContain('capturedAt');
    expect(only.lastAttemptAt).toBe('2026-07-14T09:30:05.000Z');
    expect(worldSummary(summary({ capturedAt: '2026-07-14T11:30:00+02:00' })).capturedAt).toBe(T0);
    expect(WorldSummarySchema.safeParse(none).success).toBe(true);
  });

  it('fps and fpsAvg are always present: 0 when absent, not finite or not a number', () => {
    for (const bad of [undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '60']) {
      const s = worldSummary(summary({ fps: anyway(bad), fpsAvg: anyway(bad) }));
      expect([s.fps, s.fpsAvg], `fps ${String(bad)}`).toEqual([0, 0]);
    }
    expect(worldSummary(summary({ fps: 0.5, fpsAvg: 120 }))).toMatchObject({ fps: 0.5, fpsAvg: 120 });
  });

  it('counts: every member present, non-negative integers, all 0 when the source has none', () => {
    const zeros = { players: 0, partyPals: 0, basePals: 0, wildPals: 0, npcs: 0, palBoxes: 0, unknown: 0 };
    expect(worldSummary(summary({ counts: anyway(undefined) })).counts).toStrictEqual(zeros);
    expect(worldSummary(summary({ counts: anyway({ players: 2 }) })).counts).toStrictEqual({ ...zeros, players: 2 });
    const odd = worldSummary(
      summary({
        counts: {
          ...COUNTS,
          players: -1,
          partyPals: 2.7,
          basePals: Number.NaN,
          wildPals: anyway('610'),
          extra: 5,
        } as WorldSummary['counts'],
      }),
    ).counts;
    expect(odd).toStrictEqual({ ...COUNTS, players: 0, partyPals: 2, basePals: 0, wildPals: 0 });
  });

  it('activity: exactly the allowlisted names, each a non-negative integer, 0 when missing', () => {
    const a = worldSummary(summary({ activity: anyway({ working: 4, sleeping: -2, idle: 1.5, dancing: 9 }) })).activity;
    expect(Object.keys(a).sort()).toEqual([...ACTIVITIES].sort());
    expect(a).toStrictEqual({ ...Object.fromEntries(ACTIVITIES.map((k) => [k, 0])), working: 4, sleeping: 0, idle: 1 });
    expect(Object.values(worldSummary(summary({ activity: anyway(undefined) })).activity)).toEqual(ACTIVITIES.map(() => 0));
  });

  it('linkedBasePals is a non-negative integer', () => {
    expect(worldSummary(summary({ linkedBasePals: 0 })).linkedBasePals).toBe(0);
    expect(worldSummary(summary({ linkedBasePals: -3 })).linkedBasePals).toBe(0);
    expect(worldSummary(summary({ linkedBasePals: anyway(undefined) })).linkedBasePals).toBe(0);
  });
});

const worker = (over: Partial<WorkerRow> = {}): WorkerRow => ({
  instanceId: 'A1B2C3D4-0000-0000-0000-000000000009',
  characterId: 'PinkCat',
  displayName: 'Cattiva',
  isBoss: false,
  level: 14,
  hpPercent: 87.5,
  active: true,
  activity: 'working',
  baseId: 'B1',
  ownerUid: UID,
  ownerName: 'Anna',
  ownerSource: 'save',
  ...over,
});
const workers = (list: unknown[], over: Partial<WorldWorkers> = {}): WorldWorkers =>
  ({ state: 'ready', capturedAt: T0, workers: list, ...over }) as WorldWorkers;
const one = (over: Partial<WorkerRow>): WorkerRow => {
  const out = worldWorkers(workers([worker(over)])).workers;
  expect(out).toHaveLength(1);
  return out[0];
};

describe('worldWorkers', () => {
  it('a save-linked worker keeps every Worker field as given', () => {
    const w = worldWorkers(workers([worker()]));
    expect(w).toStrictEqual({ state: 'ready', capturedAt: T0, workers: [worker()] });
    expect(WorldWorkersSchema.safeParse(w).success).toBe(true);
  });

  it('lists only workers with both an instanceId and a baseId, each a non-empty string', () => {
    const list = [
      worker({ instanceId: 'KEEP-1' }),
      worker({ instanceId: anyway(undefined) }),
      worker({ instanceId: anyway(7) }),
      worker({ instanceId: '' }),
      worker({ baseId: anyway(null) }),
      worker({ baseId: '' }),
      worker({ instanceId: '', baseId: '' }),
      worker({ instanceId: 'KEEP-2', baseId: 'B2' }),
    ];
    const out = worldWorkers(workers(list)).workers;
    expect(out.map((w) => [w.instanceId, w.baseId])).toEqual([
      ['KEEP-1', 'B1'],
      ['KEEP-2', 'B2'],
    ]);
  });

  it('no workers array: no workers', () => {
    expect(worldWorkers(workers(anyway(undefined))).workers).toEqual([]);
    expect(worldWorkers(workers([])).workers).toEqual([]);
  });

  it('state is one of the seven, else unavailable; capturedAt only when set and a date', () => {
    expect(worldWorkers(workers([], { state: 'stale' })).state).toBe('stale');
    expect(worldWorkers(workers([], { state: anyway('exploded') })).state).toBe('unavailable');
    const none = worldWorkers(workers([], { state: 'pending', capturedAt: undefined }));
    expect(Object.keys(none).sort()).toEqual(['state', 'workers']);
    expect(Object.keys(worldWorkers(workers([], { capturedAt: 'garbage' })))).not.toContain('capturedAt');
    expect(worldWorkers(workers([], { capturedAt: '2026-07-14T09:30:00Z' })).capturedAt).toBe(T0);
  });

  it('characterId and displayName that are not strings are empty strings', () => {
    expect(one({ characterId: anyway(undefined), displayName: anyway(12) })).toMatchObject({ characterId: '', displayName: '' });
  });

  it('isBoss and active only when exactly true', () => {
    expect(one({ isBoss: true, active: true })).toMatchObject({ isBoss: true, active: true });
    expect(one({ isBoss: false, active: false })).toMatchObject({ isBoss: false, active: false });
    expect(one({ isBoss: anyway(1), active: anyway('yes') })).toMatchObject({ isBoss: false, active: false });
    expect(one({ isBoss: anyway(undefined), active: anyway(undefined) })).toMatchObject({ isBoss: false, active: false });
  });

  it('level is a non-negative integer', () => {
    expect(one({ level: 14.9 }).level).toBe(14);
    expect(one({ level: -1 }).level).toBe(0);
    expect(one({ level: anyway(undefined) }).level).toBe(0);
  });

  it('hpPercent is a finite number clamped to 0..100', () => {
    expect(one({ hpPercent: 42.5 }).hpPercent).toBe(42.5);
    expect(one({ hpPercent: 100 }).hpPercent).toBe(100);
    expect(one({ hpPercent: 150 }).hpPercent).toBe(100);
    expect(one({ hpPercent: 0 }).hpPercent).toBe(0);
    expect(one({ hpPercent: -10 }).hpPercent).toBe(0);
    expect(one({ hpPercent: Number.NaN }).hpPercent).toBe(0);
    expect(one({ hpPercent: Number.POSITIVE_INFINITY }).hpPercent).toBe(0);
  });

  it('activity is an allowlisted name, else unknown', () => {
    for (const activity of ACTIVITIES) expect(one({ activity }).activity).toBe(activity);
    expect(one({ activity: anyway('dancing') }).activity).toBe('unknown');
    expect(one({ activity: anyway(undefined) }).activity).toBe('unknown');
  });

  it('ownerUid and ownerName only when strings; ownerSource only from the pal owner sources', () => {
    const without = one({ ownerUid: undefined, ownerName: undefined, ownerSource: undefined });
    expect(Object.keys(without).sort()).toEqual(
      ['instanceId', 'characterId', 'displayName', 'isBoss', 'level', 'hpPercent', 'active', 'activity', 'baseId'].sort(),
    );
    const wrong = one({ ownerUid: anyway(42), ownerName: anyway(null), ownerSource: anyway('stolen') });
    expect(Object.keys(wrong)).not.toContain('ownerUid');
    expect(Object.keys(wrong)).not.toContain('ownerName');
    expect(Object.keys(wrong)).not.toContain('ownerSource');
    expect(Object.keys(one({ ownerSource: anyway(1) }))).not.toContain('ownerSource');
    // An empty name is still a string: the owner has no name.
    expect(one({ ownerUid: UID, ownerName: '', ownerSource: 'last_observed' })).toMatchObject({
      ownerUid: UID,
      ownerName: '',
      ownerSource: 'last_observed',
    });
    for (const ownerSource of ['save', 'personal_container', 'last_observed', 'unresolved'] as const) {
      expect(one({ ownerSource }).ownerSource).toBe(ownerSource);
    }
    expect(WorldWorkersSchema.safeParse(worldWorkers(workers([worker({ ownerSource: anyway('stolen') })]))).success).toBe(true);
  });

  it('leaves out whatever else an actor carries (runtime ids, locations, names)', () => {
    const leaky = { ...worker(), actorId: 'rt-991', location: { x: 1, y: 2 }, guildName: 'Night Owls', trainerName: 'Anna' };
    expect(worldWorkers(workers([leaky])).workers).toStrictEqual([worker()]);
  });
});

describe('eventRows', () => {
  it('keeps join, leave, the backup text and the four system texts, in order, in the one timestamp form', () => {
    const events = [
      { at: '2026-07-14T09:30:00Z', kind: 'join', message: 'Anna joined' },
      { at: '2026-07-14T09:31:00.000Z', kind: 'leave', message: 'Anna left' },
      { at: '2026-07-14T09:32:00.000Z', kind: 'backup', message: BACKUP_TEXT },
      ...[SYSTEM_REACHABLE, SYSTEM_UNREACHABLE, DRIFT_DETECTED, DRIFT_RESOLVED].map((message) => ({
        at: '2026-07-14T09:33:00.000Z',
        kind: 'system',
        message,
      })),
    ];
    expect(eventRows(events)).toStrictEqual([{ ...events[0], at: T0 }, ...events.slice(1)]);
  });

  it('drops panel, audit and configuration events, other backup and system texts (Endpoints rules 8 and 9)', () => {
    const dropped = [
      { at: T0, kind: 'audit', message: 'ann: revoke integration key 3f9a' },
      { at: T0, kind: 'config', message: 'ServerName changed' },
      { at: T0, kind: 'backup', message: `${BACKUP_COPY_FAILED}: 20260714-0930 given up` },
      { at: T0, kind: 'system', message: SYSTEM_PASSWORD_REFUSED },
      { at: T0, kind: 'system', message: 'something else' },
    ];
    const kept = { at: T0, kind: 'join', message: 'Bo joined' };
    expect(eventRows([...dropped, kept])).toStrictEqual([kept]);
  });

  it('drops an event without a readable time, public or not', () => {
    const events = [
      { at: '', kind: 'join', message: 'Anna joined' },
      { at: 'garbage', kind: 'system', message: SYSTEM_REACHABLE },
      { at: 'garbage', kind: 'audit', message: 'ann: signed in' },
    ];
    expect(eventRows(events)).toEqual([]);
  });
});
