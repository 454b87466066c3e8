// Issue 40, part B's settings: the game's log (a file or a command, not both), the time zone, and
// the restart policy's bounds, each refused with a message naming the setting when wrong.
import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../../src/config/settings.js';

const refused = (env: Record<string, string>) => {
  try {
    loadSettings(env);
  } catch (err) {
    if (err instanceof SettingsError) return err;
    throw err;
  }
  throw new Error('accepted');
};

describe('the settings of the game operated', () => {
  it('reads the log file or command, the zone and the restart bounds', () => {
    const s = loadSettings({
      SERVICE_GAME_LOG_COMMAND: 'journalctl -u palworld -f -n 200 -o cat',
      SERVICE_TIMEZONE: 'Europe/Berlin',
      SERVICE_RESTART_MEMORY: '85%',
      SERVICE_RESTART_CRON: ' 0 5 * * * ',
      SERVICE_RESTART_QUIET_WINDOW: '23:30-02:00',
      SERVICE_RESTART_WARNING: '5m',
    });
    expect(s.gameLogCommand).toEqual(['journalctl', '-u', 'palworld', '-f', '-n', '200', '-o', 'cat']);
    expect(s.timezone).toBe('Europe/Berlin');
    expect(s.restartMemory).toEqual({ percent: 85 });
    expect(s.restartCron).toBe('0 5 * * *');
    expect(s.restartQuietWindow).toEqual({ from: 23 * 60 + 30, to: 120, text: '23:30-02:00' });
    expect(s.restartWarningMs).toBe(300_000);
    expect(loadSettings({ SERVICE_RESTART_MEMORY: '12GiB' }).restartMemory).toEqual({ bytes: 12 * 1024 ** 3 });
    expect(loadSettings({ SERVICE_RESTART_MEMORY: '12000MB' }).restartMemory).toEqual({ bytes: 12e9 });
    expect(loadSettings({ SERVICE_GAME_LOG: '/home/steam/palworld.log' }).gameLog).toBe('/home/steam/palworld.log');
  });

  it('refuses bad values, naming the setting', () => {
    expect(refused({ SERVICE_TIMEZONE: 'Mars/Olympus' }).setting).toBe('SERVICE_TIMEZONE');
    expect(refused({ SERVICE_TIMEZONE: 'CEST+2' }).setting).toBe('SERVICE_TIMEZONE');
    for (const v of ['0%', '100%', '12 parsecs', '1MB', '-5GB'])
      expect(refused({ SERVICE_RESTART_MEMORY: v }).setting, v).toBe('SERVICE_RESTART_MEMORY');
    const cron = refused({ SERVICE_RESTART_CRON: '0 5 * * * *' });
    expect(cron.message).toContain('five fields');
    expect(refused({ SERVICE_RESTART_CRON: '61 5 * * *' }).setting).toBe('SERVICE_RESTART_CRON');
    for (const v of ['03:00', '03:00-03:00', '25:00-06:00', '3-6'])
      expect(refused({ SERVICE_RESTART_QUIET_WINDOW: v }).setting, v).toBe('SERVICE_RESTART_QUIET_WINDOW');
    expect(refused({ SERVICE_GAME_LOG_COMMAND: 'journalctl -f | grep Pal' }).setting).toBe('SERVICE_GAME_LOG_COMMAND');
  });

  it('refuses a log file and a log command together', () => {
    const err = refused({ SERVICE_GAME_LOG: '/var/log/pal.log', SERVICE_GAME_LOG_COMMAND: 'journalctl -f' });
    expect(err.message).toBe('SERVICE_GAME_LOG and SERVICE_GAME_LOG_COMMAND are both set: the log is followed from one, set only one.');
  });
});
