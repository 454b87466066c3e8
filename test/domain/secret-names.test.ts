// Which setting names hold a secret (interface.md: password, secret, token, key or webhook in the
// name), by words: a secret is hidden whatever its spelling style, and a setting that only
// contains the letters (the game's bEnableAimAssistKeyboard) stays visible and editable.
import { describe, expect, it } from 'vitest';
import { isSecretName } from '../../src/domain/secret-names.js';

describe('secret setting names', () => {
  it.each([
    'AdminPassword',
    'ServerPassword',
    'RCON_PASSWORD',
    'RCONPassword',
    'adminpassword',
    'DB_PWD',
    'discordWebhookUrl',
    'DISCORD_WEBHOOK_URL',
    'STEAM_API_KEY',
    'APIKey',
    'x-auth-token',
    'PalDefenderToken',
    'AWS_SECRET_ACCESS_KEY',
    'ClientCredentials',
  ])('%s is a secret', (name) => expect(isSecretName(name)).toBe(true));

  it.each(['bEnableAimAssistKeyboard', 'ENABLE_AIM_ASSIST_KEYBOARD', 'ServerName', 'ExpRate', 'MonkeyCount', 'BanListURL'])(
    '%s is not',
    (name) => expect(isSecretName(name)).toBe(false),
  );
});
