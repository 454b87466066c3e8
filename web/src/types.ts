// The panel API's shapes, inferred from the server's own zod schemas: the one declaration of
// each shape, which also gives the routes' response schemas and the OpenAPI document
// (/api/openapi.json). Types only: `import type` brings no server code into the bundle
// (test/architecture/imports.test.ts checks that no value crosses). A screen's own reads are
// typed by their operation (api/operations.ts); these names are for the parts of an answer that
// components hand one another.
import type { z } from 'zod';
import type { Role } from '../../src/contract/vocabulary';
import type {
  BackupContentsSchema,
  BackupCopySchema,
  BackupJobSchema,
  BackupListItemSchema,
  BackupRecordSchema,
  BackupScheduleSchema,
  BackupStorageSchema,
  RestoreDiffSchema,
  RestoreJobSchema,
} from '../../src/contract/backups';
import type { UserSchema, KeyRecordSchema } from '../../src/contract/integration-rows';
import type { LabelledGuildSchema, NamedPalSchema, NamedPalWithOwnerSchema, SkillNameSchema } from '../../src/contract/named-rows';
import type { SessionRecordSchema, UserRecordSchema } from '../../src/contract/panel/admin';
import type { ConfigSchema, Setting } from '../../src/contract/panel/config';
import type { LogEntry, Saved } from '../../src/contract/panel/console';
import type {
  EventSchema,
  MetricsCurrentSchema,
  MetricsPointSchema,
  MetricsSchema,
  StreamPlayerSchema,
} from '../../src/contract/panel/events';
import type { CatalogItem } from '../../src/contract/panel/items';
import type {
  AnnouncementsSchema,
  BanSchema,
  GuildDetailEnvelopeSchema,
  PaldeckEnvelopeSchema,
  WhitelistImpactEnvelopeSchema,
  PanelPlayerDetailSchema,
  PanelPlayerSchema,
  WhitelistSchema,
} from '../../src/contract/panel/players';
import type { PanelServerSchema } from '../../src/contract/panel/server';
import type { ChannelSchema } from '../../src/contract/panel/diagnostics';
import type { Run, Task as TaskSchema } from '../../src/contract/panel/tasks';
import type { PanelMapDatasetSchema, WorldSnapshotSchema as LiveSnapshotSchema } from '../../src/contract/panel/world';

type Of<S extends z.ZodType> = z.output<S>;

export type { Role };
/** The signed-in user. `language` may be absent where a screen's test builds a user by hand
 * (the server always sends it; absent reads as null: follow the browser). */
export type Me = Omit<Of<typeof UserSchema>, 'language'> & Partial<Pick<Of<typeof UserSchema>, 'language'>>;

export type ServerStatus = Of<typeof PanelServerSchema>;
export type DiagnosticsChannel = Of<typeof ChannelSchema>;
export type Metrics = Of<typeof MetricsSchema>;
export type MetricsCurrent = Of<typeof MetricsCurrentSchema>['data'];
export type HistoryPoint = Of<typeof MetricsPointSchema>;
export type LoggedEvent = Of<typeof EventSchema>;
export type StreamPlayer = Of<typeof StreamPlayerSchema>;

export type Player = Of<typeof PanelPlayerSchema>;
export type PlayerDetail = Of<typeof PanelPlayerDetailSchema>['data'];
/** A pal of `/pals` (with its owner) or of a player's page (without). */
export type Pal = Of<typeof NamedPalSchema> & Partial<Omit<Of<typeof NamedPalWithOwnerSchema>, keyof Of<typeof NamedPalSchema>>>;
export type SkillName = Of<typeof SkillNameSchema>;
export type Guild = Of<typeof LabelledGuildSchema>;
export type Base = Guild['bases'][number];
export type XY = NonNullable<Base['location']>;
export type Whitelist = Of<typeof WhitelistSchema>;
export type WhitelistImpact = Of<typeof WhitelistImpactEnvelopeSchema>['data'];
export type Paldeck = Of<typeof PaldeckEnvelopeSchema>['data'];
export type GuildDetail = Of<typeof GuildDetailEnvelopeSchema>['data'];
export type Ban = Of<typeof BanSchema>;
export type Announcements = Of<typeof AnnouncementsSchema>;

export type MapDataset = Of<typeof PanelMapDatasetSchema>;
export type MapLayer = MapDataset['map']['layers'][number];
export type WorldSnapshot = Of<typeof LiveSnapshotSchema>;

export type Backup = Of<typeof BackupRecordSchema>;
export type BackupListItem = Of<typeof BackupListItemSchema>;
export type BackupCopy = Of<typeof BackupCopySchema>;
export type BackupJob = Of<typeof BackupJobSchema>;
export type BackupContents = Of<typeof BackupContentsSchema>;
export type BackupStorage = Of<typeof BackupStorageSchema>;
export type BackupSchedule = Of<typeof BackupScheduleSchema>;
export type DryRun = Of<typeof RestoreDiffSchema>;
export type RestoreJob = Of<typeof RestoreJobSchema>;

export type ConsoleEntry = Of<typeof LogEntry>;
export type SavedCommand = Of<typeof Saved>;
export type ConfigSetting = Of<typeof Setting>;
export type ConfigData = Of<typeof ConfigSchema>;

export type Item = Of<typeof CatalogItem>;
export type TaskRun = Of<typeof Run>;
export type Task = Of<typeof TaskSchema>;

export type User = Of<typeof UserRecordSchema>;
export type Session = Of<typeof SessionRecordSchema>;
export type KeyRecord = Of<typeof KeyRecordSchema>;
