// The game's settings palpanel knows (PalWorldSettings.ini's OptionSettings, 1.0): type, default,
// range and a line of description, and the palworld-server-docker variable each maps to. Written
// from the game's default settings file; keys not here are kept as they are and shown as text.

export type SettingType = 'float' | 'int' | 'bool' | 'enum' | 'string' | 'list';

export interface KnownSetting {
  key: string;
  type: SettingType;
  default: string;
  min?: number;
  max?: number;
  /** `enum`: the values it takes; `list`: the items it may hold. */
  values?: readonly string[];
  description: string;
  /** A password: never shown, only whether it is set. */
  secret?: boolean;
  /** The palworld-server-docker environment variable that sets it. */
  docker: string;
}

const rate = (key: string, docker: string, description: string, min = 0.1, max = 5): KnownSetting => ({ key, type: 'float', default: '1.000000', min, max, description, docker });
const flag = (key: string, docker: string, def: boolean, description: string): KnownSetting => ({ key, type: 'bool', default: def ? 'True' : 'False', description, docker });

export const KNOWN_SETTINGS: readonly KnownSetting[] = [
  { key: 'Difficulty', type: 'enum', default: 'None', values: ['None', 'Casual', 'Normal', 'Hard'], description: 'Difficulty preset (None: the custom rates below apply).', docker: 'DIFFICULTY' },
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
  rate('PlayerStaminaDecreaceRate', 'PLAYER_STAMINA_DECREACE_RATE', 'How fast players use stamina.'),
  rate('PlayerAutoHPRegeneRate', 'PLAYER_AUTO_HP_REGENE_RATE', 'Player health regeneration.'),
  rate('PlayerAutoHpRegeneRateInSleep', 'PLAYER_AUTO_HP_REGENE_RATE_IN_SLEEP', 'Player health regeneration while sleeping.'),
  rate('PalStomachDecreaceRate', 'PAL_STOMACH_DECREACE_RATE', 'How fast Pals get hungry.'),
  rate('PalStaminaDecreaceRate', 'PAL_STAMINA_DECREACE_RATE', 'How fast Pals use stamina.'),
  rate('PalAutoHPRegeneRate', 'PAL_AUTO_HP_REGENE_RATE', 'Pal health regeneration.'),
  rate('PalAutoHpRegeneRateInSleep', 'PAL_AUTO_HP_REGENE_RATE_IN_SLEEP', 'Pal health regeneration in the Palbox.'),
  rate('BuildObjectDamageRate', 'BUILD_OBJECT_DAMAGE_RATE', 'Damage dealt to buildings.', 0.5, 3),
  rate('BuildObjectDeteriorationDamageRate', 'BUILD_OBJECT_DETERIORATION_DAMAGE_RATE', 'How fast buildings decay (0: never).', 0, 10),
  rate('CollectionDropRate', 'COLLECTION_DROP_RATE', 'Items gathered from trees, rocks and the like.', 0.5, 3),
  rate('CollectionObjectHpRate', 'COLLECTION_OBJECT_HP_RATE', 'Health of trees, rocks and the like.', 0.5, 3),
  rate('CollectionObjectRespawnSpeedRate', 'COLLECTION_OBJECT_RESPAWN_SPEED_RATE', 'How fast gathering spots come back (higher is slower).', 0.5, 3),
  rate('EnemyDropItemRate', 'ENEMY_DROP_ITEM_RATE', 'Items dropped by defeated enemies.', 0.5, 3),
  rate('WorkSpeedRate', 'WORK_SPEED_RATE', 'How fast Pals work.', 0.1, 5),
  { key: 'DeathPenalty', type: 'enum', default: 'All', values: ['None', 'Item', 'ItemAndEquipment', 'All'], description: 'What a player drops on death.', docker: 'DEATH_PENALTY' },
  flag('bEnablePlayerToPlayerDamage', 'ENABLE_PLAYER_TO_PLAYER_DAMAGE', false, 'Players can hurt each other.'),
  flag('bEnableFriendlyFire', 'ENABLE_FRIENDLY_FIRE', false, 'Friendly fire.'),
  flag('bEnableInvaderEnemy', 'ENABLE_INVADER_ENEMY', true, 'Raids on bases.'),
  flag('bActiveUNKO', 'ACTIVE_UNKO', false, 'Pal droppings.'),
  flag('bEnableAimAssistPad', 'ENABLE_AIM_ASSIST_PAD', true, 'Aim assist for controllers.'),
  flag('bEnableAimAssistKeyboard', 'ENABLE_AIM_ASSIST_KEYBOARD', false, 'Aim assist for keyboard and mouse.'),
  { key: 'DropItemMaxNum', type: 'int', default: '3000', min: 0, max: 5000, description: 'Dropped items kept in the world at most.', docker: 'DROP_ITEM_MAX_NUM' },
  { key: 'BaseCampMaxNum', type: 'int', default: '128', min: 1, max: 500, description: 'Base camps in the whole world at most.', docker: 'BASE_CAMP_MAX_NUM' },
  { key: 'BaseCampWorkerMaxNum', type: 'int', default: '15', min: 1, max: 50, description: 'Working Pals per base at most.', docker: 'BASE_CAMP_WORKER_MAX_NUM' },
  { key: 'BaseCampMaxNumInGuild', type: 'int', default: '4', min: 1, max: 10, description: 'Base camps per guild at most.', docker: 'BASE_CAMP_MAX_NUM_IN_GUILD' },
  { key: 'DropItemAliveMaxHours', type: 'float', default: '1.000000', min: 0, max: 240, description: 'Hours a dropped item stays.', docker: 'DROP_ITEM_ALIVE_MAX_HOURS' },
  flag('bAutoResetGuildNoOnlinePlayers', 'AUTO_RESET_GUILD_NO_ONLINE_PLAYERS', false, 'Disband guilds whose members stay offline.'),
  { key: 'AutoResetGuildTimeNoOnlinePlayers', type: 'float', default: '72.000000', min: 1, max: 8760, description: 'Hours offline before such a guild is disbanded.', docker: 'AUTO_RESET_GUILD_TIME_NO_ONLINE_PLAYERS' },
  { key: 'GuildPlayerMaxNum', type: 'int', default: '20', min: 1, max: 100, description: 'Players per guild at most.', docker: 'GUILD_PLAYER_MAX_NUM' },
  { key: 'PalEggDefaultHatchingTime', type: 'float', default: '72.000000', min: 0, max: 240, description: 'Hours a huge egg takes to hatch.', docker: 'PAL_EGG_DEFAULT_HATCHING_TIME' },
  { key: 'AutoSaveSpan', type: 'float', default: '30.000000', min: 1, max: 3600, description: 'Seconds between autosaves.', docker: 'AUTO_SAVE_SPAN' },
  flag('bIsMultiplay', 'IS_MULTIPLAY', false, 'Multiplayer (co-op) mode.'),
  flag('bIsPvP', 'IS_PVP', false, 'Player versus player.'),
  flag('bCanPickupOtherGuildDeathPenaltyDrop', 'CAN_PICKUP_OTHER_GUILD_DEATH_PENALTY_DROP', false, "Players may take what another guild's players dropped on death."),
  flag('bEnableNonLoginPenalty', 'ENABLE_NON_LOGIN_PENALTY', true, 'Penalty for staying away.'),
  flag('bEnableFastTravel', 'ENABLE_FAST_TRAVEL', true, 'Fast travel.'),
  flag('bIsStartLocationSelectByMap', 'IS_START_LOCATION_SELECT_BY_MAP', true, 'New players choose where to start on the map.'),
  flag('bExistPlayerAfterLogout', 'EXIST_PLAYER_AFTER_LOGOUT', false, 'Players stay in the world after they log out.'),
  flag('bEnableDefenseOtherGuildPlayer', 'ENABLE_DEFENSE_OTHER_GUILD_PLAYER', false, "Base defences shoot other guilds' players."),
  { key: 'CoopPlayerMaxNum', type: 'int', default: '4', min: 1, max: 32, description: 'Players in one co-op session at most.', docker: 'COOP_PLAYER_MAX_NUM' },
  { key: 'ServerPlayerMaxNum', type: 'int', default: '32', min: 1, max: 32, description: 'Players on the server at most.', docker: 'PLAYERS' },
  { key: 'ServerName', type: 'string', default: 'Default Palworld Server', description: 'The name in the server list.', docker: 'SERVER_NAME' },
  { key: 'ServerDescription', type: 'string', default: '', description: 'The description in the server list.', docker: 'SERVER_DESCRIPTION' },
  { key: 'AdminPassword', type: 'string', default: '', description: 'Admin password (also the REST API and RCON password).', secret: true, docker: 'ADMIN_PASSWORD' },
  { key: 'ServerPassword', type: 'string', default: '', description: 'Password players need to join.', secret: true, docker: 'SERVER_PASSWORD' },
  { key: 'PublicPort', type: 'int', default: '8211', min: 1, max: 65535, description: 'The game port players connect to.', docker: 'PUBLIC_PORT' },
  { key: 'PublicIP', type: 'string', default: '', description: 'The public address the server announces.', docker: 'PUBLIC_IP' },
  flag('RCONEnabled', 'RCON_ENABLED', false, 'RCON (the panel console uses it).'),
  { key: 'RCONPort', type: 'int', default: '25575', min: 1, max: 65535, description: 'RCON port.', docker: 'RCON_PORT' },
  flag('RESTAPIEnabled', 'REST_API_ENABLED', false, 'The REST API (palpanel polls it).'),
  { key: 'RESTAPIPort', type: 'int', default: '8212', min: 1, max: 65535, description: 'REST API port.', docker: 'REST_API_PORT' },
  flag('bShowPlayerList', 'SHOW_PLAYER_LIST', false, 'Players can see who is online.'),
  { key: 'CrossplayPlatforms', type: 'list', default: '(Steam,Xbox,PS5,Mac)', values: ['Steam', 'Xbox', 'PS5', 'Mac'], description: 'Platforms that may join.', docker: 'CROSSPLAY_PLATFORMS' },
  flag('bIsUseBackupSaveData', 'IS_USE_BACKUP_SAVE_DATA', true, "The game's own rolling backups of the world."),
  { key: 'LogFormatType', type: 'enum', default: 'Text', values: ['Text', 'Json'], description: "Format of the game's log.", docker: 'LOG_FORMAT_TYPE' },
  { key: 'SupplyDropSpan', type: 'int', default: '180', min: 1, max: 1440, description: 'Minutes between supply drops.', docker: 'SUPPLY_DROP_SPAN' },
  { key: 'BanListURL', type: 'string', default: 'https://api.palworldgame.com/api/banlist.txt', description: 'A global ban list the server reads.', docker: 'BAN_LIST_URL' },
];

export const KNOWN_BY_KEY = new Map(KNOWN_SETTINGS.map((s) => [s.key, s]));
export const KNOWN_BY_DOCKER = new Map(KNOWN_SETTINGS.map((s) => [s.docker, s]));
