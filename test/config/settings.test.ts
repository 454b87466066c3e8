import { describe, expect, it } from 'vitest';
import { loadSettings, MAX_TIMER_MS, SettingsError, SETTINGS_TABLE } from '../../src/config/settings.js';
import { parseDuration } from '../../src/lib/duration.js';
import { INVALID_SETTINGS as invalid } from './invalid-settings.js';

describe('settings', () => {
  it('defaults are those of interface.md', () => {
    const s = loadSettings({});
    expect(s).toEqual({
      listen: { host: '127.0.0.1', port: 8080 },
      dataDir: './palpanel-data',
      saveDir: null,
      saveCheckIntervalMs: 30_000,
      gameRestUrl: null,
      gameAdminPassword: null,
      pollIntervalMs: 5_000,
      gameData: false,
      gameDataIntervalMs: 15_000,
      rconAddr: null,
      rconPassword: null,
      palDefenderUrl: null,
      palDefenderToken: null,
      integrationRateLimit: 60,
      sessionTtlMs: 7 * 86_400_000,
      logFormat: 'text',
      backupDir: null,
      backupCopyCommand: null,
      backupCopyTimeoutMs: 1_800_000,
      configFile: null,
      configComposeService: null,
      mapTileUrl: null,
      mapTilesDir: null,
      publicUrl: null,
      trustedProxies: null,
      webhookAllowPrivate: false,
      backupCheckCommand: null,
      backupCheckTimeoutMs: 30 * 60_000,
      gameProcess: null,
      gameStartCommand: null,
      gameDownBoundMs: 5 * 60_000,
      gameLog: null,
      gameLogCommand: null,
      timezone: 'UTC',
      gameLanguage: 'en',
      restartMemory: null,
      restartCron: null,
      restartQuietWindow: null,
      restartWarningMs: 10 * 60_000,
      require2fa: 'off',
    });
  });

  it('accepts every documented setting', () => {
    const s = loadSettings({
      SERVICE_LISTEN: '0.0.0.0:0',
      SERVICE_DATA_DIR: '/var/lib/palpanel',
      SERVICE_SAVE_DIR: '/srv/pal/Saved/SaveGames/0/ABC',
      SERVICE_SAVE_CHECK_INTERVAL: '250ms',
      SERVICE_GAME_REST_URL: 'http://127.0.0.1:8212',
      SERVICE_GAME_ADMIN_PASSWORD: 'hunter2',
      SERVICE_POLL_INTERVAL: '2m',
      SERVICE_GAME_DATA: 'on',
      SERVICE_GAME_DATA_INTERVAL: '1h',
      SERVICE_RCON_ADDR: '127.0.0.1:25575',
      SERVICE_RCON_PASSWORD: 'hunter2',
      SERVICE_PALDEFENDER_URL: 'http://127.0.0.1:17993/',
      SERVICE_PALDEFENDER_TOKEN: 'pd-token',
      SERVICE_INTEGRATION_RATE_LIMIT: '100000',
      SERVICE_SESSION_TTL: '7d',
      SERVICE_LOG_FORMAT: 'json',
      SERVICE_BACKUP_DIR: '/srv/backups',
      SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    expect(s.webhookAllowPrivate).toBe(true);
    expect(s.listen).toEqual({ host: '0.0.0.0', port: 0 });
    expect(s.saveCheckIntervalMs).toBe(250);
    expect(s.pollIntervalMs).toBe(120_000);
    expect(s.gameDataIntervalMs).toBe(3_600_000);
    expect(s.gameData).toBe(true);
    expect(s.gameRestUrl).toBe('http://127.0.0.1:8212');
    expect(s.rconAddr).toEqual({ host: '127.0.0.1', port: 25575 });
    expect(s.integrationRateLimit).toBe(100_000);
    expect(s.logFormat).toBe('json');
    expect(s.saveDir).toBe('/srv/pal/Saved/SaveGames/0/ABC');
    expect(s.backupDir).toBe('/srv/backups');
    expect(s.palDefenderUrl).toBe('http://127.0.0.1:17993');
    expect(s.palDefenderToken).toBe('pd-token');
  });

  it('on/off settings take on/off, true/false, 1/0 and yes/no, in any case', () => {
    for (const v of ['on', 'true', 'TRUE', '1', 'yes', 'Yes', ' on '])
      expect(loadSettings({ SERVICE_GAME_DATA: v }).gameData, v).toBe(true);
    for (const v of ['off', 'false', 'False', '0', 'no', 'NO']) expect(loadSettings({ SERVICE_GAME_DATA: v }).gameData, v).toBe(false);
    for (const v of ['enabled', '2', 'y', '']) {
      expect(() => loadSettings({ SERVICE_GAME_DATA: v }), v).toThrow(
        /SERVICE_GAME_DATA: expected on or off \(also true\/false, 1\/0, yes\/no\)/,
      );
    }
  });

  it('flags win over variables', () => {
    const s = loadSettings({ SERVICE_LISTEN: '127.0.0.1:1' }, { listen: '127.0.0.1:2', dataDir: 'd' });
    expect(s.listen.port).toBe(2);
    expect(s.dataDir).toBe('d');
  });

  it('durations', () => {
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('5s')).toBe(5000);
    expect(parseDuration('7d')).toBe(604_800_000);
    for (const bad of ['0s', '5', 's', '-5s', '1.5s', '5 s', '5w', '']) expect(parseDuration(bad)).toBeNull();
  });

  it.each(invalid)('refuses %s=%j naming the setting', (name, value) => {
    expect(() => loadSettings({ [name]: value })).toThrow(SettingsError);
    try {
      loadSettings({ [name]: value });
    } catch (err) {
      expect((err as SettingsError).message).toContain(name);
    }
  });

  it('the message quotes the bad value, except for passwords', () => {
    expect(() => loadSettings({ SERVICE_LISTEN: '127.0.0.1:70000' })).toThrow('"127.0.0.1:70000"');
    expect(() => loadSettings({ SERVICE_POLL_INTERVAL: '1.5s' })).toThrow('"1.5s" for SERVICE_POLL_INTERVAL');
    // A password has no invalid value but the empty string; still, never echo one.
    for (const name of ['SERVICE_GAME_ADMIN_PASSWORD', 'SERVICE_RCON_PASSWORD', 'SERVICE_PALDEFENDER_TOKEN']) {
      expect(() => loadSettings({ [name]: 'x'.repeat(5000) })).toThrow(SettingsError);
      try {
        loadSettings({ [name]: 'x'.repeat(5000) });
      } catch (err) {
        expect((err as Error).message).not.toContain('xxxx');
      }
    }
  });

  it('any positive duration and integer: long intervals wait the longest a timer can', () => {
    const s = loadSettings({
      SERVICE_POLL_INTERVAL: '30d',
      SERVICE_GAME_DATA_INTERVAL: '1ms',
      SERVICE_SAVE_CHECK_INTERVAL: '999999d',
      SERVICE_SESSION_TTL: '3650d',
      SERVICE_INTEGRATION_RATE_LIMIT: '10000000000',
    });
    expect(s.pollIntervalMs).toBe(MAX_TIMER_MS); // a larger setTimeout delay would fire at once
    expect(s.saveCheckIntervalMs).toBe(MAX_TIMER_MS);
    expect(s.gameDataIntervalMs).toBe(1);
    expect(s.sessionTtlMs).toBe(3650 * 86_400_000); // not a timer: kept as given
    expect(s.integrationRateLimit).toBe(10_000_000_000);
  });

  it('the table documents every setting', () => {
    expect(SETTINGS_TABLE.map((s) => s.env).sort()).toEqual(
      [
        'SERVICE_LISTEN',
        'SERVICE_GAME_LANGUAGE',
        'SERVICE_REQUIRE_2FA',
        'SERVICE_DATA_DIR',
        'SERVICE_SAVE_DIR',
        'SERVICE_SAVE_CHECK_INTERVAL',
        'SERVICE_GAME_REST_URL',
        'SERVICE_GAME_ADMIN_PASSWORD',
        'SERVICE_POLL_INTERVAL',
        'SERVICE_GAME_DATA',
        'SERVICE_GAME_DATA_INTERVAL',
        'SERVICE_RCON_ADDR',
        'SERVICE_PALDEFENDER_URL',
        'SERVICE_PALDEFENDER_TOKEN',
        'SERVICE_RCON_PASSWORD',
        'SERVICE_INTEGRATION_RATE_LIMIT',
        'SERVICE_SESSION_TTL',
        'SERVICE_LOG_FORMAT',
        'SERVICE_BACKUP_DIR',
        'SERVICE_BACKUP_COPY_COMMAND',
        'SERVICE_BACKUP_COPY_TIMEOUT',
        'SERVICE_CONFIG_FILE',
        'SERVICE_CONFIG_COMPOSE_SERVICE',
        'SERVICE_MAP_TILE_URL',
        'SERVICE_MAP_TILES_DIR',
        'SERVICE_PUBLIC_URL',
        'SERVICE_TRUSTED_PROXIES',
        'SERVICE_WEBHOOK_ALLOW_PRIVATE',
        'SERVICE_BACKUP_CHECK_COMMAND',
        'SERVICE_BACKUP_CHECK_TIMEOUT',
        'SERVICE_GAME_PROCESS',
        'SERVICE_GAME_START_COMMAND',
        'SERVICE_GAME_DOWN_BOUND',
        'SERVICE_GAME_LOG',
        'SERVICE_GAME_LOG_COMMAND',
        'SERVICE_TIMEZONE',
        'SERVICE_RESTART_MEMORY',
        'SERVICE_RESTART_CRON',
        'SERVICE_RESTART_QUIET_WINDOW',
        'SERVICE_RESTART_WARNING',
      ].sort(),
    );
  });
});

describe('SERVICE_PUBLIC_URL and SERVICE_TRUSTED_PROXIES', () => {
  it('take an origin and a list of addresses and CIDRs', () => {
    const s = loadSettings({
      SERVICE_PUBLIC_URL: 'https://Panel.Example.org/',
      SERVICE_TRUSTED_PROXIES: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8',
    });
    expect(s.publicUrl).toBe('https://panel.example.org');
    expect(s.trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });
  it.each([
    ['SERVICE_PUBLIC_URL', 'https://panel.example.org/panel'],
    ['SERVICE_PUBLIC_URL', 'ftp://panel.example.org'],
    ['SERVICE_TRUSTED_PROXIES', '127.0.0.1,proxy.local'],
    ['SERVICE_TRUSTED_PROXIES', '10.0.0.0/33'],
  ])('%s=%s is refused naming the setting', (name, value) => {
    expect(() => loadSettings({ [name]: value })).toThrow(new RegExp(name));
  });
  // A catch-all proxy list believes X-Forwarded-For from anyone, so any client picks the address
  // the login lockout counts (issue 37, finding 9): refused at start, whatever its spelling.
  it.each([
    '0.0.0.0/0',
    '::/0',
    '127.0.0.1, 0.0.0.0/0',
    '::ffff:0:0/96',
    '::ffff:0.0.0.0/96',
    '::/64, ::/1',
    '0.0.0.0/1,128.0.0.0/1',
    '0.0.0.0/2,64.0.0.0/2,128.0.0.0/1',
    '::/1,8000::/1',
    '10.0.0.0/8,0.0.0.0/1,128.0.0.0/1',
  ])('SERVICE_TRUSTED_PROXIES=%s (every address) is refused naming the setting', (value) => {
    expect(() => loadSettings({ SERVICE_TRUSTED_PROXIES: value })).toThrow(/SERVICE_TRUSTED_PROXIES.*every/s);
  });
  it.each(['0.0.0.0/1', '8000::/1', '::ffff:0:0/97', '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7', '2000::/3'])(
    'SERVICE_TRUSTED_PROXIES=%s (wide, not every address) is taken',
    (value) => {
      expect(loadSettings({ SERVICE_TRUSTED_PROXIES: value }).trustedProxies).toHaveLength(value.split(',').length);
    },
  );
});

describe('SERVICE_MAP_TILE_URL', () => {
  it('takes an http(s) template with {z}, {x} and {y}, and refuses anything else naming the setting', () => {
    const url = 'https://tiles.example.org/palpagos/{z}/{x}/{y}.png';
    expect(loadSettings({ SERVICE_MAP_TILE_URL: url }).mapTileUrl).toBe(url);
    for (const bad of ['https://tiles.example.org/{z}/{x}.png', 'ftp://tiles.example.org/{z}/{x}/{y}', 'not a url {z}{x}{y}']) {
      expect(() => loadSettings({ SERVICE_MAP_TILE_URL: bad }), bad).toThrow(/SERVICE_MAP_TILE_URL/);
    }
  });
});

describe('SERVICE_BACKUP_CHECK_COMMAND', () => {
  it('is split into words run without a shell; shell syntax is refused naming the setting', () => {
    expect(loadSettings({ SERVICE_BACKUP_CHECK_COMMAND: '/opt/check.sh "off site" --fast' }).backupCheckCommand).toEqual([
      '/opt/check.sh',
      'off site',
      '--fast',
    ]);
    expect(() => loadSettings({ SERVICE_BACKUP_CHECK_COMMAND: 'rclone copy $REMOTE .' })).toThrow(/SERVICE_BACKUP_CHECK_COMMAND/);
    expect(loadSettings({ SERVICE_BACKUP_CHECK_TIMEOUT: '5m' }).backupCheckTimeoutMs).toBe(300_000);
  });
});
