// The game's settings as a host thinks of them (issue 38): each known key in one group, with a
// name a person reads. The line that explains it is its description in known-keys.ts; the raw
// key stays beside the name on the screen, and either finds it. Every key of KNOWN_SETTINGS has a
// place here (test/game-config/setting-groups.test.ts), and a key only here is refused there too.

import type { SettingGroupId } from '../contract/setting-group-words.js';

export interface SettingGroup {
  id: SettingGroupId;
  title: string;
  /** One line: what the settings of this group decide. */
  about: string;
}

export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    id: 'server',
    title: 'Server and access',
    about: 'How the server is listed, who may join, with which password and from which platforms.',
  },
  { id: 'rates', title: 'Rates', about: 'Multipliers of experience, capture, drops, gathering and time: 1 is the game’s normal pace.' },
  { id: 'players', title: 'Players', about: 'Damage, hunger, stamina, health and stat points of the players themselves.' },
  { id: 'pals', title: 'Pals', about: 'Pal damage, hunger, work, eggs, ranches and the global Palbox.' },
  {
    id: 'base',
    title: 'Base and building',
    about: 'Bases per guild and in the world, workers per base, and how buildings wear and where they may stand.',
  },
  { id: 'death', title: 'Death and PvP', about: 'What a death costs, respawning, hardcore, and what players may do to each other.' },
  { id: 'guilds', title: 'Guilds', about: 'Guild size, leaving and rejoining, and what happens to guilds whose players stay away.' },
  { id: 'world', title: 'World', about: 'Difficulty, random Pal mode, raids, supply drops, dropped items, travel and saving.' },
  { id: 'chat', title: 'Chat and voice', about: 'Chat limits, join messages, the player list and voice chat.' },
  {
    id: 'network',
    title: 'Network, REST and RCON',
    about: 'Ports, the REST API palpanel uses, RCON for its console, the log and sync intervals.',
  },
];

type Place = readonly [group: SettingGroupId, name: string];

export const SETTING_PLACES: Readonly<Record<string, Place>> = {
  // Server and access
  ServerName: ['server', 'Server name'],
  ServerDescription: ['server', 'Server description'],
  ServerPassword: ['server', 'Join password'],
  AdminPassword: ['server', 'Admin password'],
  ServerPlayerMaxNum: ['server', 'Players at most'],
  CoopPlayerMaxNum: ['server', 'Co-op players at most'],
  bIsMultiplay: ['server', 'Multiplayer mode'],
  Region: ['server', 'Region'],
  PublicIP: ['server', 'Public address'],
  bUseAuth: ['server', 'Check accounts'],
  BanListURL: ['server', 'Global ban list'],
  bAllowClientMod: ['server', 'Allow modded clients'],
  CrossplayPlatforms: ['server', 'Platforms that may join'],
  AllowConnectPlatform: ['server', 'Platform (old setting)'],
  // Rates
  ExpRate: ['rates', 'Experience'],
  PalCaptureRate: ['rates', 'Capture chance'],
  PalSpawnNumRate: ['rates', 'Pal spawns'],
  DayTimeSpeedRate: ['rates', 'Day speed'],
  NightTimeSpeedRate: ['rates', 'Night speed'],
  CollectionDropRate: ['rates', 'Gathering yield'],
  CollectionObjectHpRate: ['rates', 'Gathering spot health'],
  CollectionObjectRespawnSpeedRate: ['rates', 'Gathering spot respawn'],
  EnemyDropItemRate: ['rates', 'Enemy drops'],
  ItemWeightRate: ['rates', 'Item weight'],
  EquipmentDurabilityDamageRate: ['rates', 'Equipment wear'],
  ItemCorruptionMultiplier: ['rates', 'Food spoiling'],
  // Players
  PlayerDamageRateAttack: ['players', 'Damage players deal'],
  PlayerDamageRateDefense: ['players', 'Damage players take'],
  PlayerStomachDecreaceRate: ['players', 'Player hunger'],
  PlayerStaminaDecreaceRate: ['players', 'Player stamina use'],
  PlayerAutoHPRegeneRate: ['players', 'Player health regeneration'],
  PlayerAutoHpRegeneRateInSleep: ['players', 'Player regeneration asleep'],
  bAllowEnhanceStat_Health: ['players', 'Stat points: health'],
  bAllowEnhanceStat_Attack: ['players', 'Stat points: attack'],
  bAllowEnhanceStat_Stamina: ['players', 'Stat points: stamina'],
  bAllowEnhanceStat_Weight: ['players', 'Stat points: weight'],
  bAllowEnhanceStat_WorkSpeed: ['players', 'Stat points: work speed'],
  bEnableAimAssistPad: ['players', 'Aim assist (controller)'],
  bEnableAimAssistKeyboard: ['players', 'Aim assist (keyboard)'],
  bEnableNonLoginPenalty: ['players', 'Penalty for staying away'],
  bExistPlayerAfterLogout: ['players', 'Stay in the world after logout'],
  bIsStartLocationSelectByMap: ['players', 'Choose the start on the map'],
  // Pals
  PalDamageRateAttack: ['pals', 'Damage Pals deal'],
  PalDamageRateDefense: ['pals', 'Damage Pals take'],
  PalStomachDecreaceRate: ['pals', 'Pal hunger'],
  PalStaminaDecreaceRate: ['pals', 'Pal stamina use'],
  PalAutoHPRegeneRate: ['pals', 'Pal health regeneration'],
  PalAutoHpRegeneRateInSleep: ['pals', 'Pal regeneration in the Palbox'],
  WorkSpeedRate: ['pals', 'Work speed'],
  PalEggDefaultHatchingTime: ['pals', 'Egg hatching time'],
  MonsterFarmActionSpeedRate: ['pals', 'Ranch speed'],
  bActiveUNKO: ['pals', 'Pal droppings'],
  EnablePredatorBossPal: ['pals', 'Predator Pals'],
  bAllowGlobalPalboxExport: ['pals', 'Global Palbox: store'],
  bAllowGlobalPalboxImport: ['pals', 'Global Palbox: bring in'],
  // Base and building
  BaseCampMaxNum: ['base', 'Bases in the world'],
  BaseCampMaxNumInGuild: ['base', 'Bases per guild'],
  BaseCampWorkerMaxNum: ['base', 'Workers per base'],
  BuildObjectHpRate: ['base', 'Building health'],
  BuildObjectDamageRate: ['base', 'Damage to buildings'],
  BuildObjectDeteriorationDamageRate: ['base', 'Building decay'],
  MaxBuildingLimitNum: ['base', 'Buildings per player'],
  bBuildAreaLimit: ['base', 'Protected building areas'],
  bInvisibleOtherGuildBaseCampAreaFX: ['base', 'Hide other bases’ areas'],
  bEnableBuildingPlayerUIdDisplay: ['base', 'Show who built it'],
  BuildingNameDisplayCacheTTLSeconds: ['base', 'Building name cache'],
  // Death and PvP
  DeathPenalty: ['death', 'Death penalty'],
  bIsPvP: ['death', 'PvP'],
  bEnablePlayerToPlayerDamage: ['death', 'Players hurt players'],
  bEnableFriendlyFire: ['death', 'Friendly fire'],
  bHardcore: ['death', 'Hardcore'],
  bCharacterRecreateInHardcore: ['death', 'New character in hardcore'],
  bPalLost: ['death', 'Fainted Pals are lost'],
  bCanPickupOtherGuildDeathPenaltyDrop: ['death', 'Loot other guilds’ deaths'],
  bEnableDefenseOtherGuildPlayer: ['death', 'Defences shoot other guilds'],
  BlockRespawnTime: ['death', 'Respawn wait'],
  RespawnPenaltyDurationThreshold: ['death', 'Repeated death window'],
  RespawnPenaltyTimeScale: ['death', 'Repeated death penalty'],
  bDisplayPvPItemNumOnWorldMap_BaseCamp: ['death', 'PvP items on the map (bases)'],
  bDisplayPvPItemNumOnWorldMap_Player: ['death', 'PvP items on the map (players)'],
  bAdditionalDropItemWhenPlayerKillingInPvPMode: ['death', 'PvP kill drops an item'],
  AdditionalDropItemWhenPlayerKillingInPvPMode: ['death', 'PvP kill drop: item'],
  AdditionalDropItemNumWhenPlayerKillingInPvPMode: ['death', 'PvP kill drop: how many'],
  // Guilds
  GuildPlayerMaxNum: ['guilds', 'Players per guild'],
  GuildRejoinCooldownMinutes: ['guilds', 'Rejoin cooldown'],
  bAutoResetGuildNoOnlinePlayers: ['guilds', 'Reset abandoned guilds'],
  AutoResetGuildTimeNoOnlinePlayers: ['guilds', 'Hours before a reset'],
  AutoTransferMasterThresholdDays: ['guilds', 'Hand over after days away'],
  AutoTransferMasterCheckIntervalSeconds: ['guilds', 'Hand-over check interval'],
  MaxGuildsPerFrame: ['guilds', 'Guilds per frame'],
  // World
  Difficulty: ['world', 'Difficulty'],
  RandomizerType: ['world', 'Random Pal mode'],
  RandomizerSeed: ['world', 'Random Pal seed'],
  bIsRandomizerPalLevelRandom: ['world', 'Random Pal levels'],
  bEnableInvaderEnemy: ['world', 'Raids'],
  SupplyDropSpan: ['world', 'Supply drop interval'],
  DropItemMaxNum: ['world', 'Dropped items at most'],
  DropItemMaxNum_UNKO: ['world', 'Droppings at most'],
  PhysicsActiveDropItemMaxNum: ['world', 'Moving dropped items at most'],
  DropItemAliveMaxHours: ['world', 'Dropped item lifetime'],
  bEnableFastTravel: ['world', 'Fast travel'],
  bEnableFastTravelOnlyBaseCamp: ['world', 'Fast travel between bases only'],
  AutoSaveSpan: ['world', 'Autosave interval'],
  bIsUseBackupSaveData: ['world', 'Game’s own backups'],
  DenyTechnologyList: ['world', 'Forbidden technologies'],
  // Chat and voice
  ChatPostLimitPerMinute: ['chat', 'Chat messages per minute'],
  bIsShowJoinLeftMessage: ['chat', 'Join and leave messages'],
  bShowPlayerList: ['chat', 'Show the player list'],
  bEnableVoiceChat: ['chat', 'Voice chat'],
  VoiceChatMaxVolumeDistance: ['chat', 'Full-volume distance'],
  VoiceChatZeroVolumeDistance: ['chat', 'Silent distance'],
  // Network, REST and RCON
  PublicPort: ['network', 'Game port'],
  RESTAPIEnabled: ['network', 'REST API'],
  RESTAPIPort: ['network', 'REST API port'],
  RCONEnabled: ['network', 'RCON'],
  RCONPort: ['network', 'RCON port'],
  LogFormatType: ['network', 'Log format'],
  ServerReplicatePawnCullDistance: ['network', 'Sync distance'],
  ItemContainerForceMarkDirtyInterval: ['network', 'Container re-sync interval'],
  PlayerDataPalStorageUpdateCheckTickInterval: ['network', 'Pal storage check interval'],
};

/** A known key's group and readable name; null for a key palpanel does not know. */
export function placeOf(key: string): { group: SettingGroupId; name: string } | null {
  const p = Object.hasOwn(SETTING_PLACES, key) ? SETTING_PLACES[key] : undefined;
  return p ? { group: p[0], name: p[1] } : null;
}
