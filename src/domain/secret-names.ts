// Which names hold a secret (interface.md, "Beside a real server": any setting whose name says
// password, secret, token, key or webhook is shown to nobody, only whether it is set). Decided by
// the name alone, so a setting palpanel has never heard of (an env file's STEAM_API_KEY, a later
// game version's RCONPassword) is hidden from the start rather than after someone notices.

/** The words, as they appear inside names in any case and spelling style (`AdminPassword`,
 * `RCON_PASSWORD`, `discordWebhookUrl`, `STEAM_API_KEY`, `x-auth-token`). */
export const SECRET_WORDS = ['password', 'passwd', 'pwd', 'secret', 'token', 'key', 'webhook', 'credential'] as const;

/** Short words that name a secret only as a whole word (`API_KEY`, but not `Keyboard`). */
const WHOLE_ONLY = new Set<string>(['key', 'pwd']);

/** The words of a name: split at separators and at case changes (`RCONPassword` → rcon,
 * password; `STEAM_API_KEY` → steam, api, key). */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Whether a setting named `name` holds a secret: one of its words is a secret word, or holds
 * one of the longer ones (`adminpassword` written as one word, `credentials`). */
export function isSecretName(name: string): boolean {
  return wordsOf(name).some((w) => SECRET_WORDS.some((s) => w === s || (!WHOLE_ONLY.has(s) && w.includes(s))));
}
