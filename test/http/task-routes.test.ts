// The scheduled tasks' routes: a task answered with when it runs next, by the scheduler's own
// rule (after its last due run, else after it was made; null while it is off), and removed with 204.
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

describe('scheduled task routes', () => {
  it('answer each task with its next run: from creation, then from the last due run; null when off', async () => {
    const made = h.clock.now().getTime();
    const hourly = {
      name: 'Hourly',
      enabled: true,
      schedule: { every: 'interval', minutes: 60 },
      action: { kind: 'command', command: 'Broadcast hi' },
    };
    const added = await send('POST', '/tasks', hourly);
    expect(added.status).toBe(201);
    const id = added.json.data.id as string;
    expect(added.json.data.nextRunAt).toBe(new Date(made + 3_600_000).toISOString());

    const daily = await send('POST', '/tasks', { ...hourly, name: 'Daily', schedule: { every: 'day', at: '04:00' } });
    const next4 = new Date(h.clock.now());
    next4.setUTCHours(4, 0, 0, 0);
    if (next4.getTime() <= made) next4.setUTCDate(next4.getUTCDate() + 1);
    expect(daily.json.data.nextRunAt).toBe(next4.toISOString());

    // After a run due at the first hour, the next is an hour later.
    const run = h.ts.store.tasks.recordRun(id, new Date(made + 3_600_000).toISOString(), 'ok', 'done');
    // The run's own id (it was the audit event's).
    expect(run.id).toBe(h.ts.store.tasks.runs(1, id)[0].id);
    const list = await send('GET', '/tasks');
    expect(list.json.data.find((t: { id: string }) => t.id === id).nextRunAt).toBe(new Date(made + 7_200_000).toISOString());

    const off = await send('PUT', `/tasks/${id}`, { ...hourly, enabled: false });
    expect(off.status).toBe(200);
    expect(off.json.data.nextRunAt).toBeNull();

    expect((await send('DELETE', `/tasks/${id}`)).status).toBe(204);
    expect((await send('GET', '/tasks')).json.data.map((t: { name: string }) => t.name)).toEqual(['Daily']);
  });

  it('a command task that stops the server or kicks everyone is made only when confirmed, as in the console', async () => {
    const task = (command: string, confirm?: true) => ({
      name: 'Nightly stop',
      enabled: true,
      schedule: { every: 'day', at: '04:00' },
      action: { kind: 'command', command, ...(confirm ? { confirm } : {}) },
    });
    for (const command of ['DoExit', 'KickPlayer *']) {
      const refused = await send('POST', '/tasks', task(command));
      expect(refused.status, command).toBe(400);
      expect(JSON.stringify(refused.json)).toContain('confirm');
    }
    expect((await send('GET', '/tasks')).json.data).toEqual([]);
    const made = await send('POST', '/tasks', task('DoExit', true));
    expect(made.status).toBe(201);
    expect(made.json.data.action).toEqual({ kind: 'command', command: 'DoExit', confirm: true });
    // Switching it off and on again keeps the confirmation it was made with.
    const { id, name, schedule, action } = made.json.data as { id: string; name: string; schedule: unknown; action: unknown };
    expect((await send('PUT', `/tasks/${id}`, { name, enabled: false, schedule, action })).status).toBe(200);
    // An ordinary command needs none.
    expect((await send('POST', '/tasks', task('Broadcast hello'))).status).toBe(201);
  });

  it('a task is changed in place: name, schedule and action replaced, its id, maker and time kept; bad values are 400 naming the field and change nothing', async () => {
    const made = await send('POST', '/tasks', {
      name: 'Evening save',
      enabled: true,
      schedule: { every: 'day', at: '20:00' },
      action: { kind: 'save' },
    });
    const id = made.json.data.id as string;
    h.clock.advance(60_000);
    const changed = await send('PUT', `/tasks/${id}`, {
      name: 'Nightly restart',
      enabled: true,
      schedule: { every: 'interval', minutes: 90 },
      action: { kind: 'restart', steps: [300, 60], message: 'Maintenance', whenPlayersOnline: 'delay' },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data).toMatchObject({
      id,
      name: 'Nightly restart',
      schedule: { every: 'interval', minutes: 90 },
      action: { kind: 'restart', steps: [300, 60], whenPlayersOnline: 'delay' },
      createdAt: made.json.data.createdAt,
      createdBy: 'user:admin',
    });
    const listed = (await send('GET', '/tasks')).json.data as { id: string; name: string }[];
    expect(listed.map((t) => [t.id, t.name])).toEqual([[id, 'Nightly restart']]);

    for (const [bad, field] of [
      [{ schedule: { every: 'interval', minutes: 2 } }, 'schedule'],
      [{ schedule: { every: 'day', at: '25:00' } }, 'schedule'],
      [{ name: '' }, 'name'],
      [{ action: { kind: 'announce', message: '' } }, 'action'],
    ] as const) {
      const r = await send('PUT', `/tasks/${id}`, {
        ...changed.json.data,
        id: undefined,
        createdAt: undefined,
        createdBy: undefined,
        nextRunAt: undefined,
        ...bad,
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.json.error.message).toContain(field);
    }
    expect((await send('GET', '/tasks')).json.data[0]).toMatchObject({
      name: 'Nightly restart',
      schedule: { every: 'interval', minutes: 90 },
    });
    expect(
      (
        await send('PUT', '/tasks/00000000', {
          name: 'x',
          enabled: true,
          schedule: { every: 'day', at: '01:00' },
          action: { kind: 'save' },
        })
      ).status,
    ).toBe(404);
    const audit = h.ts.store.audit.list({ limit: 5, action: 'task.update' }).data;
    expect(audit[0]).toMatchObject({ target: id, targetName: 'Nightly restart', detail: 'changed: Nightly restart' });
  });
});
