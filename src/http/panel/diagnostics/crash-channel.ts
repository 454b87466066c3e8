// The game's crashes on the diagnostics screen (issue 40): a game that crashed and has not come
// back within SERVICE_GAME_DOWN_BOUND is failing, with what to check; one still within it is a
// warning; otherwise the last crash is named for a day.
import type { Channel } from '../../../contract/panel/diagnostics.js';
import type { Crash } from '../../../contract/panel/game-health.js';
import { ageMs, spanWords } from './words.js';

const DAY_MS = 86_400_000;

export const DOWN_ADVICE =
  "Check what keeps the game from starting: its log's last lines (the crash list shows them), the service manager (`systemctl status palworld`, `journalctl -u palworld -n 100`, `docker compose ps` and `docker compose logs palworld`), the machine's free memory and disk space, and whether a restart policy brings it back (systemd `Restart=always`, compose `restart: unless-stopped`). With SERVICE_GAME_START_COMMAND set, an admin can press Start.";

/** `watched`: something palpanel follows could see a crash (the game's REST API polled, or its
 * process visible); without either, and with no crash on record, the channel is off, not a
 * green "no crash" nobody could have seen (issue 38: an unset install must not look healthy). */
export function crashChannel(open: Crash | null, last: Crash | null, boundMs: number, now: Date, watched = true): Channel {
  const base = { id: 'game', title: 'Game crashes' } as const;
  const times = { lastSuccessAt: last?.returnedAt ?? null, lastFailureAt: last?.at ?? null };
  if (!watched && !open && !last) {
    return {
      ...base,
      state: 'off',
      words: 'Nothing watches the game yet: palpanel sees a crash through its REST API or its process.',
      since: null,
      ...times,
      advice: 'Set SERVICE_GAME_REST_URL (and SERVICE_GAME_PROCESS to see its process), then restart palpanel.',
    };
  }
  if (open) {
    const down = ageMs(open.at, now) ?? 0;
    const failing = down > boundMs;
    return {
      ...base,
      state: failing ? 'failing' : 'warning',
      words: failing
        ? `The game crashed ${spanWords(down)} ago and has not come back (palpanel waits ${spanWords(boundMs)}, SERVICE_GAME_DOWN_BOUND).`
        : `The game crashed ${spanWords(down)} ago; palpanel waits for it to come back.`,
      since: open.at,
      ...times,
      advice: failing ? DOWN_ADVICE : null,
    };
  }
  if (last && (ageMs(last.at, now) ?? Infinity) < DAY_MS) {
    return {
      ...base,
      state: 'ok',
      words: `The game crashed ${spanWords(ageMs(last.at, now) ?? 0)} ago and came back${last.downtimeSec !== null ? ` after ${spanWords(last.downtimeSec * 1000)}` : ''}.`,
      since: last.returnedAt,
      ...times,
      advice: null,
    };
  }
  return { ...base, state: 'ok', words: 'No crash of the game in the last day.', since: null, ...times, advice: null };
}
