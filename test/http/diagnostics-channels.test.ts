// The diagnostics words for the states the simulated game cannot reach quickly: a full backup
// disk, a schedule that stopped making backups, a failed backup, a refused admin password, game
// data the game does not serve; and the link tracker's "since" across a change of state.
import { describe, expect, it } from 'vitest';
import { LinkTrack } from '../../src/domain/link-track.js';
import { backupsChannel, diskChannel, webhooksChannel, type BackupsInput } from '../../src/http/panel/diagnostics/file-channels.js';
import { gameDataChannel, rconChannel, restChannel } from '../../src/http/panel/diagnostics/game-channels.js';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const H = 3_600_000;
const GB = 1e9;

const backups = (o: Partial<BackupsInput> = {}): BackupsInput => ({
  newestAt: ago(H),
  newestBytes: 50e6,
  schedule: { enabled: true, intervalHours: 4, retentionDays: 7 },
  lastFailure: null,
  ...o,
});

describe('LinkTrack', () => {
  it('keeps since at the first outcome of a run of the same state, and both last times', () => {
    const t = new LinkTrack();
    expect(t.state()).toMatchObject({ state: 'unknown', since: null });
    t.ok(new Date(ago(5000)));
    t.ok(new Date(ago(4000)));
    t.fail(new Date(ago(3000)), 'down', 'unreachable');
    t.fail(new Date(ago(2000)), 'still down', 'unreachable');
    expect(t.state()).toEqual({
      state: 'failing',
      since: ago(3000),
      lastSuccessAt: ago(4000),
      lastFailureAt: ago(2000),
      lastError: 'still down',
      lastCode: 'unreachable',
    });
    t.ok(new Date(ago(1000)));
    expect(t.state()).toMatchObject({ state: 'ok', since: ago(1000), lastFailureAt: ago(2000), lastError: null, lastCode: null });
  });
});

describe('diagnostics channels', () => {
  it('backups: ok within the schedule, old past two intervals, failing after a failed backup, none at all', () => {
    expect(backupsChannel(backups(), NOW)).toMatchObject({
      state: 'ok',
      words: 'The newest backup is 60 min old; the schedule makes one every 4 hours.',
    });
    expect(backupsChannel(backups({ newestAt: ago(9 * H) }), NOW)).toMatchObject({
      state: 'warning',
      words: 'The newest backup is 9 h old, though the schedule makes one every 4 hours.',
    });
    const failed = backupsChannel(
      backups({ lastFailure: { at: ago(60_000), words: 'The backup could not be written: no space left on the disk.' } }),
      NOW,
    );
    expect(failed).toMatchObject({ state: 'failing', since: ago(60_000), lastFailureAt: ago(60_000), lastSuccessAt: ago(H) });
    expect(failed.words).toBe('The last backup failed 60 s ago: The backup could not be written: no space left on the disk.');
    // A failure older than the newest backup is history, not the state.
    expect(backupsChannel(backups({ lastFailure: { at: ago(2 * H), words: 'x' } }), NOW).state).toBe('ok');
    expect(backupsChannel(backups({ newestAt: null, newestBytes: null }), NOW).words).toBe(
      'No backup yet; the schedule makes one every 4 hours.',
    );
    expect(backupsChannel(null, NOW).state).toBe('off');
  });

  it('disk: failing below two backups or 256 MiB, warning below 10 % or ten backups, ok with the room left', () => {
    expect(diskChannel({ freeBytes: 0.2 * GB, totalBytes: 100 * GB }, backups({ newestBytes: 1e6 }))).toMatchObject({ state: 'failing' });
    expect(diskChannel({ freeBytes: 3 * GB, totalBytes: 100 * GB }, backups({ newestBytes: 2 * GB })).state).toBe('failing');
    expect(diskChannel({ freeBytes: 8 * GB, totalBytes: 100 * GB }, backups()).words).toBe(
      "8.0 GB free of 100 GB on the backup folder's disk: it is filling up.",
    );
    expect(diskChannel({ freeBytes: 50 * GB, totalBytes: 100 * GB }, backups({ newestBytes: 10 * GB })).state).toBe('warning');
    expect(diskChannel({ freeBytes: 50 * GB, totalBytes: 100 * GB }, backups({ newestBytes: 4 * GB })).words).toBe(
      "50.0 GB free of 100 GB on the backup folder's disk, room for about 12 more backups.",
    );
    expect(diskChannel({ freeBytes: 50 * GB, totalBytes: 100 * GB }, backups({ newestBytes: 4 * GB, folderBytes: 12 * GB })).words).toBe(
      "50.0 GB free of 100 GB on the backup folder's disk, room for about 12 more backups; the backups take 12.0 GB.",
    );
    expect(diskChannel({ freeBytes: 50 * GB, totalBytes: 100 * GB }, backups())).toMatchObject({
      state: 'ok',
      words: "50.0 GB free of 100 GB on the backup folder's disk, room for 1000 or more backups.",
    });
    expect(diskChannel(undefined, backups()).state).toBe('warning');
    expect(diskChannel(undefined, null).state).toBe('off');
  });

  it('webhooks: off without any, failing counts the failing ones, ok says the last delivery', () => {
    const base = { count: 3, failing: 0, failingSince: null, lastDeliveryAt: ago(120_000), lastFailureAt: null };
    expect(webhooksChannel({ ...base, count: 0 }, NOW).state).toBe('off');
    expect(webhooksChannel(base, NOW).words).toBe('3 webhooks; the last delivery went through 2 min ago.');
    expect(webhooksChannel({ ...base, failing: 2, failingSince: ago(600_000), lastFailureAt: ago(1000) }, NOW)).toMatchObject({
      state: 'failing',
      words: '2 of 3 webhooks failed to deliver, for 10 min.',
      since: ago(600_000),
    });
  });

  it('the game: a refused admin password, a missed answer, game data not served, RCON off', () => {
    const failing = new LinkTrack();
    failing.ok(new Date(ago(10 * 60_000)));
    failing.fail(new Date(ago(5 * 60_000)), 'the game refused the admin password (SERVICE_GAME_ADMIN_PASSWORD)', 'unauthorized');
    expect(restChannel({ state: 'unauthorized', link: failing.state() }, NOW)).toMatchObject({
      state: 'failing',
      words: 'The game has refused the admin password for 5 min.',
      since: ago(5 * 60_000),
    });
    // One missed answer while still reachable: a warning, not an outage.
    expect(restChannel({ state: 'running', link: failing.state() }, NOW).state).toBe('warning');
    expect(restChannel(null, NOW).state).toBe('off');
    expect(gameDataChannel({ state: 'unsupported', link: failing.state() }, NOW)).toMatchObject({ state: 'failing' });
    expect(gameDataChannel({ state: 'disabled', link: new LinkTrack().state() }, NOW).state).toBe('off');
    expect(rconChannel(null, NOW)).toMatchObject({
      state: 'off',
      advice: expect.stringContaining('SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD'),
    });
  });
});
