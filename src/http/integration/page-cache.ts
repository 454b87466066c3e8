// Serialized representations cached per generation. A generation is a short list of values
// compared one by one (identity for objects): when any differs, every cached entry is dropped.
// Save-only pages use the parse generation alone — WorldRepo.replace makes a new ParseInfo
// object, so its identity changes with every re-parse. Pages with live or time-dependent
// fields add the live state and the current second to their generation.
import type { Representation } from '../respond.js';

export class GenerationCache {
  private generation: readonly unknown[] = [];
  private readonly entries = new Map<string, Representation>();
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  get(generation: readonly unknown[], key: string, make: () => Representation): Representation {
    if (!sameGeneration(generation, this.generation)) {
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

function sameGeneration(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
