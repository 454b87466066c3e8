// One shared string for equal strings met again and again in one parse: the container, owner and
// guild ids and the skill ids that thousands of characters repeat. A world's pals are held as
// decoded facts until their rows are written, and without the pool each of 100,000 pals kept its
// own copies of the same few hundred ids (half the memory those facts took).

/** Entries kept at most; past this the pool starts afresh (equal strings are still equal). */
const MAX_ENTRIES = 1 << 16;

export class StringPool {
  private readonly map = new Map<string, string>();

  get(s: string): string {
    const hit = this.map.get(s);
    if (hit !== undefined) return hit;
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    this.map.set(s, s);
    return s;
  }

  /** `get`, passing undefined through. */
  maybe(s: string | undefined): string | undefined {
    return s === undefined ? undefined : this.get(s);
  }
}
