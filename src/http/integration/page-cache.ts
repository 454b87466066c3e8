// Serialized representations of save-derived data, cached per parse generation. A re-parse
// replaces the store's ParseInfo object (WorldRepo.replace), so its identity is the generation:
// when it changes, every cached page is dropped at once. Only data that depends on the save
// alone is cached (pals pages, guilds); anything with live state or time in it is not.
import type { Representation } from '../respond.js';

export class GenerationCache {
  private generation: unknown = undefined;
  private readonly entries = new Map<string, Representation>();
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  get(generation: unknown, key: string, make: () => Representation): Representation {
    if (generation !== this.generation) {
      this.generation = generation;
      this.entries.clear();
      this.bytes = 0;
    }
    const hit = this.entries.get(key);
    if (hit) return hit;
    const rep = make();
    if (rep.body.length > this.maxBytes) return rep;
    // Oldest first out (Map keeps insertion order) until the new entry fits.
    for (const [k, v] of this.entries) {
      if (this.bytes + rep.body.length <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.body.length;
    }
    this.entries.set(key, rep);
    this.bytes += rep.body.length;
    return rep;
  }
}
