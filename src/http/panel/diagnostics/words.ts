// Spans and sizes as the diagnostics words say them ("for 5 min", "12.3 GB free"). The server
// does not know the reader's time zone, so its sentences say how long, never what time; the
// screen shows the times themselves in the reader's own.

/** `45 s`, `5 min`, `3 h`, `2 days`. */
export function spanWords(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 120) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.round(h / 24)} days`;
}

/** How long ago `at` was, from `now`; null when there is no `at`. */
export const ageMs = (at: string | null, now: Date): number | null => (at === null ? null : Math.max(0, now.getTime() - Date.parse(at)));

/** `512 MB`, `12.3 GB` (decimal units, as disks are sold). */
export function bytesWords(n: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return i === 0 ? `${v} bytes` : `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
