// Request and response shapes of the activity routes (who plays when).
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { Timestamp } from '../integration-rows.js';
import { PanelPlayerPath } from './players.js';

export const OnlineQuery = z.strictObject({
  range: z
    .enum(['24h', '7d', '30d'])
    .default('24h')
    .meta({ description: 'How far back: 24 h in 5-minute steps, 7 days in hours, 30 days in 3-hour steps.' }),
});

export const OnlineSeriesSchema = dataOf(
  z.strictObject({
    from: Timestamp,
    to: Timestamp,
    stepSec: z.int(),
    points: z
      .array(
        z.strictObject({
          at: Timestamp.meta({ description: 'Start of the step.' }),
          players: z
            .number()
            .nullable()
            .meta({ description: 'Mean players online over the step; null when no sample was taken (the game was down or palpanel off).' }),
        }),
      )
      .meta({ description: 'Every step of the range, oldest first (at most 300).' }),
  }),
);

export const HeatmapQuery = z.strictObject({
  range: z.enum(['7d', '30d']).default('7d').meta({ description: 'How far back the sessions are read.' }),
});

export const HeatmapSchema = dataOf(
  z.strictObject({
    from: Timestamp,
    to: Timestamp,
    hours: z
      .array(z.array(z.number()))
      .meta({ description: 'Seven rows, Monday to Sunday, of 24 hours in UTC: hours played in that hour, summed over players.' }),
  }),
);

export const PlayerSessionsPath = PanelPlayerPath;

export const PlayerSessionsQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(30).default(30).meta({ description: 'How many days back (1 to 30).' }),
});

export const PlayerSessionsSchema = dataOf(
  z.strictObject({
    from: Timestamp,
    to: Timestamp,
    sessions: z
      .array(
        z.strictObject({
          startedAt: Timestamp,
          endedAt: Timestamp.meta({ description: 'The end, or now for a session still open.' }),
          open: z.boolean(),
        }),
      )
      .meta({ description: 'Sessions overlapping the window, oldest first (at most 1000, the newest kept).' }),
  }),
);

export type OnlineSeries = z.output<typeof OnlineSeriesSchema>['data'];
export type OnlinePoint = OnlineSeries['points'][number];
export type Heatmap = z.output<typeof HeatmapSchema>['data'];
