// The game's REST API in memory, for the poller's transition tests: a RestSource (the poller's
// port for the game) answering from the simulated game's own state (SimWorld, the documents the
// sim server would send) through the real decoders, with no socket and so no deadline to miss
// on a loaded machine. Failures are the client's named errors, as GameRestClient throws them.
// Every call's options are kept, to check the deadlines the poller asks for.
import { GameUnauthorizedError, GameUnreachableError } from '../../src/game/errors.js';
import { decodeInfo, decodeMetrics, decodePlayers } from '../../src/game/rest-decoders.js';
import type { CallOptions } from '../../src/game/rest-client.js';
import type { OnlinePlayer, ServerInfo, ServerMetrics } from '../../src/domain/live.js';
import type { RestSource } from '../../src/poller/rest-poller.js';
import { SimWorld } from '../../src/demo/sim/sim-world.js';
import type { SimPlayerInput } from '../../src/demo/sim/index.js';

export class MemoryGame implements RestSource {
  private readonly world: SimWorld;
  private failure: Error | null = null;
  readonly calls: CallOptions[] = [];

  constructor(players: SimPlayerInput[]) {
    this.world = new SimWorld({ players });
    this.world.players.setOverride([]); // nobody online until a test says who is
  }

  /** Pins who is online (save uids). */
  setOnline(uids: string[]): void {
    this.world.players.setOverride(uids);
  }

  /** Players still loading: listed by the game with empty ids. */
  setLoading(n: number): void {
    this.world.loading = n;
  }

  /** Every call fails with `err` until `up()`. */
  failWith(err: Error): void {
    this.failure = err;
  }

  /** Refuses connections, as a stopped game does. */
  down(): void {
    this.failWith(new GameUnreachableError('refused'));
  }

  /** Rejects the admin password. */
  unauthorized(): void {
    this.failWith(new GameUnauthorizedError());
  }

  up(): void {
    this.failure = null;
  }

  info(o: CallOptions = {}): Promise<ServerInfo> {
    return this.answer(o, () => decodeInfo(wire(this.world.info())));
  }

  players(o: CallOptions = {}): Promise<OnlinePlayer[]> {
    return this.answer(o, () => decodePlayers(wire(this.world.playersDoc())));
  }

  metrics(o: CallOptions = {}): Promise<ServerMetrics> {
    return this.answer(o, () => decodeMetrics(wire(this.world.metricsDoc())));
  }

  private async answer<T>(o: CallOptions, read: () => T | null): Promise<T> {
    this.calls.push({ ...o });
    await Promise.resolve(); // answers arrive later, as from a socket
    if (this.failure) throw this.failure;
    const v = read();
    if (v === null) throw new GameUnreachableError('unreadable');
    return v;
  }
}

/** The document as it crosses the wire: JSON text parsed again. */
const wire = (doc: unknown): unknown => JSON.parse(JSON.stringify(doc));
