// Which names hold a secret (interface.md, "Beside a real server": any setting whose name says
// password, secret, token, key or webhook is shown to nobody, only whether it is set). Decided by
// the name alone, so a setting palpanel has never heard of (an env file's STEAM_API_KEY, a later
// game version's RCONPassword) is hidden from the start rather than after someone notices.

/** The words, as they appear inside names in any case and spelling style (`AdminPassword`,
 * `RCON_PASSWORD`, `discordWebhookUrl`, `STEAM_API_KEY`, `x-auth-token`). */
export const SECRET_WORDS = ['password', 'passwd', 'pwd', 'secret', 'token', 'key', 'webhook', 'credential'] as const;

const SECRET_NAME = new RegExp(SECRET_WORDS.join('|'), 'i');

/** Whether a setting named `name` holds a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}
