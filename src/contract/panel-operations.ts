// The panel API's operations by id: for each, the request schemas (path parameters, query, JSON
// body, or the file it takes) and the schema of each success answer (null: no JSON body, a 204
// or a file). With PANEL_PATHS (method and path) this is the panel's wire contract, written once:
// the route table (http/panel/*/routes.ts) takes both through http/panel/operation.ts, and the
// web UI types its calls with PanelIO.
import { ResourceHistoryQuery, ResourceHistorySchema, ResourcesCurrentSchema } from './panel/resources.js';
import { CrashesSchema, GameStartStateSchema, GameVersionsSchema, StartRunSchema } from './panel/game-health.js';
import { SetLanguageRequestSchema } from './languages.js';
import { GameLogPage, GameLogQuery, GameLogStreamMessage, GameLogStreamQuery } from './panel/game-log.js';
import { z } from 'zod';
import { dataOf, pageOf } from './envelopes.js';
import {
  BackupCheckSchema,
  BackupContentsSchema,
  BackupJobSchema,
  BackupCopySchema,
  BackupListItemSchema,
  BackupRecordSchema,
  BackupScheduleSchema,
  BackupScheduleUpdateSchema,
  BackupStartedSchema,
  BackupStorageSchema,
  OffsiteStatusSchema,
  RestoreDiffSchema,
  RestoreJobSchema,
} from './backups.js';
import {
  CreateKeyRequestSchema,
  KeyCreatedSchema,
  KeyListSchema,
  KeyRecordSchema,
  LoginRequestSchema,
  UserSchema,
} from './integration-rows.js';
import {
  HeatmapQuery,
  HeatmapSchema,
  OnlineQuery,
  OnlineSeriesSchema,
  PlayerSessionsPath,
  PlayerSessionsQuery,
  PlayerSessionsSchema,
} from './panel/activity.js';
import {
  AuditPageSchema,
  AuditQuery,
  CreateUserRequestSchema,
  SessionListSchema,
  SessionPath,
  SetPasswordRequestSchema,
  SetRoleRequestSchema,
  UserEnvelopeSchema,
  UserListSchema,
  UserPath,
} from './panel/admin.js';
import { SetupStateSchema } from './panel/auth.js';
import {
  ChangePasswordRequestSchema,
  RecoveryCodesSchema,
  TotpCodeRequestSchema,
  TotpStartedSchema,
  TotpStatusSchema,
} from './panel/account.js';
import { BACKUP_UPLOAD_TYPES, BackupPath, CheckRequest, CreateRequest, RestoreRequest } from './panel/backups.js';
import { ConfigSchema, UpdateRequest } from './panel/config.js';
import { ExecRequest, LogEntry, LogQuery, SaveRequest, Saved, SavedQuery } from './panel/console.js';
import { DiagnosticsEnvelopeSchema } from './panel/diagnostics.js';
import {
  EventPageSchema,
  EventQuery,
  MetricsCurrentSchema,
  MetricsHistoryQuery,
  MetricsHistorySchema,
  StreamMessageSchema,
} from './panel/events.js';
import { Capability, CatalogItem, GrantRecord, GrantRequest, PageQuery } from './panel/items.js';
import {
  BaseContainersSchema,
  BasePath,
  EconomySchema,
  InventorySchema,
  ItemSearchQuery,
  ItemSearchSchema,
  LanguageOnlyQuery,
} from './panel/world-items.js';
import { KeyPath } from './panel/keys.js';
import { PalPassivesSchema, PanelPalsPageSchema, PanelPalsQuery } from './panel/pals.js';
import { GameNamesSchema, NamesPath } from './panel/names.js';
import {
  ActionResultSchema,
  AnnouncementsEnvelopeSchema,
  AnnouncementsSchema,
  BanEnvelopeSchema,
  BanListSchema,
  BanRequestSchema,
  GuildDetailEnvelopeSchema,
  ModerationRequestSchema,
  PaldeckEnvelopeSchema,
  PanelGuildPath,
  PanelGuildsSchema,
  PanelPlayerDetailSchema,
  PanelPlayerPath,
  PanelPlayersPageSchema,
  PanelPlayersQuery,
  PlayerWhitelistEnvelopeSchema,
  WhitelistEnvelopeSchema,
  WhitelistImpactEnvelopeSchema,
  WhitelistSchema,
} from './panel/players.js';
import {
  ActionDoneSchema,
  AnnounceRequestSchema,
  CountdownCancelledSchema,
  CountdownEnvelopeSchema,
  HealthEnvelopeSchema,
  PanelServerEnvelopeSchema,
  ShutdownAcceptedSchema,
  ShutdownRequestSchema,
} from './panel/server.js';
import { Run, RunsQuery, Task, TaskPath, TaskSpec } from './panel/tasks.js';
import {
  CreateWebhookSchema,
  UpdateWebhookSchema,
  WebhookEnvelopeSchema,
  WebhookListSchema,
  WebhookPath,
  WebhookTestSchema,
} from './panel/webhooks.js';
import {
  PanelMapDatasetEnvelopeSchema,
  PanelWorldSummaryEnvelopeSchema,
  PanelWorldWorkersEnvelopeSchema,
  ParseRunEnvelopeSchema,
  WorldSnapshotEnvelopeSchema,
  WorldStatusEnvelopeSchema,
} from './panel/world.js';
import type { PanelOperationId } from './panel-paths.js';

/** What a panel operation accepts and answers. */
export interface OperationSchemas {
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    body?: z.ZodType;
    file?: { contentTypes: readonly string[]; description: string };
  };
  /** By status: the JSON body's schema (a stream's: one message's `data`), null for none. */
  responses: Partial<Record<number, z.ZodType | null>>;
}

export const PANEL_OPERATIONS = {
  // auth
  login: { request: { body: LoginRequestSchema }, responses: { 200: UserSchema } },
  authSetup: { responses: { 200: SetupStateSchema } },
  logout: { responses: { 204: null } },
  me: { responses: { 200: UserSchema } },
  // keys
  listKeys: { responses: { 200: KeyListSchema } },
  createKey: { request: { body: CreateKeyRequestSchema }, responses: { 201: KeyCreatedSchema } },
  revokeKey: { request: { params: KeyPath }, responses: { 200: KeyRecordSchema } },
  // admin
  listUsers: { responses: { 200: UserListSchema } },
  createUser: { request: { body: CreateUserRequestSchema }, responses: { 201: UserEnvelopeSchema } },
  setUserRole: { request: { params: UserPath, body: SetRoleRequestSchema }, responses: { 200: UserEnvelopeSchema } },
  setUserPassword: { request: { params: UserPath, body: SetPasswordRequestSchema }, responses: { 204: null } },
  removeUser: { request: { params: UserPath }, responses: { 204: null } },
  listSessions: { responses: { 200: SessionListSchema } },
  endSession: { request: { params: SessionPath }, responses: { 204: null } },
  listAudit: { request: { query: AuditQuery }, responses: { 200: AuditPageSchema } },
  endUserSessions: { request: { params: UserPath }, responses: { 204: null } },
  resetUserTotp: { request: { params: UserPath }, responses: { 204: null } },
  // account (every role, their own)
  changeOwnPassword: { request: { body: ChangePasswordRequestSchema }, responses: { 204: null } },
  setOwnLanguage: { request: { body: SetLanguageRequestSchema }, responses: { 200: UserSchema } },
  listOwnSessions: { responses: { 200: SessionListSchema } },
  endOwnSessions: { responses: { 204: null } },
  endOwnSession: { request: { params: SessionPath }, responses: { 204: null } },
  getOwnTotp: { responses: { 200: TotpStatusSchema } },
  startTotp: { responses: { 201: TotpStartedSchema } },
  confirmTotp: { request: { body: TotpCodeRequestSchema }, responses: { 200: RecoveryCodesSchema } },
  disableTotp: { request: { body: TotpCodeRequestSchema }, responses: { 204: null } },
  // events
  panelMetricsCurrent: { responses: { 200: MetricsCurrentSchema } },
  metricsHistory: { request: { query: MetricsHistoryQuery }, responses: { 200: MetricsHistorySchema } },
  listPanelEvents: { request: { query: EventQuery }, responses: { 200: EventPageSchema } },
  streamEvents: { responses: { 200: StreamMessageSchema } },
  // server
  getPanelServer: { responses: { 200: PanelServerEnvelopeSchema } },
  getHealth: { responses: { 200: HealthEnvelopeSchema } },
  getCountdown: { responses: { 200: CountdownEnvelopeSchema } },
  announce: { request: { body: AnnounceRequestSchema }, responses: { 200: ActionDoneSchema } },
  saveWorld: { responses: { 200: ActionDoneSchema } },
  shutdownServer: { request: { body: ShutdownRequestSchema }, responses: { 202: ShutdownAcceptedSchema } },
  cancelCountdown: { responses: { 200: CountdownCancelledSchema } },
  getResources: { responses: { 200: ResourcesCurrentSchema } },
  resourceHistory: { request: { query: ResourceHistoryQuery }, responses: { 200: ResourceHistorySchema } },
  listCrashes: { responses: { 200: CrashesSchema } },
  listGameVersions: { responses: { 200: GameVersionsSchema } },
  getGameStart: { responses: { 200: GameStartStateSchema } },
  startGame: { responses: { 200: dataOf(StartRunSchema) } },
  getGameLog: { request: { query: GameLogQuery }, responses: { 200: dataOf(GameLogPage) } },
  streamGameLog: { request: { query: GameLogStreamQuery }, responses: { 200: GameLogStreamMessage } },
  // world
  getWorld: { responses: { 200: WorldStatusEnvelopeSchema } },
  getWorldSnapshot: { responses: { 200: WorldSnapshotEnvelopeSchema } },
  panelWorldSummary: { responses: { 200: PanelWorldSummaryEnvelopeSchema } },
  panelWorldWorkers: { responses: { 200: PanelWorldWorkersEnvelopeSchema } },
  getMapDataset: { responses: { 200: PanelMapDatasetEnvelopeSchema } },
  parseWorld: { responses: { 200: ParseRunEnvelopeSchema } },
  // players
  panelListPlayers: { request: { query: PanelPlayersQuery }, responses: { 200: PanelPlayersPageSchema } },
  panelGetPlayer: { request: { params: PanelPlayerPath }, responses: { 200: PanelPlayerDetailSchema } },
  panelPlayerPaldeck: { request: { params: PanelPlayerPath }, responses: { 200: PaldeckEnvelopeSchema } },
  panelGetGuild: { request: { params: PanelGuildPath }, responses: { 200: GuildDetailEnvelopeSchema } },
  listBans: { responses: { 200: BanListSchema } },
  panelListGuilds: { responses: { 200: PanelGuildsSchema } },
  getWhitelist: { responses: { 200: WhitelistEnvelopeSchema } },
  getJoinAnnouncements: { responses: { 200: AnnouncementsEnvelopeSchema } },
  kickPlayer: { request: { params: PanelPlayerPath, body: ModerationRequestSchema }, responses: { 200: ActionResultSchema } },
  banPlayer: { request: { params: PanelPlayerPath, body: BanRequestSchema }, responses: { 200: BanEnvelopeSchema } },
  unbanPlayer: { request: { params: PanelPlayerPath, body: ModerationRequestSchema }, responses: { 200: ActionResultSchema } },
  whitelistImpact: { request: { body: WhitelistSchema }, responses: { 200: WhitelistImpactEnvelopeSchema } },
  addPlayerToWhitelist: { request: { params: PanelPlayerPath }, responses: { 200: PlayerWhitelistEnvelopeSchema } },
  removePlayerFromWhitelist: { request: { params: PanelPlayerPath }, responses: { 200: PlayerWhitelistEnvelopeSchema } },
  putWhitelist: { request: { body: WhitelistSchema }, responses: { 200: WhitelistEnvelopeSchema } },
  putJoinAnnouncements: { request: { body: AnnouncementsSchema }, responses: { 200: AnnouncementsEnvelopeSchema } },
  // pals
  panelListPals: { request: { query: PanelPalsQuery }, responses: { 200: PanelPalsPageSchema } },
  panelListPalPassives: { responses: { 200: PalPassivesSchema } },
  getGameNames: { request: { params: NamesPath }, responses: { 200: GameNamesSchema, 304: null } },
  // webhooks
  listWebhooks: { responses: { 200: WebhookListSchema } },
  createWebhook: { request: { body: CreateWebhookSchema }, responses: { 201: WebhookEnvelopeSchema } },
  updateWebhook: { request: { params: WebhookPath, body: UpdateWebhookSchema }, responses: { 200: WebhookEnvelopeSchema } },
  testWebhook: { request: { params: WebhookPath }, responses: { 200: WebhookTestSchema } },
  removeWebhook: { request: { params: WebhookPath }, responses: { 204: null } },
  // backups
  listBackups: { responses: { 200: dataOf(z.array(BackupListItemSchema)) } },
  backupStorage: { responses: { 200: dataOf(BackupStorageSchema) } },
  getBackupSchedule: { responses: { 200: dataOf(BackupScheduleSchema) } },
  getBackupChecks: {
    responses: { 200: dataOf(z.strictObject({ status: OffsiteStatusSchema, recent: z.array(BackupCheckSchema) })) },
  },
  getBackup: { request: { params: BackupPath }, responses: { 200: dataOf(BackupJobSchema) } },
  backupContents: { request: { params: BackupPath }, responses: { 200: dataOf(BackupContentsSchema) } },
  createBackup: { request: { body: CreateRequest }, responses: { 202: dataOf(BackupStartedSchema) } },
  checkBackupCopy: { request: { body: CheckRequest }, responses: { 202: dataOf(OffsiteStatusSchema) } },
  setBackupSchedule: { request: { body: BackupScheduleUpdateSchema }, responses: { 200: dataOf(BackupScheduleSchema) } },
  uploadBackup: {
    request: {
      file: {
        contentTypes: BACKUP_UPLOAD_TYPES,
        description: 'The archive itself (a palpanel backup `.tar.gz`), at most 512 MiB, as the body.',
      },
    },
    responses: { 201: dataOf(BackupRecordSchema) },
  },
  downloadBackup: { request: { params: BackupPath }, responses: { 200: null } },
  copyBackupNow: { request: { params: BackupPath }, responses: { 202: dataOf(BackupCopySchema) } },
  deleteBackup: { request: { params: BackupPath }, responses: { 204: null } },
  restoreDryRun: { request: { params: BackupPath }, responses: { 200: dataOf(RestoreDiffSchema) } },
  restoreBackup: { request: { params: BackupPath, body: RestoreRequest }, responses: { 202: dataOf(RestoreJobSchema) } },
  getRestore: { request: { params: BackupPath }, responses: { 200: dataOf(RestoreJobSchema) } },
  // console
  consoleExec: { request: { body: ExecRequest }, responses: { 200: dataOf(LogEntry) } },
  consoleLog: {
    request: { query: LogQuery },
    responses: { 200: pageOf(LogEntry) },
  },
  listSavedCommands: { responses: { 200: dataOf(z.array(Saved)) } },
  saveCommand: {
    request: { body: SaveRequest },
    responses: { 200: dataOf(Saved), 201: dataOf(Saved) },
  },
  removeSavedCommand: { request: { query: SavedQuery }, responses: { 204: null } },
  // config
  getConfig: { responses: { 200: dataOf(ConfigSchema) } },
  getConfigRaw: { responses: { 200: dataOf(z.strictObject({ text: z.string() })) } },
  updateConfig: {
    request: { body: UpdateRequest },
    responses: { 200: dataOf(ConfigSchema.extend({ changed: z.array(z.string()) })) },
  },
  applyConfig: { responses: {} },
  // items
  itemCapability: { responses: { 200: dataOf(Capability) } },
  itemCatalog: {
    request: { query: ItemSearchQuery },
    responses: {
      200: z.union([
        dataOf(ItemSearchSchema).meta({ description: 'With `q`: who holds the items it names, with totals.' }),
        dataOf(z.array(CatalogItem), { total: z.int().meta({ description: 'How many ids the catalog knows.' }) }).meta({
          description: 'Without `q`: the grant catalog.',
        }),
      ]),
    },
  },
  worldEconomy: { request: { query: LanguageOnlyQuery }, responses: { 200: EconomySchema } },
  panelPlayerInventory: { request: { params: PanelPlayerPath, query: LanguageOnlyQuery }, responses: { 200: InventorySchema } },
  panelBaseContainers: { request: { params: BasePath, query: LanguageOnlyQuery }, responses: { 200: BaseContainersSchema } },
  grantItems: { request: { params: PanelPlayerPath, body: GrantRequest }, responses: { 201: dataOf(GrantRecord) } },
  listItemGrants: {
    request: { query: PageQuery },
    responses: { 200: pageOf(GrantRecord) },
  },
  // tasks
  listTasks: { responses: { 200: dataOf(z.array(Task)) } },
  addTask: { request: { body: TaskSpec }, responses: { 201: dataOf(Task) } },
  taskRuns: { request: { query: RunsQuery }, responses: { 200: dataOf(z.array(Run)) } },
  updateTask: { request: { params: TaskPath, body: TaskSpec }, responses: { 200: dataOf(Task) } },
  removeTask: { request: { params: TaskPath }, responses: { 204: null } },
  // diagnostics
  getDiagnostics: { responses: { 200: DiagnosticsEnvelopeSchema } },
  // activity
  activityOnline: { request: { query: OnlineQuery }, responses: { 200: OnlineSeriesSchema } },
  activityHeatmap: { request: { query: HeatmapQuery }, responses: { 200: HeatmapSchema } },
  playerSessions: { request: { params: PlayerSessionsPath, query: PlayerSessionsQuery }, responses: { 200: PlayerSessionsSchema } },
} satisfies Record<PanelOperationId, OperationSchemas>;

type Operations = typeof PANEL_OPERATIONS;
type RequestOf<Id extends PanelOperationId> = Operations[Id] extends { request: infer R } ? R : Record<never, never>;
type InputOf<R, K extends string, Else> = R extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : Else;
type SuccessOf<R> = { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : null }[keyof R];

/** One operation's types on the wire, for a client: the path parameters, query and body it sends
 * (as zod reads them: a member with a default may be left out) and the success body it gets back
 * (null when there is none: a 204 or a file; for a stream, one message). */
export interface PanelIO<Id extends PanelOperationId> {
  params: InputOf<RequestOf<Id>, 'params', Record<never, never>>;
  query: InputOf<RequestOf<Id>, 'query', Record<never, never>>;
  body: InputOf<RequestOf<Id>, 'body', undefined>;
  response: SuccessOf<Operations[Id]['responses']>;
}
