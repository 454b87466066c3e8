// Which clock times are shown in: the browser's time zone (named beside each time), or UTC by the
// user's choice, kept in this browser (localStorage) beside the theme. Formatting (format.ts) and
// the activity heatmap read the same choice.
import { useSyncExternalStore } from 'react';

export type ZoneChoice = 'local' | 'utc';
const KEY = 'palpanel.zone';
const listeners = new Set<() => void>();

function read(): ZoneChoice {
  try {
    return localStorage.getItem(KEY) === 'utc' ? 'utc' : 'local';
  } catch {
    return 'local';
  }
}

let choice: ZoneChoice = typeof localStorage === 'undefined' ? 'local' : read();

export const zoneChoice = (): ZoneChoice => choice;

/** The IANA zone times are shown in: "UTC", or the browser's own (e.g. "Europe/Berlin"). */
export const displayZone = (): string => (choice === 'utc' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone);

export function setZoneChoice(next: ZoneChoice): void {
  choice = next;
  try {
    if (next === 'utc') localStorage.setItem(KEY, 'utc');
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the choice lasts this page
  }
  listeners.forEach((l) => l());
}

export function useZoneChoice(): [ZoneChoice, (z: ZoneChoice) => void] {
  const z = useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, zoneChoice);
  return [z, setZoneChoice];
}

/** Hours from UTC of the shown zone now (fractions for zones such as India's). */
export function zoneOffsetHours(at = new Date()): number {
  if (choice === 'utc') return 0;
  return -at.getTimezoneOffset() / 60;
}

/** A week of hours in UTC (7 rows Monday..Sunday of 24 hours, as the heatmap API gives it) turned
 * to the shown zone: each hour moves by the zone's offset now, wrapping across days and the week. */
export function weekInZone(utc: number[][], offset = zoneOffsetHours()): number[][] {
  const shift = Math.round(offset);
  if (shift === 0) return utc;
  const flat = utc.flat();
  const n = flat.length;
  const moved = flat.map((_, i) => flat[(((i - shift) % n) + n) % n]);
  return utc.map((row, d) => moved.slice(d * row.length, (d + 1) * row.length));
}
