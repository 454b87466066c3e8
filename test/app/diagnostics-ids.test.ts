// The diagnostics' sentences carry their message ids (issue 39): over a real server beside the
// simulated game, each state's words and advice name their id and params, and the id's English
// template filled with them gives back the exact words the host reads.
import { afterEach, describe, expect, it } from 'vitest';
import { startDiagnosticsRig } from '../helpers/diagnostics-rig.js';
import { english } from '../../src/domain/server-text.js';
import type { Channel } from '../../src/contract/panel/diagnostics.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function expectIds(c: Channel, wordsId: string, adviceId: string | null): void {
  expect(c.wordsId, c.words).toBe(wordsId);
  expect(english(c.wordsId!, c.wordsParams)).toBe(c.words);
  if (adviceId === null) return expect(c.adviceId).toBeUndefined();
  expect(c.adviceId, c.advice ?? '').toBe(adviceId);
  expect(english(c.adviceId!, c.adviceParams)).toBe(c.advice);
}

describe('diagnostics message ids', () => {
  it('the REST API working, then down; RCON working: words and advice by id', async () => {
    const rig = await startDiagnosticsRig(cleanup, {});
    const ok = await rig.until('rest', 'the game answers', (c) => c.state === 'ok');
    expectIds(ok, 'diagnostics.rest.ok', null);
    expect(ok.wordsParams).toEqual({ span: expect.stringMatching(/^\d+ s$/) });
    expectIds(await rig.until('rcon', 'RCON answers', (c) => c.state === 'ok'), 'diagnostics.rcon.ok', null);
    expectIds(await rig.until('game-data', 'game data read', (c) => c.state === 'ok'), 'diagnostics.gameData.ready', null);
    const all = await rig.channels();
    expectIds(all.byId.webhooks, 'diagnostics.webhooks.none', 'diagnostics.webhooks.none.advice');
    expectIds(all.byId.game, 'diagnostics.game.ok', null);
    await rig.sim.control.setMode('unreachable');
    const down = await rig.until('rest', 'the game down', (c) => c.state === 'failing');
    expectIds(down, 'diagnostics.rest.unreachable.lastTry', 'diagnostics.rest.unreachable.advice');
    expect(down.wordsParams).toMatchObject({ error: expect.stringContaining('refused the connection') });
  });
});
