// The resources routes (issue 40): the machine's and the game process's figures now, and their
// history in the metrics' tiers. The game's figures are null while its process is not visible to
// palpanel, and `gameHidden` says why; a client draws a gap and the words, never a zero.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { Timestamp } from '../integration-rows.js';
import { MetricsHistoryQuery } from './events.js';

const Bytes = z.number().meta({ description: 'Bytes.' });

export const HostFiguresSchema = z.strictObject({
  cpuPercent: z.number().nullable().meta({ description: 'All cores busy since the previous sample, 0–100; null on the first.' }),
  cores: z.int(),
  memTotalBytes: Bytes,
  memAvailableBytes: Bytes,
  swapTotalBytes: Bytes,
  swapFreeBytes: Bytes,
  load1: z.number(),
  load5: z.number(),
  load15: z.number(),
  saveDiskFreeBytes: Bytes.nullable(),
  saveDiskTotalBytes: Bytes.nullable(),
  backupDiskFreeBytes: Bytes.nullable(),
  backupDiskTotalBytes: Bytes.nullable(),
});

export const GameProcessSchema = z.strictObject({
  pid: z.int(),
  cpuSeconds: z.number().meta({ description: 'CPU time used since the process started.' }),
  cpuPercent: z.number().nullable().meta({ description: 'Share of one core (100 = one core) since the previous sample.' }),
  rssBytes: Bytes,
  threads: z.int(),
  startedAtMs: z.number(),
});

export type HostFigures = z.infer<typeof HostFiguresSchema>;
export type GameProcessFigures = z.infer<typeof GameProcessSchema>;

export const ResourcesCurrentSchema = dataOf(
  z.strictObject({
    at: Timestamp.nullable().meta({ description: 'When the sample was taken; null before the first.' }),
    host: HostFiguresSchema.nullable(),
    game: GameProcessSchema.nullable().meta({ description: "The game process's figures; null while it is not visible." }),
    gameHidden: z.string().nullable().meta({ description: 'Why the game process is not visible, in words; null while it is.' }),
  }),
);

export const ResourcePointSchema = z.strictObject({
  at: Timestamp,
  hostCpuPercent: z.number().nullable(),
  memTotalBytes: Bytes,
  memAvailableBytes: Bytes,
  swapUsedBytes: Bytes,
  load1: z.number(),
  saveDiskFreeBytes: Bytes.nullable(),
  backupDiskFreeBytes: Bytes.nullable(),
  gameCpuPercent: z.number().nullable().meta({ description: 'Null where no sample in the step saw the process.' }),
  gameRssBytes: Bytes.nullable(),
  gameThreads: z.number().nullable(),
});
export type ResourcePoint = z.infer<typeof ResourcePointSchema>;

export const ResourceHistorySchema = dataOf(
  z.strictObject({
    from: Timestamp,
    to: Timestamp,
    stepSec: z.int(),
    points: z.array(ResourcePointSchema).meta({ description: 'Oldest first; steps with no sample are absent.' }),
  }),
);

export const ResourceHistoryQuery = MetricsHistoryQuery;
