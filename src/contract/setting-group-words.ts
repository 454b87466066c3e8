// The groups of the game's settings a host thinks in (issue 38), as the config routes name them.
// On the contract's floor, since the config schema enumerates them; their titles, their lines and
// each key's place are in game-config/setting-groups.ts, the one place the keys are known.
export const SETTING_GROUP_IDS = ['server', 'rates', 'players', 'pals', 'base', 'death', 'guilds', 'world', 'chat', 'network'] as const;
export type SettingGroupId = (typeof SETTING_GROUP_IDS)[number];
