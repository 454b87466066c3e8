// The game's settings palpanel knows: every key of PalWorldSettings.ini's OptionSettings as
// Palworld 1.0 writes its DefaultPalWorldSettings.ini, in that file's order, with its type, its
// 1.0 default, a range and a line of description, and the palworld-server-docker variable that
// sets it (that image's scripts/compile-settings.sh). Ranges are the game's where it states one
// (the in-game sliders, the official configuration page); elsewhere palpanel's own bounds, wide
// enough for any sensible value, so a typo (an extra zero) is caught before the game reads it.
// Keys not here are kept as they are and shown as text.

export type SettingType = 'float' | 'int' | 'bool' | 'enum' | 'string' | 'list';

export interface KnownSetting {
  key: string;
  type: SettingType;
  /** The value as the game's 1.0 DefaultPalWorldSettings.ini spells it (strings unquoted). */
  default: string;
  min?: number;
  max?: number;
  /** `enum`: the values it takes; `list`: the items it may hold. */
  values?: readonly string[];
  description: string;
  /** A password: never shown, only whether it is set. */
  secret?: boolean;
  /** The palworld-server-docker environment variable that sets it; absent: the image has none. */
  docker?: string;
  /** A text the game writes without quotes (`DenyTechnologyList=`); palpanel keeps it so. */
  bare?: boolean;
  /** Not in the 1.0 file: a key older files still carry, which the game no longer reads. */
  legacy?: boolean;
}

const rate = (key: string, docker: string, description: string, min = 0.1, max = 5): KnownSetting => ({
  key,
  type: 'float',
  default: '1.000000',
  min,
  max,
  description,
  docker,
});
const float = (key: string, docker: string, def: number, min: number, max: number, description: string): KnownSetting => ({
  key,
  type: 'float',
  default: def.toFixed(6),
  min,
  max,
  description,
  docker,
});
const int = (key: string, docker: string, def: number, min: number, max: number, description: string): KnownSetting => ({
  key,
  type: 'int',
  default: String(def),
  min,
  max,
  description,
  docker,
});
const flag = (key: string, docker: string | undefined, def: boolean, description: string): KnownSetting => ({
  key,
  type: 'bool',
  default: def ? 'True' : 'False',
  description,
  ...(docker ? { docker } : {}),
});
const text = (key: string, docker: string, def: string, description: string, more: Partial<KnownSetting> = {}): KnownSetting => ({
  key,
  type: 'string',
  default: def,
  description,
  docker,
  ...more,
});
const port = (key: string, docker: string, def: number, description: string) => int(key, docker, def, 1, 65535, description);

export const KNOWN_SETTINGS: readonly KnownSetting[] = [
  {
    key: 'Difficulty',
    type: 'enum',
    default: 'None',
    values: ['None', 'Casual', 'Normal', 'Hard'],
    description: 'Difficulty preset (None: the custom rates below apply).',
    docker: 'DIFFICULTY',
  },
  {
    key: 'RandomizerType',
    type: 'enum',
    default: 'None',
    values: ['None', 'Region', 'All'],
    description: 'Random Pal mode: which Pals appear where (None, within each region, or anywhere). Only a new world takes it.',
    docker: 'RANDOMIZER_TYPE',
  },
  text('RandomizerSeed', 'RANDOMIZER_SEED', '', 'Seed of the random Pal mode (empty: a random seed); the same seed gives the same world.'),
  flag(
    'bIsRandomizerPalLevelRandom',
    'IS_RANDOMIZER_PAL_LEVEL_RANDOM',
    false,
    'Random Pal mode: levels fully random, not fitted to the area.',
  ),
  rate('DayTimeSpeedRate', 'DAYTIME_SPEEDRATE', 'How fast daytime passes.'),
  rate('NightTimeSpeedRate', 'NIGHTTIME_SPEEDRATE', 'How fast night passes.'),
  rate('ExpRate', 'EXP_RATE', 'Experience gained.', 0.1, 20),
  rate('PalCaptureRate', 'PAL_CAPTURE_RATE', 'Chance to capture a Pal.', 0.5, 2),
  rate('PalSpawnNumRate', 'PAL_SPAWN_NUM_RATE', 'How many Pals appear (costs server performance).', 0.5, 3),
  rate('PalDamageRateAttack', 'PAL_DAMAGE_RATE_ATTACK', 'Damage Pals deal.'),
  rate('PalDamageRateDefense', 'PAL_DAMAGE_RATE_DEFENSE', 'Damage Pals take.'),
  rate('PlayerDamageRateAttack', 'PLAYER_DAMAGE_RATE_ATTACK', 'Damage players deal.'),
  rate('PlayerDamageRateDefense', 'PLAYER_DAMAGE_RATE_DEFENSE', 'Damage players take.'),
  rate('PlayerStomachDecreaceRate', 'PLAYER_STOMACH_DECREASE_RATE', 'How fast players get hungry.'),
  rate('PlayerStaminaDecreaceRate', 'PLAYER_STAMINA_DECREASE_RATE', 'How fast players use stamina.'),
  rate('PlayerAutoHPRegeneRate', 'PLAYER_AUTO_HP_REGEN_RATE', 'Player health regeneration.'),
  rate('PlayerAutoHpRegeneRateInSleep', 'PLAYER_AUTO_HP_REGEN_RATE_IN_SLEEP', 'Player health regeneration while sleeping.'),
  rate('PalStomachDecreaceRate', 'PAL_STOMACH_DECREASE_RATE', 'How fast Pals get hungry.'),
  rate('PalStaminaDecreaceRate', 'PAL_STAMINA_DECREASE_RATE', 'How fast Pals use stamina.'),
  rate('PalAutoHPRegeneRate', 'PAL_AUTO_HP_REGEN_RATE', 'Pal health regeneration.'),
  rate('PalAutoHpRegeneRateInSleep', 'PAL_AUTO_HP_REGEN_RATE_IN_SLEEP', 'Pal health regeneration in the Palbox.'),
  rate('BuildObjectHpRate', 'BUILD_OBJECT_HP_RATE', 'Health of buildings.', 0.5, 3),
  rate('BuildObjectDamageRate', 'BUILD_OBJECT_DAMAGE_RATE', 'Damage dealt to buildings.', 0.5, 3),
  rate('BuildObjectDeteriorationDamageRate', 'BUILD_OBJECT_DETERIORATION_DAMAGE_RATE', 'How fast buildings decay (0: never).', 0, 10),
  rate('CollectionDropRate', 'COLLECTION_DROP_RATE', 'Items gathered from trees, rocks and the like.', 0.5, 3),
  rate('CollectionObjectHpRate', 'COLLECTION_OBJECT_HP_RATE', 'Health of trees, rocks and the like.', 0.5, 3),
  rate(
    'CollectionObjectRespawnSpeedRate',
    'COLLECTION_OBJECT_RESPAWN_SPEED_RATE',
    'How fast gathering spots come back (higher is slower).',
    0.5,
    3,
  ),
  rate('EnemyDropItemRate', 'ENEMY_DROP_ITEM_RATE', 'Items dropped by defeated enemies.', 0.5, 3),
  {
    key: 'DeathPenalty',
    type: 'enum',
    default: 'Item',
    values: ['None', 'Item', 'ItemAndEquipment', 'All'],
    description: 'What a player drops on death: nothing, items but not equipment, items and equipment, or everything with the Pals.',
    docker: 'DEATH_PENALTY',
  },
  flag('bEnablePlayerToPlayerDamage', 'ENABLE_PLAYER_TO_PLAYER_DAMAGE', false, 'Players can hurt each other.'),
  flag('bEnableFriendlyFire', 'ENABLE_FRIENDLY_FIRE', false, 'Friendly fire.'),
  flag('bEnableInvaderEnemy', 'ENABLE_INVADER_ENEMY', true, 'Raids on bases.'),
  flag('bActiveUNKO', 'ACTIVE_UNKO', false, 'Pal droppings.'),
  flag('bEnableAimAssistPad', 'ENABLE_AIM_ASSIST_PAD', true, 'Aim assist for controllers.'),
  flag('bEnableAimAssistKeyboard', 'ENABLE_AIM_ASSIST_KEYBOARD', false, 'Aim assist for keyboard and mouse.'),
  int('DropItemMaxNum', 'DROP_ITEM_MAX_NUM', 3000, 0, 5000, 'Dropped items kept in the world at most.'),
  int(
    'PhysicsActiveDropItemMaxNum',
    'PHYSICS_ACTIVE_DROP_ITEM_MAX_NUM',
    -1,
    -1,
    5000,
    'Dropped items moved by physics at a time at most (-1: no limit).',
  ),
  int('DropItemMaxNum_UNKO', 'DROP_ITEM_MAX_NUM_UNKO', 100, 0, 5000, 'Pal droppings kept in the world at most.'),
  int('BaseCampMaxNum', 'BASE_CAMP_MAX_NUM', 128, 1, 500, 'Base camps in the whole world at most.'),
  int('BaseCampWorkerMaxNum', 'BASE_CAMP_WORKER_MAX_NUM', 15, 1, 50, 'Working Pals per base at most (more costs server performance).'),
  float('DropItemAliveMaxHours', 'DROP_ITEM_ALIVE_MAX_HOURS', 1, 0, 240, 'Hours a dropped item stays.'),
  flag(
    'bAutoResetGuildNoOnlinePlayers',
    'AUTO_RESET_GUILD_NO_ONLINE_PLAYERS',
    false,
    'Remove the buildings and base Pals of guilds whose members all stay offline.',
  ),
  float(
    'AutoResetGuildTimeNoOnlinePlayers',
    'AUTO_RESET_GUILD_TIME_NO_ONLINE_PLAYERS',
    72,
    1,
    8760,
    'Hours offline before such a guild is reset.',
  ),
  int('GuildPlayerMaxNum', 'GUILD_PLAYER_MAX_NUM', 20, 1, 100, 'Players per guild at most.'),
  int('BaseCampMaxNumInGuild', 'BASE_CAMP_MAX_NUM_IN_GUILD', 4, 1, 10, 'Base camps per guild at most (more costs server performance).'),
  float('PalEggDefaultHatchingTime', 'PAL_EGG_DEFAULT_HATCHING_TIME', 1, 0, 240, 'Hours a huge egg takes to hatch.'),
  rate('WorkSpeedRate', 'WORK_SPEED_RATE', 'How fast Pals work.', 0.1, 5),
  float('AutoSaveSpan', 'AUTO_SAVE_SPAN', 30, 1, 3600, 'Seconds between autosaves (palpanel reads the world after each).'),
  flag('bIsMultiplay', 'IS_MULTIPLAY', false, 'Multiplayer (co-op) mode.'),
  flag('bIsPvP', 'IS_PVP', false, 'Player versus player.'),
  flag('bHardcore', 'HARDCORE', false, 'Hardcore: a player who dies cannot respawn.'),
  flag('bPalLost', 'PAL_LOST', false, 'Pals that faint are lost for good.'),
  flag('bCharacterRecreateInHardcore', 'CHARACTER_RECREATE_IN_HARDCORE', false, 'Hardcore: a player who dies may make a new character.'),
  flag(
    'bCanPickupOtherGuildDeathPenaltyDrop',
    'CAN_PICKUP_OTHER_GUILD_DEATH_PENALTY_DROP',
    false,
    "Players may take what another guild's players dropped on death.",
  ),
  flag('bEnableNonLoginPenalty', 'ENABLE_NON_LOGIN_PENALTY', true, 'Penalty for staying away.'),
  flag('bEnableFastTravel', 'ENABLE_FAST_TRAVEL', true, 'Fast travel.'),
  flag('bEnableFastTravelOnlyBaseCamp', undefined, false, 'Fast travel only between bases.'),
  flag('bIsStartLocationSelectByMap', 'IS_START_LOCATION_SELECT_BY_MAP', false, 'New players choose where to start on the map.'),
  flag(
    'bExistPlayerAfterLogout',
    'EXIST_PLAYER_AFTER_LOGOUT',
    false,
    'Players stay in the world, asleep where they were, after they log out.',
  ),
  flag('bEnableDefenseOtherGuildPlayer', 'ENABLE_DEFENSE_OTHER_GUILD_PLAYER', false, "Base defences shoot other guilds' players."),
  flag(
    'bInvisibleOtherGuildBaseCampAreaFX',
    'INVISIBLE_OTHER_GUILD_BASE_CAMP_AREA_FX',
    false,
    "Hide the area effect of other guilds' bases.",
  ),
  flag('bBuildAreaLimit', 'BUILD_AREA_LIMIT', false, 'No building near fast travel points and other protected places.'),
  rate('ItemWeightRate', 'ITEM_WEIGHT_RATE', 'Weight of items.', 0, 5),
  int('CoopPlayerMaxNum', 'COOP_PLAYER_MAX_NUM', 4, 1, 32, 'Players in one co-op session at most.'),
  int('ServerPlayerMaxNum', 'PLAYERS', 32, 1, 32, 'Players on the server at most.'),
  text('ServerName', 'SERVER_NAME', 'Default Palworld Server', 'The name in the server list.'),
  text('ServerDescription', 'SERVER_DESCRIPTION', '', 'The description in the server list.'),
  text('AdminPassword', 'ADMIN_PASSWORD', '', 'Admin password (also the REST API and RCON password).', { secret: true }),
  text('ServerPassword', 'SERVER_PASSWORD', '', 'Password players need to join.', { secret: true }),
  flag('bAllowClientMod', 'ALLOW_CLIENT_MOD', true, 'Players with modded games may join.'),
  port('PublicPort', 'PUBLIC_PORT', 8211, 'The game port players connect to.'),
  text('PublicIP', 'PUBLIC_IP', '', 'The public address the server announces.'),
  flag('RCONEnabled', 'RCON_ENABLED', false, "RCON, which the game deprecates (only palpanel's console needs it)."),
  port('RCONPort', 'RCON_PORT', 25575, 'RCON port.'),
  text('Region', 'REGION', '', 'Region shown in the server list.'),
  flag('bUseAuth', 'USEAUTH', true, "Check players' accounts as they join."),
  text(
    'BanListURL',
    'BAN_LIST_URL',
    'https://b.palworldgame.com/api/banlist.txt',
    'A global ban list the server reads (the address before 1.0 now serves an empty list).',
  ),
  flag('RESTAPIEnabled', 'REST_API_ENABLED', false, 'The REST API (palpanel polls it and acts through it).'),
  port('RESTAPIPort', 'REST_API_PORT', 8212, 'REST API port.'),
  flag('bShowPlayerList', 'SHOW_PLAYER_LIST', false, 'Players can see who is online (the ESC menu).'),
  int('ChatPostLimitPerMinute', 'CHAT_POST_LIMIT_PER_MINUTE', 30, 1, 1000, 'Chat messages per player per minute at most.'),
  {
    key: 'CrossplayPlatforms',
    type: 'list',
    default: '(Steam,Xbox,PS5,Mac)',
    values: ['Steam', 'Xbox', 'PS5', 'Mac'],
    description: 'Platforms that may join (replaces AllowConnectPlatform).',
    docker: 'CROSSPLAY_PLATFORMS',
  },
  flag('bIsUseBackupSaveData', 'USE_BACKUP_SAVE_DATA', true, "The game's own rolling backups of the world (its backup/ folder)."),
  {
    key: 'LogFormatType',
    type: 'enum',
    default: 'Text',
    values: ['Text', 'Json'],
    description: "Format of the game's log.",
    docker: 'LOG_FORMAT_TYPE',
  },
  flag('bIsShowJoinLeftMessage', 'IS_SHOW_JOIN_LEFT_MESSAGE', true, 'Tell players in game when someone joins or leaves.'),
  int('SupplyDropSpan', 'SUPPLY_DROP_SPAN', 180, 1, 1440, 'Minutes between supply drops.'),
  flag('EnablePredatorBossPal', 'ENABLE_PREDATOR_BOSS_PAL', true, 'Predator Pals appear.'),
  int('MaxBuildingLimitNum', 'MAX_BUILDING_LIMIT_NUM', 0, 0, 100000, 'Buildings per player at most (0: no limit).'),
  float(
    'ServerReplicatePawnCullDistance',
    'SERVER_REPLICATE_PAWN_CULL_DISTANCE',
    15000,
    5000,
    15000,
    'How far from a player (cm) Pals are kept in sync.',
  ),
  flag('bAllowGlobalPalboxExport', 'ALLOW_GLOBAL_PALBOX_EXPORT', true, 'Players may store Pals in the global Palbox.'),
  flag('bAllowGlobalPalboxImport', 'ALLOW_GLOBAL_PALBOX_IMPORT', false, 'Players may bring Pals in from the global Palbox.'),
  rate('EquipmentDurabilityDamageRate', 'EQUIPMENT_DURABILITY_DAMAGE_RATE', 'How fast equipment wears out.', 0, 5),
  float(
    'ItemContainerForceMarkDirtyInterval',
    'ITEM_CONTAINER_FORCE_MARK_DIRTY_INTERVAL',
    1,
    0.1,
    60,
    'Seconds between forced re-syncs of a container that is open.',
  ),
  float(
    'PlayerDataPalStorageUpdateCheckTickInterval',
    'PLAYER_DATA_PAL_STORAGE_UPDATE_CHECK_TICK_INTERVAL',
    1,
    0.1,
    60,
    "Seconds between checks of players' Pal storage for changes.",
  ),
  rate('ItemCorruptionMultiplier', 'ITEM_CORRUPTION_MULTIPLIER', 'How fast food and other items spoil.', 0, 10),
  rate('MonsterFarmActionSpeedRate', 'MONSTER_FARM_ACTION_SPEED_RATE', 'How fast ranch Pals produce.', 0.1, 5),
  text('DenyTechnologyList', 'DENY_TECHNOLOGY_LIST', '', 'Technology ids players may not unlock, separated by commas.', { bare: true }),
  int(
    'GuildRejoinCooldownMinutes',
    'GUILD_REJOIN_COOLDOWN_MINUTES',
    0,
    0,
    10080,
    'Minutes before a player who left a guild may join one again.',
  ),
  float(
    'AutoTransferMasterCheckIntervalSeconds',
    'AUTO_TRANSFER_MASTER_CHECK_INTERVAL_SECONDS',
    3600,
    60,
    86400,
    'Seconds between checks for guild masters who stay away.',
  ),
  int(
    'AutoTransferMasterThresholdDays',
    'AUTO_TRANSFER_MASTER_THRESHOLD_DAYS',
    14,
    1,
    365,
    'Days away after which a guild master hands over to another member.',
  ),
  int('MaxGuildsPerFrame', 'MAX_GUILDS_PER_FRAME', 10, 1, 1000, 'Guilds the server processes per frame at most.'),
  float('BlockRespawnTime', 'BLOCK_RESPAWN_TIME', 5, 0, 3600, 'Seconds a player who died waits before respawning.'),
  float(
    'RespawnPenaltyDurationThreshold',
    'RESPAWN_PENALTY_DURATION_THRESHOLD',
    0,
    0,
    86400,
    'Seconds within which another death lengthens the respawn wait (0: never).',
  ),
  float('RespawnPenaltyTimeScale', 'RESPAWN_PENALTY_TIME_SCALE', 2, 0, 10, 'How much each such death multiplies the respawn wait.'),
  flag(
    'bDisplayPvPItemNumOnWorldMap_BaseCamp',
    'DISPLAY_PVP_ITEM_NUM_ON_WORLD_MAP_BASE_CAMP',
    false,
    'PvP: show on the map how many PvP items each base holds.',
  ),
  flag(
    'bDisplayPvPItemNumOnWorldMap_Player',
    'DISPLAY_PVP_ITEM_NUM_ON_WORLD_MAP_PLAYER',
    false,
    'PvP: show on the map how many PvP items each player carries.',
  ),
  text(
    'AdditionalDropItemWhenPlayerKillingInPvPMode',
    'ADDITIONAL_DROP_ITEM_WHEN_PLAYER_KILLING_IN_PVP_MODE',
    'PlayerDropItem',
    'PvP: the item id a killed player drops besides the death penalty.',
  ),
  int(
    'AdditionalDropItemNumWhenPlayerKillingInPvPMode',
    'ADDITIONAL_DROP_ITEM_NUM_WHEN_PLAYER_KILLING_IN_PVP_MODE',
    1,
    0,
    9999,
    'PvP: how many of that item a killed player drops.',
  ),
  flag(
    'bAdditionalDropItemWhenPlayerKillingInPvPMode',
    'ADDITIONAL_DROP_ITEM_WHEN_PLAYER_KILLING_IN_PVP_MODE_ENABLED',
    false,
    'PvP: a killed player drops that item.',
  ),
  flag('bEnableVoiceChat', 'ENABLE_VOICE_CHAT', false, 'Voice chat in game.'),
  float(
    'VoiceChatMaxVolumeDistance',
    'VOICE_CHAT_MAX_VOLUME_DISTANCE',
    3000,
    0,
    100000,
    'Voice chat: distance (cm) within which a voice is at full volume.',
  ),
  float(
    'VoiceChatZeroVolumeDistance',
    'VOICE_CHAT_ZERO_VOLUME_DISTANCE',
    15000,
    0,
    100000,
    'Voice chat: distance (cm) beyond which a voice is silent.',
  ),
  flag('bAllowEnhanceStat_Health', 'ALLOW_ENHANCE_STAT_HEALTH', true, 'Players may spend stat points on health.'),
  flag('bAllowEnhanceStat_Attack', 'ALLOW_ENHANCE_STAT_ATTACK', true, 'Players may spend stat points on attack.'),
  flag('bAllowEnhanceStat_Stamina', 'ALLOW_ENHANCE_STAT_STAMINA', true, 'Players may spend stat points on stamina.'),
  flag('bAllowEnhanceStat_Weight', 'ALLOW_ENHANCE_STAT_WEIGHT', true, 'Players may spend stat points on carrying weight.'),
  flag('bAllowEnhanceStat_WorkSpeed', 'ALLOW_ENHANCE_STAT_WORK_SPEED', true, 'Players may spend stat points on work speed.'),
  flag('bEnableBuildingPlayerUIdDisplay', 'ENABLE_BUILDING_PLAYER_UID_DISPLAY', false, 'Show the id of the player who built a building.'),
  int(
    'BuildingNameDisplayCacheTTLSeconds',
    'BUILDING_NAME_DISPLAY_CACHE_TTL_SECONDS',
    60,
    0,
    86400,
    'Seconds the names on buildings are cached before they are looked up again.',
  ),
  {
    key: 'AllowConnectPlatform',
    type: 'enum',
    default: 'Steam',
    values: ['Steam', 'Xbox'],
    description: 'Replaced by CrossplayPlatforms: the game no longer reads it.',
    docker: 'ALLOW_CONNECT_PLATFORM',
    legacy: true,
  },
];

export const KNOWN_BY_KEY = new Map(KNOWN_SETTINGS.map((s) => [s.key, s]));
export const KNOWN_BY_DOCKER = new Map(KNOWN_SETTINGS.filter((s) => s.docker !== undefined).map((s) => [s.docker!, s]));
