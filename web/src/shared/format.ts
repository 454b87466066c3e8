// How values read: times relative and absolute, sizes, durations, numbers. One place, so every
// screen says "5 minutes ago" the same way, in the UI's language (through Intl) and in the time
// zone the user chose (zone.ts). The language provider sets the locale and the words (setFormat):
// module state, so these keep plain signatures and can be called anywhere.
import type { IntlShape } from 'react-intl';
import { accent } from '../i18n/pseudo';
import { displayZone } from './zone';

interface FormatState {
  locale: string;
  intl: IntlShape | null;
  pseudo: boolean;
}

let state: FormatState = { locale: 'en', intl: null, pseudo: false };

/** Called by the language provider whenever the language changes (before its children render). */
export function setFormat(next: FormatState): void {
  state = next;
}

/** The few words format.ts (and user-agent.ts) say themselves, from the `ui` catalog (English
 * before the provider set it: component tests render without it). */
const ENGLISH: Record<string, string> = {
  'ui.format.never': 'never',
  'ui.format.justNow': 'just now',
  'ui.format.world': 'world {x}, {y}',
  'ui.agent.unknown': 'Unknown browser',
  'ui.agent.on': '{browser} on {system}',
};
export function uiText(id: string, values?: Record<string, string>): string {
  if (state.intl) return state.intl.formatMessage({ id }, values);
  return ENGLISH[id].replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k]));
}

/** Intl's output in the pseudo-locale is accented like its messages, so it reads as localised. */
const out = (s: string) => (state.pseudo ? accent(s) : s);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** A time relative to now: "5 minutes ago", "in 3 hours", "just now", "never". */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return uiText('ui.format.never');
  const s = Math.round((now - Date.parse(iso)) / 1000);
  if (Math.abs(s) < 5) return uiText('ui.format.justNow');
  const [unit, size] = UNITS.find(([, n]) => Math.abs(s) >= n) ?? UNITS[3];
  const rtf = new Intl.RelativeTimeFormat(state.locale, { numeric: 'always', style: 'long' });
  return out(rtf.format(-Math.trunc(s / size), unit));
}

type DurationFormatCtor = new (
  locale: string,
  options: { style: 'short' },
) => { format: (d: Partial<Record<'days' | 'hours' | 'minutes' | 'seconds', number>>) => string };

/** A duration in seconds in its two largest units: "3 hr, 12 min" (the locale's words). */
export function span(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const parts: Partial<Record<'days' | 'hours' | 'minutes' | 'seconds', number>> =
    s < 60
      ? { seconds: s }
      : m < 60
        ? { minutes: m }
        : h < 48
          ? { hours: h, minutes: m % 60 }
          : { days: Math.floor(h / 24), hours: h % 24 };
  const DF = (Intl as unknown as { DurationFormat?: DurationFormatCtor }).DurationFormat;
  if (DF) return out(new DF(state.locale, { style: 'short' }).format(parts));
  // Without Intl.DurationFormat: each unit by NumberFormat, side by side.
  const unitOf = { days: 'day', hours: 'hour', minutes: 'minute', seconds: 'second' } as const;
  return out(
    (Object.entries(parts) as [keyof typeof unitOf, number][])
      .map(([k, v]) => new Intl.NumberFormat(state.locale, { style: 'unit', unit: unitOf[k], unitDisplay: 'short' }).format(v))
      .join(' '),
  );
}

/** A moment in the shown zone, the zone named: "Nov 28, 2026, 07:13 UTC". */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return out(
    d.toLocaleString(state.locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: displayZone(),
      timeZoneName: 'short',
    }),
  );
}

/** A time of day in the shown zone: "07:13" (the locale's clock). */
export function clockTime(iso: string): string {
  return out(
    new Date(iso).toLocaleTimeString(state.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: displayZone() }),
  );
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in decimal units: "12.3 MB" (the locale's digits and unit words). */
export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  let v = n;
  let i = 0;
  while (v >= 1000 && i < BYTE_UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  const digits = i === 0 ? 0 : v < 10 ? 1 : 0;
  return out(
    new Intl.NumberFormat(state.locale, {
      style: 'unit',
      unit: BYTE_UNITS[i],
      unitDisplay: i === 0 ? 'narrow' : 'short',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(v),
  );
}

export const num = (n: number) => n.toLocaleString(state.locale);

/** A count with its noun, singular for one: "1 base", "3 bases". English only: screens say counts
 * with an ICU plural message instead; this stays for what is not yet converted. */
export const count = (n: number, one: string, many = `${one}s`) => `${num(n)} ${n === 1 ? one : many}`;

/** A position as players read it: the in-game map coordinates (the game's own map shows these),
 * whole numbers, east then north. Every screen that shows a position uses this. */
export function mapXY(m: { x: number; y: number }): string {
  return `${Math.round(m.x)}, ${Math.round(m.y)}`;
}

/** A position in world units (Unreal cm, as the save and the REST API give it): the small print
 * beside map coordinates, for admins who paste positions into commands. */
export function worldXY(w: { x: number; y: number }): string {
  return uiText('ui.format.world', { x: String(Math.round(w.x)), y: String(Math.round(w.y)) });
}
