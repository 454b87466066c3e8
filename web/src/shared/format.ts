// How values read: times relative and absolute, sizes, durations. One place, so every screen
// says "3 min ago" the same way.

export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never';
  const s = Math.round((now - Date.parse(iso)) / 1000);
  if (Math.abs(s) < 5) return 'just now';
  if (s < 0) return `in ${span(-s)}`;
  return `${span(s)} ago`;
}

/** A duration in seconds in its two largest units: "3 h 12 min". */
export function span(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

export const num = (n: number) => n.toLocaleString();

/** A count with its noun, singular for one: "1 base", "3 bases". */
export const count = (n: number, one: string, many = `${one}s`) => `${num(n)} ${n === 1 ? one : many}`;

/** A position as players read it: the in-game map coordinates (the game's own map shows these),
 * whole numbers, east then north. Every screen that shows a position uses this. */
export function mapXY(m: { x: number; y: number }): string {
  return `${Math.round(m.x)}, ${Math.round(m.y)}`;
}

/** A position in world units (Unreal cm, as the save and the REST API give it): the small print
 * beside map coordinates, for admins who paste positions into commands. */
export function worldXY(w: { x: number; y: number }): string {
  return `world ${Math.round(w.x)}, ${Math.round(w.y)}`;
}
