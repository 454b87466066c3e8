// What the Integration API routes' `data` holds, by path, from the contract's own zod types: the
// end-to-end tests read response bodies through these instead of `any`, so a test that reads a
// member the contract lacks fails to compile.
import type {
  EventRow,
  GuildRow,
  MapDataset,
  Metrics,
  PalWithOwnerRow,
  PlayerRow,
  ServerStatus,
  WorldSummary,
  WorldWorkers,
} from '../../src/contract/integration-rows.js';

export interface IntegrationData {
  '/server': ServerStatus;
  '/metrics/current': Metrics;
  '/players': PlayerRow[];
  '/pals': PalWithOwnerRow[];
  '/guilds': GuildRow[];
  '/map': MapDataset;
  '/world/summary': WorldSummary;
  '/world/workers': WorldWorkers;
  '/events': EventRow[];
}

/** The route of a path with its query string, e.g. '/players?online=true' → '/players'. */
type RouteOf<P extends string> = P extends `${infer R}?${string}` ? R : P;

/** The `data` a path answers with (unknown for a path this table does not name). */
export type DataAt<P extends string> = RouteOf<P> extends keyof IntegrationData ? IntegrationData[RouteOf<P>] : unknown;

/** A 200 body of the Integration API (list routes add paging and save members, read here as unknown). */
export type BodyAt<P extends string> = { data: DataAt<P> } & Record<string, unknown>;
