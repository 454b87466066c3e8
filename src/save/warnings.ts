// Collects ParseWarnings of one parse. A warning marks format drift when the file had a layout
// the parser does not know (the item was skipped); other warnings (a missing or corrupt side file)
// are informational. The list is capped so a hostile file cannot grow it without bound.

import type { ParseWarning } from '../domain/world.js';
import { LIMITS } from './limits.js';

export class WarningSink {
  readonly list: ParseWarning[] = [];
  drift = false;
  /** Warnings beyond LIMITS.maxWarnings: counted, not kept. */
  dropped = 0;

  add(file: string, offset: number, path: string, message: string, drift: boolean): void {
    if (drift) this.drift = true;
    if (this.list.length >= LIMITS.maxWarnings) {
      this.dropped++;
      return;
    }
    this.list.push({ offset, path, message, file });
  }

  /** Adds every warning of `other` (kept or dropped) after this sink's own, as if they had been
   * added here in that order. */
  append(other: WarningSink): void {
    if (other.drift) this.drift = true;
    for (const w of other.list) {
      if (this.list.length >= LIMITS.maxWarnings) this.dropped++;
      else this.list.push(w);
    }
    this.dropped += other.dropped;
  }

  /** The kept warnings, with a closing note when some were dropped. */
  finish(): ParseWarning[] {
    if (this.dropped > 0) {
      this.list.push({ offset: 0, path: '', message: `${this.dropped} more warnings were not kept` });
      this.dropped = 0;
    }
    return this.list;
  }
}
