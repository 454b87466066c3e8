// Output ports of the pollers, implemented by the store. Kept minimal: the poller computes the
// transitions (who joined, who left, reachability) once, and the store only records them.
// Calls are synchronous (the store is in-process); a throwing sink is reported through the
// poller's `onError` and never stops polling.

import type { ServerMessage } from '../contract/messages/index.js';
import type { PublicEventKind as EventKind } from '../contract/vocabulary.js';

/** The event kinds a poller appends: the public ones. */
export type { EventKind };

/** One row of the event log (spec: Event). `at` is RFC 3339 UTC with milliseconds. */
export interface LiveEvent extends ServerMessage {
  at: string;
  kind: EventKind;
}

export interface EventSink {
  append(ev: LiveEvent): void;
}

/** An online player as the presence port sees it: identity and the fields the save may lack. */
export interface PresencePlayer {
  /** REST `playerId`: 32 upper-case hex digits (the save uid without dashes; see online-join.ts). */
  playerId: string;
  /** Sanitized display name (control characters removed, at most 64 characters). */
  name: string;
  level: number;
}

/**
 * Player sessions. A session opens with the first `observe` that lists a player and closes
 * with exactly one `left` for it. Every successful poll calls `observe` with everyone online
 * (so `at` is the player's latest "last seen"). When the game becomes unreachable, `left` is
 * called for each online player with the time they were last seen.
 *
 * The poller does not close sessions when palpanel itself stops: the store should close any
 * session still open at start-up at its last-seen time.
 */
export interface PresenceSink {
  observe(online: readonly PresencePlayer[], at: Date): void;
  left(playerId: string, at: Date): void;
}
