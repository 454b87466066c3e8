// The player service (actions/players/): who a player is and the rules every caller shares,
// against a real store on a temp dir and a live source of plain values.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlayerService, type PlayerService } from '../../src/actions/players/player-service.js';
import { userActor } from '../../src/domain/actor.js';
import {
  GameUnavailableError,
  PlatformIdNotListedError,
  PlatformIdUnknownError,
  PlayerOfflineError,
  UnknownPlayerError,
  ValidationError,
} from '../../src/domain/errors.js';
import { makeWorld, onlinePlayer, tempStore, TestLive, type TempStore } from '../helpers/fixture.js';

const NOBODY = 'FFFFFFFF-0000-4000-8000-FFFFFFFFFFFF';
const key = (uid: string) => uid.replace(/-/g, '').toUpperCase();
const ADMIN = userActor('admin');

describe('player service', () => {
  let ts: TempStore;
  let live: TestLive;
  let players: PlayerService;
  let a: string;
  let b: string;

  beforeEach(async () => {
    ts = await tempStore();
    ts.store.world.replace(makeWorld({ players: 3, pals: 3 }), '2026-07-14T10:00:00.000Z');
    [a, b] = ts.store.world.allPlayers().map((p) => p.uid);
    live = new TestLive();
    players = createPlayerService({ store: ts.store, live });
  });
  afterEach(() => ts.cleanup());

  it('resolve: the live platform id while online, else the remembered one; 404 for no one, 409 for a player never seen online', () => {
    expect(() => players.resolve(NOBODY)).toThrow(UnknownPlayerError);
    expect(() => players.resolve(b)).toThrow(PlatformIdUnknownError);
    ts.store.moderation.rememberAccounts([{ playerId: key(a), userId: 'gdk_remembered', accountName: 'old' }], new Date());
    expect(players.resolve(a)).toMatchObject({ key: key(a), userId: 'gdk_remembered', online: undefined });
    live.setRunning([{ ...onlinePlayer(a, 'Alive'), userId: 'gdk_live' }]);
    expect(players.resolve(a)).toMatchObject({ userId: 'gdk_live', name: 'Alive' });
    // Online with no id listed yet: the remembered one stands in.
    live.setRunning([{ ...onlinePlayer(a), userId: '' }]);
    expect(players.resolve(a).userId).toBe('gdk_remembered');
    // A player seen online who is not in the save is known by the account alone.
    ts.store.moderation.rememberAccounts([{ playerId: key(NOBODY), userId: 'ps5_1', accountName: 'new' }], new Date());
    expect(players.resolve(NOBODY)).toMatchObject({ userId: 'ps5_1', saved: undefined, name: '' });
  });

  it('a kick needs the game (503), an item grant an online player with a platform id (404, 409)', () => {
    expect(() => players.kickTarget(a)).toThrow(GameUnavailableError);
    live.setRunning([onlinePlayer(a), { ...onlinePlayer(b), userId: '' }]);
    expect(players.kickTarget(a.toLowerCase())).toMatchObject({ uid: key(a), online: { name: 'Online' } });
    expect(players.grantTarget(a)).toEqual({ uid: a, userId: 'steam_76561198000000000', playerName: 'Online' });
    expect(() => players.grantTarget(b)).toThrow(PlatformIdNotListedError);
    expect(() => players.grantTarget(NOBODY)).toThrow(UnknownPlayerError);
    live.setRunning([]);
    expect(() => players.grantTarget(a)).toThrow(PlayerOfflineError);
    expect(() => players.grantTarget(a)).toThrow('The player is not online: items go into the inventory of a player who is.');
  });

  it("the whitelist's rule: one key form for the list and the game's playerId", () => {
    const list = {
      entries: [
        { id: a.toLowerCase(), note: '' },
        { id: ' gdk_friend ', note: '' },
      ],
    };
    // The game's playerId in any case, with or without dashes, is the save uid's key.
    expect(players.refuses({ playerId: key(a) }, list)).toBe(false);
    expect(players.refuses({ playerId: a.toLowerCase() }, list)).toBe(false);
    expect(players.refuses({ playerId: key(b), userId: 'gdk_friend' }, list)).toBe(false);
    expect(players.refuses({ playerId: key(b), userId: 'gdk_stranger' }, list)).toBe(true);
    expect(players.refuses({ playerId: key(b), userId: '' }, { entries: [] })).toBe(true);
    expect(() => players.refuses({ playerId: key(b) }, { entries: [{ id: 'not an id', note: '' }] })).toThrow(ValidationError);
    // The stored list: as saved (normalised by the store), the same answers.
    ts.store.moderation.setWhitelist({ enabled: true, ...list }, ADMIN);
    expect(players.refuses({ playerId: key(a).toLowerCase() })).toBe(false);
    expect(players.refuses({ playerId: key(b), userId: 'gdk_friend' })).toBe(false);
    expect(players.refuses({ playerId: key(b), userId: 'steam_1' })).toBe(true);
    // The dry run over who is online now.
    live.setRunning([onlinePlayer(a, 'On list'), { ...onlinePlayer(b, 'Off list'), userId: 'xbox_2' }]);
    expect(players.refusedBy(list)).toEqual({
      reachable: true,
      kicks: [{ uid: key(b).toLowerCase(), name: 'Off list', userId: 'xbox_2' }],
    });
  });

  it('whitelist from the player: by platform id when known, else by save uid; off by both; 404 for a uid the save lacks', () => {
    expect(players.whitelist(b, ADMIN)).toEqual({ uid: b, whitelisted: true, ids: [key(b)], enabled: false });
    ts.store.moderation.rememberAccounts([{ playerId: key(b), userId: 'steam_42', accountName: 'b' }], new Date());
    expect(players.whitelist(b, ADMIN).ids).toEqual([key(b), 'steam_42']);
    expect(players.unwhitelist(b, ADMIN)).toEqual({ uid: b, whitelisted: false, ids: [], enabled: false });
    expect(() => players.whitelist(NOBODY, ADMIN)).toThrow(UnknownPlayerError);
    expect(players.placeholders(b)).toEqual({ userId: 'steam_42', playerId: key(b), name: expect.any(String) });
  });
});
