// Issue 37, finding 14: a saved command or a scheduled task whose command the console would refuse
// to send (several lines, a NUL, nothing but spaces, longer than the game takes) is refused when it
// is made, with nothing stored, instead of failing each time it runs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { P } from './conformance-table.js';
import { ADMIN, panelHarness, type PanelHarness } from './panel-harness.js';

let h: PanelHarness;
let cookie: string;
beforeEach(async () => {
  h = await panelHarness();
  cookie = await h.login(ADMIN);
});
afterEach(() => h.ts.cleanup());

const send = (method: string, path: string, body?: unknown) =>
  h.send({ method, path: `${P}${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) });

const REFUSED = ['Broadcast one\nShutdown 1', 'Broadcast one\r\nDoExit', 'Broadcast \r', 'Info\0', '   ', 'Broadcast ' + 'é'.repeat(2000)];

describe('commands the console would not send are refused when saved or scheduled', () => {
  it('a saved command: 400, nothing stored', async () => {
    for (const command of REFUSED) {
      const res = await send('POST', '/console/saved', { name: 'two lines', command });
      expect(res.status, JSON.stringify(command)).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
    }
    expect((await send('GET', '/console/saved')).json.data).toEqual([]);
    expect((await send('POST', '/console/saved', { name: 'one line', command: 'Broadcast hello' })).status).toBe(201);
  });

  it('a command task: 400, nothing stored', async () => {
    const task = (command: string) => ({
      name: 'Nightly',
      enabled: true,
      schedule: { every: 'day', at: '04:00' },
      action: { kind: 'command', command },
    });
    for (const command of REFUSED) {
      const res = await send('POST', '/tasks', task(command));
      expect(res.status, JSON.stringify(command)).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
    }
    expect((await send('GET', '/tasks')).json.data).toEqual([]);
    expect((await send('POST', '/tasks', task('Broadcast hello'))).status).toBe(201);
  });
});
