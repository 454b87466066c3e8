// The diagnostics screen's links on disk and beyond: the save (read, and how fresh), the
// backups (their age against the schedule), the free space of the backup folder's disk, and
// the webhooks' deliveries. Words without paths: settings are named, folders never.
import type { LinkState } from '../../../domain/link-track.js';
import type { BackupSchedule } from '../../../contract/backups.js';
import type { Channel } from '../../../contract/panel/diagnostics.js';
import { ageMs, bytesWords, plural, spanWords } from './words.js';

/** The game autosaves every 30 s by default (AutoSaveSpan); a game that answers but has not
 * written a save for this long is worth a look. */
export const SAVE_QUIET_WARN_MS = 10 * 60_000;
/** Without a schedule, a newest backup older than this is said to be old. */
export const UNSCHEDULED_OLD_MS = 24 * 3_600_000;
/** Free space below this on the backup folder's disk fails, whatever the backups' size. */
const DISK_FLOOR_BYTES = 256 * 1024 * 1024;

const none = { since: null, lastSuccessAt: null, lastFailureAt: null };

export interface SaveInput {
  /** Why the save is not read now (the watcher's words, no paths), or null. */
  problem: string | null;
  link: LinkState;
  newestSaveAt: string | null;
  /** The served world is more than two autosaves behind the newest save, in the watcher's words. */
  behind: { stale: boolean; words: string };
  /** The game answers now (a game that is down writes no saves). */
  gameRunning: boolean;
}

export function saveChannel(save: SaveInput | null, now: Date): Channel {
  const base = { id: 'save', title: 'World save' } as const;
  if (!save) {
    return {
      ...base,
      state: 'off',
      words: 'No save folder is set, so players, pals and guilds are not read and nothing is backed up.',
      ...none,
      advice: "Set SERVICE_SAVE_DIR to the game's world folder (Saved/SaveGames/0/<world id>) or a folder above it.",
    };
  }
  const l = save.link;
  const times = { lastSuccessAt: l.lastSuccessAt, lastFailureAt: l.lastFailureAt };
  if (save.problem) {
    return {
      ...base,
      state: 'failing',
      words: `${save.problem} The last good world stays served.`,
      since: l.since,
      ...times,
      advice:
        "Check that SERVICE_SAVE_DIR names the game's world folder or a folder above it, that the user palpanel runs as can read it, and the log for parse errors.",
    };
  }
  if (save.behind.stale) {
    return {
      ...base,
      state: 'warning',
      words: save.behind.words,
      since: l.since,
      ...times,
      advice: 'palpanel reads a save once the game has finished writing it; if this lasts, the log says what keeps it from being read.',
    };
  }
  const quiet = ageMs(save.newestSaveAt, now);
  if (save.gameRunning && quiet !== null && quiet > SAVE_QUIET_WARN_MS) {
    return {
      ...base,
      state: 'warning',
      words: `The game answers but has not written a save for ${spanWords(quiet)}.`,
      since: save.newestSaveAt,
      ...times,
      advice:
        'Check that the game autosaves (AutoSaveSpan in PalWorldSettings.ini) and that SERVICE_SAVE_DIR follows the world the game runs; an admin can ask for one with Save world on the dashboard.',
    };
  }
  if (l.state === 'unknown') {
    return { ...base, state: 'warning', words: 'The save has not been read yet in this run.', since: null, ...times, advice: null };
  }
  const written = quiet === null ? '' : ` (written ${spanWords(quiet)} ago)`;
  return { ...base, state: 'ok', words: `The world served is the newest save${written}.`, since: l.since, ...times, advice: null };
}

export interface BackupsInput {
  newestAt: string | null;
  newestBytes: number | null;
  /** Only what the words need of it (its on/off and interval). */
  schedule: Pick<BackupSchedule, 'enabled' | 'intervalHours' | 'retentionDays'>;
  lastFailure: { at: string; words: string } | null;
  /** What all the backups take in the folder; absent: not said. */
  folderBytes?: number;
}

export function backupsChannel(b: BackupsInput | null, now: Date): Channel {
  const base = { id: 'backups', title: 'Backups' } as const;
  if (!b)
    return {
      ...base,
      state: 'off',
      words: 'No save folder is set, so there is nothing to back up.',
      ...none,
      advice: 'Set SERVICE_SAVE_DIR and restart palpanel; backups then follow their schedule.',
    };
  const times = { lastSuccessAt: b.newestAt, lastFailureAt: b.lastFailure?.at ?? null };
  const every = `every ${plural(b.schedule.intervalHours, 'hour')}`;
  const age = ageMs(b.newestAt, now);
  const turnOn = 'Turn the schedule on in Backups, or make a backup there now.';
  if (b.lastFailure && (b.newestAt === null || b.lastFailure.at > b.newestAt)) {
    return {
      ...base,
      state: 'failing',
      words: `The last backup failed ${spanWords(ageMs(b.lastFailure.at, now) ?? 0)} ago: ${b.lastFailure.words}`,
      since: b.lastFailure.at,
      ...times,
      advice: 'Check the free space and the permissions of the backup folder (SERVICE_BACKUP_DIR), then make a backup in Backups.',
    };
  }
  if (age === null) {
    const words = b.schedule.enabled
      ? `No backup yet; the schedule makes one ${every}.`
      : 'There is no backup, and scheduled backups are off.';
    return { ...base, state: 'warning', words, since: null, ...times, advice: b.schedule.enabled ? null : turnOn };
  }
  const old = spanWords(age);
  if (!b.schedule.enabled) {
    const stale = age > UNSCHEDULED_OLD_MS;
    return {
      ...base,
      state: 'warning',
      words: stale
        ? `The newest backup is ${old} old, and scheduled backups are off.`
        : `Scheduled backups are off; the newest backup is ${old} old.`,
      since: b.newestAt,
      ...times,
      advice: turnOn,
    };
  }
  if (age > 2 * b.schedule.intervalHours * 3_600_000) {
    return {
      ...base,
      state: 'warning',
      words: `The newest backup is ${old} old, though the schedule makes one ${every}.`,
      since: b.newestAt,
      ...times,
      advice:
        'The log says why scheduled backups did not run (a save folder that cannot be read, a full disk); make one in Backups meanwhile.',
    };
  }
  return {
    ...base,
    state: 'ok',
    words: `The newest backup is ${old} old; the schedule makes one ${every}.`,
    since: b.newestAt,
    ...times,
    advice: null,
  };
}

/** The file system of the backup folder; `disk` undefined: unreadable; `backups` null: no backups are made. */
export function diskChannel(disk: { freeBytes: number; totalBytes: number } | undefined, backups: BackupsInput | null): Channel {
  const base = { id: 'disk', title: 'Backup disk space' } as const;
  if (!backups) return { ...base, state: 'off', words: 'No backups are made, so their disk is not watched.', ...none, advice: null };
  if (!disk) {
    return {
      ...base,
      state: 'warning',
      words: "palpanel cannot read the free space of the backup folder's disk.",
      ...none,
      advice: 'Check that the backup folder (SERVICE_BACKUP_DIR) exists and the user palpanel runs as can read it.',
    };
  }
  const free = `${bytesWords(disk.freeBytes)} free of ${bytesWords(disk.totalBytes)}`;
  const size = backups.newestBytes ?? 0;
  const advice =
    'Free space on that disk, keep backups fewer days or set a storage budget (Backups, schedule), or set SERVICE_BACKUP_DIR to a larger disk.';
  const taken = backups.folderBytes === undefined ? '' : `; the backups take ${bytesWords(backups.folderBytes)}`;
  if (disk.freeBytes < Math.max(DISK_FLOOR_BYTES, 2 * size)) {
    return {
      ...base,
      state: 'failing',
      words: `Only ${free} on the backup folder's disk${taken}: the next backups may not fit.`,
      ...none,
      advice,
    };
  }
  if (disk.freeBytes < 0.1 * disk.totalBytes || (size > 0 && disk.freeBytes < 10 * size)) {
    return { ...base, state: 'warning', words: `${free} on the backup folder's disk${taken}: it is filling up.`, ...none, advice };
  }
  const fits = size > 0 ? Math.floor(disk.freeBytes / size) : 0;
  const room = size === 0 ? '' : fits >= 1000 ? ', room for 1000 or more backups' : `, room for about ${fits} more backups`;
  return { ...base, state: 'ok', words: `${free} on the backup folder's disk${room}${taken}.`, ...none, advice: null };
}

export interface WebhooksInput {
  count: number;
  failing: number;
  failingSince: string | null;
  lastDeliveryAt: string | null;
  lastFailureAt: string | null;
}

export function webhooksChannel(w: WebhooksInput, now: Date): Channel {
  const base = { id: 'webhooks', title: 'Webhooks' } as const;
  const times = { lastSuccessAt: w.lastDeliveryAt, lastFailureAt: w.lastFailureAt };
  if (w.count === 0)
    return {
      ...base,
      state: 'off',
      words: 'No webhooks are set.',
      ...none,
      advice: 'To be told of joins, backups and outages elsewhere (Discord, or any URL that takes JSON), add a webhook in Settings.',
    };
  if (w.failing > 0) {
    return {
      ...base,
      state: 'failing',
      words: `${w.failing} of ${plural(w.count, 'webhook')} failed to deliver, for ${spanWords(ageMs(w.failingSince, now) ?? 0)}.`,
      since: w.failingSince,
      ...times,
      advice: 'Check the webhooks in Settings: a receiver that was deleted or moved refuses every delivery, so replace it there.',
    };
  }
  const last = w.lastDeliveryAt
    ? `the last delivery went through ${spanWords(ageMs(w.lastDeliveryAt, now) ?? 0)} ago`
    : 'nothing was sent since palpanel started';
  return { ...base, state: 'ok', words: `${plural(w.count, 'webhook')}; ${last}.`, since: null, ...times, advice: null };
}
