// The environment a host command palpanel runs inherits (the game log command, the start
// command, the off-site copy): palpanel's own, without its SERVICE_* settings, which hold the
// game's admin password and tokens the command has no business with.
export function commandEnv(base: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && !k.startsWith('SERVICE_')) env[k] = v;
  return env;
}
