// The whitelist's kick loop against the game's roster as the poller hands it on: the REST
// `playerId` as the game spelled it. interface.md's identity rule joins it to a save uid with
// dashes removed and case ignored, so a game that reports it in lower case must not get a
// whitelisted player kicked (issue 37, finding 15d: a planted bug comparing it unnormalised went
// unseen, as the simulated game always answers in upper case). Real store, real REST client,
// the simulated game recording the kicks.
import { afterEach, describe, expect, it } from 'vitest';
import { moderationActions } from '../../src/actions/moderation-actions.js';
import { Moderator } from '../../src/actions/whitelist-moderator.js';
import { SYSTEM } from '../../src/domain/actor.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { silentLog, tempStore } from '../helpers/fixture.js';

const PS5 = 'ps5_8812345678901234567';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

describe('the whitelist and the case of the game’s playerId', () => {
  it('a player whitelisted by save uid whom the game reports in lower case stays; one not listed is kicked', async () => {
    // Save uids with hex letters, so that the case of the game's playerId shows.
    const [HOST, PLAY] = ['abcdef01-2345-6789-abcd-ef0123456789', 'fedcba98-7654-3210-fedc-ba9876543210'];
    const sim = await startSimGameServer({
      players: [
        { uid: HOST, name: 'Host', level: 10 },
        { uid: PLAY, name: 'Other', level: 12, userId: PS5 },
      ],
      churnPeriodMs: 0,
    });
    cleanup.push(() => sim.close());
    sim.control.setOnline([HOST, PLAY]);
    const ts = await tempStore();
    cleanup.push(() => ts.cleanup());
    const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
    cleanup.push(() => client.close());
    const moderator = new Moderator(ts.store, moderationActions(client, ts.store), silentLog);
    // Listed by the save uid as an admin types it: upper case, with dashes.
    ts.store.moderation.setWhitelist({ enabled: true, entries: [{ id: HOST.toUpperCase(), note: 'host' }] }, SYSTEM);

    const lower = (await client.players()).map((p) => ({ ...p, playerId: p.playerId.toLowerCase() }));
    expect(lower.map((p) => p.playerId)).toEqual(expect.arrayContaining([HOST.replace(/-/g, '').toLowerCase()]));
    expect(lower.every((p) => p.playerId !== p.playerId.toUpperCase())).toBe(true);
    moderator.roster(lower, lower, [], new Date());
    await moderator.idle();

    expect(sim.control.adminActions().filter((a) => a.action === 'kick')).toEqual([
      { via: 'rest', action: 'kick', args: { userid: PS5, message: expect.any(String) as string } },
    ]);
    expect(ts.store.audit.list({ limit: 10, action: 'player.kick' }).data).toEqual([
      expect.objectContaining({ actor: 'system', target: PLAY.replace(/-/g, '').toUpperCase(), outcome: 'ok' }),
    ]);
  });
});
