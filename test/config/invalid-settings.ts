// Bad values of serve's settings, each with the variable it must be refused for: shared by the
// settings tests in-process and against the built executable.
export const INVALID_SETTINGS: [string, string][] = [
  ['SERVICE_LISTEN', 'localhost'],
  ['SERVICE_LISTEN', '127.0.0.1:70000'],
  ['SERVICE_LISTEN', ''],
  ['SERVICE_SAVE_CHECK_INTERVAL', '0s'],
  ['SERVICE_SAVE_CHECK_INTERVAL', 'soon'],
  ['SERVICE_GAME_REST_URL', 'ftp://x'],
  ['SERVICE_GAME_REST_URL', 'not a url'],
  ['SERVICE_POLL_INTERVAL', '5'],
  ['SERVICE_GAME_DATA', 'enabled'],
  ['SERVICE_WEBHOOK_ALLOW_PRIVATE', 'maybe'],
  ['SERVICE_GAME_DATA_INTERVAL', '-1s'],
  ['SERVICE_RCON_ADDR', '25575'],
  ['SERVICE_PALDEFENDER_URL', 'ftp://x'],
  // One of PalDefender's two alone: a half-done set-up, refused naming both.
  ['SERVICE_PALDEFENDER_URL', 'http://127.0.0.1:17993'],
  ['SERVICE_PALDEFENDER_TOKEN', 'a-token'],
  ['SERVICE_INTEGRATION_RATE_LIMIT', '0'],
  ['SERVICE_INTEGRATION_RATE_LIMIT', '1.5'],
  ['SERVICE_INTEGRATION_RATE_LIMIT', 'many'],
  ['SERVICE_SESSION_TTL', '7 days'],
  ['SERVICE_LOG_FORMAT', 'xml'],
  ['SERVICE_DATA_DIR', ''],
  ['SERVICE_CONFIG_COMPOSE_SERVICE', 'two words'],
  // Trusting every address as a proxy lets any client name its own address (issue 37, finding 9).
  ['SERVICE_TRUSTED_PROXIES', '0.0.0.0/0,::/0'],
];
