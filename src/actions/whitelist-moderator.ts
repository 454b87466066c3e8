// Moderation driven by the REST poller's roster (issue 11): remembers each player's platform
// user id (the save holds none; a ban of an offline player needs it) and, while the whitelist
// is on, kicks a player not on it as soon as the poller sees them online, with an audit entry
// (actor `system`) and a panel-only `moderation` event.
import { gameWords, type GameWords } from './game-words/format.js';
import { say } from '../domain/server-text.js';
import { SYSTEM } from '../domain/actor.js';
import type { OnlinePlayer } from '../domain/live.js';
import type { PresencePlayer } from '../poller/ports.js';
import type { ModerationActions } from './moderation-actions.js';
import type { Logger } from '../lib/logger.js';
import { sanitizeName } from '../poller/event-text.js';
import type { Store } from '../store/index.js';
import { whitelistRefuses } from './players/whitelist-rule.js';

/** A player the whitelist refused who is still online is kicked again after this long. */
export const KICK_RETRY_MS = 60_000;

export class Moderator {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly game: ModerationActions | undefined,
    private readonly log: Logger,
    /** The game's language (SERVICE_GAME_LANGUAGE): the kick message the player reads. */
    private readonly words: GameWords = gameWords('en'),
  ) {}

  /** Save uid keys of the players a whitelist kick was tried for, and when: a player still
   * online is tried again only after KICK_RETRY_MS (the game may not have let them go yet, or
   * refused), and forgotten once they leave. */
  private readonly kickedAt = new Map<string, number>();

  /** The RestPoller's `roster` listener. */
  readonly roster = (online: readonly OnlinePlayer[], joined: readonly OnlinePlayer[], left: readonly PresencePlayer[], at: Date): void => {
    this.store.moderation.rememberAccounts(online, at);
    const onlineKeys = new Set(online.map((p) => p.playerId.toUpperCase()));
    for (const key of this.kickedAt.keys()) if (!onlineKeys.has(key)) this.kickedAt.delete(key);
    // Every player online, not only those who joined in this cycle: the whitelist also holds for
    // players already on when it is switched on, or when palpanel (re)starts.
    const list = this.store.moderation.whitelist();
    const refused = new Set<string>();
    if (list.enabled) {
      // The stored entries are keys already (the store normalised them); the rule is the panel's too.
      const keys = new Set(list.entries.map((e) => e.id));
      for (const p of online) {
        const key = p.playerId.toUpperCase();
        if (!whitelistRefuses(keys, p)) continue;
        refused.add(key);
        const last = this.kickedAt.get(key);
        if (last !== undefined && at.getTime() - last < KICK_RETRY_MS) continue;
        this.kickedAt.set(key, at.getTime());
        this.track(this.kick(p, key));
      }
    }
    const announce = this.store.moderation.announcements();
    if (!announce.enabled) return;
    for (const p of joined) if (!refused.has(p.playerId.toUpperCase())) this.track(this.say(announce.joinTemplate, p.name));
    for (const p of left) this.track(this.say(announce.leaveTemplate, p.name));
  };

  private track(run: Promise<void>): void {
    const p = run.finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** An announcement failure is logged only: the game being down is already reported. */
  private async say(template: string, rawName: string): Promise<void> {
    if (!this.game) return;
    const message = template.replaceAll('{name}', sanitizeName(rawName));
    try {
      await this.game.announce(message);
    } catch (err) {
      this.log('warn', 'join/leave announcement failed', err);
    }
  }

  private async kick(p: OnlinePlayer, key: string): Promise<void> {
    const name = sanitizeName(p.name);
    if (!this.game) {
      this.log('warn', `whitelist: cannot kick ${name}: no game actions`);
      return;
    }
    try {
      // Who can be kicked is kickable()'s rule, the panel's too: without a platform id, no kick.
      await this.game.kick(
        SYSTEM,
        { uid: key, online: p },
        this.words.whitelistKick(),
        say('event.moderation.whitelistKick', { player: name, userId: p.userId }),
      );
    } catch (err) {
      this.log('warn', `whitelist: the kick of ${name} failed`, err);
    }
  }

  /** Resolves when every kick started so far has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
