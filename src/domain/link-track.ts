// Whether a link to something outside palpanel (the game's REST API, RCON, the save folder, a
// webhook) works, and since when: the diagnostics screen says "failing since 14:02, last worked
// at 13:58". Each part that talks to the outside keeps one and tells it every outcome; the
// times are the caller's clock (the poller's `now`), never read here.

export interface LinkState {
  /** No outcome yet (`unknown`), the last one worked (`ok`) or failed (`failing`). */
  state: 'unknown' | 'ok' | 'failing';
  /** When the present state began: the first success after failures, or the first failure
   * after successes; null before any outcome. */
  since: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** The last failure in words safe to show (no paths, no raw error text); null once it works. */
  lastError: string | null;
  /** What kind of failure it was, for the advice (e.g. `refused`, `unreachable`); null once it works. */
  lastCode: string | null;
}

export class LinkTrack {
  private s: LinkState = { state: 'unknown', since: null, lastSuccessAt: null, lastFailureAt: null, lastError: null, lastCode: null };

  ok(at: Date): void {
    const t = at.toISOString();
    this.s = { ...this.s, state: 'ok', since: this.s.state === 'ok' ? this.s.since : t, lastSuccessAt: t, lastError: null, lastCode: null };
  }

  fail(at: Date, words: string | null, code: string | null = null): void {
    const t = at.toISOString();
    const since = this.s.state === 'failing' ? this.s.since : t;
    this.s = { ...this.s, state: 'failing', since, lastFailureAt: t, lastError: words, lastCode: code };
  }

  state(): LinkState {
    return this.s;
  }
}
