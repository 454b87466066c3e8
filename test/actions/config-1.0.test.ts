// The settings table is current to Palworld 1.0: a PalWorldSettings.ini laid out as the 1.0
// server's DefaultPalWorldSettings.ini (the whole OptionSettings line, written here from the
// game's file as the docker images and hosts reproduce it: 119 keys, its order, its defaults)
// is read with every key known, its defaults are palpanel's defaults, and writing every value
// back through the panel leaves the file byte for byte as it was.
import { readFileSync } from 'node:fs';
import { configPanel } from '../helpers/config-panel.js';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultIni, parseConfig } from '../../src/game-config/config-file.js';

/** The 1.0 defaults, in the game's order and spelling. */
const OPTIONS_1_0 = [
  'Difficulty=None',
  'RandomizerType=None',
  'RandomizerSeed=""',
  'bIsRandomizerPalLevelRandom=False',
  'DayTimeSpeedRate=1.000000',
  'NightTimeSpeedRate=1.000000',
  'ExpRate=1.000000',
  'PalCaptureRate=1.000000',
  'PalSpawnNumRate=1.000000',
  'PalDamageRateAttack=1.000000',
  'PalDamageRateDefense=1.000000',
  'PlayerDamageRateAttack=1.000000',
  'PlayerDamageRateDefense=1.000000',
  'PlayerStomachDecreaceRate=1.000000',
  'PlayerStaminaDecreaceRate=1.000000',
  'PlayerAutoHPRegeneRate=1.000000',
  'PlayerAutoHpRegeneRateInSleep=1.000000',
  'PalStomachDecreaceRate=1.000000',
  'PalStaminaDecreaceRate=1.000000',
  'PalAutoHPRegeneRate=1.000000',
  'PalAutoHpRegeneRateInSleep=1.000000',
  'BuildObjectHpRate=1.000000',
  'BuildObjectDamageRate=1.000000',
  'BuildObjectDeteriorationDamageRate=1.000000',
  'CollectionDropRate=1.000000',
  'CollectionObjectHpRate=1.000000',
  'CollectionObjectRespawnSpeedRate=1.000000',
  'EnemyDropItemRate=1.000000',
  'DeathPenalty=Item',
  'bEnablePlayerToPlayerDamage=False',
  'bEnableFriendlyFire=False',
  'bEnableInvaderEnemy=True',
  'bActiveUNKO=False',
  'bEnableAimAssistPad=True',
  'bEnableAimAssistKeyboard=False',
  'DropItemMaxNum=3000',
  'PhysicsActiveDropItemMaxNum=-1',
  'DropItemMaxNum_UNKO=100',
  'BaseCampMaxNum=128',
  'BaseCampWorkerMaxNum=15',
  'DropItemAliveMaxHours=1.000000',
  'bAutoResetGuildNoOnlinePlayers=False',
  'AutoResetGuildTimeNoOnlinePlayers=72.000000',
  'GuildPlayerMaxNum=20',
  'BaseCampMaxNumInGuild=4',
  'PalEggDefaultHatchingTime=1.000000',
  'WorkSpeedRate=1.000000',
  'AutoSaveSpan=30.000000',
  'bIsMultiplay=False',
  'bIsPvP=False',
  'bHardcore=False',
  'bPalLost=False',
  'bCharacterRecreateInHardcore=False',
  'bCanPickupOtherGuildDeathPenaltyDrop=False',
  'bEnableNonLoginPenalty=True',
  'bEnableFastTravel=True',
  'bEnableFastTravelOnlyBaseCamp=False',
  'bIsStartLocationSelectByMap=False',
  'bExistPlayerAfterLogout=False',
  'bEnableDefenseOtherGuildPlayer=False',
  'bInvisibleOtherGuildBaseCampAreaFX=False',
  'bBuildAreaLimit=False',
  'ItemWeightRate=1.000000',
  'CoopPlayerMaxNum=4',
  'ServerPlayerMaxNum=32',
  'ServerName="Default Palworld Server"',
  'ServerDescription=""',
  'AdminPassword=""',
  'ServerPassword=""',
  'bAllowClientMod=True',
  'PublicPort=8211',
  'PublicIP=""',
  'RCONEnabled=False',
  'RCONPort=25575',
  'Region=""',
  'bUseAuth=True',
  'BanListURL="https://b.palworldgame.com/api/banlist.txt"',
  'RESTAPIEnabled=False',
  'RESTAPIPort=8212',
  'bShowPlayerList=False',
  'ChatPostLimitPerMinute=30',
  'CrossplayPlatforms=(Steam,Xbox,PS5,Mac)',
  'bIsUseBackupSaveData=True',
  'LogFormatType=Text',
  'bIsShowJoinLeftMessage=True',
  'SupplyDropSpan=180',
  'EnablePredatorBossPal=True',
  'MaxBuildingLimitNum=0',
  'ServerReplicatePawnCullDistance=15000.000000',
  'bAllowGlobalPalboxExport=True',
  'bAllowGlobalPalboxImport=False',
  'EquipmentDurabilityDamageRate=1.000000',
  'ItemContainerForceMarkDirtyInterval=1.000000',
  'PlayerDataPalStorageUpdateCheckTickInterval=1.000000',
  'ItemCorruptionMultiplier=1.000000',
  'MonsterFarmActionSpeedRate=1.000000',
  'DenyTechnologyList=',
  'GuildRejoinCooldownMinutes=0',
  'AutoTransferMasterCheckIntervalSeconds=3600.000000',
  'AutoTransferMasterThresholdDays=14',
  'MaxGuildsPerFrame=10',
  'BlockRespawnTime=5.000000',
  'RespawnPenaltyDurationThreshold=0.000000',
  'RespawnPenaltyTimeScale=2.000000',
  'bDisplayPvPItemNumOnWorldMap_BaseCamp=False',
  'bDisplayPvPItemNumOnWorldMap_Player=False',
  'AdditionalDropItemWhenPlayerKillingInPvPMode="PlayerDropItem"',
  'AdditionalDropItemNumWhenPlayerKillingInPvPMode=1',
  'bAdditionalDropItemWhenPlayerKillingInPvPMode=False',
  'bEnableVoiceChat=False',
  'VoiceChatMaxVolumeDistance=3000.000000',
  'VoiceChatZeroVolumeDistance=15000.000000',
  'bAllowEnhanceStat_Health=True',
  'bAllowEnhanceStat_Attack=True',
  'bAllowEnhanceStat_Stamina=True',
  'bAllowEnhanceStat_Weight=True',
  'bAllowEnhanceStat_WorkSpeed=True',
  'bEnableBuildingPlayerUIdDisplay=False',
  'BuildingNameDisplayCacheTTLSeconds=60',
];

const LINE = `OptionSettings=(${OPTIONS_1_0.join(',')})`;
/** As the server ships it: three comment lines, the section, the one line (CRLF on Windows). */
const FILE_1_0 = [
  '; This configuration file is a sample of the default server settings.',
  '; Changes to this file will NOT be reflected on the server.',
  '; To change the server settings, modify Pal/Saved/Config/WindowsServer/PalWorldSettings.ini.',
  '[/Script/Pal.PalGameWorldSettings]',
  LINE,
  '',
].join('\r\n');

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const rig = (text: string) => configPanel(text, 'PalWorldSettings.ini', (c) => cleanup.push(c));

describe('settings current to 1.0', () => {
  it("every key of the 1.0 default file is known, and palpanel's defaults are the game's 1.0 defaults", () => {
    const parsed = parseConfig(FILE_1_0);
    expect(parsed.entries).toHaveLength(119);
    expect(parsed.entries.filter((e) => e.known === null).map((e) => e.name)).toEqual([]);
    // palpanel's own default file (the demo's) is the game's line, key for key and value for value.
    expect(defaultIni().split('\r\n')[1]).toBe(LINE);
    const known = new Map(parsed.entries.map((e) => [e.name, e.known!]));
    expect(known.get('DeathPenalty')!.default).toBe('Item');
    expect(known.get('PalEggDefaultHatchingTime')!.default).toBe('1.000000');
    expect(known.get('BanListURL')!.default).toBe('https://b.palworldgame.com/api/banlist.txt');
    expect(known.get('CrossplayPlatforms')).toMatchObject({ type: 'list', values: ['Steam', 'Xbox', 'PS5', 'Mac'] });
    for (const e of parsed.entries) expect(e.known!.description.length, e.name).toBeGreaterThan(5);
  });

  it('the whole 1.0 file round-trips byte for byte through the panel, every key known with its type and range', async () => {
    const { file, send, admin } = await rig(FILE_1_0);
    const got = await send('GET', '/config', admin);
    expect(got.status).toBe(200);
    const settings = got.json.data.settings as { key: string; known: boolean; type: string; value: unknown; secret: boolean }[];
    expect(settings).toHaveLength(119);
    expect(settings.filter((s) => !s.known).map((s) => s.key)).toEqual([]);
    const s = new Map(settings.map((x) => [x.key, x]));
    expect(s.get('GuildRejoinCooldownMinutes')).toMatchObject({ type: 'int', value: 0, min: 0 });
    expect(s.get('BlockRespawnTime')).toMatchObject({ type: 'float', value: 5 });
    expect(s.get('PhysicsActiveDropItemMaxNum')).toMatchObject({ type: 'int', value: -1, min: -1 });
    expect(s.get('bAllowClientMod')).toMatchObject({ type: 'bool', value: true });
    expect(s.get('RandomizerType')).toMatchObject({ type: 'enum', value: 'None', values: ['None', 'Region', 'All'] });
    expect(s.get('DenyTechnologyList')).toMatchObject({ type: 'string', value: '' });

    // Every value written back as the panel shows it (passwords are never shown): nothing changes.
    const all = Object.fromEntries(settings.filter((x) => !x.secret).map((x) => [x.key, x.value]));
    expect(Object.keys(all)).toHaveLength(117);
    const put = await send('PUT', '/config', admin, all);
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json.data.changed).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(FILE_1_0);

    // A text the game writes bare stays bare when it goes back to empty; a list of ids is quoted.
    await send('PUT', '/config', admin, { DenyTechnologyList: 'GrapplingGun,GrapplingGun2', GuildRejoinCooldownMinutes: 60 });
    expect(readFileSync(file, 'utf8')).toBe(
      FILE_1_0.replace('DenyTechnologyList=,', 'DenyTechnologyList="GrapplingGun,GrapplingGun2",').replace(
        'GuildRejoinCooldownMinutes=0',
        'GuildRejoinCooldownMinutes=60',
      ),
    );
    await send('PUT', '/config', admin, { DenyTechnologyList: '', GuildRejoinCooldownMinutes: 0 });
    expect(readFileSync(file, 'utf8')).toBe(FILE_1_0.replace('DenyTechnologyList=,', 'DenyTechnologyList="",'));
  });
});
