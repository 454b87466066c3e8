// The simulated server's shutdown: with `restartAfterMs` it goes away after the shutdown's
// waittime, as a real server does, and answers again once its "supervisor" started it, so a
// restore that stops the game can be driven end to end (palpanel demo, the web UI's test).
import { afterEach, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { waitFor } from '../helpers/wait.js';

let sim: SimGameServer | null = null;
afterEach(async () => {
  await sim?.close();
  sim = null;
});

const reachable = async (s: SimGameServer): Promise<boolean> => {
  try {
    const res = await fetch(`${s.restUrl}/v1/api/info`, {
      headers: { authorization: 'Basic ' + Buffer.from(`admin:${s.password}`).toString('base64') },
    });
    return res.status === 200;
  } catch {
    return false;
  }
};

describe('the simulated server under a shutdown', () => {
  it('answers the shutdown, goes away, and comes back after restartAfterMs', async () => {
    const s = (sim = await startSimGameServer({ restartAfterMs: 600 }));
    const res = await fetch(`${s.restUrl}/v1/api/shutdown`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`admin:${s.password}`).toString('base64'), 'content-type': 'application/json' },
      body: JSON.stringify({ waittime: 0, message: 'bye' }),
    });
    expect(res.status).toBe(200);
    await waitFor('the server to go away', async () => ((await reachable(s)) ? undefined : true), 5000);
    expect(s.control.mode).toBe('unreachable');
    await waitFor('the server to come back', async () => ((await reachable(s)) ? true : undefined), 5000);
    expect(s.control.mode).toBe('ok');
  });

  it('only records a shutdown without restartAfterMs', async () => {
    const s = (sim = await startSimGameServer());
    await fetch(`${s.restUrl}/v1/api/stop`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`admin:${s.password}`).toString('base64') },
    });
    // A forced stop with a restart goes at once (a zero timer): three round trips later, a server
    // without restartAfterMs is still there.
    for (let i = 0; i < 3; i++) expect(await reachable(s)).toBe(true);
    expect(s.control.adminActions().map((a) => a.action)).toEqual(['stop']);
  });
});
