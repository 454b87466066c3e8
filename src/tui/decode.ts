// Checks that an answer has the fields the dashboard draws, so a panel of another version (or
// another service behind --url) shows an error note instead of crashing the view. The checks are
// the contract's own schemas, cut to the fields drawn and loose: within v1 new fields may appear
// (spec: Versioning), and only what is drawn is checked. The answer is kept as it came.
import { z } from 'zod';
import {
  EventSchema,
  MetricsSchema,
  PalWithOwnerSchema,
  PlayerSchema,
  ServerStatusSchema,
  WorldSummarySchema,
} from '../contract/integration-rows.js';
import type { EventRow, MetricsData, PalRow, PlayerRow, RouteKey, ServerData, WorldSummaryData } from './types.js';

/** The routes answered in JSON (the host figures come from `/metrics`, host-figures.ts). */
export type JsonRoute = Exclude<RouteKey, 'host'>;

export type Decoded =
  | { route: 'server'; data: ServerData }
  | { route: 'metrics'; data: MetricsData }
  | { route: 'players'; data: PlayerRow[]; nextCursor: string | null }
  | { route: 'events'; data: EventRow[] }
  | { route: 'world'; data: WorldSummaryData }
  | { route: 'pals'; data: PalRow[]; nextCursor: string | null };

const save = ServerStatusSchema.shape.save.pick({
  state: true,
  formatDrift: true,
  players: true,
  pals: true,
  guilds: true,
  lastParseAt: true,
});

const DRAWN: Record<JsonRoute, z.ZodType> = {
  server: ServerStatusSchema.pick({ name: true, version: true, state: true, uptimeSec: true }).extend({ save: save.loose() }).loose(),
  metrics: MetricsSchema.pick({
    fps: true,
    frameTimeMs: true,
    players: true,
    maxPlayers: true,
    day: true,
    uptimeSec: true,
    baseCamps: true,
  }).loose(),
  players: z.array(PlayerSchema.pick({ uid: true, name: true, level: true, playtimeSec: true, guildName: true }).loose()),
  events: z.array(EventSchema.pick({ at: true, kind: true, message: true }).loose()),
  world: WorldSummarySchema.pick({ state: true, linkedBasePals: true })
    .extend({ counts: WorldSummarySchema.shape.counts.loose(), activity: WorldSummarySchema.shape.activity.loose() })
    .loose(),
  pals: z.array(
    PalWithOwnerSchema.pick({
      instanceId: true,
      displayName: true,
      placement: true,
      ownerName: true,
      level: true,
      isAlpha: true,
      isLucky: true,
    }).loose(),
  ),
};

/** The page's cursor: a string, null on the last page, or absent (an older panel). */
const Cursor = z.string().nullable().optional();

/** The answer's data, or null when it lacks what the dashboard draws. */
export function decode(route: JsonRoute, body: unknown): Decoded | null {
  const paged = route === 'players' || route === 'pals';
  const shape = paged ? { data: DRAWN[route], nextCursor: Cursor } : { data: DRAWN[route] };
  if (!z.looseObject(shape).safeParse(body).success) return null;
  const { data, nextCursor } = body as { data: unknown; nextCursor?: string | null };
  return (paged ? { route, data, nextCursor: nextCursor ?? null } : { route, data }) as Decoded;
}
