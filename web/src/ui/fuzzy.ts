// The command palette's matching: every typed character must appear in the label in order
// (so "plrs" finds "Players"); a match that starts a word or runs on from the previous character
// scores higher, so the entry a host means comes first. Case and accents are ignored.

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The score of `text` for `query` (higher is better), or null when it does not match. An empty
 * query matches everything with score 0. */
export function fuzzyScore(query: string, text: string): number | null {
  const q = fold(query.trim());
  if (q === '') return 0;
  const t = fold(text);
  const whole = t.indexOf(q);
  // The query as one piece: best at the start, then at a word's start, then anywhere.
  if (whole === 0) return 1000 - t.length;
  if (whole > 0) return (/[\s\-_/(“]/.test(t[whole - 1]) ? 800 : 600) - whole;
  let score = 0;
  let at = -1;
  for (const ch of q) {
    if (ch === ' ') continue;
    const next = t.indexOf(ch, at + 1);
    if (next < 0) return null;
    if (next === at + 1) score += 5;
    if (next === 0 || /[\s\-_/(“]/.test(t[next - 1])) score += 8;
    score -= Math.min(next - at - 1, 10);
    at = next;
  }
  return score;
}

/** The items whose text matches, best first; ties keep the given order. */
export function fuzzyFilter<T>(query: string, items: T[], textOf: (item: T) => string): T[] {
  const scored: { item: T; score: number; i: number }[] = [];
  items.forEach((item, i) => {
    const score = fuzzyScore(query, textOf(item));
    if (score !== null) scored.push({ item, score, i });
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map((s) => s.item);
}
