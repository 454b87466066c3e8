// The tasks routes with cron expressions and time zones (issue 40): a cron or a daily time read in
// the task's zone, else in SERVICE_TIMEZONE; the next run answered by the scheduler's own rule; a
// bad expression or zone refused with 400 and nothing stored.
import { afterEach, describe, expect, it } from 'vitest';
import { P } from './conformance-table.js';
import { ADMIN, panelHarness, type PanelHarness } from './panel-harness.js';

const harnesses: PanelHarness[] = [];
afterEach(() => {
  for (const h of harnesses.splice(0)) h.ts.cleanup();
});

async function setUp(timezone?: string) {
  // The harness's clock: 2026-07-14T10:00:00Z.
  const h = await panelHarness(3_600_000, timezone ? { settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000, timezone } } : {});
  harnesses.push(h);
  const cookie = await h.login(ADMIN);
  const send = (method: string, path: string, body?: unknown) =>
    h.send({ method, path: `${P}${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { h, send };
}

const task = (schedule: unknown) => ({ name: 'Morning', enabled: true, schedule, action: { kind: 'announce', message: 'Good morning' } });

describe('tasks with cron and time zones', () => {
  it('answers the next run of a cron in its zone, and of a daily time in SERVICE_TIMEZONE', async () => {
    const { send } = await setUp('America/New_York');
    const cron = await send('POST', '/tasks', task({ every: 'cron', cron: '0 5 * * *', timezone: 'Europe/Berlin' }));
    expect(cron.status).toBe(201);
    expect(cron.json.data.schedule).toEqual({ every: 'cron', cron: '0 5 * * *', timezone: 'Europe/Berlin' });
    expect(cron.json.data.nextRunAt).toBe('2026-07-15T03:00:00.000Z'); // 05:00 CEST, tomorrow
    const daily = await send('POST', '/tasks', task({ every: 'day', at: '06:15' }));
    expect(daily.json.data.nextRunAt).toBe('2026-07-14T10:15:00.000Z'); // 06:15 EDT, today
    // Listed with the same next runs (both are named alike: their order is the store's, by id).
    const listed = await send('GET', '/tasks');
    expect(listed.json.data.map((t: { nextRunAt: string }) => t.nextRunAt).sort()).toEqual([
      '2026-07-14T10:15:00.000Z',
      '2026-07-15T03:00:00.000Z',
    ]);
  });

  it('reads a daily time without a zone in UTC when SERVICE_TIMEZONE is not set, as before zones', async () => {
    const { send } = await setUp();
    expect((await send('POST', '/tasks', task({ every: 'day', at: '06:15' }))).json.data.nextRunAt).toBe('2026-07-15T06:15:00.000Z');
  });

  it('refuses a bad cron or zone with 400, storing nothing', async () => {
    const { h, send } = await setUp();
    for (const schedule of [
      { every: 'cron', cron: '0 5 * *' },
      { every: 'cron', cron: '0 5 * * * *' },
      { every: 'cron', cron: '0 25 * * *' },
      { every: 'cron', cron: '0 5 * * *', timezone: 'Mars/Olympus' },
      { every: 'day', at: '05:00', timezone: 'not a zone' },
    ]) {
      const res = await send('POST', '/tasks', task(schedule));
      expect(res.status, JSON.stringify(schedule)).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
    }
    expect(h.ts.store.tasks.list()).toEqual([]);
  });
});
