// Which console commands ask first (contract/console-danger.ts): the game's stop commands, kicks and
// bans of everyone, and anything that deletes; everyday commands go straight through.
import { describe, expect, it } from 'vitest';
import { consoleDanger } from '../../src/contract/console-danger.js';

describe('console commands that ask first', () => {
  it.each([
    ['DoExit', /stops the game server at once/],
    ['  doexit ', /stops the game server at once/],
    ['/DoExit', /stops the game server at once/],
    ['Shutdown 60 Bye', /stops the game server/],
    ['KickPlayer *', /acts on every player/],
    ['BanPlayer all', /acts on every player/],
    ['kickall', /acts on every player/],
    ['DeleteGuild 1234', /deletes something/],
    ['wipe_base 5', /deletes something/],
  ])('%s asks: %s', (command, words) => {
    expect(consoleDanger(command)).toMatch(words);
  });

  it.each([
    'ShowPlayers',
    'Info',
    'Save',
    'Broadcast Hello_all',
    'KickPlayer steam_76561198000000001',
    'BanPlayer steam_1',
    'TeleportToMe x',
  ])('%s runs without asking', (command) => {
    expect(consoleDanger(command)).toBeNull();
  });
});
